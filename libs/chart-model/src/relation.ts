/**
 * Relation maps (spec 02 §3 "Relation node", §9; docs/api/relation.md): the one home of the node model,
 * its defaults, the tree rules checked on every save (web, BFF and the relation service), the drill
 * chain and the filters the choices on it give each node, and the headline query of a node's chart.
 * Pure; used by the web, the BFF and the relation service.
 */
import type { Chart, DataType, Formatter, RangeFilter } from './chart.js';

/** 0 force graph, 1 top-bottom tree, 2 left-right tree. */
export type RelationLayout = 0 | 1 | 2;
export const RELATION_LAYOUTS: readonly RelationLayout[] = [0, 1, 2];

/** A node as saved (spec 02 §3). */
export interface RelationNode {
  nodeId: string;
  relationId: string;
  parentId: string | null;
  name: string;
  chartId: string | null;
  /** the data source of the node's chart (filled by the server) */
  relationSourceId: string | null;
  /** the parent's selected category filters this node by `relationName` */
  isConcatenate: boolean;
  /** the field of this node's chart source the parent's category filters */
  relationName: string | null;
  chartType: RelationLayout;
  formatter: Formatter;
}

/** Read-only parts the server adds on reads. */
export type RelationNodeState = 'ok' | 'empty' | 'broken' | 'noPermission';
export interface RelationNodeView extends RelationNode {
  chartName?: string;
  dashboardId?: string | null;
  state?: RelationNodeState;
  /** the type of `relationName` in the node's source (how the parent's category is compared) */
  relationDataType?: DataType;
}

/** A node of the relation-option answer (docs/api/relation.md): its value under the drill's choices, formatted. */
export interface RelationOptionNode {
  nodeId: string;
  parentId: string | null;
  name: string;
  chartId: string | null;
  chartName: string;
  dashboardId: string | null;
  state: RelationNodeState;
  value: number | null;
  /** the value written by the node's formatter in the caller's language ('-' when none) */
  text: string;
  /** the node's chart failed to run (message in the caller's language) */
  error?: string;
}

/** Bounds of a map (checked on save). */
export const RELATION_LIMITS = { nodes: 200, depth: 20, nodeName: 20, selections: 200, selectionChars: 200 } as const;

/** A new node's formatter (spec 02 §9: type 0, unit 0, decimal places 0, no thousands separator). */
export function defaultRelationFormatter(): Formatter {
  return { type: 0, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: false };
}

/** The default names of a new root and a new child (spec 02 §9), per UI language. */
export const RELATION_DEFAULT_NAMES = {
  'zh-CN': { root: '根节点', child: '子节点' },
  'zh-TW': { root: '根節點', child: '子節點' },
  en: { root: 'Root', child: 'Child' },
} as const;

/** A new node with the spec's defaults. */
export function newRelationNode(init: Pick<RelationNode, 'nodeId' | 'relationId' | 'name'> & Partial<RelationNode>): RelationNode {
  return { parentId: null, chartId: null, relationSourceId: null, isConcatenate: false, relationName: null, chartType: 0, formatter: defaultRelationFormatter(), ...init };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** New node ids are 32 hex digits in hyphenated groups (spec 02 §7). */
export const isRelationNodeId = (v: unknown): v is string => typeof v === 'string' && UUID_PATTERN.test(v);

/** What is wrong with a node array: an i18n key of libs/i18n (`relation.*`) and its parameters. */
export interface RelationTreeProblem {
  key:
    | 'relation.no_nodes'
    | 'relation.too_many_nodes'
    | 'relation.node_id'
    | 'relation.duplicate_node'
    | 'relation.mixed_maps'
    | 'relation.node_name'
    | 'relation.no_root'
    | 'relation.two_roots'
    | 'relation.parent_unknown'
    | 'relation.cycle'
    | 'relation.too_deep'
    | 'relation.concatenate_field'
    | 'relation.concatenate_parent';
  params: Record<string, string | number>;
}

const charCount = (s: string) => [...s].length;

/**
 * The tree rules (docs/api/relation.md): ids are unique UUIDs of one map, names 1–20 characters,
 * exactly one root, every parent a node of the array, no cycle, depth ≤ 20, a concatenated node names
 * its field and hangs under a node with a chart. The first problem found, or null.
 */
export function checkRelationTree(nodes: readonly RelationNode[], relationId?: string): RelationTreeProblem | null {
  if (nodes.length === 0) return { key: 'relation.no_nodes', params: {} };
  if (nodes.length > RELATION_LIMITS.nodes) return { key: 'relation.too_many_nodes', params: { max: RELATION_LIMITS.nodes } };
  const byId = new Map<string, RelationNode>();
  for (const n of nodes) {
    if (!isRelationNodeId(n.nodeId)) return { key: 'relation.node_id', params: { id: String(n.nodeId).slice(0, 40) } };
    const id = n.nodeId.toLowerCase();
    if (byId.has(id)) return { key: 'relation.duplicate_node', params: { id: n.nodeId } };
    byId.set(id, n);
    if ((relationId ?? nodes[0]!.relationId) !== n.relationId) return { key: 'relation.mixed_maps', params: {} };
    const name = typeof n.name === 'string' ? n.name.trim() : '';
    if (charCount(name) < 1 || charCount(name) > RELATION_LIMITS.nodeName) return { key: 'relation.node_name', params: { name: name.slice(0, 40), min: 1, max: RELATION_LIMITS.nodeName } };
  }
  const roots = nodes.filter((n) => !n.parentId);
  if (roots.length === 0) return { key: 'relation.no_root', params: {} };
  if (roots.length > 1) return { key: 'relation.two_roots', params: { names: roots.map((r) => r.name).join(', ').slice(0, 120) } };
  for (const n of nodes) if (n.parentId && !byId.has(n.parentId.toLowerCase())) return { key: 'relation.parent_unknown', params: { name: n.name } };
  // every node reaches the root within the node count; otherwise it is on (or under) a cycle
  for (const n of nodes) {
    let depth = 1;
    let at: RelationNode = n;
    while (at.parentId) {
      at = byId.get(at.parentId.toLowerCase())!;
      depth++;
      if (depth > nodes.length) return { key: 'relation.cycle', params: { name: n.name } };
    }
    if (depth > RELATION_LIMITS.depth) return { key: 'relation.too_deep', params: { max: RELATION_LIMITS.depth } };
  }
  for (const n of nodes) {
    if (!n.isConcatenate) continue;
    if (!n.relationName) return { key: 'relation.concatenate_field', params: { name: n.name } };
    const parent = n.parentId ? byId.get(n.parentId.toLowerCase()) : undefined;
    if (!parent?.chartId || !n.chartId) return { key: 'relation.concatenate_parent', params: { name: n.name } };
  }
  return null;
}

/** The nodes in tree order: the root, then each node's children in their array order (depth first). */
export function relationTreeOrder<T extends Pick<RelationNode, 'nodeId' | 'parentId'>>(nodes: readonly T[]): T[] {
  const children = new Map<string | null, T[]>();
  for (const n of nodes) {
    const key = n.parentId || null;
    children.set(key, [...(children.get(key) ?? []), n]);
  }
  const out: T[] = [];
  const seen = new Set<string>();
  const visit = (n: T) => {
    if (seen.has(n.nodeId)) return;
    seen.add(n.nodeId);
    out.push(n);
    for (const c of children.get(n.nodeId) ?? []) visit(c);
  };
  for (const r of children.get(null) ?? []) visit(r);
  return out;
}

/** The path from the root to `nodeId` (both included); [] when the node is not in the map. */
export function relationPath<T extends Pick<RelationNode, 'nodeId' | 'parentId'>>(nodes: readonly T[], nodeId: string): T[] {
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const path: T[] = [];
  let at = byId.get(nodeId);
  while (at && path.length <= nodes.length) {
    path.unshift(at);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return path;
}

/**
 * The drill chain of the relation carousel: the path from the root to `nodeId` (absent: the root),
 * then on down through first children to a leaf; `index` is the position of `nodeId`.
 */
export function relationChain<T extends Pick<RelationNode, 'nodeId' | 'parentId'>>(nodes: readonly T[], nodeId?: string): { chain: T[]; index: number } {
  const ordered = relationTreeOrder(nodes);
  const start = nodeId ?? ordered[0]?.nodeId;
  const path = start ? relationPath(ordered, start) : [];
  if (path.length === 0) return { chain: [], index: -1 };
  const index = path.length - 1;
  const chain = [...path];
  for (;;) {
    const last = chain[chain.length - 1]!;
    const child = ordered.find((n) => n.parentId === last.nodeId);
    if (!child || chain.length > nodes.length) break;
    chain.push(child);
  }
  return { chain, index };
}

/** A category chosen on a node's chart (the drill). */
export interface RelationSelection {
  nodeId: string;
  value: string | number;
}

type ChainNode = Pick<RelationNodeView, 'nodeId' | 'isConcatenate' | 'relationName' | 'relationDataType'>;

/**
 * The filters of `path[index]` (path = the nodes from the root down): for every concatenated node on
 * the path up to and including it whose parent has a selection, its field `relationName` equals that
 * selection. A filter named by a field the node's source lacks is skipped by the chart run
 * (chartFilters / planChart), so a filter keeps narrowing every node below that has the field.
 */
export function relationFilters(path: readonly ChainNode[], index: number, selections: readonly RelationSelection[]): RangeFilter[] {
  const chosen = new Map(selections.map((s) => [s.nodeId, s.value]));
  const out: RangeFilter[] = [];
  for (let j = 1; j <= index && j < path.length; j++) {
    const node = path[j]!;
    const value = chosen.get(path[j - 1]!.nodeId);
    if (!node.isConcatenate || !node.relationName || value === undefined || value === null || value === '') continue;
    const dataType = node.relationDataType ?? 'string';
    const filter: RangeFilter =
      dataType === 'number'
        ? { id: `relation:${node.nodeId}`, name: node.relationName, dataType, range: [Number(value)], numberOption: 'equal' }
        : dataType === 'date'
          ? { id: `relation:${node.nodeId}`, name: node.relationName, dataType, range: [String(value), String(value)] }
          : { id: `relation:${node.nodeId}`, name: node.relationName, dataType, range: [String(value)] };
    out.push(filter);
  }
  return out;
}

/** The value field a node's headline is: a card/gauge's value, otherwise the chart's first value field. */
export function headlineField(chart: Chart): Chart['values'][number] | undefined {
  return chart.values[0] ?? chart.secondValues[0];
}

/**
 * The target field of a progress (nav) chart, as its bars read it (libs/charts nav): the second value
 * field, else the first second value (when the value is a value field); none: property.max, else 100.
 */
function navTarget(chart: Chart): Chart['values'][number] | undefined {
  return chart.values[1] ?? (chart.values[0] ? chart.secondValues[0] : undefined);
}

/**
 * The chart reduced to its headline: its first value field over all rows (the field's aggregator) —
 * for a progress (nav) chart, its value and target fields, whose ratio its bars show (headlineValue) —
 * no dimensions, no top-N, no plot lines; its own inner filters and field filters stay. Undefined when
 * the chart has no value field (the node shows no value).
 */
export function headlineChart(chart: Chart): Chart | undefined {
  const field = headlineField(chart);
  if (!field || !chart.dataSourceId) return undefined;
  const { editTopNum: _top, plotLineY: _y, plotLineYOptional: _y2, ...rest } = chart;
  const target = chart.type === 'nav' ? navTarget(chart) : undefined;
  return { ...rest, type: 'card', points: [], secondPoints: [], values: target ? [field, target] : [field], secondValues: [] };
}

/** Percent with two decimals: how a progress chart writes its ratio (formatPercent of libs/charts). */
const RATIO_FORMATTER: Formatter = { type: 2, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 2, useThousandth: false };

/**
 * The number a node shows for its chart, from the values of headlineChart's fields over all rows (in
 * their order), and the formatter the chart writes it with: the value field's own; for a progress
 * (nav) chart the ratio value / target (target: the target field, else property.max, else 100) as a
 * percent — what the chart shows, not the value field's sum. Null when there is no number.
 */
export function headlineValue(chart: Chart, values: readonly (number | null)[]): { value: number | null; formatter: Formatter | undefined } {
  const field = headlineField(chart);
  const value = values[0] ?? null;
  if (chart.type !== 'nav') return { value, formatter: field?.formatter };
  const max: unknown = chart.property?.max;
  const fixed = typeof max === 'number' && Number.isFinite(max) ? max : typeof max === 'string' && max.trim() !== '' && Number.isFinite(Number(max)) ? Number(max) : null;
  const target = navTarget(chart) ? (values[1] ?? null) : (fixed ?? 100);
  return { value: value === null || target === null || target === 0 ? null : value / target, formatter: RATIO_FORMATTER };
}
