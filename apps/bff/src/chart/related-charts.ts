import type { dashboardV1 } from '@bi/proto';
import { canUseTab } from '@bi/access';
import { principalOf, type AuthUser } from '../http/auth.guard.js';

/** A node of the data-source page's related-charts tree (docs/api/data-source.md RelatedChart). */
export interface RelatedChart {
  key: string;
  title: string;
  kind: 'project' | 'dashboard' | 'chart';
  children: RelatedChart[];
}

/**
 * Dashboard folders → dashboards → charts that use a source, in the dashboard service's order; the
 * template tab only for callers who may read it. Folder keys carry their tab (`dashboard:` / `template:`).
 */
export function relatedChartsTree(user: AuthUser, charts: dashboardV1.SourceChart[]): RelatedChart[] {
  const projects = new Map<string, RelatedChart>();
  const dashboards = new Map<string, RelatedChart>();
  for (const c of charts) {
    if (c.tab === 'template' && !canUseTab(principalOf(user), 'template', 'read')) continue;
    const projectKey = `${c.tab}:${c.projectId}`;
    let project = projects.get(projectKey);
    if (!project) {
      project = { key: projectKey, title: c.projectName, kind: 'project', children: [] };
      projects.set(projectKey, project);
    }
    let dashboard = dashboards.get(c.dashboardId);
    if (!dashboard) {
      dashboard = { key: c.dashboardId, title: c.dashboardName, kind: 'dashboard', children: [] };
      dashboards.set(c.dashboardId, dashboard);
      project.children.push(dashboard);
    }
    dashboard.children.push({ key: c.chartId, title: c.title, kind: 'chart', children: [] });
  }
  return [...projects.values()];
}
