import { checkJoinTable, defaultJoinCompare, downstreamNodes, duplicateTitles, uniqueShowName, type JoinTableInput } from './join-table.js';

const node = (showName: string, fields: [string, string, 'string' | 'number' | 'date', boolean?][]) => ({
  dataSourceId: `id-${showName}`,
  showName,
  fields: fields.map(([name, title, dataType, check = true]) => ({ name, title, dataType, check })),
});
const link = (from: string, to: string, a = 'k', b = 'k') => ({ from, to, joinFields: [{ fromField: { name: a }, toField: { name: b } }] });
const base = (): JoinTableInput => ({
  name: 'Joined',
  nodeDataArray: [node('a', [['k', 'K', 'number'], ['x', 'X', 'string']]), node('b', [['k', 'K2', 'number'], ['y', 'Y', 'date']]), node('c', [['k', 'K3', 'number']])],
  links: [link('a', 'b'), link('b', 'c')],
});
const problem = (input: JoinTableInput, nameOptional = false) => {
  const r = checkJoinTable(input, nameOptional);
  return r.ok ? null : r.problem;
};

describe('join table rules', () => {
  it('accepts a tree rooted at the first node and answers the links in tree order', () => {
    const input = { ...base(), links: [link('b', 'c'), link('a', 'b')] };
    const r = checkJoinTable(input);
    expect(r.ok && r.order.map((l) => `${l.from}>${l.to}`)).toEqual(['a>b', 'b>c']);
  });

  it('refuses an empty name unless optional (preview)', () => {
    expect(problem({ ...base(), name: ' ' })).toEqual({ key: 'join.name_required', params: {} });
    expect(problem({ ...base(), name: ' ' }, true)).toBeNull();
    expect(problem({ ...base(), name: 'ab' })?.key).toBe('name.length');
  });

  it('refuses links to nodes not on the canvas, cycles, links into the root and unjoined nodes', () => {
    expect(problem({ ...base(), links: [link('a', 'b'), link('b', 'z')] })).toEqual({ key: 'join.node_missing', params: { name: 'z' } });
    expect(problem({ ...base(), links: [link('a', 'b'), link('c', 'b')] })?.key).toBe('join.cycle');
    expect(problem({ ...base(), links: [link('b', 'a'), link('b', 'c')] })?.key).toBe('join.cycle');
    expect(problem({ ...base(), links: [link('a', 'b'), link('c', 'c')] })?.key).toBe('join.cycle');
    // b ⇄ c: each joined once, but never reached from the root
    expect(problem({ ...base(), links: [link('c', 'b'), link('b', 'c')] })?.key).toBe('join.cycle');
    expect(problem({ ...base(), links: [link('a', 'b')] })).toEqual({ key: 'join.not_joined', params: { name: 'c' } });
    expect(problem({ ...base(), nodeDataArray: [...base().nodeDataArray, node('a', [['k', 'Q', 'number']])] })).toEqual({ key: 'join.duplicate_node', params: { name: 'a' } });
  });

  it('refuses join fields of different types or unknown, and empty pairs', () => {
    expect(problem({ ...base(), links: [link('a', 'b', 'x', 'k'), link('b', 'c')] })).toEqual({ key: 'join.type_mismatch', params: { from: 'x', to: 'k', fromType: 'string', toType: 'number' } });
    expect(problem({ ...base(), links: [link('a', 'b', 'nope', 'k'), link('b', 'c')] })).toEqual({ key: 'join.unknown_field', params: { field: 'nope', table: 'a' } });
    expect(problem({ ...base(), links: [{ from: 'a', to: 'b', joinFields: [] }, link('b', 'c')] })?.key).toBe('join.fields_required');
  });

  it("refuses duplicate titles among checked fields ('duplicate fields'), ignoring unchecked ones", () => {
    const dup = base();
    dup.nodeDataArray[1].fields[0].title = 'k';
    expect(problem(dup)).toEqual({ key: 'join.duplicate_fields', params: { titles: 'K' } });
    dup.nodeDataArray[1].fields[0].check = false;
    expect(problem(dup)).toBeNull();
    expect(duplicateTitles(base().nodeDataArray)).toEqual([]);
  });

  it('needs a checked field and titles of 1–20 characters', () => {
    const none = base();
    for (const n of none.nodeDataArray) for (const f of n.fields) f.check = false;
    expect(problem(none)?.key).toBe('join.no_fields');
    const long = base();
    long.nodeDataArray[0].fields[0].title = 'x'.repeat(21);
    expect(problem(long)?.key).toBe('field.alias_length');
  });

  it('checks filter rows name a node and one of its fields', () => {
    expect(problem({ ...base(), where: { linker: 'and', filterItems: [{ tb: 'q', field: 'k', compare: '=' }] } })?.key).toBe('join.node_missing');
    expect(problem({ ...base(), where: { linker: 'and', filterItems: [{ tb: 'b', field: 'x', compare: '=' }] } })?.key).toBe('join.unknown_field');
    expect(problem({ ...base(), where: { linker: 'or', filterItems: [{ tb: 'b', field: 'y', compare: 'between' }] } })).toBeNull();
  });

  it('numbers duplicate show names, finds what a removed node takes with it, defaults compares', () => {
    expect(uniqueShowName('orders', [])).toBe('orders');
    expect(uniqueShowName('orders', ['orders', 'orders(1)'])).toBe('orders(2)');
    expect(downstreamNodes('b', base().links)).toEqual(['b', 'c']);
    expect(downstreamNodes('c', base().links)).toEqual(['c']);
    expect([defaultJoinCompare('date'), defaultJoinCompare('number'), defaultJoinCompare('string')]).toEqual(['between', '=', '=']);
  });
});
