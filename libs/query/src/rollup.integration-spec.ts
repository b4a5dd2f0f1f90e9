import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { keptRollupsSchema, type Aggregator } from '@bi/chart-model';
import { chooseRollups, compile, matchRollup, matchRollupQuery, rollupBuildQuery, type ChartQueryIR, type DimensionIR, type FilterNode, type GranularityName, type KeptRollup, type MeasureIR, type QuerySource, type SourceField, type SummaryQueryIR } from './index.js';

/**
 * Property test of kept rollups (issue 31): over generated tables (nulls, negative and huge numbers,
 * dates across DST changes and year ends, empty groups) and generated chart queries (every
 * aggregator, every date grain, filters of every kind on rolled-up fields, a row rule, a compare
 * series, top-N, totals, a count of a grouped field — a filter picker's count — with and without
 * that field among the query's groups, from the rollup's row counts), the answer from a rollup equals the raw query's, field by field: integers,
 * decimals, counts, minimums and maximums exactly; averages of exact columns within 1e-12 relative;
 * floating sums and averages within 1e-9 of Σ|x| (rollup.ts says why).
 */

const F = {
  cat: { name: 'cat', dataType: 'string' },
  region: { name: 'region', dataType: 'string' },
  ts: { name: 'ts', dataType: 'date' },
  day: { name: 'day', dataType: 'date' },
  i: { name: 'i', dataType: 'number' },
  dec: { name: 'dec', dataType: 'number' },
  f: { name: 'f', dataType: 'number' },
} satisfies Record<string, SourceField>;
const TABLE: QuerySource = { kind: 'table', table: 't' };
const FLOATS = ['f'];

interface Row {
  cat: string | null;
  region: string | null;
  ts: number | null;
  i: bigint | null;
  cents: bigint | null;
  f: number | null;
}

// instants around year ends and the DST changes of Europe and the US (2024), ± up to two days
const ANCHORS = ['2023-12-31T23:30:00Z', '2024-03-10T02:30:00Z', '2024-03-31T01:59:59Z', '2024-10-27T02:30:00Z', '2024-11-03T01:30:00Z', '2024-12-31T23:59:59Z'].map((s) => Date.parse(s));
const instant = fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -2 * 86_400, max: 2 * 86_400 })).map(([a, s]) => a + s * 1000);
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 5 });
const rowArb: fc.Arbitrary<Row> = fc.record({
  cat: nullable(fc.constantFrom('a', 'b', 'c')),
  region: nullable(fc.constantFrom('x', 'y')),
  ts: nullable(instant),
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
const lit = (v: string | null) => (v === null ? 'NULL' : `'${v}'`);

function insertSql(rows: Row[]): string {
  const tuples = rows.map((r) => `(${lit(r.cat)}, ${lit(r.region)}, ${r.ts === null ? 'NULL' : `TIMESTAMP '${tsText(r.ts)}'`}, ${r.ts === null ? 'NULL' : `DATE '${tsText(r.ts).slice(0, 10)}'`}, ${r.i ?? 'NULL'}, ${r.cents === null ? 'NULL' : centsText(r.cents)}, ${r.f === null ? 'NULL' : `${r.f.toExponential(17)}::DOUBLE`})`);
  return `INSERT INTO t VALUES ${tuples.join(', ')}`;
}

// ---- queries ----

const GRAINS: GranularityName[] = ['year', 'quarter', 'month', 'week', 'day'];
const groupArb = fc.oneof(
  fc.constantFrom(F.cat, F.region).map((field) => ({ field, granularity: 'normal' as GranularityName })),
  fc.tuple(fc.constantFrom(F.ts, F.day), fc.constantFrom(...GRAINS)).map(([field, granularity]) => ({ field, granularity })),
);
const measureArb: fc.Arbitrary<{ field: SourceField; aggregator: Aggregator }> = fc.oneof(
  fc.tuple(fc.constantFrom(F.i, F.dec, F.f), fc.constantFrom<Aggregator>('sum', 'avg', 'count', 'min', 'max')).map(([field, aggregator]) => ({ field, aggregator })),
  fc.tuple(fc.constantFrom(F.cat, F.ts), fc.constantFrom<Aggregator>('count', 'min', 'max')).map(([field, aggregator]) => ({ field, aggregator })),
);
const midnight = fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -3, max: 3 })).map(([a, days]) => {
  const d = new Date(a + days * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0, second: 0, hasTime: false };
});
const predicateArb: fc.Arbitrary<FilterNode> = fc.oneof(
  fc.tuple(fc.constantFrom(F.cat, F.region), fc.subarray(['a', 'b', 'c', 'x', 'y'], { minLength: 1 }), fc.boolean()).map(([field, values, negated]): FilterNode => ({ kind: 'in', field, values: values.map((value) => ({ type: 'string', value })), negated })),
  fc.tuple(fc.constantFrom(F.cat, F.region), fc.constantFrom('a', 'y', '%'), fc.boolean()).map(([field, text, negated]): FilterNode => ({ kind: 'contains', field, text, negated })),
  fc.tuple(fc.constantFrom(F.cat, F.region, F.ts, F.day), fc.boolean()).map(([field, negated]): FilterNode => ({ kind: 'isNull', field, negated })),
  fc.tuple(fc.constantFrom(F.ts, F.day), fc.constantFrom<'>=' | '<'>('>=', '<'), midnight).map(([field, op, value]): FilterNode => ({ kind: 'compare', field, op, value: { type: 'date', value } })),
);

interface Case {
  rows: Row[];
  ir: ChartQueryIR;
  /** a row rule of the viewer (a filter on region), ANDed like rowRuleFilter's */
  rule: boolean;
  totals: boolean;
  /** measures counting a field the rollup groups by (its rows' counts answer them, no count part kept) */
  dimCounts: { alias: string; field: SourceField }[];
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    rows: fc.array(rowArb, { maxLength: 60 }),
    groups: fc.uniqueArray(groupArb, { maxLength: 2, selector: (g) => g.field.name }),
    series: fc.option(fc.constantFrom(F.cat, F.region), { nil: undefined }),
    measures: fc.array(measureArb, { minLength: 1, maxLength: 4 }),
    dimCounts: fc.array(fc.constantFrom(F.cat, F.region, F.ts, F.day), { maxLength: 2 }),
    filters: fc.array(predicateArb, { maxLength: 3 }),
    or: fc.boolean(),
    rule: fc.boolean(),
    topN: fc.option(fc.record({ n: fc.integer({ min: 1, max: 3 }), direction: fc.constantFrom<'before' | 'after'>('before', 'after'), mode: fc.constantFrom<'items' | 'percent'>('items', 'percent') }), { nil: undefined }),
    orderDesc: fc.boolean(),
    totals: fc.boolean(),
  })
  .map((c): Case => {
    const dimensions: DimensionIR[] = c.groups.map((g, k) => ({ ...g, alias: `d${k}`, title: g.field.name }));
    const series = c.series && !c.groups.some((g) => g.field.name === c.series!.name) ? { field: c.series, granularity: 'normal' as GranularityName, alias: 's0', title: c.series.name } : undefined;
    const dimCounts = c.dimCounts.map((field, k) => ({ field, alias: `c${k}` }));
    const measures: MeasureIR[] = [
      ...c.measures.map((m, k) => ({ ...m, alias: `m${k}`, axis: 1, title: m.field.name, trendline: false })),
      ...dimCounts.map((m): MeasureIR => ({ ...m, aggregator: 'count', axis: 1, title: m.field.name, trendline: false })),
    ];
    const children: FilterNode[] = [c.or && c.filters.length > 1 ? { kind: 'or', children: c.filters } : { kind: 'and', children: c.filters }];
    if (c.rule) children.push({ kind: 'in', field: F.region, values: [{ type: 'string', value: 'x' }], negated: false });
    const ir: ChartQueryIR = { kind: 'chart', source: TABLE, dimensions, measures, filters: { kind: 'and', children }, order: [{ ref: 'm0', dir: c.orderDesc ? 'desc' : 'asc' }], limit: 10_001 };
    if (series) ir.series = series;
    // top-N ranks by an exact measure (ties of a floating sum could rank either way on both sides)
    const exact = measures[0]!.field.name !== 'f' && measures[0]!.aggregator !== 'avg';
    if (c.topN && dimensions.length > 0 && exact) ir.topN = { by: 'm0', ...c.topN };
    // totals sum and average numbers: of a number field, or of a count
    const numeric = measures[0]!.field.dataType === 'number' || measures[0]!.aggregator === 'count';
    return { rows: c.rows, ir, rule: c.rule, totals: c.totals && numeric, dimCounts };
  });

// ---- running ----

let instance: DuckDBInstance;
let conn: DuckDBConnection;
const run = async (sql: string, params: unknown[] = []) => (await conn.runAndReadAll(sql, params as never)).getRowsJson() as unknown[][];

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

async function loadTable(rows: Row[]) {
  await conn.run('DROP TABLE IF EXISTS t');
  await conn.run('CREATE TABLE t (cat VARCHAR, region VARCHAR, ts TIMESTAMP, day DATE, i BIGINT, dec DECIMAL(18,2), f DOUBLE)');
  if (rows.length) await conn.run(insertSql(rows));
}

/**
 * Builds the rollups chosen for the chart as saved (its dates at the day, region always grouped): the
 * query itself asks at its own grains. `dimCounts`: counts of fields the rollups group by (always)
 * but keep no count part of — answered from the groups' row counts (every rollup keeps them, as
 * data-source builds them; `rowCount` false: as built before).
 */
async function buildRollups(ir: ChartQueryIR, version: number, dimCounts: Case['dimCounts'] = [], rowCount = true): Promise<KeptRollup[]> {
  const counted = new Set(dimCounts.map((m) => m.alias));
  const measures = ir.measures.filter((m) => !counted.has(m.alias));
  const saved: ChartQueryIR = { ...ir, dimensions: ir.dimensions.map((x) => (x.field.dataType === 'date' ? { ...x, granularity: 'day' } : x)), measures };
  const specs = chooseRollups([saved], { alwaysGroupBy: [F.region, ...dimCounts.map((m) => m.field)] }).map((spec) => ({ ...spec, ...(rowCount ? { rowCount } : {}) }));
  const kept: KeptRollup[] = [];
  for (const [k, spec] of specs.entries()) {
    const table = `r${k}`;
    const build = rollupBuildQuery(spec, TABLE, 'duckdb', FLOATS);
    await conn.run(`DROP TABLE IF EXISTS ${table}`);
    await conn.run(`CREATE TABLE ${table} AS ${build.sql}`, build.params as never);
    const [[rows]] = await run(`SELECT COUNT(*) FROM ${table}`);
    kept.push({ ...spec, id: table, table, dataVersion: version, rows: Number(rows), floatSums: FLOATS });
  }
  return kept;
}

const num = (v: unknown) => (v === null ? null : Number(v));

/** The raw and the rolled-up rows, compared value by value with the tolerance of each column. */
function expectSameRows(raw: unknown[][], rolled: unknown[][], columns: { aggregator?: string; field: string; role: string }[], floatTolerance: number) {
  expect(rolled.length).toBe(raw.length);
  const key = (r: unknown[]) => JSON.stringify(columns.map((c, k) => (c.role === 'dimension' || c.role === 'series' ? r[k] : null)));
  const sorted = (rows: unknown[][]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const [a, b] = [sorted(raw), sorted(rolled)];
  a.forEach((row, i) => {
    columns.forEach((c, k) => {
      const x = row[k];
      const y = b[i]![k];
      const floating = c.field === 'f' && (c.aggregator === 'sum' || c.aggregator === 'avg');
      const average = c.aggregator === 'avg' || (c.role === 'summary' && c.aggregator !== 'count');
      if (floating || (average && c.field !== 'cat' && c.field !== 'ts')) {
        if (x === null || y === null) return expect(y).toBe(x);
        const tolerance = floating ? floatTolerance : 1e-12 * Math.abs(num(x)!);
        expect(Math.abs(num(x)! - num(y)!)).toBeLessThanOrEqual(tolerance + Number.MIN_VALUE);
      } else {
        expect(y).toEqual(x);
      }
    });
  });
}

describe('kept rollups answer as the raw query does', () => {
  it('a rollup answer equals the raw answer, field by field (property)', async () => {
    let version = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        version++;
        await loadTable(c.rows);
        const rollups = await buildRollups(c.ir, version, c.dimCounts);
        const m = matchRollup(c.ir, rollups, version, 'duckdb');
        if (!('ir' in m)) throw new Error(`no rollup answered: ${JSON.stringify(m)}`);
        const sumAbs = c.rows.reduce((s, r) => s + Math.abs(r.f ?? 0), 0);
        const tolerance = 1e-9 * sumAbs;
        const raw = compile(c.ir, 'duckdb');
        const rolled = compile(m.ir, 'duckdb');
        expect(rolled.sql).toContain('"r');
        // a grouped field's count is written from the row counts (no count part of it is kept)
        for (const d of c.dimCounts) if (!c.ir.measures.some((x) => x.field.name === d.field.name && x.aggregator === 'count' && x.alias.startsWith('m'))) expect(rolled.sql).toContain('"__rn"');
        expectSameRows(await run(raw.sql, raw.params), await run(rolled.sql, rolled.params), raw.columns, tolerance);
        if (c.totals) {
          const summary: SummaryQueryIR = { kind: 'summary', base: { ...c.ir, order: [], limit: undefined }, items: (['sum', 'avg', 'min', 'max'] as const).map((fn) => ({ fn, ref: 'm0', alias: fn })) };
          const sm = matchRollupQuery(summary, rollups, version, 'duckdb');
          if (!('q' in sm)) throw new Error(`no rollup answered the totals: ${JSON.stringify(sm)}`);
          const rawTotals = compile(summary, 'duckdb');
          const rolledTotals = compile(sm.q, 'duckdb');
          // totals of a floating measure add the points' rounding: the same bound per point
          expectSameRows(await run(rawTotals.sql, rawTotals.params), await run(rolledTotals.sql, rolledTotals.params), rawTotals.columns, tolerance * Math.max(1, c.rows.length));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers raw, with the reason, where a rollup does not apply', async () => {
    const version = 1000;
    await loadTable([]);
    const base: ChartQueryIR = { kind: 'chart', source: TABLE, dimensions: [{ field: F.ts, granularity: 'month', alias: 'd0', title: 'ts' }], measures: [{ field: F.i, aggregator: 'sum', alias: 'm0', axis: 1, title: 'i', trendline: false }], filters: { kind: 'and', children: [] }, order: [] };
    const rollups = await buildRollups(base, version);
    expect('ir' in matchRollup(base, rollups, version, 'duckdb')).toBe(true);
    // a count of distinct values runs raw
    expect(matchRollup({ ...base, measures: [{ ...base.measures[0]!, aggregator: 'countDistinct' }] }, rollups, version, 'duckdb')).toEqual({ reason: 'count_distinct', field: 'i' });
    // another data version: the rollup is not used
    expect(matchRollup(base, rollups, version + 1, 'duckdb')).toEqual({ reason: 'stale', builtAt: version, current: version + 1 });
    // a filter or a group on a field the rollup does not keep
    expect(matchRollup({ ...base, filters: { kind: 'in', field: F.cat, values: [{ type: 'string', value: 'a' }], negated: false } }, rollups, version, 'duckdb')).toEqual({ reason: 'filter_field', field: 'cat' });
    expect(matchRollup({ ...base, series: { field: F.cat, granularity: 'normal', alias: 's0', title: 'cat' } }, rollups, version, 'duckdb')).toEqual({ reason: 'group_field', field: 'cat' });
    // a date bound inside a day, and a date grouped by its exact value
    const at = { year: 2024, month: 3, day: 10, hour: 12, minute: 0, second: 0, hasTime: true };
    expect(matchRollup({ ...base, filters: { kind: 'compare', field: F.ts, op: '>=', value: { type: 'date', value: at } } }, rollups, version, 'duckdb')).toEqual({ reason: 'date_filter', field: 'ts' });
    expect(matchRollup({ ...base, dimensions: [{ ...base.dimensions[0]!, granularity: 'normal' }] }, rollups, version, 'duckdb')).toEqual({ reason: 'date_grain', field: 'ts' });
    // a measure whose partials it lacks
    expect(matchRollup({ ...base, measures: [{ ...base.measures[0]!, aggregator: 'max' }] }, rollups, version, 'duckdb')).toEqual({ reason: 'measure', field: 'i', aggregator: 'max' });
    // another engine
    expect(matchRollup(base, rollups, version, 'postgres')).toEqual({ reason: 'dialect' });
    // a count of a grouped field: from the row counts of a rollup that keeps them; one built before
    // row counts were kept (its record still parses) does not answer it
    const countTs: ChartQueryIR = { ...base, measures: [{ field: F.ts, aggregator: 'count', alias: 'm0', axis: 1, title: 'ts', trendline: false }] };
    expect('ir' in matchRollup(countTs, rollups, version, 'duckdb')).toBe(true);
    const before = keptRollupsSchema.parse(JSON.parse(JSON.stringify(rollups.map(({ rowCount: _, ...r }) => r))));
    expect(before[0]!.rowCount).toBeUndefined();
    expect(matchRollup(countTs, before, version, 'duckdb')).toEqual({ reason: 'measure', field: 'ts', aggregator: 'count' });
    expect('ir' in matchRollup(base, before, version, 'duckdb')).toBe(true);
  });

  it('picks the smallest rollup that covers the query', async () => {
    await loadTable([
      { cat: 'a', region: 'x', ts: ANCHORS[0]!, i: 1n, cents: 1n, f: 1 },
      { cat: 'b', region: 'y', ts: ANCHORS[1]!, i: 2n, cents: 2n, f: 2 },
      { cat: 'c', region: 'y', ts: ANCHORS[1]!, i: 3n, cents: 3n, f: 3 },
    ]);
    const ir = (dims: SourceField[]): ChartQueryIR => ({ kind: 'chart', source: TABLE, dimensions: dims.map((field, k) => ({ field, granularity: field.dataType === 'date' ? 'day' : 'normal', alias: `d${k}`, title: field.name })), measures: [{ field: F.i, aggregator: 'sum', alias: 'm0', axis: 1, title: 'i', trendline: false }], filters: { kind: 'and', children: [] }, order: [] });
    const wide = await buildRollups(ir([F.cat, F.ts]), 7);
    const narrow = (await buildRollups(ir([F.ts]), 7)).map((r) => ({ ...r, id: 'narrow', table: 'narrow' }));
    await conn.run('CREATE OR REPLACE TABLE narrow AS SELECT * FROM r0');
    const m = matchRollup(ir([F.ts]), [...wide, ...narrow], 7, 'duckdb');
    expect('rollup' in m && m.rollup.id).toBe('narrow');
  });
});
