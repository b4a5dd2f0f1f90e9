import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { ROLLUP_ROWS_COLUMN, rollupBuildQuery, type QuerySource, type RollupSpec, type SourceField } from '@bi/query';
import { appendedRows, mergeAppended } from './rollup-merge.js';
import type { RollupRow } from './rollup-records.js';

/**
 * An append's merge (issue 31's first option, ADR 0022 "Appends merge"), as a property: over
 * generated tables split into the rows before an append and the appended ones (nulls, ±2⁶²
 * integers, ±10¹³ decimals, ±10¹⁵ doubles, instants around year ends and DST changes, groups only
 * one side has; a rollup keeping its groups' row counts or one built before it did), the rollup built before the append merged with the appended rows equals the
 * rollup built over all the rows, group by group: every part exactly, floating sums within 1e-9 of
 * Σ|x| (both compensated).
 */

const F = {
  cat: { name: 'cat', dataType: 'string' },
  ts: { name: 'ts', dataType: 'date' },
  i: { name: 'i', dataType: 'number' },
  dec: { name: 'dec', dataType: 'number' },
  f: { name: 'f', dataType: 'number' },
} satisfies Record<string, SourceField>;
const ALL = ['sum', 'count', 'min', 'max'] as const;
const SPEC: RollupSpec = {
  dimensions: [F.cat, F.ts],
  measures: [
    { field: F.cat, parts: ['count', 'min', 'max'] },
    { field: F.dec, parts: [...ALL] },
    { field: F.f, parts: [...ALL] },
    { field: F.i, parts: [...ALL] },
    { field: F.ts, parts: ['count', 'min', 'max'] },
  ],
};
const FLOATS = ['f'];
const TABLE: QuerySource = { kind: 'table', table: 't' };

interface Row {
  cat: string | null;
  ts: number | null;
  i: bigint | null;
  cents: bigint | null;
  f: number | null;
}
const ANCHORS = ['2023-12-31T23:30:00Z', '2024-03-10T02:30:00Z', '2024-10-27T02:30:00Z', '2024-12-31T23:59:59Z'].map((s) => Date.parse(s));
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 5 });
const rowArb: fc.Arbitrary<Row> = fc.record({
  cat: nullable(fc.constantFrom('a', 'b', 'c')),
  ts: nullable(fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -2 * 86_400, max: 2 * 86_400 })).map(([a, s]) => a + s * 1000)),
  i: nullable(fc.oneof(fc.bigInt({ min: -1000n, max: 1000n }), fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }))),
  cents: nullable(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })),
  f: nullable(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e15, max: 1e15, noNaN: true }))),
});
const pad = (n: number) => String(n).padStart(2, '0');
const tsText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
const centsText = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${pad(Number((c < 0n ? -c : c) % 100n))}`;
const values = (rows: Row[], firstKey: number) =>
  rows
    .map((r, k) => `(${firstKey + k}, ${r.cat === null ? 'NULL' : `'${r.cat}'`}, ${r.ts === null ? 'NULL' : `TIMESTAMP '${tsText(r.ts)}'`}, ${r.i ?? 'NULL'}, ${r.cents === null ? 'NULL' : centsText(r.cents)}, ${r.f === null ? 'NULL' : `${r.f.toExponential(17)}::DOUBLE`})`)
    .join(', ');

let instance: DuckDBInstance;
let conn: DuckDBConnection;
const rowsOf = async (sql: string) => (await conn.runAndReadAll(sql)).getRowsJson() as unknown[][];

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
  await conn.run('CREATE SCHEMA rollups');
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

const kept = (table: string, spec: RollupSpec): RollupRow => ({ id: table, spec, table_name: table, data_version: 1, row_count: 0, table_rows: 0, float_sums: FLOATS, build_ms: 0, built_at: new Date() });

describe('an append merged into a rollup', () => {
  it('equals the rollup built over all the rows, group by group (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 40 }), fc.array(rowArb, { minLength: 1, maxLength: 25 }), fc.boolean(), async (before, appended, rowCount) => {
        const spec: RollupSpec = rowCount ? { ...SPEC, rowCount } : SPEC;
        await conn.run('DROP TABLE IF EXISTS t');
        await conn.run('CREATE TABLE t (key_id BIGINT, cat VARCHAR, ts TIMESTAMP, i BIGINT, dec DECIMAL(18,2), f DOUBLE)');
        for (const t of ['before', 'merged', 'rebuilt']) await conn.run(`DROP TABLE IF EXISTS rollups.${t}`);
        if (before.length) await conn.run(`INSERT INTO t VALUES ${values(before, 1)}`);
        const build = rollupBuildQuery(spec, TABLE, 'duckdb', FLOATS);
        await conn.run(`CREATE TABLE rollups.before AS ${build.sql}`, build.params as never);
        // the append and its merge in one transaction, as the store writer runs them
        const firstKey = before.length + 1;
        await conn.run('BEGIN TRANSACTION');
        await conn.run(`INSERT INTO t VALUES ${values(appended, firstKey)}`);
        const n = await mergeAppended(conn, kept('before', spec), appendedRows(TABLE, 'key_id', firstKey)!, 'merged');
        await conn.run('COMMIT');
        await conn.run(`CREATE TABLE rollups.rebuilt AS ${build.sql}`, build.params as never);

        const [merged, rebuilt] = [await rowsOf('SELECT * FROM rollups.merged ORDER BY ALL'), await rowsOf('SELECT * FROM rollups.rebuilt ORDER BY ALL')];
        expect(n).toBe(rebuilt.length);
        const columns = (await conn.runAndReadAll('SELECT * FROM rollups.rebuilt LIMIT 0')).columnNames();
        expect((await conn.runAndReadAll('SELECT * FROM rollups.merged LIMIT 0')).columnNames()).toEqual(columns);
        expect(columns.includes(ROLLUP_ROWS_COLUMN)).toBe(rowCount);
        const floatSum = columns.indexOf(`__r${SPEC.measures.findIndex((m) => m.field.name === 'f')}_sum`);
        const tolerance = 1e-9 * [...before, ...appended].reduce((s, r) => s + Math.abs(r.f ?? 0), 0);
        expect(merged.length).toBe(rebuilt.length);
        merged.forEach((row, k) => {
          row.forEach((v, c) => {
            const w = rebuilt[k]![c];
            if (c === floatSum && v !== null && w !== null) expect(Math.abs(Number(v) - Number(w))).toBeLessThanOrEqual(tolerance + Number.MIN_VALUE);
            else expect(v).toEqual(w);
          });
        });
      }),
      { numRuns: 25 },
    );
  });
});
