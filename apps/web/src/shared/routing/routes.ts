/**
 * The route table of spec 01 §2 (name → path pattern), registered exactly as written.
 */
export const ROUTE_PATHS = {
  dashboard: '/dashboard/:project?/:dashboard?',
  data_source: '/data_source/:project?/:data_source?',
  data_source_sql: '/data_source_sql/:project/:type?',
  data_source_e10: '/data_source_e10/:project',
  data_source_e10_report: '/data_source_e10_report/:project/:action',
  data_source_e10_edit: '/data_source_e10_edit/:project',
  data_source_edit: '/data_source_edit/:data_source',
  data_source_yifei: '/data_source_yifei/:project',
  data_source_sbep_edit: '/data_source_sbep_edit/:data_source',
  data_source_excel: '/data_source_excel/:project/:action',
  join_table: '/data_source/join_table/:project/:data_source?',
  data_source_publish: '/data_source_publish/:project',
  data_source_batch_publish: '/data_source/batch_publish',
  database: '/database/:project?/:data_source?',
  template_tab: '/template',
  template: '/template/:project?/:dashboard?',
  dashboard_chart_edit: '/dashboard/chart_edit/:project/:dashboard/:chart',
  template_chart_edit: '/template/chart_edit/:project/:dashboard/:chart',
  login: '/account/login',
  /** the relation-map content view of the dashboard and template tabs (spec 01 §2; its paths are not in the spec's table) */
  dashboard_relation: '/dashboard/relation/:project?/:relation?',
  template_relation: '/template/relation/:project?/:relation?',
  /** beyond the spec: user administration, the audit log and the chat robots (admin only); section users, audit or robots */
  admin: '/admin/:section?',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

/** Which sidebar the shell shows for a route. */
export type SidebarKind = 'dashboard' | 'template' | 'data_source' | 'dashboard_relation' | 'template_relation';

/** `handle` of every named route. */
export interface RouteHandle {
  name: RouteName;
  sidebar?: SidebarKind;
}

/**
 * Builds a concrete path from a route pattern: `:name` and `:name?` are replaced by the
 * given values; missing optional segments are dropped. Throws for a missing required one.
 */
export function buildPath(name: RouteName, params: Record<string, string | number | undefined> = {}): string {
  const segments = ROUTE_PATHS[name].split('/').filter(Boolean);
  const out: string[] = [];
  for (const segment of segments) {
    if (!segment.startsWith(':')) {
      out.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) break;
      throw new Error(`Missing route parameter "${key}" for route "${name}"`);
    }
    out.push(encodeURIComponent(String(value)));
  }
  return '/' + out.join('/');
}
