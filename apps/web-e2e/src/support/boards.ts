import { expect, type Page } from '@playwright/test';
import { api, seedDashboard, type ApiDashboardContent, type ApiProject } from './api';

/**
 * Dashboards with one chart of each of the 13 kinds for the chart specs: the demo dashboard when the
 * server has one (BI_DEMO), else one seeded over a DuckDB SQL source.
 */
export const KINDS = ['table', 'bar', 'stack_bar', 'line', 'scatter', 'pie', 'gauge', 'funnel', 'card', 'doubleaxis', 'nav', 'map', 'tw_map'] as const;
export type Kind = (typeof KINDS)[number];

export interface SeededChart {
  chartId: string;
  type: string;
  title: string;
}
export interface Board {
  projectId: string;
  dashboardId: string;
  charts: SeededChart[];
}

/** Sales rows on the analytics store (DuckDB): provinces and cities of China, counties of Taiwan (traditional names), months. */
export const SALES_SQL = `SELECT * FROM (VALUES
  ('广东省', '广州市', '臺北市', DATE '2024-01-15', 'Office', 120.5, 12.25),
  ('北京市', '北京市', '高雄市', DATE '2024-01-20', 'Tech', 300.0, 45.5),
  ('上海市', '上海市', '臺中市', DATE '2024-02-03', 'Furniture', 210.75, 30.0),
  ('浙江省', '杭州市', '花蓮縣', DATE '2024-02-18', 'Tech', 180.0, 20.5),
  ('四川省', '成都市', '臺南市', DATE '2024-03-09', 'Office', 95.25, 8.75),
  ('广东省', '深圳市', '新北市', DATE '2024-03-21', 'Furniture', 260.0, 38.0),
  ('湖北省', '武汉市', '桃園市', DATE '2024-04-02', 'Tech', 150.0, 18.0),
  ('北京市', '北京市', '臺北市', DATE '2024-04-28', 'Office', 75.5, 5.25)
) AS t(province, city, county, day, category, amount, profit)`;

export const money = { type: 1, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 2, useThousandth: true };
export const point = (name: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType: 'string', orderBy: '', ...extra });
export const value = (name: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType: 'number', aggregator: 'sum', orderBy: '', ...extra });

/** The fields of each kind over SALES_SQL. */
export const SALES_CHARTS: Record<Kind, Record<string, unknown>> = {
  table: { points: [point('category'), point('province')], values: [value('amount', { formatter: money }), value('profit')], aggregateConfig: { showSum: true } },
  bar: { points: [point('province')], values: [value('amount', { formatter: money })] },
  stack_bar: { points: [point('province')], secondPoints: [point('category')], values: [value('amount')] },
  line: { points: [point('day', { dataType: 'date', granularity: 3 })], values: [value('amount', { showTrendline: true })] },
  scatter: { points: [point('city')], values: [value('profit')] },
  pie: { points: [point('category')], values: [value('amount')] },
  gauge: { values: [value('profit', { aggregator: 'avg' })], property: { min: 0, max: 100 } },
  funnel: { points: [point('category')], values: [value('amount')] },
  card: { values: [value('amount', { formatter: money })] },
  doubleaxis: { points: [point('province')], values: [value('amount')], secondValues: [value('profit')] },
  nav: { points: [point('category')], values: [value('profit')], secondValues: [value('amount')] },
  map: { points: [point('province')], values: [value('amount')], mapConfig: { granularity: 1, visualMapShow: true } },
  tw_map: { points: [point('county')], values: [value('amount')] },
};


/** A SQL source on the analytics store (admin only); answers its id. */
export async function createSource(page: Page, projectId: string, name: string, content: string): Promise<string> {
  const created = await api<{ dataSource?: { dataSourceId: string }; error?: string }>(page, 'POST', '/api/data_source/sql/', { projectId, name, type: 8, content });
  expect(created.error, `creating the source ${name}`).toBeUndefined();
  return created.dataSource!.dataSourceId;
}

/** A data-source folder with one SQL source on the analytics store (admin only); answers the source. */
export async function seedSqlSource(page: Page, folderName: string, sourceName: string, sql: string): Promise<{ projectId: string; dataSourceId: string; name: string }> {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: folderName });
  return { projectId: folder.projectId, dataSourceId: await createSource(page, folder.projectId, sourceName, sql), name: sourceName };
}

/** Adds a chart to the dashboard and saves its definition (PUT /api/chart-edit/dashboard). */
export async function addChart(page: Page, dashboardId: string, title: string, type: string, dataSourceId: string, parts: Record<string, unknown> = {}): Promise<SeededChart> {
  const chartId = await api<string>(page, 'POST', `/api/chart-edit/dashboard/${dashboardId}`, { title, dataSourceId, type });
  if (Object.keys(parts).length > 0) {
    await api(page, 'PUT', '/api/chart-edit/dashboard', {
      chartId,
      title,
      type,
      dataSourceId,
      points: [],
      values: [],
      secondPoints: [],
      secondValues: [],
      innerFilters: [],
      colorSettings: [],
      gaugeSection: [],
      ...parts,
    });
  }
  return { chartId, type, title };
}

/** The demo dashboard (folder "演示 Demo", one chart of each kind over the demo sales source), when this server has it. */
export async function lookUpDemoDashboard(page: Page): Promise<Board | null> {
  const projects = await api<ApiProject[]>(page, 'GET', '/api/dashboard/projects/dashboard');
  for (const project of projects.filter((p) => /demo|演示/i.test(p.name))) {
    for (const dashboard of project.dashboards) {
      const content = await api<ApiDashboardContent>(page, 'GET', `/api/dashboard/dashboard/${dashboard.dashboardId}`);
      const charts = content.charts.filter((c) => !c.hide);
      if (KINDS.every((kind) => charts.some((c) => c.type === kind))) return { projectId: project.projectId, dashboardId: dashboard.dashboardId, charts };
    }
  }
  return null;
}

/**
 * The demo dashboard, or null without one. With BI_DEMO on, the data-source service loads its demo
 * source first and the dashboard service then creates the dashboard in the background: when the demo
 * source folder exists, wait for the dashboard a while.
 */
export async function findDemoDashboard(page: Page): Promise<Board | null> {
  const sourceFolders = await api<{ name: string }[]>(page, 'GET', '/api/data_source/projs');
  const deadline = Date.now() + (sourceFolders.some((p) => /demo|演示/i.test(p.name)) ? 60_000 : 0);
  for (;;) {
    const found = await lookUpDemoDashboard(page);
    if (found || Date.now() >= deadline) return found;
    await page.waitForTimeout(2_000);
  }
}

/** A dashboard with one chart of each kind over SALES_SQL (when there is no demo dashboard). */
export async function seedAllKinds(page: Page, run: string): Promise<Board> {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Charts ${run}` });
  const source = await createSource(page, folder.projectId, `Sales ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Charts ${run}`, `All kinds ${run}`);
  const charts: SeededChart[] = [];
  for (const kind of KINDS) charts.push(await addChart(page, dashboardId, `Kind ${kind}`, kind, source, SALES_CHARTS[kind]));
  return { projectId, dashboardId, charts };
}
