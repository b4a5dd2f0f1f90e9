import { buildPath } from '../../../shared/routing/routes';
import type { TabType } from '../types';

/**
 * The address of a dashboard for "share" (spec 01 §2 dashboard menu): origin + /{tab}/{folder}/{dashboard}
 * + the tab's open query (the template tab's `?apiName=template` for readers). The open dashboard's link
 * keeps the view in its address (filters, linkage — issue 15), so the link reopens the same view.
 */
export function dashboardLink(
  origin: string,
  tab: TabType,
  dashboard: { projectId: string; dashboardId: string },
  openQuery = '',
  open?: { pathname: string; search: string },
): string {
  const path = buildPath(tab, { project: dashboard.projectId, dashboard: dashboard.dashboardId });
  if (open && open.pathname === path && open.search) return `${origin}${path}${open.search}`;
  return `${origin}${path}${openQuery}`;
}
