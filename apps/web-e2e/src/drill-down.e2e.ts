import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ChartBoxes } from './pages/ChartBoxes';
import { ChartEditorPage } from './pages/ChartEditorPage';
import { ChartPanels } from './pages/ChartPanels';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { firstBar } from './support/canvas';
import type { Language } from './support/catalogues';
import { USERS } from './support/env';
import { boxRunOf, isBoxRun } from './support/locate';
import { presetLocalStorage } from './support/storage';
import { seedCsvSource } from './support/uploads';

// In-chart drill-down (issue 27): the hierarchy set in the editor's "Drill down" panel, a click on a bar
// goes one level down, twice, the numbers of each level checked against sums written out here; the path
// survives a reload (page URL); the breadcrumbs go back up, each crumb to its level.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

/** The rows, and the sums of amount at each level as a person adds them up. */
const ROWS: [string, string, string, number][] = [
  ['华东', '浙江', '杭州', 1200],
  ['华东', '浙江', '宁波', 500],
  ['华东', '江苏', '南京', 700],
  ['华东', '江苏', '苏州', 300],
  ['西南', '四川', '成都', 800],
  ['西南', '四川', '绵阳', 150],
  ['西南', '云南', '昆明', 400],
];
/** A sale day per row (a date hierarchy year → month for the screenshots). */
const DAYS = ['2023-11-05', '2024-01-15', '2024-01-20', '2024-02-03', '2024-02-18', '2024-03-09', '2024-03-21'];
const CSV = ['region,province,city,amount,day', ...ROWS.map((r, i) => [...r, DAYS[i]].join(','))].join('\n');
const REGION_SUMS: Record<string, number> = { 华东: 1200 + 500 + 700 + 300, 西南: 800 + 150 + 400 };
const PROVINCE_SUMS: Record<string, Record<string, number>> = { 华东: { 浙江: 1700, 江苏: 1000 }, 西南: { 四川: 950, 云南: 400 } };
const CITY_SUMS: Record<string, Record<string, number>> = { 浙江: { 杭州: 1200, 宁波: 500 }, 江苏: { 南京: 700, 苏州: 300 }, 四川: { 成都: 800, 绵阳: 150 }, 云南: { 昆明: 400 } };

/** The category → value pairs of a bar chart's answer. */
function pairs(option: any): Record<string, number> {
  const categories = ((Array.isArray(option.xAxis) ? option.xAxis[0] : option.xAxis)?.data ?? []) as string[];
  const data = (option.series?.[0]?.data ?? []) as (number | [string, number, string])[];
  return Object.fromEntries(data.map((d, i) => (Array.isArray(d) ? [String(d[0]), d[1]] : [categories[i], d])));
}

async function board(page: Page, run: string) {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Drill ${run}` });
  // an uploaded source (CSV through the excel upload), the rows above
  const source = await seedCsvSource(page, folder.projectId, `places_${run}`, CSV, [
    { name: 'region', type: 'string' },
    { name: 'province', type: 'string' },
    { name: 'city', type: 'string' },
    { name: 'amount', type: 'number' },
    { name: 'day', type: 'date' },
  ]);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Drill ${run}`, `Drill ${run}`);
  // the hierarchy starts with two levels; the third is added in the editor
  const chart = await addChart(page, dashboardId, '销售额 Sales', 'bar', source, {
    points: [point('region', { title: '区域' })],
    values: [value('amount', { title: '销售额' })],
    drill: [
      { name: 'region', dataType: 'string' },
      { name: 'province', dataType: 'string' },
    ],
  });
  const byTime = await addChart(page, dashboardId, '销售额 by day', 'line', source, {
    points: [point('day', { title: '日期', dataType: 'date', granularity: 1 })],
    values: [value('amount', { title: '销售额' })],
    drill: [
      { name: 'day', dataType: 'date', granularity: 1 },
      { name: 'day', dataType: 'date', granularity: 3 },
      { name: 'day', dataType: 'date', granularity: 5 },
    ],
  });
  return { projectId, dashboardId, chartId: chart.chartId, dateChartId: byTime.chartId };
}

test('two levels down and back, the numbers checked against sums written out; the hierarchy set in the editor', async ({ page }) => {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const b = await board(page, uniqueSuffix());

  await test.step('editor: the Drill down panel shows the dimension as level 1; adding city saves it as level 3', async () => {
    const editor = new ChartEditorPage(page);
    await editor.goto(b.projectId, b.dashboardId, b.chartId);
    const panel = await new ChartPanels(page).openPanel('drillDown');
    await expect(panel.getByTestId('drill-level-0')).toContainText('区域');
    await expect(panel.getByTestId('drill-level-1')).toHaveAttribute('data-name', 'province');
    const saved = editor.nextSave();
    const add = panel.getByTestId('drill-add');
    await add.click();
    await page.getByTestId('drill-option-city').click();
    const body = (await saved).request().postDataJSON() as { drill: { name: string }[] };
    expect(body.drill.map((l) => l.name)).toEqual(['region', 'province', 'city']);
    await editor.expectSaved();
    await expect(panel.getByTestId('drill-level-2')).toHaveAttribute('data-name', 'city');
  });

  const boxes = new ChartBoxes(page);
  const dashboard = new DashboardPage(page);
  const box = boxes.box(b.chartId);
  /** The box shows this level's answer, painted (ECharts draws without animation here). */
  const shows = async (level: number) => {
    await expect(box.getByTestId('chart-view')).toHaveAttribute('data-drill-level', String(level));
    await boxes.waitDrawn(box);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
  const clickFirstBar = async (expectedPath: number) => {
    await shows(expectedPath - 1);
    const next = page.waitForResponse(isBoxRun(b.chartId));
    await box.locator('canvas').first().click({ position: await firstBar(box) });
    const { body, envelope } = await boxRunOf(await next, b.chartId);
    const path = body.drill as string[];
    expect(path).toHaveLength(expectedPath);
    expect(envelope.status).toBe('success');
    return { path, values: pairs(envelope.data.option) };
  };

  let region = '';
  let province = '';
  await test.step('the top level: one bar per region, each the sum of its rows', async () => {
    const first = page.waitForResponse(isBoxRun(b.chartId));
    await dashboard.goto(b.projectId, b.dashboardId);
    const { envelope } = await boxRunOf(await first, b.chartId);
    expect(pairs(envelope.data.option)).toEqual(REGION_SUMS);
    await shows(0);
    await expect(box.getByTestId('drill-crumbs')).toHaveCount(0);
  });

  await test.step('a click on a bar: the provinces of that region', async () => {
    const one = await clickFirstBar(1);
    region = one.path[0]!;
    expect(Object.keys(REGION_SUMS)).toContain(region);
    expect(one.values).toEqual(PROVINCE_SUMS[region]);
    await shows(1);
    await expect(box.getByTestId('drill-crumbs')).toHaveAttribute('data-level', '1');
    await expect(box.getByTestId('drill-crumb-1')).toHaveText(region);
    await expect(box.getByTestId('drill-crumbs-level')).toHaveText('province');
  });

  await test.step('a click again: the cities of that province', async () => {
    const two = await clickFirstBar(2);
    expect(two.path[0]).toBe(region);
    province = two.path[1]!;
    expect(Object.keys(PROVINCE_SUMS[region]!)).toContain(province);
    expect(two.values).toEqual(CITY_SUMS[province]);
    await shows(2);
    await expect(box.getByTestId('drill-crumbs')).toHaveAttribute('data-level', '2');
    await expect(box.getByTestId('drill-crumb-2')).toHaveText(province);
    expect(JSON.parse(new URL(page.url()).searchParams.get('drill')!)).toEqual({ [b.chartId]: [region, province] });
  });

  await test.step('a reload keeps the drilled view (the path is in the page URL)', async () => {
    const again = page.waitForResponse(isBoxRun(b.chartId));
    await page.reload();
    const { body, envelope } = await boxRunOf(await again, b.chartId);
    expect(body.drill).toEqual([region, province]);
    expect(pairs(envelope.data.option)).toEqual(CITY_SUMS[province]);
    await expect(box.getByTestId('drill-crumbs')).toHaveAttribute('data-level', '2');
  });

  await test.step('the detail rows of the drilled chart are those under the path', async () => {
    const details = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/dashboard/all_details/dashboard/${b.chartId}`);
    await boxes.openMenu(box, 'menu-detail-query');
    const answer = await details;
    expect(answer.request().postDataJSON().drill).toEqual([region, province]);
    const rows = (await answer.json()).data.rows as Record<string, unknown>[];
    expect(rows).toHaveLength(ROWS.filter(([r, p]) => r === region && p === province).length);
    await expect(page.getByTestId('detail-dialog')).toHaveAttribute('data-state', 'ready');
    await page.locator('.bi-detail-dialog .ant-modal-close').filter({ visible: true }).click();
    await expect(page.getByTestId('detail-dialog')).toHaveCount(0);
  });

  await test.step('the breadcrumbs go back up: one level, then the top', async () => {
    // each level's answer was asked before: the page may answer it from what it keeps, the drawn level is checked
    await box.getByTestId('drill-crumb-1').click();
    await shows(1);
    await expect(box.getByTestId('drill-crumbs')).toHaveAttribute('data-level', '1');
    expect(JSON.parse(new URL(page.url()).searchParams.get('drill')!)).toEqual({ [b.chartId]: [region] });
    await box.getByTestId('drill-crumb-0').click();
    await shows(0);
    await expect(box.getByTestId('drill-crumbs')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('drill')).toBeNull();
  });
});

const LANGUAGES: Language[] = ['zh-CN', 'zh-TW', 'en'];
const THEMES = ['light', 'dark'] as const;

async function shoot(target: { screenshot: Page['screenshot'] }, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  const path = dir ? `${dir}/${name}.png` : testInfo.outputPath(`${name}.png`);
  await target.screenshot({ path });
}

test('screenshots: the breadcrumbs and the editor setting in three languages and two themes', async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  let b: Awaited<ReturnType<typeof board>> | null = null;
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      await test.step(`${language} ${theme}`, async () => {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await presetLocalStorage(page, { theme });
        await new LoginPage(page).login(USERS.admin, { language });
        if (!b) {
          b = await board(page, uniqueSuffix());
          await api(page, 'PUT', '/api/chart-edit/dashboard', {
            ...(await api<{ chart: Record<string, unknown> }>(page, 'POST', `/api/chart-edit/chart/dashboard/${b.chartId}`, {})).chart,
            drill: [
              { name: 'region', dataType: 'string' },
              { name: 'province', dataType: 'string' },
              { name: 'city', dataType: 'string' },
            ],
          });
        }
        const editor = new ChartEditorPage(page);
        await editor.goto(b.projectId, b.dashboardId, b.chartId);
        const panel = await new ChartPanels(page).openPanel('drillDown');
        await expect(panel.getByTestId('drill-level-2')).toBeVisible();
        await shoot(page.getByTestId('chart-panels'), testInfo, `drill-editor-${language}-${theme}`);
        const boxes = new ChartBoxes(page);
        await new DashboardPage(page).goto(b.projectId, b.dashboardId, `?drill=${encodeURIComponent(JSON.stringify({ [b.chartId]: ['华东', '浙江'] }))}`);
        const box = boxes.box(b.chartId);
        await expect(box.getByTestId('chart-view')).toHaveAttribute('data-drill-level', '2');
        await boxes.waitDrawn(box);
        await expect(box.getByTestId('drill-crumbs')).toHaveAttribute('data-level', '2');
        await shoot(box, testInfo, `drill-crumbs-${language}-${theme}`);
        // a date drilled by period: the crumbs name each level with its granularity and show the period clicked
        await new DashboardPage(page).goto(b.projectId, b.dashboardId, `?drill=${encodeURIComponent(JSON.stringify({ [b.dateChartId]: ['2024-01-01', '2024-02-01'] }))}`);
        const dates = boxes.box(b.dateChartId);
        await expect(dates.getByTestId('chart-view')).toHaveAttribute('data-drill-level', '2');
        await boxes.waitDrawn(dates);
        await expect(dates.getByTestId('drill-crumb-1')).toHaveText('2024');
        await expect(dates.getByTestId('drill-crumb-2')).toHaveText('2024-02');
        await shoot(dates, testInfo, `drill-crumbs-dates-${language}-${theme}`);
        await page.close();
      });
    }
  }
});
