import type { Aggregator } from '@bi/chart-model';
import type { SqlProblem } from '@bi/sql-text';
import type { GranularityName } from './dates.js';
import { dialectFor, qualifiedName, type Dialect, type DialectName } from './dialects/index.js';
import { QueryError } from './errors.js';
import type { ChartQueryIR, DetailQueryIR, DimensionIR, FilterNode, MeasureIR, OrderIR, QueryIR, ScalarValue, SummaryFn, SummaryQueryIR } from './ir.js';
import type { FieldType, QuerySource, SourceField } from './source.js';
import { conditionNode } from './filters.js';
import { checkJoinSpec, mayPrune, pruneJoin, type JoinSpec, type JoinType } from './join.js';
import { derivedSource, readSourceSql, withPrefix } from './source-sql.js';
import { join, param, raw, renderSql, sql, type RenderedSql, type Sql } from './sql.js';
import { rolledUpMeasure } from './rollup.js';

export type ColumnRole = 'dimension' | 'series' | 'measure' | 'summary' | 'detail';

/** One column of the answer, in select order. */
export interface ResultColumn {
  alias: string;
  role: ColumnRole;
  /** the source field it comes from */
  field: string;
  title: string;
  /** the type of the answered values */
  dataType: FieldType;
  granularity?: GranularityName;
  aggregator?: Aggregator;
  axis?: 1 | 2;
  trendline?: boolean;
  /** summary columns: sum / avg / min / max of the measure `field` */
  fn?: SummaryFn;
}

export interface CompiledQuery {
  sql: string;
  params: unknown[];
  columns: ResultColumn[];
}

/**
 * IR + dialect → one SQL statement with bound parameters. Filters compare raw columns with bound
 * values (dates as ranges), so indexes and DuckDB zone maps work; date truncation appears only in
 * the select list and GROUP BY. The source is `FROM <table> AS src` or `FROM (<user sql>) AS src`.
 */
export function compile(ir: QueryIR, dialect: Dialect | DialectName): CompiledQuery {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  let querySource = ir.kind === 'summary' ? ir.base.source : ir.source;
  if (querySource.kind === 'join' && mayPrune(querySource.join)) {
    // the statement once without its FROM, to learn which of the join's columns it reads
    checkJoinSpec(querySource.join);
    const reads = new Set<string>();
    statementOf(new Compiler(d, reads), ir, raw(''));
    const pruned = pruneJoin(querySource.join, reads);
    if (pruned !== querySource.join) querySource = { kind: 'join', join: pruned };
  }
  const c = new Compiler(d);
  const source = c.source(querySource);
  const { body, columns } = statementOf(c, ir, source.from);
  return { ...renderSql(withPrefix(source.prefix, body), d.placeholder), columns };
}

function statementOf(c: Compiler, ir: QueryIR, from: Sql): { body: Sql; columns: ResultColumn[] } {
  switch (ir.kind) {
    case 'chart':
      return { body: c.chart(ir, from, true), columns: chartColumns(ir) };
    case 'summary':
      return { body: c.summary(ir, from), columns: summaryColumns(ir) };
    case 'detail':
      if (ir.count) return { body: c.detailCount(ir, from), columns: [{ alias: 'n', role: 'detail', field: 'n', title: 'n', dataType: 'number' }] };
      return { body: c.detail(ir, from), columns: ir.columns.map((col) => ({ alias: col.alias, role: 'detail', field: col.field.name, title: col.title, dataType: col.field.dataType })) };
  }
}

const JOIN_KEYWORDS: Record<JoinType, string> = { left: 'LEFT JOIN', inner: 'INNER JOIN', full: 'FULL OUTER JOIN', right: 'RIGHT JOIN' };

/** The first `limit` rows of a join, columns named as the join's fields (limit bound). */
export function joinRowsSql(spec: JoinSpec, dialect: Dialect | DialectName, limit: number): RenderedSql {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  return renderSql(new Compiler(d).joinRows(spec, limit), d.placeholder);
}

/** The number of rows of a join (column n); with `rootOnly`, of its root input. */
export function joinCountSql(spec: JoinSpec, dialect: Dialect | DialectName, rootOnly = false): RenderedSql {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  return renderSql(new Compiler(d).joinCount(spec, rootOnly), d.placeholder);
}

/**
 * One row when the child's ON fields of link `index` repeat among the child's rows (non-null values),
 * none when they are unique: what the data-source service records as `JoinLinkSpec.unique`.
 */
export function joinKeyRepeatsSql(spec: JoinSpec, index: number, dialect: Dialect | DialectName): RenderedSql {
  const d = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  return renderSql(new Compiler(d).joinKeyRepeats(spec, index), d.placeholder);
}

const measureType = (m: MeasureIR): FieldType => (m.aggregator === 'min' || m.aggregator === 'max' ? m.field.dataType : 'number');

function chartColumns(q: ChartQueryIR): ResultColumn[] {
  const dim = (x: DimensionIR, role: ColumnRole): ResultColumn => ({ alias: x.alias, role, field: x.field.name, title: x.title, dataType: x.field.dataType, granularity: x.granularity });
  return [
    ...q.dimensions.map((x) => dim(x, 'dimension')),
    ...(q.series ? [dim(q.series, 'series')] : []),
    ...q.measures.map((m): ResultColumn => ({ alias: m.alias, role: 'measure', field: m.field.name, title: m.title, dataType: measureType(m), aggregator: m.aggregator, axis: m.axis, trendline: m.trendline })),
  ];
}

function summaryColumns(s: SummaryQueryIR): ResultColumn[] {
  return s.items.map((i) => {
    const m = s.base.measures.find((x) => x.alias === i.ref);
    if (!m) throw new QueryError('invalid_option', { name: 'summary.ref', value: i.ref });
    return { alias: i.alias, role: 'summary', field: m.field.name, title: m.title, dataType: measureType(m), aggregator: m.aggregator, fn: i.fn };
  });
}

/** A column of the select list. */
interface Column {
  alias: string;
  expr: Sql;
}

interface Select {
  columns: Sql;
  /** FROM … */
  from: Sql;
  where?: Sql | null;
  groupBy?: Sql[];
  qualify?: Sql;
  orderBy?: Sql[];
  limit?: number;
  offset?: number;
}

/** How a top-N ranking item's total is taken over its series cells. */
const ITEM_TOTAL: Record<Aggregator, SummaryFn> = { sum: 'sum', count: 'sum', countDistinct: 'sum', avg: 'avg', min: 'min', max: 'max' };

function problemParams(p: SqlProblem): Record<string, string | number> {
  const { code, ...rest } = p;
  return { problem: code, ...rest };
}

class Compiler {
  /** @param reads when given, collects the names of the source columns (src."name") the statement reads */
  constructor(
    private readonly d: Dialect,
    private readonly reads?: Set<string>,
  ) {}

  private q(name: string): Sql {
    return raw(this.d.quoteIdent(name));
  }

  /** A raw source column: src."name" (a join's input column: t<i>."name"). */
  private column(field: SourceField, table = 'src'): Sql {
    if (table === 'src') this.reads?.add(field.name);
    return raw(`${table}.${this.d.quoteIdent(field.name)}`);
  }

  /** A column of a derived table: t."alias". */
  private ref(table: string, alias: string): Sql {
    return raw(`${table}.${this.d.quoteIdent(alias)}`);
  }

  private list(columns: Column[]): Sql {
    return join(
      columns.map((c) => sql`${c.expr} AS ${this.q(c.alias)}`),
      ', ',
    );
  }

  private refs(table: string, aliases: string[]): Column[] {
    return aliases.map((alias) => ({ alias, expr: this.ref(table, alias) }));
  }

  private derived(inner: Sql, alias: string): Sql {
    return sql`FROM (\n${inner}\n)${raw(this.d.tableAlias(alias))}`;
  }

  private statement(s: Select): Sql {
    let body = s.from;
    if (s.where) body = sql`${body}\nWHERE ${s.where}`;
    if (s.groupBy?.length) body = sql`${body}\nGROUP BY ${join(s.groupBy, ', ')}`;
    if (s.qualify) body = sql`${body}\nQUALIFY ${s.qualify}`;
    const ordered = Boolean(s.orderBy?.length);
    if (ordered) body = sql`${body}\nORDER BY ${join(s.orderBy!, ', ')}`;
    if (s.limit !== undefined) return this.d.limit({ columns: s.columns, body, ordered }, s.limit, s.offset);
    return sql`SELECT ${s.columns}\n${body}`;
  }

  // ---- source ----

  source(source: QuerySource): { prefix?: Sql; from: Sql } {
    if (source.kind === 'join') return { from: this.derived(this.joinSelect(source.join), 'src') };
    if (source.kind === 'table') {
      if (typeof source.table !== 'string' || source.table === '') throw new QueryError('invalid_option', { name: 'source.table', value: String(source.table) });
      return { from: sql`FROM ${raw(qualifiedName(this.d, source.schema, source.table, source.catalog))}${raw(this.d.tableAlias('src'))}` };
    }
    // One read-only SELECT / WITH; a single trailing ";" is dropped, a second statement refused.
    // Read once per text (readSourceSql): the main, totals and plot-line statements share the reading.
    const read = readSourceSql(source.sql, this.d);
    if (!read.ok) throw new QueryError('invalid_sql', problemParams(read.problem));
    return derivedSource(this.d, read.read, 'src');
  }

  // ---- filters ----

  private value(v: ScalarValue): Sql {
    switch (v.type) {
      case 'number':
        return this.d.numberValue(v.value);
      case 'string':
        return this.d.stringValue(v.value);
      case 'date':
        return this.d.dateValue(v.value);
    }
  }

  /** The WHERE condition of a filter tree; null for no filter. Every predicate is on the raw column (of derived table `table`). */
  filter(node: FilterNode, table = 'src'): Sql | null {
    switch (node.kind) {
      case 'and':
      case 'or': {
        const parts = node.children.flatMap((child) => {
          const s = this.filter(child, table);
          if (!s) return [];
          return [child.kind === 'and' || child.kind === 'or' ? sql`(${s})` : s];
        });
        if (parts.length === 0) return null;
        return join(parts, node.kind === 'and' ? ' AND ' : ' OR ');
      }
      case 'compare':
        return sql`${this.column(node.field, table)} ${raw(node.op)} ${this.value(node.value)}`;
      case 'in':
        return sql`${this.column(node.field, table)} ${raw(node.negated ? 'NOT IN' : 'IN')} (${join(
          node.values.map((v) => this.value(v)),
          ', ',
        )})`;
      case 'contains':
        return sql`${this.column(node.field, table)} ${raw(node.negated ? 'NOT LIKE' : 'LIKE')} ${this.d.stringValue(this.d.likePattern(node.text))} ESCAPE '${raw(this.d.likeEscape)}'`;
      case 'isNull':
        return sql`${this.column(node.field, table)} ${raw(node.negated ? 'IS NOT NULL' : 'IS NULL')}`;
      case 'none':
        return sql`${raw('1 = 0')}`;
    }
  }

  // ---- joined tables (docs/api/join-table.md) ----

  /**
   * One input of a join: its table, or its checked SQL as a derived table, named t<i>. With the
   * reader's row rules on the input (`rowFilter`), the input's rows filtered by them:
   * (SELECT * FROM <input> r WHERE <rules>) t<i> — inside the input's part, so the join's type decides
   * what happens to the other inputs' rows as it does for any missing row.
   */
  private joinInput(spec: JoinSpec, i: number): Sql {
    const { source: s, rowFilter } = spec.nodes[i];
    const alias = raw(this.d.tableAlias(`t${i}`));
    let input: Sql;
    if (s.kind === 'table') {
      if (typeof s.table !== 'string' || s.table === '') throw new QueryError('invalid_option', { name: 'join.table', value: String(s.table) });
      input = raw(qualifiedName(this.d, s.schema, s.table, s.catalog));
    } else {
      const read = readSourceSql(s.sql, this.d);
      if (!read.ok) throw new QueryError('invalid_sql', problemParams(read.problem));
      // SQL Server hoists a WITH part in front of the statement: one statement cannot hold two, so inputs with one are refused
      if (read.read.withPart) throw new QueryError('invalid_option', { name: 'join.with', value: i });
      input = sql`(\n${raw(read.read.main)}\n)`;
    }
    const where = rowFilter ? this.filter(rowFilter, 'r') : null;
    if (!where) return sql`${input}${alias}`;
    return sql`(\n${this.statement({ columns: raw('r.*'), from: sql`FROM ${input}${raw(this.d.tableAlias('r'))}`, where })}\n)${alias}`;
  }

  /** SELECT t<i>."field" AS "name", … FROM t0 <JOIN> t1 ON … WHERE <filter>: the rows of a join. */
  joinSelect(spec: JoinSpec): Sql {
    const { catalogs } = checkJoinSpec(spec);
    const q = (name: string) => this.d.quoteIdent(name);
    let from = sql`FROM ${this.joinInput(spec, 0)}`;
    for (const l of spec.links) {
      if (l.joinType === 'full' && !this.d.supportsFullJoin) throw new QueryError('join_type_unsupported', { joinType: l.joinType });
      const on = join(
        l.on.map((p) => raw(`t${l.from}.${q(p.from)} = t${l.to}.${q(p.to)}`)),
        ' AND ',
      );
      from = sql`${from}\n${raw(JOIN_KEYWORDS[l.joinType])} ${this.joinInput(spec, l.to)} ON ${on}`;
    }
    const columns = join(
      spec.columns.map((c) => raw(`t${c.node}.${q(c.field)} AS ${q(c.name)}`)),
      ', ',
    );
    const parts = (spec.where?.items ?? []).flatMap((item) => {
      const s = this.filter(conditionNode(item.condition, catalogs[item.node]), `t${item.node}`);
      return s ? [sql`(${s})`] : [];
    });
    const where = parts.length ? join(parts, spec.where.linker === 'or' ? ' OR ' : ' AND ') : null;
    return this.statement({ columns, from, where });
  }

  /** The first rows of a join (the designer's preview). */
  joinRows(spec: JoinSpec, limit: number): Sql {
    return this.statement({ columns: raw('src.*'), from: this.derived(this.joinSelect(spec), 'src'), limit });
  }

  /** SELECT 1 … GROUP BY <the child's ON fields> HAVING COUNT(*) > 1, first row only. */
  joinKeyRepeats(spec: JoinSpec, index: number): Sql {
    checkJoinSpec(spec);
    const l = spec.links[index];
    if (!l) throw new QueryError('invalid_option', { name: 'join.link', value: index });
    const keys = l.on.map((p) => raw(`t${l.to}.${this.d.quoteIdent(p.to)}`));
    const notNull = join(
      keys.map((k) => sql`${k} IS NOT NULL`),
      ' AND ',
    );
    const body = sql`FROM ${this.joinInput(spec, l.to)}\nWHERE ${notNull}\nGROUP BY ${join(keys, ', ')}\nHAVING ${this.d.countRows()} > 1`;
    return this.d.limit({ columns: raw(`1 AS ${this.d.quoteIdent('d')}`), body, ordered: false }, 1);
  }

  /** COUNT(*) of a join, or of its root input alone (rows more than the root's: the join multiplies rows). */
  joinCount(spec: JoinSpec, rootOnly: boolean): Sql {
    if (rootOnly) {
      checkJoinSpec(spec);
      return sql`SELECT ${this.d.countRows()} AS n FROM ${this.joinInput(spec, 0)}`;
    }
    return sql`SELECT ${this.d.countRows()} AS n ${this.derived(this.joinSelect(spec), 'src')}`;
  }

  // ---- chart ----

  private dimensionExpr(x: DimensionIR): Sql {
    const col = this.column(x.field);
    if (x.granularity === 'day' && x.dayAsDate) return this.d.dayDate(col);
    return x.granularity === 'normal' ? col : this.d.truncateDate(col, x.granularity);
  }

  /**
   * The chart statement. `ordered` is false inside a summary, where the display order is
   * irrelevant (SQL Server and Oracle allow an ORDER BY in a derived table only with a row limit).
   */
  chart(q: ChartQueryIR, from: Sql, ordered: boolean): Sql {
    const d = this.d;
    const groups = [...q.dimensions, ...(q.series ? [q.series] : [])];
    const measureExpr = (m: MeasureIR) => (q.rolledUp ? rolledUpMeasure(d, q.rolledUp, m) : d.aggregate(m.aggregator, this.column(m.field)));
    const level0: Column[] = [...groups.map((x) => ({ alias: x.alias, expr: this.dimensionExpr(x) })), ...q.measures.map((m) => ({ alias: m.alias, expr: measureExpr(m) }))];
    const aliases = level0.map((c) => c.alias);
    const exprOf = new Map(level0.map((c) => [c.alias, c.expr]));
    // an IR built by hand may name a column that is not there
    for (const ref of [...q.order.map((o) => o.ref), ...(q.topN ? [q.topN.by] : [])]) {
      if (!exprOf.has(ref) || (q.topN?.by === ref && !q.measures.some((m) => m.alias === ref))) throw new QueryError('invalid_option', { name: 'order', value: ref });
    }
    const grouped: Select = { columns: this.list(level0), from, where: this.filter(q.filters), groupBy: groups.map((x) => exprOf.get(x.alias)!) };

    // the chart's own order, then every dimension and the series ascending (a stable answer)
    const explicit = q.order;
    const display: OrderIR[] = [...explicit, ...groups.filter((x) => !explicit.some((o) => o.ref === x.alias)).map((x): OrderIR => ({ ref: x.alias, dir: 'asc' }))];
    const terms = (order: OrderIR[], resolve: (alias: string) => Sql) => order.map((o) => d.orderTerm(resolve(o.ref), o.dir, 'last'));
    const at0 = (alias: string) => exprOf.get(alias)!;
    const at = (table: string) => (alias: string) => this.ref(table, alias);

    const t = q.topN;
    if (!t) return this.statement({ ...grouped, orderBy: ordered ? terms(display, at0) : undefined, limit: q.limit });

    const byDir = t.direction === 'before' ? 'desc' : 'asc';
    const dimsAsc = q.dimensions.map((x): OrderIR => ({ ref: x.alias, dir: 'asc' }));
    // rank items by the measure, ties by the dimension values
    const rank: OrderIR[] = [{ ref: t.by, dir: byDir }, ...dimsAsc];

    if (!q.series && t.mode === 'items') {
      // ORDER BY … LIMIT n: every engine runs this as a top-n sort over the grouped rows
      const rows = q.limit === undefined ? t.n : Math.min(t.n, q.limit);
      const inner = this.statement({ ...grouped, orderBy: terms(rank, at0), limit: rows });
      if (!ordered || explicit.length === 0) return inner;
      return this.statement({ columns: this.list(this.refs('ranked', aliases)), from: this.derived(inner, 'ranked'), orderBy: terms(display, at('ranked')) });
    }

    // Percent of the items: the number of items is only known after grouping. Windows over the
    // grouped rows (ROW_NUMBER and COUNT(*) OVER ()) do it in the same single scan of the source;
    // a separate COUNT(DISTINCT …) query would scan the source twice. rn ≤ ceil(count · p / 100)
    // is written (rn − 1) · 100 < count · p, exact in integers on every engine.
    const within = (rn: Sql, count: Sql) => sql`(${rn} - 1) * 100 < ${count} * ${param(t.n)}`;

    if (!q.series && d.supportsQualify) {
      // DuckDB filters on the windows of the grouped SELECT itself (QUALIFY): no derived tables
      const rankOver = sql`ROW_NUMBER() OVER (ORDER BY ${join(terms(rank, at0), ', ')})`;
      return this.statement({ ...grouped, qualify: within(rankOver, sql`${d.countRows()} OVER ()`), orderBy: ordered ? terms(explicit.length ? display : rank, at0) : undefined, limit: q.limit });
    }
    if (!q.series) {
      // the others: the windows over the grouped rows in a derived table, filtered one level up
      const windows = this.statement({
        columns: sql`${this.list(this.refs('g', aliases))}, ROW_NUMBER() OVER (ORDER BY ${join(terms(rank, at('g')), ', ')}) AS ${this.q('rk_')}, ${d.countRows()} OVER () AS ${this.q('cnt_')}`,
        from: this.derived(this.statement(grouped), 'g'),
      });
      return this.statement({
        columns: this.list(this.refs('ranked', aliases)),
        from: this.derived(windows, 'ranked'),
        where: within(this.ref('ranked', 'rk_'), this.ref('ranked', 'cnt_')),
        orderBy: ordered ? (explicit.length ? terms(display, at('ranked')) : [d.orderTerm(this.ref('ranked', 'rk_'), 'asc', 'native')]) : undefined,
        limit: q.limit,
      });
    }

    // With a compare series an item is a dimension value with all its series cells: items are
    // ranked by their total over the series (DENSE_RANK gives every cell of an item its rank).
    // Levels: g grouped cells → tot item totals → rnk item ranks → (percent) cnt item count.
    const by = q.measures.find((m) => m.alias === t.by)!;
    const partition = join(
      q.dimensions.map((x) => this.ref('g', x.alias)),
      ', ',
    );
    const totals = this.statement({
      columns: sql`${this.list(this.refs('g', aliases))}, ${d.aggregate(ITEM_TOTAL[by.aggregator], this.ref('g', t.by))} OVER (PARTITION BY ${partition}) AS ${this.q('tot_')}`,
      from: this.derived(this.statement(grouped), 'g'),
    });
    const itemRank = [d.orderTerm(this.ref('tot', 'tot_'), byDir, 'last'), ...terms(dimsAsc, at('tot'))];
    let ranked = this.statement({
      columns: sql`${this.list(this.refs('tot', aliases))}, DENSE_RANK() OVER (ORDER BY ${join(itemRank, ', ')}) AS ${this.q('rk_')}`,
      from: this.derived(totals, 'tot'),
    });
    if (t.mode === 'percent') {
      ranked = this.statement({
        columns: sql`${this.list(this.refs('rnk', [...aliases, 'rk_']))}, MAX(${this.ref('rnk', 'rk_')}) OVER () AS ${this.q('cnt_')}`,
        from: this.derived(ranked, 'rnk'),
      });
    }
    const r = (alias: string) => this.ref('ranked', alias);
    return this.statement({
      columns: this.list(this.refs('ranked', aliases)),
      from: this.derived(ranked, 'ranked'),
      where: t.mode === 'items' ? sql`${r('rk_')} <= ${param(t.n)}` : within(r('rk_'), r('cnt_')),
      orderBy: ordered ? (explicit.length ? terms(display, at('ranked')) : [d.orderTerm(r('rk_'), 'asc', 'native'), ...terms(display, at('ranked'))]) : undefined,
      limit: q.limit,
    });
  }

  // ---- summary (totals, plot lines) ----

  summary(s: SummaryQueryIR, from: Sql): Sql {
    const inner = this.chart(s.base, from, false);
    const columns = s.items.map((i) => ({ alias: i.alias, expr: this.d.aggregate(i.fn, this.ref('pts', i.ref)) }));
    return this.statement({ columns: this.list(columns), from: this.derived(inner, 'pts') });
  }

  // ---- detail rows ----

  /** How many detail rows the filters leave (no order, no paging). */
  detailCount(q: DetailQueryIR, from: Sql): Sql {
    return this.statement({ columns: sql`${this.d.countRows()} AS ${this.q('n')}`, from, where: this.filter(q.filters) });
  }

  detail(q: DetailQueryIR, from: Sql): Sql {
    return this.statement({
      columns: this.list(q.columns.map((c) => ({ alias: c.alias, expr: this.column(c.field) }))),
      from,
      where: this.filter(q.filters),
      // the engine's own NULL order, so an index on the first column can deliver the rows in order
      orderBy: q.order.map((o) => this.d.orderTerm(this.column(o.field), o.dir, 'native')),
      limit: q.limit,
      offset: q.offset > 0 ? q.offset : undefined,
    });
  }
}
