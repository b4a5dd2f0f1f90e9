import { randomUUID } from 'node:crypto';
import { newRelationNode, RELATION_DEFAULT_NAMES, RELATION_LIMITS, type RelationLayout, type RelationNode } from '@bi/chart-model';
import { AppError } from '@bi/core';
import type { Language } from '@bi/i18n';
import type { dashboardV1, dataSourceV1, relationV1 } from '@bi/proto';
import { canAccessSource, readSources } from '../data-source/source-access.js';
import type { AuthUser } from '../http/auth.guard.js';

/** A model node as the relation service stores it. */
export function wireNode(n: RelationNode): relationV1.Node {
  return {
    nodeId: n.nodeId,
    parentId: n.parentId ?? '',
    name: n.name,
    chartId: n.chartId ?? '',
    relationSourceId: n.relationSourceId ?? '',
    isConcatenate: n.isConcatenate,
    relationName: n.relationName ?? '',
    chartType: n.chartType,
    formatterJson: JSON.stringify(n.formatter),
    broken: false,
  };
}

/**
 * The nodes of a relation map generated from a dashboard (docs/api/relation.md "generate"; also the
 * indicator import's generation, docs/adr/0016): root = the dashboard's first chart in layout order (top
 * to bottom, left to right), every other chart a child of the root in that order. A node is named by its
 * chart's title only when the caller may read that chart's source; others get the neutral default names
 * (Root / Child n), so a map leaks no title (issue 26 #7).
 */
export async function dashboardRelationNodes(
  sources: dataSourceV1.DataSourceServiceClient,
  user: AuthUser,
  content: dashboardV1.DashboardContent,
  relationId: string,
  chartType: RelationLayout,
  language: Language,
): Promise<relationV1.Node[]> {
  const place = new Map(content.aspects.map((a) => [a.chartId, a]));
  const charts = [...content.charts].sort((x, y) => {
    const a = place.get(x.chartId);
    const c = place.get(y.chartId);
    if (!a || !c) return a ? -1 : c ? 1 : 0;
    return a.row - c.row || a.col - c.col;
  });
  if (!charts.length) throw new AppError('invalid', 'relation.dashboard_empty');
  const limited = charts.slice(0, RELATION_LIMITS.nodes);
  const rootId = randomUUID();
  const sourceOf = await readSources(sources, limited.map((c) => c.dataSourceId));
  const readable = (c: dashboardV1.ChartSummary) => {
    const source = c.dataSourceId ? sourceOf(c.dataSourceId) : undefined;
    return !source || canAccessSource(user, source);
  };
  const defaults = RELATION_DEFAULT_NAMES[language];
  return limited
    .map((c, i) =>
      newRelationNode({
        nodeId: i === 0 ? rootId : randomUUID(),
        relationId,
        parentId: i === 0 ? null : rootId,
        name: readable(c) ? [...(c.title.trim() || c.chartId)].slice(0, RELATION_LIMITS.nodeName).join('') : i === 0 ? defaults.root : `${defaults.child} ${i}`,
        chartId: c.chartId,
        relationSourceId: c.dataSourceId || null,
        chartType,
      }),
    )
    .map(wireNode);
}
