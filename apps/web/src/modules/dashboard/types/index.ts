/** Tab types sharing the dashboard structure (spec 01 §2). */
export type TabType = 'dashboard' | 'template';

/** Route parameters of /dashboard/:project?/:dashboard? and /template/:project?/:dashboard?. */
export interface DashboardRouteParams {
  project?: string;
  dashboard?: string;
}
