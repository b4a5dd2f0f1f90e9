import { expect, test, type Page } from '@playwright/test';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { ProviderClient } from '@bi/provider-protocol';
import { ChartBoxes } from './pages/ChartBoxes';
import { ChartEditorPage } from './pages/ChartEditorPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { E2E_ERP_PORT, USERS } from './support/env';
import { boxRunOf, clickMenuEntry, isBoxRun, isCall } from './support/locate';
import { chooseOption } from './support/select';

// The analyst's whole ERP flow (issue 29) in Chromium, against the reference provider started for real:
// the analyst adds an ERP account in the account manager dialog, builds an ERP report source in the
// wizard on it, shares it with the viewer role in the share dialog that follows the save, and charts it
// on a dashboard; the chart's numbers equal the provider's rows of the synced range summed here by hand.
// The product must allow the provider's address (BI_OUTBOUND_ALLOW) and the e10report module (BI_MODULES).
test.describe.configure({ timeout: 300_000 });

const PORT = E2E_ERP_PORT;
const USER = 'e2e-analyst-erp';
const PASSWORD = 'e2e-analyst-erp-secret';

let provider: ReferenceProvider;
test.beforeAll(async () => {
  provider = await startReferenceProvider({ port: PORT, user: USER, password: PASSWORD, dataset: { days: 60 } });
});
test.afterAll(async () => provider?.close());

async function pick(page: Page, testId: string, optionText: string) {
  await chooseOption(page.getByTestId(testId), page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionText }).first(), optionText);
}

interface PreviewAnswer {
  range: { from: string; to: string } | null;
}

test('an analyst adds an ERP account, builds a report source in the wizard, shares it and charts it', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.analyst, { language: 'en' });
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `ERP an ${run}`.slice(0, 20) });

  // 1. the ERP account manager dialog (data-source sidebar menu): a new account on the reference provider
  const account = `Ref ERP ${run}`.slice(0, 20);
  await page.goto(`/data_source/${folder.projectId}`);
  await page.getByTestId('ds-sidebar-menu').click();
  await clickMenuEntry(page, 'ds-menu-erp-accounts');
  await expect(page.getByTestId('erp-accounts')).toBeVisible();
  await page.getByTestId('erp-account-add').click();
  await page.getByTestId('erp-account-name').fill(account);
  await page.getByTestId('erp-account-ip').fill('127.0.0.1');
  await page.getByTestId('erp-account-port').fill(String(PORT));
  await page.getByTestId('erp-account-user').fill(USER);
  await page.getByTestId('erp-account-password').fill(PASSWORD);
  const added = page.waitForResponse(isCall('POST', /^\/api\/e10account\/edit$/));
  await page.getByTestId('erp-account-save').click();
  expect((await added).ok()).toBe(true);
  await expect(page.getByTestId(`erp-account-${account}`)).toContainText(`127.0.0.1:${PORT}`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('erp-accounts')).toBeHidden();

  // 2. the ERP report wizard from the create dialog, on that account
  await page.getByTestId('ds-create-source').click();
  await page.getByTestId('ds-type-erpReport').click();
  await expect(page).toHaveURL(new RegExp(`/data_source_e10_report/${folder.projectId}/create$`));
  await pick(page, 'erp-account', account);
  await page.getByTestId('erp-load-programs').click();
  await pick(page, 'erp-program', '销售订单明细表');
  await pick(page, 'erp-condition', '华东大区订单');
  await pick(page, 'erp-date-field', '订单日期');
  await page.getByTestId('erp-period-number').fill('20');
  const name = `East ${run}`.slice(0, 20);
  await page.getByTestId('erp-name').fill(name);
  const previewed = page.waitForResponse(isCall('POST', /^\/api\/data_source\/preview_e10_report_data$/));
  await page.getByTestId('erp-next').click();
  const preview = ((await (await previewed).json()) as { data: PreviewAnswer }).data;
  expect(preview.range).not.toBeNull();
  const range = preview.range!;
  await expect(page.getByTestId('erp-preview-table')).toContainText('华东大区');

  // 3. the save syncs the rows; the share dialog follows: shared with the viewer role
  const savedCall = page.waitForResponse(isCall('POST', /^\/api\/data_source\/[^/]+$/));
  await page.getByTestId('erp-save').click();
  const saved = ((await (await savedCall).json()) as { data: { dataSourceId: string; name: string } }).data;
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  // a multiple select: its list stays open after a choice; a click on the dialog's title closes it
  const roles = page.getByTestId('share-roles');
  await expect(async () => {
    if (!(await page.getByTestId('share-role-option-viewer').isVisible())) await roles.click();
    await page.getByTestId('share-role-option-viewer').click({ timeout: 5_000 });
    await expect(roles).toContainText('viewer', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('share-dialog-title').click();
  await expect(page.getByTestId('share-role-option-viewer')).toBeHidden();
  const published = page.waitForResponse(isCall('POST', new RegExp(`^/api/data_source/publish/${saved.dataSourceId}$`)));
  await page.locator('.bi-share-dialog .ant-btn-primary').click();
  expect((await published).ok()).toBe(true);
  // shared: leaving asks nothing, the source's page opens
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${saved.dataSourceId}$`));
  expect(await api<{ selectRoles: string[] }>(page, 'GET', `/api/data_source/roles_users/${saved.dataSourceId}`)).toMatchObject({ selectRoles: ['viewer'] });

  // 4. charted on a dashboard: amount by category
  const boards = await api<{ projectId: string }>(page, 'POST', '/api/dashboard/project/dashboard', { name: `ERP bd ${run}`.slice(0, 20) });
  const dashboard = await api<{ dashboardId: string }>(page, 'POST', '/api/dashboard/dashboard', { name: `Orders ${run}`.slice(0, 20), projectId: boards.projectId });
  const board = new DashboardPage(page);
  const editor = new ChartEditorPage(page);
  await board.goto(boards.projectId, dashboard.dashboardId);
  const chartId = await board.addChart('Amount by category', saved);
  await editor.expectOpen();
  let stored = editor.nextSave();
  await editor.dragField('category', 'points');
  expect((await stored).ok()).toBe(true);
  stored = editor.nextSave();
  await editor.dragField('amount', 'values');
  expect((await stored).ok()).toBe(true);
  await editor.expectSaved();

  // the provider's rows of the synced range, summed by hand
  const client = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD });
  const expected: Record<string, number> = {};
  for await (const p of client.allRows('sales.order_lines', { project: 'east', dateField: 'order_date', from: range.from, to: range.to })) {
    const category = p.columns.findIndex((c) => c.name === 'category');
    const amount = p.columns.findIndex((c) => c.name === 'amount');
    for (const r of p.rows) expected[r[category] as string] = (expected[r[category] as string] ?? 0) + Number(r[amount]);
  }
  expect(Object.keys(expected).length).toBeGreaterThan(1);

  // the dashboard draws the chart with those numbers
  const drawn = page.waitForResponse(isBoxRun(chartId));
  await board.goto(boards.projectId, dashboard.dashboardId);
  const { envelope } = await boxRunOf(await drawn, chartId);
  expect(envelope.status).toBe('success');
  const option = envelope.data.option as { xAxis: { data: string[] } | { data: string[] }[]; series: { data: unknown[] }[] };
  const categories = Array.isArray(option.xAxis) ? option.xAxis[0]!.data : option.xAxis.data;
  const cell = (d: unknown) => Number(d !== null && typeof d === 'object' ? (d as { value?: unknown }).value : d);
  const charted = Object.fromEntries(categories.map((c, i) => [c, cell(option.series[0]!.data[i])]));
  expect(Object.keys(charted).sort()).toEqual(Object.keys(expected).sort());
  for (const [category, sum] of Object.entries(expected)) expect(charted[category]).toBeCloseTo(sum, 2);
  await new ChartBoxes(page).expectDrawn(board.chartBox(chartId), 'bar');
});
