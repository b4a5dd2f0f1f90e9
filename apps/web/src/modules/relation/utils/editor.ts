/**
 * The relation-map editor's edits (pure): each takes the node array and answers a new one; the tree
 * rules themselves are `checkRelationTree` of @bi/chart-model (the same the BFF and the service check).
 */
import { newRelationNode, relationTreeOrder, RELATION_LIMITS, type RelationLayout, type RelationNodeView } from '@bi/chart-model';
import type { RelationChart, RelationChartFolder } from '../types';

/** The ids of a node and every node below it. */
export function subtreeIds(nodes: readonly RelationNodeView[], nodeId: string): Set<string> {
  const out = new Set<string>([nodeId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes) {
      if (n.parentId && out.has(n.parentId) && !out.has(n.nodeId)) {
        out.add(n.nodeId);
        grew = true;
      }
    }
  }
  return out;
}

type TreeNode = Pick<RelationNodeView, 'nodeId' | 'parentId'>;

/** Depth of a node (the root is 0); nodes whose parent is missing count as roots. */
export function depthOf(nodes: readonly TreeNode[], nodeId: string): number {
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  let depth = 0;
  let at = byId.get(nodeId);
  while (at?.parentId && byId.has(at.parentId) && depth <= nodes.length) {
    depth++;
    at = byId.get(at.parentId);
  }
  return depth;
}

/** The rows of the indented editor list: tree order with each node's depth. */
export function editorRows<T extends TreeNode>(nodes: readonly T[]): { node: T; depth: number }[] {
  return relationTreeOrder(nodes).map((node) => ({ node, depth: depthOf(nodes, node.nodeId) }));
}

/** Whether a child can be added under the node (node count and depth limits). */
export function canAddChild(nodes: readonly RelationNodeView[], parentId: string): boolean {
  return nodes.length < RELATION_LIMITS.nodes && depthOf(nodes, parentId) + 1 < RELATION_LIMITS.depth;
}

/** A new child (spec defaults) as the last child of `parentId`, in the map's layout. */
export function addChild(nodes: readonly RelationNodeView[], parentId: string, nodeId: string, name: string): RelationNodeView[] {
  const parent = nodes.find((n) => n.nodeId === parentId);
  if (!parent || !canAddChild(nodes, parentId)) return [...nodes];
  const child: RelationNodeView = { ...newRelationNode({ nodeId, relationId: parent.relationId, name, parentId, chartType: parent.chartType }), state: 'empty' };
  return [...nodes, child];
}

/** The node with some of its fields changed. */
export function changeNode(nodes: readonly RelationNodeView[], nodeId: string, patch: Partial<RelationNodeView>): RelationNodeView[] {
  return nodes.map((n) => (n.nodeId === nodeId ? { ...n, ...patch } : n));
}

/** The node bound to a chart: name of the chart kept for the list, the state ok, the mapped field kept only when the new chart's source has it. */
export function bindChart(nodes: readonly RelationNodeView[], nodeId: string, chart: RelationChart, dashboardId: string): RelationNodeView[] {
  return nodes.map((n) => {
    if (n.nodeId !== nodeId) return n;
    const keepField = n.relationName && chart.fields.some((f) => f.name === n.relationName);
    const field = keepField ? chart.fields.find((f) => f.name === n.relationName) : undefined;
    return {
      ...n,
      chartId: chart.chartId,
      chartName: chart.title,
      dashboardId,
      relationSourceId: chart.dataSourceId,
      state: 'ok',
      relationName: keepField ? n.relationName : null,
      ...(field ? { relationDataType: dataTypeOf(field.dataType) } : {}),
      isConcatenate: keepField ? n.isConcatenate : false,
    };
  });
}

const dataTypeOf = (value: string): 'string' | 'number' | 'date' => (value === 'number' || value === 'date' ? value : 'string');

/** The mapped field of a node (the field of its chart's source the parent's category filters). */
export function setMappedField(nodes: readonly RelationNodeView[], nodeId: string, field: { name: string; dataType: string } | null): RelationNodeView[] {
  return changeNode(nodes, nodeId, field ? { relationName: field.name, relationDataType: dataTypeOf(field.dataType) } : { relationName: null });
}

/** Whether `nodeId` may hang under `parentId`: not the root, not under itself or its own subtree, not where it already is. */
export function canMoveUnder(nodes: readonly RelationNodeView[], nodeId: string, parentId: string): boolean {
  const node = nodes.find((n) => n.nodeId === nodeId);
  if (!node?.parentId || node.parentId === parentId) return false;
  if (!nodes.some((n) => n.nodeId === parentId)) return false;
  if (subtreeIds(nodes, nodeId).has(parentId)) return false;
  const height = Math.max(...[...subtreeIds(nodes, nodeId)].map((id) => depthOf(nodes, id))) - depthOf(nodes, nodeId);
  return depthOf(nodes, parentId) + 1 + height < RELATION_LIMITS.depth;
}

/** The node (with its subtree) moved to be the last child of `parentId`; unchanged when not allowed. */
export function moveUnder(nodes: readonly RelationNodeView[], nodeId: string, parentId: string): RelationNodeView[] {
  if (!canMoveUnder(nodes, nodeId, parentId)) return [...nodes];
  const moved = nodes.find((n) => n.nodeId === nodeId)!;
  return [...nodes.filter((n) => n.nodeId !== nodeId), { ...moved, parentId }];
}

/** The array without the node and everything below it (the root cannot be removed). */
export function removeSubtree(nodes: readonly RelationNodeView[], nodeId: string): RelationNodeView[] {
  const node = nodes.find((n) => n.nodeId === nodeId);
  if (!node?.parentId) return [...nodes];
  const gone = subtreeIds(nodes, nodeId);
  return nodes.filter((n) => !gone.has(n.nodeId));
}

/** The map's layout is the root's chartType; every node carries it. */
export function setLayout(nodes: readonly RelationNodeView[], layout: RelationLayout): RelationNodeView[] {
  return nodes.map((n) => ({ ...n, chartType: layout }));
}

/** The array as `change` takes it: tree order (parents before children), read-only fields dropped. */
export function nodesToSave(nodes: readonly RelationNodeView[]): RelationNodeView[] {
  return relationTreeOrder(nodes).map(({ nodeId, relationId, parentId, name, chartId, relationSourceId, isConcatenate, relationName, chartType, formatter }) => ({
    nodeId,
    relationId,
    parentId,
    name: name.trim(),
    chartId,
    relationSourceId,
    isConcatenate: Boolean(isConcatenate),
    relationName: relationName ?? null,
    chartType,
    formatter,
  }));
}

/** The picker's chart of an id, with its dashboard (undefined when the caller cannot pick it). */
export function findChart(folders: readonly RelationChartFolder[] | undefined, chartId: string | null): { chart: RelationChart; dashboardId: string; dashboardName: string } | undefined {
  if (!folders || !chartId) return undefined;
  for (const folder of folders) {
    for (const dashboard of folder.dashboards) {
      const chart = dashboard.charts.find((c) => c.chartId === chartId);
      if (chart) return { chart, dashboardId: dashboard.dashboardId, dashboardName: dashboard.name };
    }
  }
  return undefined;
}

/** A new node id: a random UUID (32 hex digits in hyphenated groups, spec 02 §7), also where `crypto.randomUUID` is missing (plain-HTTP hosts). */
export function newNodeId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether two node arrays save the same map (the editor's "unsaved changes"). */
export function sameNodes(a: readonly RelationNodeView[], b: readonly RelationNodeView[]): boolean {
  return JSON.stringify(nodesToSave(a)) === JSON.stringify(nodesToSave(b));
}
