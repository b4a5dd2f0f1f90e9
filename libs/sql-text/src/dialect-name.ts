/**
 * The SQL engines the product reads and writes, as ONE name list: the tokenizer, the SQL writer
 * (@bi/query dialects) and the data-source drivers all key on it.
 */
export const DIALECT_NAMES = ['duckdb', 'postgres', 'mysql', 'mssql', 'oracle', 'trino', 'clickhouse'] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

export function isDialectName(v: unknown): v is DialectName {
  return typeof v === 'string' && (DIALECT_NAMES as readonly string[]).includes(v);
}
