import { expect, type Page } from '@playwright/test';

/** The signed-in page's token (localStorage with auto login, else sessionStorage). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('authorization') ?? window.localStorage.getItem('authorization'));
  expect(token, 'the page must be signed in').toBeTruthy();
  return token!;
}

/** Calls the product's REST API as the page's user and returns `data` of a successful answer. */
export async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = await tokenOf(page);
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: token, currentLanguage: 'en' },
    data: body === undefined ? undefined : body,
  });
  const text = await response.text();
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${text}`).toBe(true);
  const parsed = JSON.parse(text) as { status: string; data: T };
  expect(parsed.status).toBe('success');
  return parsed.data;
}

export interface ApiProject {
  projectId: string;
  name: string;
  order: number;
  dashboards: { dashboardId: string; projectId: string; name: string; order: number }[];
}

export interface ApiGridItem {
  chartId: string;
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}

export interface ApiDashboardContent {
  dashboardId: string;
  projectId: string;
  name: string;
  aspects: ApiGridItem[];
  charts: { chartId: string; title: string; type: string; hide: boolean }[];
}

/** A unique short suffix, so names stay within the 20-character limit and never collide between runs. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 * 36)
    .toString(36)
    .padStart(2, '0')}`;
}

/** Creates a folder with a dashboard (and charts) through the API, for specs about the dashboard page. */
export async function seedDashboard(page: Page, tab: 'dashboard' | 'template', folderName: string, dashboardName: string, chartTitles: string[] = []) {
  const project = await api<ApiProject>(page, 'POST', `/api/dashboard/project/${tab}`, { name: folderName });
  const dashboard = await api<{ dashboardId: string; projectId: string }>(page, 'POST', `/api/dashboard/${tab}`, { name: dashboardName, projectId: project.projectId });
  const chartIds: string[] = [];
  for (const title of chartTitles) {
    chartIds.push(await api<string>(page, 'POST', `/api/chart-edit/${tab}/${dashboard.dashboardId}`, { title, dataSourceId: '' }));
  }
  return { projectId: project.projectId, dashboardId: dashboard.dashboardId, chartIds };
}
