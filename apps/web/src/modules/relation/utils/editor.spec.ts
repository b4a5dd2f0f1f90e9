import { describe, expect, it } from '@jest/globals';
import { checkRelationTree, isRelationNodeId, newRelationNode, RELATION_LIMITS, type RelationNodeView } from '@bi/chart-model';
import { addChild, bindChart, canMoveUnder, depthOf, editorRows, moveUnder, newNodeId, nodesToSave, removeSubtree, sameNodes, setLayout, setMappedField, subtreeIds } from './editor';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const rel = id(999);
const node = (n: number, parent: number | null, extra: Partial<RelationNodeView> = {}): RelationNodeView => ({
  ...newRelationNode({ nodeId: id(n), relationId: rel, name: `n${n}`, parentId: parent === null ? null : id(parent) }),
  ...extra,
});
// 1 ─┬─ 2 ── 4
//    └─ 3
const map = [node(1, null), node(2, 1), node(3, 1), node(4, 2)];

describe('relation editor edits', () => {
  it('lists the nodes in tree order with their depth', () => {
    expect(editorRows(map).map((r) => [r.node.name, r.depth])).toEqual([
      ['n1', 0],
      ['n2', 1],
      ['n4', 2],
      ['n3', 1],
    ]);
    expect(depthOf(map, id(4))).toBe(2);
    expect([...subtreeIds(map, id(2))].sort()).toEqual([id(2), id(4)]);
  });

  it('adds a child with the spec defaults (formatter type 0, no chart) in the map layout', () => {
    const out = addChild(setLayout(map, 2), id(3), id(5), 'Child');
    const child = out.find((n) => n.nodeId === id(5))!;
    expect(child).toMatchObject({ parentId: id(3), name: 'Child', chartId: null, isConcatenate: false, chartType: 2, formatter: { type: 0, unit: 0, decimalPlaces: 0, useThousandth: false } });
    expect(checkRelationTree(out)).toBeNull();
    expect(addChild(map, 'missing', id(6), 'x')).toEqual(map);
  });

  it('refuses a child beyond the node limit', () => {
    const many = [node(1, null), ...Array.from({ length: RELATION_LIMITS.nodes - 1 }, (_, i) => node(i + 2, 1))];
    expect(addChild(many, id(1), id(5000), 'x')).toHaveLength(RELATION_LIMITS.nodes);
  });

  it('moves a node with its subtree under another node, never under itself, its subtree or as a second root', () => {
    expect(canMoveUnder(map, id(2), id(3))).toBe(true);
    const moved = moveUnder(map, id(2), id(3));
    expect(moved.find((n) => n.nodeId === id(2))!.parentId).toBe(id(3));
    expect(checkRelationTree(moved)).toBeNull();
    expect(canMoveUnder(map, id(2), id(4))).toBe(false); // its own child: a cycle
    expect(canMoveUnder(map, id(2), id(2))).toBe(false);
    expect(canMoveUnder(map, id(1), id(3))).toBe(false); // the root stays the root
    expect(canMoveUnder(map, id(4), id(2))).toBe(false); // already there
    expect(moveUnder(map, id(2), id(4))).toEqual(map);
  });

  it('removes a subtree but never the root', () => {
    expect(removeSubtree(map, id(2)).map((n) => n.nodeId)).toEqual([id(1), id(3)]);
    expect(removeSubtree(map, id(1))).toEqual(map);
  });

  it('binds a chart: keeps the mapped field only when the new source has it', () => {
    const withField = setMappedField(map, id(2), { name: 'province', dataType: 'string' }).map((n) => (n.nodeId === id(2) ? { ...n, isConcatenate: true } : n));
    const chart = { chartId: id(70), title: 'Revenue', type: 'bar', dataSourceId: id(80), fields: [{ name: 'province', title: 'Province', dataType: 'string' }] };
    const kept = bindChart(withField, id(2), chart, id(90)).find((n) => n.nodeId === id(2))!;
    expect(kept).toMatchObject({ chartId: id(70), chartName: 'Revenue', relationSourceId: id(80), relationName: 'province', isConcatenate: true, state: 'ok', dashboardId: id(90) });
    const other = bindChart(withField, id(2), { ...chart, fields: [{ name: 'city', title: 'City', dataType: 'string' }] }, id(90)).find((n) => n.nodeId === id(2))!;
    expect(other).toMatchObject({ relationName: null, isConcatenate: false });
  });

  it('saves the array in tree order without the read-only fields', () => {
    const shown = [node(3, 1, { chartName: 'x', state: 'broken', dashboardId: 'd' }), node(1, null, { name: '  Root  ' })];
    const saved = nodesToSave(shown);
    expect(saved.map((n) => n.nodeId)).toEqual([id(1), id(3)]);
    expect(saved[0]!.name).toBe('Root');
    expect(Object.keys(saved[1]!).sort()).toEqual(['chartId', 'chartType', 'formatter', 'isConcatenate', 'nodeId', 'parentId', 'relationId', 'relationName', 'relationSourceId', 'name'].sort());
    expect(sameNodes(shown, [...shown].reverse())).toBe(true);
    expect(sameNodes(map, setLayout(map, 1))).toBe(false);
  });

  it('makes UUID node ids', () => {
    const fixed = newNodeId((b) => b.fill(0xff));
    expect(isRelationNodeId(fixed)).toBe(true);
    expect(fixed).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newNodeId()).not.toBe(newNodeId());
  });
});
