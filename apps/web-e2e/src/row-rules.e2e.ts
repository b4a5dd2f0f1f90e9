import { expect, test, type Page } from '@playwright/test';
import sharingTexts from '../../web/src/modules/sharing/i18n/en';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, signedIn } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, seedSqlSource, value } from './support/boards';
import { USERS } from './support/env';
import { isCall } from './support/locate';

// Issue 17 #6: row-level rules from the source's detail page (admins only; docs/api/sharing.md
// "Row-level rules"). The admin adds a rule for the viewer role in the dialog; the same chart then
// answers the viewer a smaller total than the admin, who sees every row.

test.describe.configure({ timeout: 180_000 });

const SALES = `SELECT * FROM (VALUES ('North', 120.5), ('South', 300.0), ('East', 210.75)) AS t(region, amount)`;

/** Sum of the numbers of a chart answer's series (bar: one value per region). */
function seriesTotal(answer: unknown): number {
  const series = ((answer as { option?: { series?: { data?: unknown[] }[] } }).option?.series ?? []).flatMap((s) => s.data ?? []);
  return series.reduce<number>((sum, d) => {
    const v = typeof d === 'number' ? d : Array.isArray(d) ? d[d.length - 1] : (d as { value?: unknown } | null)?.value;
    return sum + (typeof v === 'number' ? v : Array.isArray(v) ? Number(v[v.length - 1]) : Number(v ?? 0));
  }, 0);
}

/** Picks an option of an antd select by the option's test id (the dropdown may be animating). */
async function choose(page: Page, selectTestId: string, optionTestId: string) {
  await expect(async () => {
    if (!(await page.getByTestId(optionTestId).isVisible())) await page.getByTestId(selectTestId).click();
    await page.getByTestId(optionTestId).click({ timeout: 5_000 });
    await expect(page.getByTestId(optionTestId)).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('admin adds a row rule for the viewer role; the viewer gets a smaller total than the admin', async ({ page, browser }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const source = await seedSqlSource(page, `Rules ${run}`, `Sales ${run}`, SALES);
  await api(page, 'POST', `/api/data_source/publish/${source.dataSourceId}`, { roleIds: ['viewer'], userIds: [] });
  const board = await seedDashboard(page, 'dashboard', `Rules ${run}`, `Rules ${run}`);
  const { chartId } = await addChart(page, board.dashboardId, 'Sales by region', 'bar', source.dataSourceId, { points: [point('region')], values: [value('amount')] });
  const runChart = (p: Page) => api<unknown>(p, 'POST', `/api/dashboard/chart/dashboard/${chartId}`, {});
  const viewer = await signedIn(browser, USERS.viewer);
  expect(seriesTotal(await runChart(viewer))).toBeCloseTo(631.25, 6);

  // the dialog from the detail toolbar: no rules yet
  await page.goto(`/data_source/${source.projectId}/${source.dataSourceId}`);
  await page.getByTestId('ds-row-rules').click();
  await expect(page.getByTestId('rules-dialog-title')).toHaveText(sharingTexts.rules.title.replace('{{name}}', source.name));
  await expect(page.getByTestId('rules-empty')).toBeVisible();

  // a rule without a role or user is not sent
  await page.getByTestId('rules-add').click();
  await page.getByTestId('dialog-ok').click();
  await expect(page.getByTestId('rule-problem-0')).toHaveText(sharingTexts.rules.problems.target);

  // viewer role: region = East (texts offer = != like notLike)
  await choose(page, 'rule-target-0', 'rule-target-role-viewer');
  await expect(page.getByTestId('rule-field-0')).toContainText('region');
  await page.getByTestId('rule-operator-0').click();
  for (const op of ['eq', 'ne', 'like', 'notLike']) await expect(page.getByTestId(`rule-op-${op}`)).toBeVisible();
  await expect(page.getByTestId('rule-op-between')).toHaveCount(0);
  await page.getByTestId('rule-op-eq').click();
  await page.getByTestId('rule-value-0').fill('East');
  const saved = page.waitForResponse(isCall('PUT', /^\/api\/data_source\/row_rules\//));
  await page.getByTestId('dialog-ok').click();
  const answer = await saved;
  expect(answer.request().postDataJSON()).toEqual({ denyByDefault: false, rules: [{ roleId: 'viewer', field: 'region', compare: '=', compareValue: 'East' }] });
  expect(answer.status()).toBe(200);
  await expect(page.getByTestId('rules-dialog')).toHaveCount(0);

  // read again when the dialog opens
  await page.getByTestId('ds-row-rules').click();
  await expect(page.getByTestId('rule-value-0')).toHaveValue('East');
  await page.getByTestId('dialog-cancel').click();

  // the same chart: the admin sees every row, the viewer only East
  expect(seriesTotal(await runChart(page))).toBeCloseTo(631.25, 6);
  expect(seriesTotal(await runChart(viewer))).toBeCloseTo(210.75, 6);
  const viewerBoxes = new ChartBoxes(viewer);
  await new DashboardPage(viewer).goto(board.projectId, board.dashboardId);
  await viewerBoxes.expectDrawn(viewerBoxes.box(chartId), 'bar');
  await viewer.context().close();
});
