import { emptyChart } from './chart.js';
import {
  checkRelationTree,
  defaultRelationFormatter,
  headlineChart,
  headlineValue,
  newRelationNode,
  relationChain,
  relationFilters,
  relationPath,
  relationTreeOrder,
  type RelationNode,
  type RelationNodeView,
} from './relation.js';

const R = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (n: number, parent: number | null, extra: Partial<RelationNode> = {}): RelationNode =>
  newRelationNode({ nodeId: id(n), relationId: R, name: `N${n}`, parentId: parent === null ? null : id(parent), chartId: `c${n}`, ...extra });

describe('relation node defaults', () => {
  it('gives a new node the spec defaults: formatter type 0, unit 0, 0 decimals, no separator; force layout, not concatenated', () => {
    expect(defaultRelationFormatter()).toEqual({ type: 0, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: false });
    expect(newRelationNode({ nodeId: id(1), relationId: R, name: 'Root' })).toEqual({
      nodeId: id(1),
      relationId: R,
      parentId: null,
      name: 'Root',
      chartId: null,
      relationSourceId: null,
      isConcatenate: false,
      relationName: null,
      chartType: 0,
      formatter: defaultRelationFormatter(),
    });
  });
});

describe('checkRelationTree', () => {
  const tree = [node(1, null), node(2, 1), node(3, 1), node(4, 2)];
  it('accepts a tree', () => expect(checkRelationTree(tree)).toBeNull());
  it('refuses an empty map, two roots, no root, an unknown parent, a cycle', () => {
    expect(checkRelationTree([])?.key).toBe('relation.no_nodes');
    expect(checkRelationTree([node(1, null), node(2, null)])).toEqual({ key: 'relation.two_roots', params: { names: 'N1, N2' } });
    expect(checkRelationTree([node(1, 2), node(2, 1)])?.key).toBe('relation.no_root');
    expect(checkRelationTree([node(1, null), node(2, 9)])).toEqual({ key: 'relation.parent_unknown', params: { name: 'N2' } });
    expect(checkRelationTree([node(1, null), node(2, 3), node(3, 2)])?.key).toBe('relation.cycle');
    expect(checkRelationTree([node(1, null), node(2, 2)])?.key).toBe('relation.cycle');
  });
  it('refuses bad ids, duplicates, mixed maps, bad names, too many or too deep nodes', () => {
    expect(checkRelationTree([{ ...node(1, null), nodeId: 'x' }])?.key).toBe('relation.node_id');
    expect(checkRelationTree([node(1, null), node(1, 1)])?.key).toBe('relation.duplicate_node');
    expect(checkRelationTree([node(1, null), { ...node(2, 1), relationId: id(9) }])?.key).toBe('relation.mixed_maps');
    expect(checkRelationTree([node(1, null, { name: '  ' })])?.key).toBe('relation.node_name');
    expect(checkRelationTree([node(1, null, { name: '字'.repeat(21) })])?.key).toBe('relation.node_name');
    expect(checkRelationTree([node(1, null, { name: '字'.repeat(20) })])).toBeNull();
    expect(checkRelationTree(Array.from({ length: 201 }, (_, i) => node(i + 1, i === 0 ? null : 1)))?.key).toBe('relation.too_many_nodes');
    expect(checkRelationTree(Array.from({ length: 21 }, (_, i) => node(i + 1, i === 0 ? null : i)))?.key).toBe('relation.too_deep');
    expect(checkRelationTree(Array.from({ length: 20 }, (_, i) => node(i + 1, i === 0 ? null : i)))).toBeNull();
  });
  it('refuses a concatenated node without its field or without charts on both ends', () => {
    expect(checkRelationTree([node(1, null), node(2, 1, { isConcatenate: true })])?.key).toBe('relation.concatenate_field');
    expect(checkRelationTree([node(1, null, { chartId: null }), node(2, 1, { isConcatenate: true, relationName: 'r' })])?.key).toBe('relation.concatenate_parent');
    expect(checkRelationTree([node(1, null), node(2, 1, { isConcatenate: true, relationName: 'r' })])).toBeNull();
  });
});

describe('chains', () => {
  // 1 → (2 → (4, 5), 3)
  const nodes = [node(5, 2), node(3, 1), node(2, 1), node(1, null), node(4, 2)];
  it('orders a tree root first, depth first, siblings in array order', () => {
    expect(relationTreeOrder(nodes).map((n) => n.name)).toEqual(['N1', 'N3', 'N2', 'N5', 'N4']);
  });
  it('answers the path from the root and the carousel chain (path, then first children down)', () => {
    expect(relationPath(nodes, id(4)).map((n) => n.name)).toEqual(['N1', 'N2', 'N4']);
    expect(relationPath(nodes, id(9))).toEqual([]);
    expect(relationChain(nodes, id(2))).toEqual({ chain: [node(1, null), node(2, 1), node(5, 2)], index: 1 });
    expect(relationChain(nodes).chain.map((n) => n.name)).toEqual(['N1', 'N3']);
    expect(relationChain(nodes, id(9))).toEqual({ chain: [], index: -1 });
  });
  it('chains the filters: each concatenated node is filtered by its parent selection, and keeps it for the nodes below', () => {
    const path: RelationNodeView[] = [
      node(1, null),
      node(2, 1, { isConcatenate: true, relationName: 'region' }),
      { ...node(3, 2, { isConcatenate: true, relationName: 'qty' }), relationDataType: 'number' },
      node(4, 3),
    ];
    const picks = [
      { nodeId: id(1), value: 'East' },
      { nodeId: id(2), value: '7' },
      { nodeId: id(3), value: 'ignored: node 4 is not concatenated' },
    ];
    expect(relationFilters(path, 0, picks)).toEqual([]);
    expect(relationFilters(path, 1, picks)).toEqual([{ id: `relation:${id(2)}`, name: 'region', dataType: 'string', range: ['East'] }]);
    expect(relationFilters(path, 3, picks)).toEqual([
      { id: `relation:${id(2)}`, name: 'region', dataType: 'string', range: ['East'] },
      { id: `relation:${id(3)}`, name: 'qty', dataType: 'number', range: [7], numberOption: 'equal' },
    ]);
    // nothing picked above: no filter
    expect(relationFilters(path, 3, [])).toEqual([]);
    const dated: RelationNodeView[] = [node(1, null), { ...node(2, 1, { isConcatenate: true, relationName: 'day' }), relationDataType: 'date' }];
    expect(relationFilters(dated, 1, [{ nodeId: id(1), value: '2024-01-02' }])[0]).toMatchObject({ dataType: 'date', range: ['2024-01-02', '2024-01-02'] });
  });
});

describe('headlineChart', () => {
  it('keeps the first value field over all rows, its filters, and drops dimensions, top-N and plot lines', () => {
    const chart = {
      ...emptyChart('c', 'Bar', 's', 'bar'),
      points: [{ name: 'region', dataType: 'string' as const }],
      values: [{ name: 'amount', dataType: 'number' as const, aggregator: 'avg' as const }, { name: 'qty', dataType: 'number' as const }],
      innerFilters: [{ name: 'region', dataType: 'string' as const, range: ['East'] }],
      editTopNum: { showItemNum: true, direction: 0 as const, num: 3, mode: 0 as const },
    };
    const h = headlineChart(chart)!;
    expect(h).toMatchObject({ type: 'card', points: [], secondPoints: [], values: [chart.values[0]], secondValues: [], innerFilters: chart.innerFilters });
    expect(h.editTopNum).toBeUndefined();
    expect(headlineChart({ ...chart, values: [], secondValues: [{ name: 'x', dataType: 'number' }] })!.values).toEqual([{ name: 'x', dataType: 'number' }]);
    expect(headlineChart({ ...chart, values: [] })).toBeUndefined();
    expect(headlineChart({ ...chart, dataSourceId: '' })).toBeUndefined();
  });
});

describe('headlineValue: the number a node shows is the one its chart shows (issue 27: 利润率 showed the profit sum)', () => {
  const profit = { name: '利润', dataType: 'number' as const, aggregator: 'sum' as const };
  const revenue = { name: '金额', dataType: 'number' as const, aggregator: 'sum' as const };
  const nav = { ...emptyChart('n', '利润率 Profit / revenue', 's', 'nav'), points: [{ name: '类别', dataType: 'string' as const }], values: [profit], secondValues: [revenue] };

  it('a progress chart is reduced to its value and target, and reads their ratio as a percent', () => {
    expect(headlineChart(nav)).toMatchObject({ type: 'card', points: [], values: [profit, revenue], secondValues: [] });
    const h = headlineValue(nav, [236513733, 1865310000]);
    expect(h.value).toBeCloseTo(236513733 / 1865310000, 12);
    expect(h.formatter).toMatchObject({ type: 2, decimalPlaces: 2 });
    // the target of two value fields is the second; without one, property.max, else 100
    expect(headlineChart({ ...nav, values: [profit, revenue], secondValues: [] })!.values).toEqual([profit, revenue]);
    expect(headlineValue({ ...nav, secondValues: [], property: { max: 500 } }, [250]).value).toBe(0.5);
    expect(headlineValue({ ...nav, secondValues: [] }, [25]).value).toBe(0.25);
    expect(headlineValue(nav, [5, 0]).value).toBeNull();
    expect(headlineValue(nav, [null, 10]).value).toBeNull();
  });

  it('any other chart reads its first value with the field\'s formatter', () => {
    const money = { type: 1 as const, isCustomizeUnit: false, unit: 1 as const, customUnit: '', decimalPlaces: 1, useThousandth: true };
    const bar = { ...nav, type: 'bar' as const, values: [{ ...revenue, formatter: money }] };
    expect(headlineChart(bar)!.values).toEqual([bar.values[0]]);
    expect(headlineValue(bar, [1865310000])).toEqual({ value: 1865310000, formatter: money });
  });
});
