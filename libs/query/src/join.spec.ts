import { buildChartQuery, compile, DIALECT_NAMES, joinCountSql, joinKeyRepeatsSql, joinRowsSql, pruneJoin, QueryError, type JoinSpec, type JoinType, type QuerySource, type SourceField } from './index.js';

/** A join's output fields as the data-source service lists them (a column's name, its input field's type). */
const joinFields = (spec: JoinSpec): SourceField[] => spec.columns.map((c) => ({ name: c.name, dataType: spec.nodes[c.node]!.fields.find((f) => f.name === c.field)!.dataType }));
import { chart, point, value } from './testing/charts.js';

/** The SQL of a joined table (docs/api/join-table.md), pinned per dialect and join type. */

const orders = { kind: 'sql' as const, sql: 'SELECT key_id, "order_no", "region", "amount", "order_date" FROM "uploads"."xl_orders" WHERE NOT deleted' };
const managers = { kind: 'table' as const, schema: 'uploads', table: 'xl_managers' };
const targets = { kind: 'table' as const, table: 'targets' };

const spec = (joinType: JoinType, extra: Partial<JoinSpec> = {}): JoinSpec => ({
  nodes: [
    {
      source: orders,
      fields: [
        { name: 'order_no', dataType: 'string' },
        { name: 'region', dataType: 'string' },
        { name: 'amount', dataType: 'number' },
        { name: 'order_date', dataType: 'date' },
      ],
    },
    {
      source: managers,
      fields: [
        { name: 'region', dataType: 'string' },
        { name: 'manager', dataType: 'string' },
      ],
    },
  ],
  links: [{ from: 0, to: 1, joinType, on: [{ from: 'region', to: 'region' }] }],
  columns: [
    { node: 0, field: 'region', name: 'Region' },
    { node: 0, field: 'amount', name: 'Amount' },
    { node: 1, field: 'manager', name: 'Manager' },
  ],
  where: { linker: 'and', items: [] },
  ...extra,
});

const threeTables: JoinSpec = {
  ...spec('left'),
  nodes: [...spec('left').nodes, { source: targets, fields: [{ name: 'manager', dataType: 'string' }, { name: 'target', dataType: 'number' }] }],
  links: [...spec('left').links, { from: 1, to: 2, joinType: 'inner', on: [{ from: 'manager', to: 'manager' }] }],
  columns: [...spec('left').columns, { node: 2, field: 'target', name: 'Target' }],
  where: {
    linker: 'or',
    items: [
      { node: 0, condition: { field: { name: 'amount', dataType: 'number' }, compare: '>=', compareValue: '100' } },
      { node: 0, condition: { field: { name: 'order_date', dataType: 'date' }, compare: 'between', compareValueLeft: '2025-01-01', compareValueRight: '2025-03-31' } },
      { node: 1, condition: { field: { name: 'manager', dataType: 'string' }, compare: 'like', compareValue: "O'Brien%" } },
    ],
  },
};

const chartOn = (join: JoinSpec) => {
  const source: QuerySource = { kind: 'join', join };
  return buildChartQuery(chart({ points: [point('Manager')], values: [value('Amount', 'sum')] }), source, joinFields(join), {});
};

describe('joined tables: SQL per dialect', () => {
  for (const dialect of DIALECT_NAMES) {
    describe(dialect, () => {
      for (const joinType of ['left', 'inner', 'full', 'right'] as const) {
        it(`chart on a ${joinType} join`, () => {
          if (joinType === 'full' && dialect === 'mysql') {
            expect(() => compile(chartOn(spec(joinType)), dialect)).toThrow(QueryError);
            return;
          }
          const q = compile(chartOn(spec(joinType)), dialect);
          expect({ sql: q.sql, params: q.params }).toMatchSnapshot();
        });
      }
      it('three tables, filters with or (values bound), preview and counts', () => {
        const q = compile(chartOn(threeTables), dialect);
        expect(q.params).toEqual(expect.arrayContaining([100]));
        expect(q.sql).not.toContain("O'Brien");
        expect({ chart: { sql: q.sql, params: q.params }, rows: joinRowsSql(threeTables, dialect, 100), count: joinCountSql(threeTables, dialect), root: joinCountSql(threeTables, dialect, true) }).toMatchSnapshot();
      });
    });
  }
});

describe('joined tables: structure checked where compiled', () => {
  const refused = (s: JoinSpec) => () => compile(chartOn(s), 'duckdb');
  it('refuses a link into the root, a second link into a node, a cycle', () => {
    expect(refused({ ...spec('left'), links: [{ from: 1, to: 0, joinType: 'left', on: [{ from: 'region', to: 'region' }] }] })).toThrow(QueryError);
    expect(refused({ ...threeTables, links: [threeTables.links[0], { from: 0, to: 1, joinType: 'left', on: [{ from: 'region', to: 'region' }] }] })).toThrow(QueryError);
  });
  it('refuses join fields of different types and unknown fields', () => {
    expect(refused({ ...spec('left'), links: [{ from: 0, to: 1, joinType: 'left', on: [{ from: 'amount', to: 'region' }] }] })).toThrow(/join.on/);
    expect(refused({ ...spec('left'), links: [{ from: 0, to: 1, joinType: 'left', on: [{ from: 'nope', to: 'region' }] }] })).toThrow(/unknown_field/);
  });
  it('refuses duplicate output names (ignoring case)', () => {
    expect(refused({ ...spec('left'), columns: [...spec('left').columns, { node: 1, field: 'region', name: 'region' }] })).toThrow(/join.column/);
  });
  it('refuses an input whose SQL is not one read-only statement', () => {
    const s = spec('left');
    expect(refused({ ...s, nodes: [{ ...s.nodes[0], source: { kind: 'sql', sql: 'DELETE FROM x' } }, s.nodes[1]] })).toThrow(/invalid_sql/);
  });
  it('a chart may name only the join fields', () => {
    const source: QuerySource = { kind: 'join', join: spec('left') };
    expect(() => buildChartQuery(chart({ points: [point('manager')], values: [value('Amount', 'sum')] }), source, joinFields(spec('left')), {})).toThrow(/unknown_field/);
  });
});

describe('joined tables: joins a statement reads nothing of are left out (pruneJoin)', () => {
  // orders ⟕ managers (unique region) ⟕ targets (unique manager), no join filter
  const chain = (managersUnique: boolean, targetsUnique: boolean, targetsJoin: JoinType = 'left'): JoinSpec => ({
    ...threeTables,
    links: [
      { ...threeTables.links[0], unique: managersUnique },
      { ...threeTables.links[1], joinType: targetsJoin, unique: targetsUnique },
    ],
    where: { linker: 'and', items: [] },
  });
  const chartBy = (join: JoinSpec, point_: string, value_ = 'Amount') =>
    compile(buildChartQuery(chart({ points: [point(point_)], values: [value(value_, 'sum')] }), { kind: 'join', join }, joinFields(join), {}), 'duckdb').sql;

  it('leaves out a subtree of unique LEFT joins the chart reads nothing of', () => {
    const q = chartBy(chain(true, true), 'Region');
    expect(q).not.toContain('xl_managers');
    expect(q).not.toContain('targets');
    expect(q).toContain('xl_orders');
    expect(pruneJoin(chain(true, true), new Set(['Region', 'Amount']))).toEqual({
      nodes: [threeTables.nodes[0]],
      links: [],
      columns: [
        { node: 0, field: 'region', name: 'Region' },
        { node: 0, field: 'amount', name: 'Amount' },
      ],
      where: { linker: 'and', items: [] },
    });
  });

  it('keeps a node that is read, with its way to the root, and leaves out the leaf below it', () => {
    const q = chartBy(chain(true, true), 'Manager');
    expect(q).toContain('xl_managers');
    expect(q).not.toContain('targets');
    // a node read below a prunable one keeps both
    const t = chartBy(chain(true, true), 'Region', 'Target');
    expect(t).toContain('xl_managers');
    expect(t).toContain('targets');
  });

  it('keeps joins that are not unique, not LEFT, or filtered', () => {
    expect(chartBy(chain(false, true), 'Region')).toContain('xl_managers');
    expect(chartBy(chain(false, true), 'Region')).not.toContain('targets');
    // an inner join below drops rows: it and its parent stay
    const inner = chartBy(chain(true, true, 'inner'), 'Region');
    expect(inner).toContain('xl_managers');
    expect(inner).toContain('targets');
    const filtered: JoinSpec = { ...chain(true, true), where: { linker: 'and', items: [threeTables.where.items[2]] } };
    expect(chartBy(filtered, 'Region')).toContain('xl_managers');
    // no link marked unique: the spec itself, the statement as before
    expect(pruneJoin(threeTables, new Set(['Region']))).toBe(threeTables);
    // every node read: the spec itself
    const all = chain(true, true);
    expect(pruneJoin(all, new Set(['Region', 'Target']))).toBe(all);
  });

  it('reads filters, sorting and details too', () => {
    const join = chain(true, true);
    const source: QuerySource = { kind: 'join', join };
    const ir = buildChartQuery(chart({ points: [point('Region')], values: [value('Amount', 'sum')] }), source, joinFields(join), {});
    const filtered = { ...ir, filters: { kind: 'compare' as const, field: { name: 'Target', dataType: 'number' as const }, op: '>' as const, value: { type: 'number' as const, value: 1 } } };
    expect(compile(filtered, 'duckdb').sql).toContain('targets');
  });

  it('the key check per dialect: non-null keys that repeat, first row only', () => {
    for (const dialect of DIALECT_NAMES) expect(joinKeyRepeatsSql(chain(true, true), 0, dialect)).toMatchSnapshot(dialect);
    expect(() => joinKeyRepeatsSql(chain(true, true), 5, 'duckdb')).toThrow(QueryError);
  });
});
