import type { Aggregator } from '@bi/chart-model';
import { compile, dialectFor, join, raw, renderSql, rollUpParts, ROLLUP_PARTS, sql, type ChartQueryIR, type CompiledQuery, type DateGranularity, type DialectName, type DimensionIR, type MeasureIR, type OrderIR } from '@bi/query';

/**
 * One scan for charts of a source that group by the same fields under the same filters but at
 * different date grains (a dashboard's year / quarter / month / week charts of one date field).
 *
 * The source is aggregated once at the finest grain any of them needs — the day — into partial
 * aggregates (a `WITH pre AS MATERIALIZED (…)` of the chart SQL `compile` writes, so the source, the
 * filters and the bound values are exactly a chart's), and each chart's rows are that pre-aggregate
 * rolled up to its own grain in the same statement (one `UNION ALL` branch per grain):
 * sum = SUM of the day sums, count = SUM of the day counts, min = MIN of the day minimums, max = MAX
 * of the day maximums, avg = SUM of the day sums / SUM of the day counts. A count of distinct values
 * does not roll up, so a chart with one never joins. date_trunc(g, date_trunc('day', x)) equals
 * date_trunc(g, x) for every grain from the day up, and DuckDB answers both as TIMESTAMP, so every
 * chart gets the rows (values, types and order) its own query would give.
 *
 * The pre-aggregate groups a date by its day as a DATE (`CAST(x AS DATE)`, the day date_trunc('day', x)
 * names: a dimension marked `dayAsDate`, which the dialect writes with `dayDate`) and carries the day's
 * smallest value (MIN(x)), which the branches truncate to their grain:
 * date_trunc(g, MIN(x)) is date_trunc(g, x) of every row of that day, of x's own type (DATE, TIMESTAMP
 * or TIMESTAMPTZ alike). Grouping by the 4-byte DATE instead of a TIMESTAMP computed for every row
 * costs DuckDB ≈ 25 % less CPU on the 5M-row benchmark table (docs/benchmarks.md "Browser").
 */

/** The engines whose SQL the roll-up is written for (materialized CTE, UNION ALL of grouped branches). */
const ROLLUP_DIALECTS: ReadonlySet<DialectName> = new Set(['duckdb']);
const ROLLUP_GRAINS: ReadonlySet<string> = new Set<DateGranularity>(['year', 'quarter', 'month', 'week', 'day']);
const ROLLS_UP: ReadonlySet<Aggregator> = new Set<Aggregator>(['sum', 'count', 'min', 'max', 'avg']);

/** A dimension at a date grain that can be rolled up from the day. */
const rollable = (x: DimensionIR) => x.field.dataType === 'date' && ROLLUP_GRAINS.has(x.granularity);

/**
 * What charts must share to be answered by one roll-up: the grouping key with the grains of their
 * date dimensions left out. Undefined when the chart cannot join one (another engine, a count of
 * distinct values, no date dimension at a grain).
 */
export function rollupKey(dataSourceId: string, ir: ChartQueryIR, dialect: DialectName, rowLimit: number): string | undefined {
  // a query already answered from a kept rollup (rollup.ts) reads a small table: nothing to share
  if (!ROLLUP_DIALECTS.has(dialect) || ir.topN || ir.rolledUp || ir.measures.length === 0) return undefined;
  if (!ir.measures.every((m) => ROLLS_UP.has(m.aggregator))) return undefined;
  const groups = [...ir.dimensions, ...(ir.series ? [ir.series] : [])];
  if (!groups.some(rollable)) return undefined;
  const shape = (x: DimensionIR) => [x.field.name, x.field.dataType, rollable(x) ? '*' : x.granularity, x.alias];
  const { measures: _m, dimensions: _d, series: _s, ...rest } = ir;
  return JSON.stringify(['rollup', dataSourceId, dialect, rowLimit, ir.dimensions.map(shape), ir.series ? shape(ir.series) : null, rest]);
}

const partKey = (field: string, aggregator: Aggregator) => JSON.stringify([field, aggregator]);

export interface Rollup {
  compiled: CompiledQuery;
  /** per chart: its branch number (the `br_` column) and, per column alias of its own query, the column index in the answer */
  picks: { branch: number; columns: number[] }[];
}

/**
 * One statement answering every chart (all of one rollupKey): the day-level pre-aggregate, then one
 * branch per distinct set of grains, each with every chart's measures rolled up; rows ordered by
 * branch, then as each chart orders them. Each chart comes with its own compiled query (as it would
 * run alone), whose columns say where its values are in the answer.
 */
export function compileRollup(charts: readonly { ir: ChartQueryIR; compiled: CompiledQuery }[], dialectName: DialectName): Rollup {
  const irs = charts.map((c) => c.ir);
  const d = dialectFor(dialectName);
  const q = (name: string) => raw(d.quoteIdent(name));
  const first = irs[0]!;
  const slots = [...first.dimensions, ...(first.series ? [first.series] : [])];
  const slotName = (k: number) => `k${k}`;

  // the pre-aggregate: the chart query of the first chart with its date grains at the day and the partials as measures
  const parts: MeasureIR[] = [];
  const partAlias = new Map<string, string>();
  const measureOut = new Map<string, string>();
  for (const ir of irs) {
    for (const m of ir.measures) {
      measureOut.set(partKey(m.field.name, m.aggregator), '');
      for (const a of ROLLUP_PARTS[m.aggregator] ?? []) {
        const key = partKey(m.field.name, a);
        if (partAlias.has(key)) continue;
        const alias = `p${parts.length}`;
        partAlias.set(key, alias);
        parts.push({ ...m, aggregator: a, alias, trendline: false, title: alias });
      }
    }
  }
  const day = (x: DimensionIR, k: number): DimensionIR => ({ ...x, alias: slotName(k), ...(rollable(x) ? { granularity: 'day', dayAsDate: true } : {}) });
  // each date slot's smallest value of the day, which the branches truncate (see above)
  const dayMin = (k: number) => `n${k}`;
  const dayMins: MeasureIR[] = slots.flatMap((x, k) => (rollable(x) ? [{ field: x.field, aggregator: 'min', alias: dayMin(k), axis: 1, title: dayMin(k), trendline: false }] : []));
  const pre = compile(
    {
      ...first,
      dimensions: first.dimensions.map((x, k) => day(x, k)),
      ...(first.series ? { series: day(first.series, first.dimensions.length) } : {}),
      measures: [...parts, ...dayMins],
      order: [],
      limit: undefined,
    },
    dialectName,
  );
  const preRef = (alias: string) => raw(`pre.${d.quoteIdent(alias)}`);

  // the rolled-up measures, each distinct (field, aggregator) once
  const measures = [...measureOut.keys()].map((key, i) => {
    const [field, aggregator] = JSON.parse(key) as [string, Aggregator];
    const alias = `x${i}`;
    measureOut.set(key, alias);
    const expr = rollUpParts(d, aggregator, (a) => preRef(partAlias.get(partKey(field, a))!));
    return { alias, expr };
  });

  // one branch per distinct set of grains
  const grainsOf = (ir: ChartQueryIR) => [...ir.dimensions, ...(ir.series ? [ir.series] : [])].map((x) => x.granularity);
  const branches: string[] = [];
  const branchOf = irs.map((ir) => {
    const g = JSON.stringify(grainsOf(ir));
    let b = branches.indexOf(g);
    if (b < 0) b = branches.push(g) - 1;
    return b;
  });
  const selects = branches.map((g, b) => {
    const grains = JSON.parse(g) as string[];
    const keys = slots.map((x, k) => ({ alias: slotName(k), expr: rollable(x) ? d.truncateDate(preRef(dayMin(k)), grains[k] as DateGranularity) : preRef(slotName(k)) }));
    const columns = [{ alias: 'br_', expr: raw(String(b)) }, ...keys, ...measures].map((c) => sql`${c.expr} AS ${q(c.alias)}`);
    return sql`SELECT ${join(columns, ', ')}\nFROM pre\nGROUP BY ${join(
      keys.map((k) => k.expr),
      ', ',
    )}`;
  });

  // each chart's order (the same for all: part of the key), its dimensions and series ascending after it
  const slotOf = new Map(slots.map((x, k) => [x.alias, slotName(k)]));
  const display: OrderIR[] = [...first.order, ...slots.filter((x) => !first.order.some((o) => o.ref === x.alias)).map((x): OrderIR => ({ ref: x.alias, dir: 'asc' }))];
  const orderBy = [raw(`u.${d.quoteIdent('br_')}`), ...display.map((o) => d.orderTerm(raw(`u.${d.quoteIdent(slotOf.get(o.ref)!)}`), o.dir, 'last'))];
  const statement = sql`WITH pre AS MATERIALIZED (\n${raw(pre.sql)}\n)\nSELECT *\nFROM (\n${join(selects, '\nUNION ALL\n')}\n)${raw(d.tableAlias('u'))}\nORDER BY ${join(orderBy, ', ')}`;
  const rendered = renderSql(statement, d.placeholder);

  const columns = ['br_', ...slots.map((_, k) => slotName(k)), ...measures.map((m) => m.alias)];
  const at = new Map(columns.map((c, i) => [c, i]));
  const picks = charts.map(({ compiled }, i) => {
    const mine = compiled.columns;
    return {
      branch: branchOf[i]!,
      columns: mine.map((c) => {
        const slot = slotOf.get(c.alias);
        if (c.role === 'measure') return at.get(measureOut.get(partKey(c.field, c.aggregator!))!)!;
        if (slot === undefined) throw new Error(`no column for ${c.alias}`);
        return at.get(slot)!;
      }),
    };
  });
  return {
    compiled: { sql: rendered.sql, params: pre.params, columns: columns.map((alias) => ({ alias, role: 'measure', field: alias, title: alias, dataType: 'number' })) },
    picks,
  };
}
