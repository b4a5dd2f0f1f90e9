import { describe, expect, it } from '@jest/globals';
import { newRelationNode, type RelationNodeView } from '@bi/chart-model';
import { filterChips, pickAt, stepFilters, stepTo } from './carousel';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (n: number, parent: number | null, extra: Partial<RelationNodeView> = {}): RelationNodeView => ({
  ...newRelationNode({ nodeId: id(n), relationId: id(99), name: `n${n}`, parentId: parent === null ? null : id(parent), chartId: id(50 + n) }),
  ...extra,
});

const chain = [node(1, null), node(2, 1, { isConcatenate: true, relationName: 'province' }), node(3, 2, { isConcatenate: true, relationName: 'city' }), node(4, 3)];

describe('relation carousel steps', () => {
  it('runs the root unfiltered and each concatenated child filtered by the picks above it', () => {
    const picks = [
      { nodeId: id(1), value: '浙江' },
      { nodeId: id(2), value: '杭州' },
    ];
    expect(stepFilters(chain, 0, picks)).toBeUndefined();
    expect(stepFilters(chain, 1, picks)?.globalFilters).toEqual([{ id: `relation:${id(2)}`, name: 'province', dataType: 'string', range: ['浙江'] }]);
    expect(stepFilters(chain, 2, picks)?.globalFilters.map((f) => [f.name, f.range[0]])).toEqual([
      ['province', '浙江'],
      ['city', '杭州'],
    ]);
    // the fourth node is not concatenated: it keeps the filters of the nodes above it
    expect(stepFilters(chain, 3, picks)?.globalFilters).toHaveLength(2);
    expect(stepFilters(chain, 1, [])).toBeUndefined();
  });

  it('a new pick drops the picks made below it; a cleared pick is removed', () => {
    const picks = [
      { nodeId: id(1), value: 'A' },
      { nodeId: id(2), value: 'B' },
      { nodeId: id(3), value: 'C' },
    ];
    expect(pickAt(chain, picks, id(2), 'X')).toEqual([
      { nodeId: id(1), value: 'A' },
      { nodeId: id(2), value: 'X' },
    ]);
    expect(pickAt(chain, picks, id(1), null)).toEqual([]);
    expect(pickAt(chain, picks, 'unknown', 'X')).toEqual(picks);
  });

  it('shows a chip per filter', () => {
    expect(filterChips([{ name: 'd', title: 'Day', dataType: 'date', range: ['2024-01-01', '2024-01-01'] }])).toEqual([{ key: 'd', field: 'Day', value: '2024-01-01' }]);
    expect(filterChips(undefined)).toEqual([]);
  });

  it('steps inside the chain without wrapping', () => {
    expect(stepTo(0, -1, 3)).toBe(0);
    expect(stepTo(1, 1, 3)).toBe(2);
    expect(stepTo(2, 1, 3)).toBe(2);
    expect(stepTo(0, 1, 0)).toBe(0);
  });
});
