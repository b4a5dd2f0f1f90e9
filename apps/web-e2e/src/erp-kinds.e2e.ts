import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import dsTexts from '../../web/src/modules/data-source/i18n/en';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { Sidebar } from './pages/Sidebar';
import { api, uniqueSuffix } from './support/api';
import { E2E_ERP_PORT, USERS } from './support/env';
import { isCall, visibleTestId } from './support/locate';

// The second-generation ERP form (routes data_source_e10, data_source_e10_edit) and the SBEP edit screen
// (data_source_sbep_edit) against the reference provider (docs/adr/0017), and the dashboard folder's
// "modify data source" dialog listing the sources its charts use now (GET /api/dashboard/datasource/projects).
// E2E_SHOTS=<dir> also shoots these screens in three languages and both themes.
test.describe.configure({ timeout: 300_000 });

const PORT = E2E_ERP_PORT;
const USER = 'e2e-erp-kinds';
const PASSWORD = 'e2e-erp-kinds-secret';
const SHOTS = process.env.E2E_SHOTS;

let provider: ReferenceProvider;
test.beforeAll(async () => {
  provider = await startReferenceProvider({ port: PORT, user: USER, password: PASSWORD, dataset: { days: 30 } });
});
test.afterAll(async () => provider?.close());

async function pick(page: Page, testId: string, optionText: string) {
  await expect(async () => {
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionText }).first();
    if (!(await option.isVisible())) await page.getByTestId(testId).click();
    await option.click({ timeout: 5_000 });
    await expect(page.getByTestId(testId)).toContainText(optionText, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('the e10 form on the chosen account, the SBEP edit screen by its connection string, and a folder’s sources in use', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Kinds ${run}`.slice(0, 20) });
  const accountName = `Kinds ${run}`.slice(0, 20);
  const accounts = await api<{ id: string; name: string; isPrimary: boolean }[]>(page, 'POST', '/api/e10account/edit', { name: accountName, ip: '127.0.0.1', port: PORT, userName: USER, identity: PASSWORD, isPrimary: false });
  const account = accounts.find((a) => a.name === accountName)!;
  // the user's choice in the account manager
  await api(page, 'POST', '/api/e10account/edit', { id: account.id, name: accountName, ip: '127.0.0.1', port: PORT, userName: USER, isPrimary: account.isPrimary, isSelected: true });

  // e10: the create dialog's E10 entry opens the one-page form, on the chosen account, the programs loaded
  await page.goto(`/data_source/${folder.projectId}`);
  await page.getByTestId('ds-create-source').click();
  await page.getByTestId('ds-type-e10').click();
  await expect(page).toHaveURL(new RegExp(`/data_source_e10/${folder.projectId}$`));
  await expect(page.getByTestId('e10-account')).toContainText(`127.0.0.1:${PORT}`);
  await page.getByTestId('e10-save').click();
  await expect(page.locator('#programId_help')).toContainText(dsTexts.erp.programRequired);
  await pick(page, 'e10-program', '销售订单明细表');
  await pick(page, 'e10-condition', '华南大区订单');
  const name = `E10 ${run}`.slice(0, 20);
  await page.getByTestId('e10-name').fill(name);
  const previewed = page.waitForResponse(isCall('POST', /^\/api\/data_source\/preview_e10_report_data$/));
  await page.getByTestId('e10-preview').click();
  expect((await previewed).ok()).toBe(true);
  await expect(page.getByTestId('e10-preview-range')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('e10-preview-table')).toContainText('华南大区', { timeout: 30_000 });
  const savedCall = page.waitForResponse(isCall('POST', /^\/api\/data_source\/[^/]+$/));
  await page.getByTestId('e10-save').click();
  const saved = ((await (await savedCall).json()) as { data: { dataSourceId: string; type: number; connectionString: string } }).data;
  expect(saved).toMatchObject({ type: 10, connectionString: `e10://127.0.0.1:${PORT}/${account.id}/sales.order_lines/south/null` });
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${saved.dataSourceId}$`));
  // its edit route takes the source id
  await page.goto(`/data_source_e10_edit/${saved.dataSourceId}`);
  await expect(page.getByTestId('e10-name')).toHaveValue(name);
  await expect(page.getByTestId('e10-program')).toContainText('销售订单明细表');

  // SBEP: a vendor-provisioned source, edited by its connection string
  const sbep = await api<{ dataSourceId: string; name: string }>(page, 'POST', '/api/data_source/vendor-sync', {
    type: 6,
    name: `SBEP ${run}`.slice(0, 20),
    programId: 'sales.order_lines',
    conditionProjectId: 'east',
    dateConditionField: null,
    account: account.id,
    projectId: folder.projectId,
    status: 'create',
  });
  const base = `sbep://127.0.0.1:${PORT}/${account.id}/sales.order_lines`;
  await page.goto(`/data_source/${folder.projectId}/${sbep.dataSourceId}`);
  await page.goto(`/data_source_sbep_edit/${sbep.dataSourceId}`);
  await expect(page.getByTestId('sbep-name')).toHaveValue(sbep.name);
  await expect(page.getByTestId('sbep-connection')).toHaveValue(`${base}/east/null`);
  await page.getByTestId('sbep-connection').fill('');
  await page.getByTestId('sbep-save').click();
  await expect(page.getByText(dsTexts.sbep.connectionRequired)).toBeVisible();
  await page.getByTestId('sbep-connection').fill(`${base}/south`);
  await expect(page.getByText(dsTexts.sbep.connectionInvalid)).toBeVisible();
  await page.getByTestId('sbep-connection').fill(`sbep://127.0.0.1:1/${account.id}/sales.order_lines/south/null`);
  await page.getByTestId('sbep-preview').click();
  await expect(page.getByTestId('sbep-error')).toHaveText('The address in the connection string is not that of the ERP account');
  await page.getByTestId('sbep-connection').fill(`${base}/south/order_date`);
  await expect(page.getByTestId('sbep-parts')).toContainText('order_date');
  await page.getByTestId('sbep-period-number').fill('15');
  await page.getByTestId('sbep-preview').click();
  await expect(page.getByTestId('sbep-preview-table')).toContainText('华南大区', { timeout: 30_000 });
  const updated = page.waitForResponse(isCall('POST', /^\/api\/data_source\/update_e10_projs$/));
  await page.getByTestId('sbep-save').click();
  expect((await updated).ok()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${sbep.dataSourceId}$`));
  expect(await api<{ connection: string; periodNumber: number }>(page, 'GET', `/api/data_source/e10_projs/${sbep.dataSourceId}`)).toMatchObject({ connection: `${base}/south/order_date`, periodNumber: 15 });

  // a dashboard folder whose charts use both: its "modify data source" dialog lists them with their counts
  const boards = await api<{ projectId: string }>(page, 'POST', '/api/dashboard/project/dashboard', { name: `Kinds bd ${run}`.slice(0, 20) });
  const board = await api<{ dashboardId: string }>(page, 'POST', '/api/dashboard/dashboard', { name: `Kinds ${run}`.slice(0, 20), projectId: boards.projectId });
  for (const id of [saved.dataSourceId, sbep.dataSourceId, sbep.dataSourceId]) await api(page, 'POST', `/api/chart-edit/dashboard/${board.dashboardId}`, { title: 'Orders', dataSourceId: id, type: 'bar' });
  await new DashboardPage(page).goto(boards.projectId, board.dashboardId);
  await new Sidebar(page).openFolderMenu(boards.projectId, 'menu-modify-data-source');
  const inUse = visibleTestId(page, 'folder-source-in-use');
  await expect(inUse).toHaveAttribute('data-count', '2');
  await expect(visibleTestId(page, `folder-source-in-use-${sbep.dataSourceId}`)).toHaveText(`${sbep.name} · charts: 2`);
  await expect(visibleTestId(page, `folder-source-in-use-${saved.dataSourceId}`)).toHaveText(`${name} · charts: 1`);

  if (SHOTS) {
    test.setTimeout(1_200_000);
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ['light', 'dark'])
      for (const language of ['zh-CN', 'zh-TW', 'en']) {
        await page.evaluate(([l, t]) => (window.localStorage.setItem('language', l!), window.localStorage.setItem('theme', t!)), [language, theme]);
        await page.goto(`/data_source_e10/${folder.projectId}`);
        await pick(page, 'e10-program', '销售订单明细表');
        await page.getByTestId('e10-name').fill('华南订单');
        await page.getByTestId('e10-preview').click();
        await expect(page.getByTestId('e10-preview-table')).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/e10-${language}-${theme}.png`, fullPage: true });
        await page.goto(`/data_source_sbep_edit/${sbep.dataSourceId}`);
        await page.getByTestId('sbep-connection').fill(`${base}/south`);
        await page.getByTestId('sbep-description').click();
        await page.screenshot({ path: `${SHOTS}/sbep-invalid-${language}-${theme}.png`, fullPage: true });
        await page.getByTestId('sbep-connection').fill(`${base}/south/order_date`);
        await page.getByTestId('sbep-preview').click();
        await expect(page.getByTestId('sbep-preview-table')).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/sbep-${language}-${theme}.png`, fullPage: true });
        await new DashboardPage(page).goto(boards.projectId, board.dashboardId);
        await new Sidebar(page).openFolderMenu(boards.projectId, 'menu-modify-data-source');
        await expect(visibleTestId(page, 'folder-source-in-use')).toHaveAttribute('data-count', '2');
        await page.screenshot({ path: `${SHOTS}/folder-sources-${language}-${theme}.png` });
      }
  }
});
