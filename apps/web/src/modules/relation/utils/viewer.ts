/**
 * The viewer's ECharts option (pure): the server's option of the map (docs/api/relation.md
 * relation-option: a force graph, or a tree top-bottom / left-right) dressed for the page — labels and
 * tooltips in the reader's language (node name, value, chart name, state), the broken / no-permission /
 * no-chart nodes drawn as such, and room kept around the drawing so no label leaves the canvas.
 */
import type { RelationLayout, RelationNodeState, RelationOptionNode } from '../types';

type Json = Record<string, unknown>;

export interface ViewerTexts {
  /** the value line of a node that has no number: per state */
  state: Record<Exclude<RelationNodeState, 'ok'>, string>;
  chart: string;
  value: string;
  noValue: string;
}

export interface ViewerColors {
  ok: string;
  root: string;
  broken: string;
  muted: string;
  text: string;
  line: string;
}

export const VIEWER_COLORS: Record<'light' | 'dark', ViewerColors> = {
  light: { ok: '#1677ff', root: '#0958d9', broken: '#ff4d4f', muted: '#bfbfbf', text: '#1f1f1f', line: '#8c8c8c' },
  dark: { ok: '#4096ff', root: '#69b1ff', broken: '#ff7875', muted: '#595959', text: '#e8e8e8', line: '#8c8c8c' },
};

/** What a node shows under its name: the formatted value, or why it has none. */
export function nodeValueText(node: Pick<RelationOptionNode, 'state' | 'text' | 'error'>, texts: ViewerTexts): string {
  if (node.state !== 'ok') return texts.state[node.state];
  if (node.error) return texts.noValue;
  return node.text && node.text !== '-' ? node.text : texts.noValue;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The tooltip of a node: its name, value (or state) and chart name (HTML, every part escaped). */
export function nodeTooltip(node: RelationOptionNode, texts: ViewerTexts): string {
  const lines = [`<strong>${escapeHtml(node.name)}</strong>`, `${escapeHtml(texts.value)}: ${escapeHtml(nodeValueText(node, texts))}`];
  if (node.chartName) lines.push(`${escapeHtml(texts.chart)}: ${escapeHtml(node.chartName)}`);
  if (node.error) lines.push(escapeHtml(node.error));
  return lines.join('<br/>');
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node id of an ECharts data item (`id`, or the nodeId the server may add). */
export function dataNodeId(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  const id = item.id ?? item.nodeId;
  return typeof id === 'string' ? id : undefined;
}

function colorOf(node: RelationOptionNode | undefined, colors: ViewerColors): string {
  if (!node) return colors.muted;
  if (node.state === 'broken') return colors.broken;
  if (node.state !== 'ok' || node.error) return colors.muted;
  return node.parentId ? colors.ok : colors.root;
}

/** One data item dressed: colour and dashed border by state (tree items: their children too). */
function dressItem(item: unknown, byId: Map<string, RelationOptionNode>, colors: ViewerColors, tree: boolean): unknown {
  if (!isObject(item)) return item;
  const node = byId.get(dataNodeId(item) ?? '');
  const color = colorOf(node, colors);
  const problem = node !== undefined && (node.state === 'broken' || node.state === 'noPermission');
  const dressed: Json = {
    ...item,
    itemStyle: { ...(isObject(item.itemStyle) ? item.itemStyle : {}), color, borderColor: color, borderType: problem ? 'dashed' : 'solid', borderWidth: problem ? 2 : 1 },
  };
  if (tree && Array.isArray(item.children)) dressed.children = item.children.map((c) => dressItem(c, byId, colors, tree));
  return dressed;
}

/** Top-bottom trees with more leaves than this turn the leaves' labels downwards. */
export const TB_FLAT_LEAVES = 6;

/** ECharts rich text reads `{style|text}`: braces inside a name would start a style. */
const richSafe = (s: string) => s.replace(/[{}]/g, (c) => (c === '{' ? '（' : '）'));

function countLeaves(item: unknown): number {
  if (!isObject(item) || !Array.isArray(item.children) || item.children.length === 0) return 1;
  return item.children.reduce<number>((sum, c) => sum + countLeaves(c), 0);
}

function treeDepth(item: unknown): number {
  if (!isObject(item) || !Array.isArray(item.children) || item.children.length === 0) return 1;
  return 1 + Math.max(...item.children.map(treeDepth));
}

export interface DressInput {
  option: Json;
  nodes: readonly RelationOptionNode[];
  layout: RelationLayout;
  texts: ViewerTexts;
  colors: ViewerColors;
}

/**
 * The server's option ready to draw. Labels: the node's name and its value (or state) from `nodes`, so a
 * state reads in the reader's language; tooltips: name, value, chart; force graph: roam, draggable, a
 * repulsion that grows with the node count; trees: margins wide enough for the end labels, labels
 * wrapped to a width that fits the leaves side by side.
 */
export function dressOption({ option, nodes, layout, texts, colors }: DressInput): Json {
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const seriesList = Array.isArray(option.series) ? option.series : isObject(option.series) ? [option.series] : [];
  const label = (params: { data?: unknown }) => {
    const node = byId.get(dataNodeId(params.data) ?? '');
    if (!node) return isObject(params.data) && typeof params.data.name === 'string' ? params.data.name : '';
    return `{name|${richSafe(node.name)}}\n{value|${richSafe(nodeValueText(node, texts))}}`;
  };
  const rich = { name: { fontWeight: 'bold', color: colors.text, lineHeight: 18 }, value: { color: colors.text, lineHeight: 18 } };
  const series = seriesList.map((raw: unknown) => {
    if (!isObject(raw)) return raw;
    const data = Array.isArray(raw.data) ? raw.data : [];
    if (raw.type === 'graph' || layout === 0) {
      const count = Math.max(1, data.length);
      return {
        ...raw,
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        symbolSize: 46,
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 8,
        force: { repulsion: Math.min(2400, 500 + count * 70), edgeLength: [120, 220], gravity: 0.06, layoutAnimation: false },
        lineStyle: { color: colors.line, width: 1.5, curveness: 0 },
        label: { show: true, position: 'bottom', formatter: label, rich, overflow: 'truncate', width: 160 },
        emphasis: { focus: 'adjacency' },
        data: data.map((d) => dressItem(d, byId, colors, false)),
      };
    }
    const leaves = Math.max(1, ...data.map(countLeaves));
    const depth = Math.max(1, ...data.map(treeDepth));
    const tb = layout === 1;
    // top-bottom with many leaves: the leaves' labels turn to run downwards (one line each), so they never overlap
    const crowded = tb && leaves > TB_FLAT_LEAVES;
    const oneLine = (params: { data?: unknown }) => {
      const node = byId.get(dataNodeId(params.data) ?? '');
      return node ? `{name|${richSafe(node.name)}}  {value|${richSafe(nodeValueText(node, texts))}}` : '';
    };
    const wide = Math.max(70, Math.min(160, Math.floor(1000 / leaves)));
    return {
      ...raw,
      type: 'tree',
      orient: tb ? 'TB' : 'LR',
      roam: true,
      expandAndCollapse: false,
      symbol: 'circle',
      initialTreeDepth: -1,
      symbolSize: 14,
      // room for the labels at the ends (top-bottom: the root's two lines above it, the leaves' below;
      // left-right: the root's label on the left, the leaves' on the right)
      ...(tb ? { top: 96, bottom: crowded ? 250 : 72, left: 90, right: 90 } : { top: 32, bottom: 32, left: 170, right: 200 }),
      lineStyle: { color: colors.line, width: 1.5 },
      label: tb
        ? { position: 'top', verticalAlign: 'bottom', align: 'center', distance: 10, formatter: label, rich, overflow: 'break', width: 160 }
        : { position: 'left', verticalAlign: 'middle', align: 'right', distance: 10, formatter: label, rich, overflow: 'truncate', width: 150 },
      leaves: {
        label: crowded
          ? { position: 'bottom', rotate: -90, verticalAlign: 'middle', align: 'left', distance: 10, formatter: oneLine, rich, overflow: 'truncate', width: 230 }
          : tb
            ? { position: 'bottom', verticalAlign: 'top', align: 'center', distance: 10, formatter: label, rich, overflow: 'break', width: wide }
            : { position: 'right', verticalAlign: 'middle', align: 'left', distance: 10, formatter: label, rich, overflow: 'truncate', width: 180 },
      },
      // deep trees get smaller symbols, so every level keeps room for its labels
      ...(depth > 6 ? { symbolSize: 10 } : {}),
      data: data.map((d) => dressItem(d, byId, colors, true)),
    };
  });
  return {
    ...option,
    backgroundColor: 'transparent',
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { data?: unknown; dataType?: string }) => {
        if (params.dataType === 'edge') return '';
        const node = byId.get(dataNodeId(params.data) ?? '');
        return node ? nodeTooltip(node, texts) : '';
      },
    },
    series,
  };
}
