/**
 * One SQL interface over PGlite (embedded) and a PostgreSQL server. Placeholders are $1, $2, ...
 * in both; values are always bound, never spliced into the text.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlDatabase extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** SqlDatabase.ping of both stores: true when the connection answers a trivial query. */
export async function answersQuery(db: { query(sql: string): Promise<unknown> }): Promise<boolean> {
  try {
    await db.query('select 1');
    return true;
  } catch {
    return false;
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Schema and table names come from code, never from users; this guards against mistakes anyway. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a safe SQL identifier: ${JSON.stringify(name)}`);
  return name;
}

/** PostgreSQL allows 65535 bound parameters per statement; chunks stay well under it. */
const MAX_PARAMS_PER_INSERT = 30_000;

/**
 * Rows written by one multi-row INSERT instead of one statement per row: `INSERT INTO <into> VALUES
 * ($1, $2, …), (…)<suffix>`, every value bound as a parameter (never spliced). `into` (table and column
 * list) and `suffix` (e.g. ON CONFLICT DO NOTHING) are code's text. Rows must all have the same length;
 * no rows runs nothing; very many rows go in chunks under the parameter limit. Answers the rows written.
 */
export async function insertRows(q: SqlExecutor, into: string, rows: readonly (readonly unknown[])[], suffix = ''): Promise<number> {
  if (!rows.length) return 0;
  const width = rows[0]!.length;
  if (!width || rows.some((r) => r.length !== width)) throw new Error(`insertRows ${into}: rows of different lengths`);
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS_PER_INSERT / width));
  let written = 0;
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const values = chunk.map((_, i) => `(${Array.from({ length: width }, (_, k) => `$${i * width + k + 1}`).join(', ')})`).join(', ');
    written += (await q.query(`INSERT INTO ${into} VALUES ${values}${suffix ? ` ${suffix}` : ''}`, chunk.flat())).rowCount;
  }
  return written;
}
