import { expect, test, type Page, type Response } from '@playwright/test';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, findDemoDashboard, SALES_CHARTS, SALES_SQL } from './support/boards';
import { USERS } from './support/env';
import { isCall, visibleTestId } from './support/locate';
import { chooseOption } from './support/select';

// Global filters on a dashboard (issue 15 item 1): configure a date and a text filter, see the charts'
// numbers change, and reopen the copied link with the same filtered view.
test.describe.configure({ timeout: 180_000 });

interface Board {
  projectId: string;
  dashboardId: string;
  /** charts on the filtered source: the card (one number) and the bar */
  card: string;
  bar: string;
  dateField: string;
  textField: string;
}

/** The demo dashboard (fields 订单日期 and 地区), else a card and a bar seeded over SALES_SQL (day, province). */
async function board(page: Page, run: string): Promise<Board> {
  const demo = await findDemoDashboard(page);
  if (demo) {
    const of = (type: string) => demo.charts.find((c) => c.type === type)!.chartId;
    return { projectId: demo.projectId, dashboardId: demo.dashboardId, card: of('card'), bar: of('bar'), dateField: '订单日期', textField: '地区' };
  }
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Filters ${run}` });
  const sales = await createSource(page, folder.projectId, `Sales ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Filters ${run}`, `Filters ${run}`);
  const card = await addChart(page, dashboardId, 'Revenue', 'card', sales, SALES_CHARTS.card);
  const bar = await addChart(page, dashboardId, 'By province', 'bar', sales, SALES_CHARTS.bar);
  return { projectId, dashboardId, card: card.chartId, bar: bar.chartId, dateField: 'day', textField: 'province' };
}

/** The answers of a batch run (or single run) by chart id, with the filters each was sent. */
async function runsOf(response: Response): Promise<Map<string, { filters: unknown; option: unknown }>> {
  const sent = response.request().postDataJSON() as { charts?: { chartId: string; globalFilters?: unknown }[]; globalFilters?: unknown };
  const answer = (await response.json()) as { data: any };
  const out = new Map<string, { filters: unknown; option: unknown }>();
  if (Array.isArray(sent.charts)) sent.charts.forEach((c, i) => out.set(c.chartId, { filters: c.globalFilters, option: answer.data[i]?.data?.option }));
  else out.set(decodeURIComponent(new URL(response.url()).pathname.split('/').pop()!), { filters: sent.globalFilters, option: answer.data?.option });
  return out;
}

/** The numbers an option draws: its series' data, or a card's value. */
const numbers = (option: any) => JSON.stringify(Array.isArray(option?.series) && option.series.length > 0 ? option.series.map((s: any) => s.data) : (option?.card ?? option));
/** A run of the dashboard's boxes that includes both charts (they run again together, as one batch). */
const isRunOf = (ids: string[]) => (r: Response) => {
  if (r.request().method() !== 'POST' || !/\/api\/dashboard\/charts?\/dashboard/.test(new URL(r.url()).pathname)) return false;
  const body = r.request().postDataJSON() as { charts?: { chartId: string }[] };
  return ids.every((id) => body.charts?.some((c) => c.chartId === id) ?? new URL(r.url()).pathname.endsWith(id));
};

// Parked (issue 15 stays open for it): in whole-suite runs the field picker of the second filter item stayed open after
// its choice, and the date-range step waited out the test timeout. The flow is covered through the BFF by
// apps/embedded/src/global-filter.integration-spec.ts; this browser walk-through must be made dependable first.
test.fixme('configure a global date and text filter, see the charts change, reopen the copied link', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const b = await board(page, run);
  const dashboard = new DashboardPage(page);
  const boxes = new ChartBoxes(page);
  // no global filters from an earlier run
  await api(page, 'POST', `/api/global_filter/dashboard/${b.dashboardId}`, []);
  await dashboard.goto(b.projectId, b.dashboardId);
  await boxes.waitDrawn(boxes.box(b.card));
  await boxes.waitDrawn(boxes.box(b.bar));
  const unfiltered = new Map<string, string>();
  for (const id of [b.card, b.bar]) unfiltered.set(id, numbers((await api<{ option: unknown }>(page, 'POST', `/api/dashboard/chart/dashboard/${id}`, {})).option));

  await test.step('the settings dialog: a date filter and a text filter on every chart of the source', async () => {
    await visibleTestId(page, 'toolbar-global-filter').click();
    const addFilter = async (field: string) => {
      await visibleTestId(page, 'global-filter-add').click();
      const select = visibleTestId(page, 'global-filter-field');
      await chooseOption(select, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `${field} ·` }), field, field);
      await expect(page.getByTestId(`global-filter-chart-${b.card}`)).toBeChecked();
    };
    await addFilter(b.dateField);
    await addFilter(b.textField);
    const saved = page.waitForResponse(isCall('POST', /\/api\/global_filter\/dashboard\//));
    await visibleTestId(page, 'dialog-ok').click();
    expect((await (await saved).json()).status).toBe('success');
    await expect(page.getByTestId('global-filter-bar')).toBeVisible();
  });

  const bar = page.getByTestId('global-filter-bar');
  let textFiltered = new Map<string, { filters: unknown; option: unknown }>();
  await test.step('a value of the text filter runs the charts again, together, with fewer numbers', async () => {
    const runs = page.waitForResponse(isRunOf([b.card, b.bar]));
    const select = bar.locator('[data-testid$="-select"]').filter({ visible: true }).last();
    await select.click();
    // on the seeded source pick 广东省: its two rows lie in January and March, so the month range below narrows it again
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await (b.textField === 'province' ? options.filter({ hasText: '广东省' }) : options).first().click();
    await page.keyboard.press('Escape');
    textFiltered = await runsOf(await runs);
    for (const id of [b.card, b.bar]) {
      const r = textFiltered.get(id)!;
      expect(JSON.stringify(r.filters)).toContain(`"name":"${b.textField}"`);
      expect(numbers(r.option)).not.toBe(unfiltered.get(id));
    }
  });

  await test.step('a month range of the date filter narrows them again (the server reads it as [start, end))', async () => {
    await bar.locator('[data-testid$="-granularity"]').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Month$/ }).click();
    const runs = page.waitForResponse(isRunOf([b.card, b.bar]));
    const from = bar.locator('.bi-filter-bar__dates input').first();
    await from.click();
    await from.fill('2024-01');
    await page.keyboard.press('Enter');
    const to = bar.locator('.bi-filter-bar__dates input').last();
    await to.fill('2024-02');
    await page.keyboard.press('Enter');
    let filtered = await runsOf(await runs);
    // the first run may carry only the start; wait for the one with both ends
    while (!JSON.stringify(filtered.get(b.card)!.filters).includes('2024-02')) filtered = await runsOf(await page.waitForResponse(isRunOf([b.card, b.bar])));
    for (const id of [b.card, b.bar]) {
      const r = filtered.get(id)!;
      expect(JSON.stringify(r.filters)).toContain(`"name":"${b.dateField}"`);
      expect(numbers(r.option)).not.toBe(numbers(textFiltered.get(id)!.option));
    }
    textFiltered = filtered;
  });

  await test.step('the copied link reopens the same filtered view', async () => {
    const url = page.url();
    expect(url).toContain('gf=');
    const page2 = await page.context().newPage();
    const runs = page2.waitForResponse(isRunOf([b.card]));
    await page2.goto(url);
    const reopened = await runsOf(await runs);
    expect(JSON.stringify(reopened.get(b.card)!.filters)).toBe(JSON.stringify(textFiltered.get(b.card)!.filters));
    expect(numbers(reopened.get(b.card)!.option)).toBe(numbers(textFiltered.get(b.card)!.option));
    await expect(page2.getByTestId('global-filter-bar')).toBeVisible();
    await page2.close();
  });

  await test.step('clear all empties every filter (the charts show their unfiltered answers again)', async () => {
    await visibleTestId(page, 'global-filter-clear-all').click();
    await expect(bar.locator('.ant-select-selection-item')).toHaveCount(0);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).searchParams.get('gf') ?? '')).not.toContain('2024-01');
    await api(page, 'POST', `/api/global_filter/dashboard/${b.dashboardId}`, []);
  });
});
