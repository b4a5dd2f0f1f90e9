import {
  buildChartQuery,
  buildDetailQuery,
  checkRowRules,
  compile,
  DIALECT_NAMES,
  parseRowRules,
  QueryError,
  rowRuleFilter,
  rowRuleFingerprint,
  rulesFor,
  type RowRuleSet,
  type RowViewer,
} from './index.js';
import { chart, point, SALES_FIELDS, SALES_TABLE, value } from './testing/charts.js';

const viewer = (userId: string, ...roleIds: string[]): RowViewer => ({ userId, roleIds, isAdmin: false });
const ADMIN: RowViewer = { userId: 'admin', roleIds: ['admin'], isAdmin: true };
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof QueryError ? e.code : String(e);
  }
  return 'no error';
};

const SET: RowRuleSet = checkRowRules(
  {
    denyByDefault: false,
    rules: [
      { roleId: 'east', field: 'region', compare: '=', compareValue: 'East' },
      { userId: 'u1', field: 'amount', compare: '>=', compareValue: '100' },
      { userId: 'u2', field: 'category', compare: 'like', compareValue: '50%_off' },
      { userId: 'u3', field: 'order_date', compare: 'between', compareValueLeft: '2024-01-01', compareValueRight: '2024-06-30' },
      { userId: 'u4', field: 'qty', compare: 'between', compareValueLeft: 1, compareValueRight: 9 },
      { userId: 'u5', field: 'region', compare: '!=', compareValue: 'West' },
      { userId: 'u6', field: 'product', compare: 'notLike', compareValue: 'x' },
    ],
  },
  SALES_FIELDS,
);

describe('row-level rules → the filter node of a query', () => {
  it('one node per operator, values typed (never text in the SQL)', () => {
    expect(rowRuleFilter(SET, viewer('u1'), SALES_FIELDS)).toEqual({ kind: 'compare', field: { name: 'amount', dataType: 'number' }, op: '>=', value: { type: 'number', value: 100 } });
    expect(rowRuleFilter(SET, viewer('u2'), SALES_FIELDS)).toEqual({ kind: 'contains', field: { name: 'category', dataType: 'string' }, text: '50%_off', negated: false });
    expect(rowRuleFilter(SET, viewer('u4'), SALES_FIELDS)).toMatchObject({ kind: 'and', children: [{ op: '>=', value: { value: 1 } }, { op: '<=', value: { value: 9 } }] });
    expect(rowRuleFilter(SET, viewer('u5'), SALES_FIELDS)).toMatchObject({ kind: 'or', children: [{ kind: 'compare', op: '<>' }, { kind: 'isNull' }] });
    expect(rowRuleFilter(SET, viewer('u3'), SALES_FIELDS)).toMatchObject({ kind: 'and', children: [{ op: '>=' }, { op: '<' }] });
  });

  it('the rules of the user and of each of their roles are ANDed', () => {
    expect(rulesFor(SET, viewer('u1', 'east'))).toHaveLength(2);
    expect(rowRuleFilter(SET, viewer('u1', 'east'), SALES_FIELDS)).toMatchObject({ kind: 'and', children: [{ field: { name: 'region' } }, { field: { name: 'amount' } }] });
  });

  it('no rule for the caller: every row, or none under deny-by-default; admin always every row', () => {
    expect(rowRuleFilter(SET, viewer('nobody', 'west'), SALES_FIELDS)).toBeUndefined();
    const deny = { ...SET, denyByDefault: true };
    expect(rowRuleFilter(deny, viewer('nobody', 'west'), SALES_FIELDS)).toEqual({ kind: 'none' });
    expect(rowRuleFilter(deny, ADMIN, SALES_FIELDS)).toBeUndefined();
    expect(rowRuleFilter(deny, viewer('u1'), SALES_FIELDS)).toMatchObject({ kind: 'compare' });
  });

  it('a rule on a field the source lost denies every row; unreadable stored rules deny', () => {
    const fewer = SALES_FIELDS.filter((f) => f.name !== 'amount');
    expect(rowRuleFilter(SET, viewer('u1'), fewer)).toEqual({ kind: 'none' });
    expect(parseRowRules('{not json')).toEqual({ denyByDefault: true, rules: [] });
    expect(parseRowRules('')).toEqual({ denyByDefault: false, rules: [] });
  });

  it('fingerprints differ between viewers with different rules and agree for the same', () => {
    expect(rowRuleFingerprint(SET, ADMIN)).toBe('');
    expect(rowRuleFingerprint(SET, viewer('x'))).toBe('');
    expect(rowRuleFingerprint({ ...SET, denyByDefault: true }, viewer('x'))).toBe('none');
    expect(rowRuleFingerprint(SET, viewer('u1'))).not.toBe(rowRuleFingerprint(SET, viewer('u2')));
    expect(rowRuleFingerprint(SET, viewer('a', 'east'))).toBe(rowRuleFingerprint(SET, viewer('b', 'east')));
  });

  it("a joined table's fingerprint includes each input's rules for the viewer (docs/api/join-table.md)", () => {
    const join = (inputs: RowRuleSet['inputs']): RowRuleSet => ({ denyByDefault: false, rules: [], inputs });
    // no rule restricts: '' (shares answers with everyone unrestricted); admins always ''
    expect(rowRuleFingerprint(join([null, SET]), viewer('x'))).toBe('');
    expect(rowRuleFingerprint(join([null, SET]), ADMIN)).toBe('');
    // restricted on one input only: restricted on the join
    expect(rowRuleFingerprint(join([null, SET]), viewer('u1'))).not.toBe('');
    expect(rowRuleFingerprint(join([null, { ...SET, denyByDefault: true }]), viewer('x'))).not.toBe('');
    // the same rules on another input are another fingerprint; the same rules through a role agree
    expect(rowRuleFingerprint(join([null, SET]), viewer('u1'))).not.toBe(rowRuleFingerprint(join([SET, null]), viewer('u1')));
    expect(rowRuleFingerprint(join([SET, SET]), viewer('a', 'east'))).toBe(rowRuleFingerprint(join([SET, SET]), viewer('b', 'east')));
    expect(rowRuleFingerprint(join([SET, SET]), viewer('u1'))).not.toBe(rowRuleFingerprint(join([SET, SET]), viewer('u2')));
  });

  it("parses a joined table's inputs; an input set that cannot be read denies", () => {
    const parsed = parseRowRules(JSON.stringify({ denyByDefault: false, rules: [], inputs: [null, SET, 'x'] }));
    expect(parsed.inputs).toEqual([null, { denyByDefault: SET.denyByDefault, rules: SET.rules }, { denyByDefault: true, rules: [] }]);
    expect(parseRowRules(JSON.stringify(SET)).inputs).toBeUndefined();
    expect(parseRowRules(JSON.stringify({ rules: [], inputs: 'x' })).inputs).toEqual([{ denyByDefault: true, rules: [] }]);
  });

  it('refuses bad rules: target, field, operator for the type, value type, missing value, size', () => {
    const one = (r: Record<string, unknown>) => () => checkRowRules({ rules: [r] }, SALES_FIELDS);
    expect(code(one({ field: 'region', compare: '=', compareValue: 'E' }))).toBe('row_rule_target');
    expect(code(one({ roleId: 'r', userId: 'u', field: 'region', compare: '=', compareValue: 'E' }))).toBe('row_rule_target');
    expect(code(one({ roleId: 'r', field: 'nope', compare: '=', compareValue: 'E' }))).toBe('unknown_field');
    expect(code(one({ roleId: 'r', field: 'region', compare: '>', compareValue: 'E' }))).toBe('operator_not_allowed');
    expect(code(one({ roleId: 'r', field: 'amount', compare: '=', compareValue: 'lots' }))).toBe('invalid_value');
    expect(code(one({ roleId: 'r', field: 'amount', compare: '=', compareValue: '' }))).toBe('row_rule_value_required');
    expect(code(one({ roleId: 'r', field: 'order_date', compare: 'between', compareValueLeft: '2024-01-01' }))).toBe('row_rule_value_required');
    expect(code(one({ roleId: 'r', field: 'region', compare: '=', compareValue: 'x'.repeat(1001) }))).toBe('value_too_long');
    const many = Array.from({ length: 201 }, () => ({ roleId: 'r', field: 'region', compare: '=', compareValue: 'E' }));
    expect(code(() => checkRowRules({ rules: many }, SALES_FIELDS))).toBe('too_many_row_rules');
  });
});

describe.each(DIALECT_NAMES)('row-level rules in SQL: %s', (dialect) => {
  const c = chart({ points: [point('region')], values: [value('amount', 'sum')] });
  const render = (q: { sql: string; params: unknown[] }) => ({ sql: q.sql, params: q.params });

  it('chart and detail queries carry the caller rules as bound values', () => {
    const rowFilter = rowRuleFilter(SET, viewer('u1', 'east'), SALES_FIELDS);
    const chartQuery = compile(buildChartQuery(c, SALES_TABLE, SALES_FIELDS, { rowFilter, innerFilters: [{ name: 'category', dataType: 'string', range: ['Tech'] }] }), dialect);
    expect(chartQuery.params).toEqual(expect.arrayContaining(['East', 100, 'Tech']));
    expect(chartQuery.sql).not.toContain('East');
    const detail = compile(buildDetailQuery(c, SALES_TABLE, SALES_FIELDS, { rowFilter, pageSize: 10 }), dialect);
    expect(render(chartQuery)).toMatchSnapshot('chart');
    expect(render(detail)).toMatchSnapshot('detail');
  });

  it('deny-by-default without a rule for the caller: a condition no row meets', () => {
    const q = compile(buildChartQuery(c, SALES_TABLE, SALES_FIELDS, { rowFilter: rowRuleFilter({ ...SET, denyByDefault: true }, viewer('x'), SALES_FIELDS) }), dialect);
    expect(q.sql).toContain('1 = 0');
    expect(render(q)).toMatchSnapshot('deny');
  });
});
