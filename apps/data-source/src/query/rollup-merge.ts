import type { DuckDBConnection } from '@duckdb/node-api';
import { ROLLUP_COLUMN_PREFIX, ROLLUP_ROWS_COLUMN, doubleQuote, rollupBuildQuery, type QuerySource } from '@bi/query';
import { ROLLUP_SCHEMA, type RollupRow } from './rollup-records.js';

/** A part column of a rollup table (`__r<i>_<part>`, rollup.ts partColumn). */
const PART_COLUMN = new RegExp(`^${ROLLUP_COLUMN_PREFIX}(\\d+)_(sum|count|min|max)$`);

const ref = (table: string) => `${doubleQuote(ROLLUP_SCHEMA)}.${doubleQuote(table)}`;

/**
 * The source's rows restricted to those an append added (key_id ≥ firstKey): the source's own FROM
 * part (its SQL or table) with the key filter around it, so the appended rows' partials are written
 * by the same compiler over the same columns as the rollup's build. `firstKey` is the load's first
 * key (a whole number the store computed), written as a numeral.
 */
export function appendedRows(source: QuerySource, keyColumn: string, firstKey: number): QuerySource | undefined {
  if (!Number.isSafeInteger(firstKey) || firstKey < 1) return undefined;
  const from =
    source.kind === 'sql' ? `(${source.sql}) AS appended_src` : source.kind === 'table' ? (source.schema ? `${doubleQuote(source.schema)}.${doubleQuote(source.table)}` : doubleQuote(source.table)) : undefined;
  if (!from) return undefined;
  return { kind: 'sql', sql: `SELECT * FROM ${from} WHERE ${doubleQuote(keyColumn)} >= ${firstKey}` };
}

/**
 * Writes `table` as rollup `kept` merged with the partial aggregates of `appended` (issue 31's first
 * option; ADR 0022): the appended rows' partials (the build SELECT over them) united by column name
 * with the kept table's rows, grouped again by the rollup's group columns — sums summed (fsum for a
 * floating field, as the build: compensated on both levels; integer / decimal sums exact, cast back
 * to the kept column's type), counts summed as BIGINT, minimums and maximums of both, a date's
 * day-minimum column the smaller of both, a group's row count (rollups that keep it) summed as BIGINT. Run on the append's own store connection, inside its
 * transaction: the merged table commits (or rolls back) with the appended rows. Answers its rows
 * (undefined, nothing written, when the kept table is not in the store).
 */
export async function mergeAppended(conn: DuckDBConnection, kept: RollupRow, appended: QuerySource, table: string): Promise<number | undefined> {
  const cols = (await conn.runAndReadAll('SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', [ROLLUP_SCHEMA, kept.table_name])).getRows() as [string, string][];
  if (cols.length === 0) return undefined;
  const dateMins = new Set(kept.spec.dimensions.filter((f) => f.dataType === 'date').map((f) => f.name));
  const select: string[] = [];
  const groups: string[] = [];
  for (const [name, type] of cols) {
    const c = doubleQuote(name);
    const part = PART_COLUMN.exec(name);
    if (part) {
      const measure = kept.spec.measures[Number(part[1])];
      if (!measure) throw new Error(`rollup column ${name} has no measure`);
      const kind = part[2];
      if (kind === 'sum') select.push(kept.float_sums.includes(measure.field.name) ? `fsum(${c}) AS ${c}` : `CAST(SUM(${c}) AS ${type}) AS ${c}`);
      else if (kind === 'count') select.push(`CAST(COALESCE(SUM(${c}), 0) AS BIGINT) AS ${c}`);
      else select.push(`${kind === 'min' ? 'MIN' : 'MAX'}(${c}) AS ${c}`);
    } else if (name === ROLLUP_ROWS_COLUMN && kept.spec.rowCount) {
      select.push(`CAST(COALESCE(SUM(${c}), 0) AS BIGINT) AS ${c}`);
    } else if (dateMins.has(name)) {
      select.push(`MIN(${c}) AS ${c}`);
    } else {
      select.push(c);
      groups.push(c);
    }
  }
  const build = rollupBuildQuery(kept.spec, appended, 'duckdb', kept.float_sums);
  const sql =
    `CREATE TABLE ${ref(table)} AS SELECT ${select.join(', ')} FROM (SELECT * FROM ${ref(kept.table_name)} UNION ALL BY NAME SELECT * FROM (${build.sql}) AS appended_parts) AS merged` +
    (groups.length ? ` GROUP BY ${groups.join(', ')}` : '');
  await conn.run(sql, build.params as never);
  return Number((await conn.runAndReadAll(`SELECT COUNT(*) FROM ${ref(table)}`)).getRows()[0]![0]);
}
