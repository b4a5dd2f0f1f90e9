import { buildChartQuery, compile, DIALECT_NAMES, joinCountSql, joinKeyRepeatsSql, joinRowFilters, joinRowsSql, pruneJoin, QueryError, type JoinSpec, type JoinType, type QuerySource, type RowRuleSet, type SourceField } from './index.js';

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

describe("joined tables: each input's row rules inside its part of the join (joinRowFilters)", () => {
  // orders: the east role sees East orders; managers: deny-by-default, the east role sees Li only
  const rules: RowRuleSet = {
    denyByDefault: false,
    rules: [],
    inputs: [
      { denyByDefault: false, rules: [{ roleId: 'east', field: 'region', compare: '=', compareValue: 'East' }] },
      { denyByDefault: true, rules: [{ roleId: 'east', field: 'manager', compare: 'like', compareValue: 'Li' }] },
    ],
  };
  const east = { userId: 'u1', roleIds: ['east'], isAdmin: false };

  for (const dialect of DIALECT_NAMES) {
    it(`${dialect}: the rules filter each input before it is joined, values bound`, () => {
      const join = joinRowFilters(spec(dialect === 'mysql' ? 'left' : 'full'), rules, east);
      const q = compile(chartOn(join), dialect);
      expect(q.params).toEqual(expect.arrayContaining(['East']));
      expect(q.sql).not.toContain("'East'");
      expect({ sql: q.sql, params: q.params }).toMatchSnapshot();
    });
  }

  it('deny-by-default and a rule on a field the input no longer has deny that input only; admins and rule-less inputs are untouched', () => {
    const nobody = { userId: 'x', roleIds: [], isAdmin: false };
    expect(joinRowFilters(spec('left'), rules, nobody).nodes.map((n) => n.rowFilter)).toEqual([undefined, { kind: 'none' }]);
    const gone: RowRuleSet = { ...rules, inputs: [{ denyByDefault: false, rules: [{ userId: 'x', field: 'dropped', compare: '=', compareValue: 'a' }] }, null] };
    expect(joinRowFilters(spec('left'), gone, nobody).nodes.map((n) => n.rowFilter)).toEqual([{ kind: 'none' }, undefined]);
    expect(joinRowFilters(spec('left'), rules, { ...east, isAdmin: true }).nodes.map((n) => n.rowFilter)).toEqual([undefined, undefined]);
    // inputs that do not match the nodes: refused, for admins too (never a join without its rules)
    expect(() => joinRowFilters(spec('left'), { ...rules, inputs: [null] }, nobody)).toThrow(QueryError);
    expect(() => joinRowFilters(spec('left'), { ...rules, inputs: [null] }, { ...east, isAdmin: true })).toThrow(QueryError);
    // a filter given in the description is never taken: the reader's are written
    const forged = { ...spec('left'), nodes: spec('left').nodes.map((n) => ({ ...n, rowFilter: { kind: 'none' as const } })) };
    expect(joinRowFilters(forged, undefined, east).nodes.map((n) => n.rowFilter)).toEqual([undefined, undefined]);
    expect(compile(chartOn(joinRowFilters(spec('left'), rules, nobody)), 'duckdb').sql).toContain('1 = 0');
  });

  it('a filter naming a field the input does not have is refused where compiled', () => {
    const s = spec('left');
    const bad: JoinSpec = { ...s, nodes: [{ ...s.nodes[0], rowFilter: { kind: 'isNull', field: { name: 'manager', dataType: 'string' }, negated: false } }, s.nodes[1]] };
    expect(() => compile(chartOn(bad), 'duckdb')).toThrow(/unknown_field/);
  });

  it("a pruned unique LEFT child's rules do not change the parent's rows: the child is still left out", () => {
    const unique: JoinSpec = { ...spec('left'), links: [{ ...spec('left').links[0], unique: true }] };
    const ruled = joinRowFilters(unique, rules, east);
    const q = compile(buildChartQuery(chart({ points: [point('Region')], values: [value('Amount', 'sum')] }), { kind: 'join', join: ruled }, joinFields(ruled), {}), 'duckdb');
    expect(q.sql).not.toContain('xl_managers');
    // the root's own rules stay
    expect(q.params).toEqual(['East']);
  });
});

describe('joined tables across stores, compiled for Trino (docs/adr/0028)', () => {
  it('names each input as catalog.schema.table and binds the filter values', () => {
    const federated: JoinSpec = {
      ...spec('left'),
      nodes: [
        { ...spec('left').nodes[0]!, source: { kind: 'table', catalog: 'postgresql', schema: 'uploads', table: 'xl_orders' } },
        { ...spec('left').nodes[1]!, source: { kind: 'table', catalog: 'mariadb', schema: 'crm', table: 'managers' } },
      ],
      where: { linker: 'and', items: [{ node: 1, condition: { field: { name: 'manager', dataType: 'string' }, compare: 'like', compareValue: "O'Brien%" } }] },
    };
    const q = compile(chartOn(federated), 'trino');
    expect(q.sql).toContain('FROM "postgresql"."uploads"."xl_orders" AS t0');
    expect(q.sql).toContain('"mariadb"."crm"."managers" AS t1');
    expect(q.sql).not.toContain("O'Brien");
    expect({ chart: { sql: q.sql, params: q.params }, rows: joinRowsSql(federated, 'trino', 100) }).toMatchSnapshot();
  });
});
