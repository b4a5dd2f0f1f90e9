import type { RelationLayout, RelationNodeState, RelationOptionNode } from '@bi/chart-model';

const STATE_COLORS: Record<RelationNodeState, string> = { ok: '#1677ff', empty: '#bfbfbf', broken: '#ff4d4f', noPermission: '#faad14' };

function item(n: RelationOptionNode, root: boolean) {
  return { id: n.nodeId, name: `${n.name}\n${n.text}`, value: n.value, state: n.state, chartId: n.chartId, itemStyle: { color: STATE_COLORS[n.state] }, ...(root ? { symbolSize: 64 } : {}) };
}

/**
 * The ECharts option of a relation map: 0 a force graph (series graph, layout force), 1 a top-bottom
 * tree, 2 a left-right tree (series tree). Nodes arrive root first (tree order).
 */
export function relationOption(nodes: readonly RelationOptionNode[], layout: RelationLayout): Record<string, unknown> {
  // the tooltip names the node and its formatted text (the item's name), never the raw value
  const tooltip = { trigger: 'item', confine: true, formatter: '{b}' };
  if (layout === 0) {
    return {
      tooltip,
      series: [
        {
          type: 'graph',
          layout: 'force',
          roam: true,
          draggable: true,
          symbolSize: 48,
          force: { repulsion: 400, edgeLength: [90, 160], gravity: 0.08 },
          label: { show: true, position: 'bottom', overflow: 'truncate', width: 120 },
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 8,
          lineStyle: { opacity: 0.7, width: 1.5 },
          data: nodes.map((n, i) => item(n, i === 0)),
          links: nodes.filter((n) => n.parentId).map((n) => ({ source: n.parentId, target: n.nodeId })),
        },
      ],
    };
  }
  const children = new Map<string, RelationOptionNode[]>();
  for (const n of nodes) if (n.parentId) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
  const nest = (n: RelationOptionNode, depth: number): Record<string, unknown> => ({ ...item(n, depth === 0), children: (children.get(n.nodeId) ?? []).map((c) => nest(c, depth + 1)) });
  const root = nodes[0];
  const tb = layout === 1;
  return {
    tooltip,
    series: [
      {
        type: 'tree',
        orient: tb ? 'TB' : 'LR',
        data: root ? [nest(root, 0)] : [],
        top: '8%',
        bottom: '12%',
        left: tb ? '5%' : '10%',
        right: tb ? '5%' : '18%',
        symbolSize: 14,
        roam: true,
        initialTreeDepth: -1,
        expandAndCollapse: false,
        label: tb ? { position: 'top', verticalAlign: 'bottom', align: 'center' } : { position: 'left', verticalAlign: 'middle', align: 'right' },
        leaves: { label: tb ? { position: 'bottom', verticalAlign: 'top', align: 'center' } : { position: 'right', verticalAlign: 'middle', align: 'left' } },
        lineStyle: { width: 1.5 },
      },
    ],
  };
}
