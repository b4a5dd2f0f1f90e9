import { expect, test, type Page } from '@playwright/test';
import chartTexts from '../../web/src/modules/chart/i18n/en';
import sharingTexts from '../../web/src/modules/sharing/i18n/en';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, signedIn } from './pages/LoginPage';
import { Sidebar } from './pages/Sidebar';
import { seedDashboard, tokenOf, uniqueSuffix } from './support/api';
import { addChart, createSource, point, seedSqlSource, value } from './support/boards';
import type { Language } from './support/catalogues';
import { USERS } from './support/env';
import { clickMenuEntry, isCall, visibleTestId } from './support/locate';
import { presetLocalStorage } from './support/storage';

// Issue 17: sharing a data source from the batch-publish screen (spec 02 §2 screen 7) and what a viewer
// may see and do (docs/api/sharing.md): the viewer sees a shared source's chart, the no-permission state
// otherwise, and no edit controls.

test.describe.configure({ timeout: 180_000 });

const SALES = `SELECT * FROM (VALUES ('North', 120.5), ('South', 300.0), ('East', 210.75)) AS t(region, amount)`;
const OTHER = `SELECT * FROM (VALUES ('x', 1.0)) AS t(k, v)`;

interface Seeded {
  folder: { projectId: string; name: string };
  shared: { dataSourceId: string; name: string };
  other: { dataSourceId: string; name: string };
  board: { projectId: string; dashboardId: string };
  chartId: string;
}

/** As admin: a source folder with two sources, a dashboard with a bar chart over the first one. */
async function seed(page: Page, run: string): Promise<Seeded> {
  const shared = await seedSqlSource(page, `Share ${run}`, `Sales ${run}`, SALES);
  const otherId = await createSource(page, shared.projectId, `Other ${run}`, OTHER);
  const board = await seedDashboard(page, 'dashboard', `Shared ${run}`, `Shared ${run}`);
  const { chartId } = await addChart(page, board.dashboardId, 'Sales by region', 'bar', shared.dataSourceId, { points: [point('region')], values: [value('amount')] });
  return {
    folder: { projectId: shared.projectId, name: `Share ${run}` },
    shared: { dataSourceId: shared.dataSourceId, name: shared.name },
    other: { dataSourceId: otherId, name: `Other ${run}` },
    board: { projectId: board.projectId, dashboardId: board.dashboardId },
    chartId,
  };
}

/** Adds an option to an antd multiple select (its dropdown stays open: closed with Escape). */
async function addOption(page: Page, selectTestId: string, optionTestId: string, label: string) {
  const select = page.getByTestId(selectTestId);
  await expect(async () => {
    if (!(await page.getByTestId(optionTestId).isVisible())) await select.click();
    await page.getByTestId(optionTestId).click({ timeout: 5_000 });
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(optionTestId)).toBeHidden();
}

/** No control that changes the dashboard tab is offered (spec 01 §2 with editAuth = dashboard:edit). */
async function expectNoEditControls(page: Page, seeded: Seeded) {
  const board = new DashboardPage(page);
  await expect(page.getByTestId('sidebar-dashboard')).toBeVisible();
  await expect(page.getByTestId(`folder-${seeded.board.projectId}`)).toBeVisible();
  await expect(page.getByTestId(`drag-folder-${seeded.board.projectId}`)).toHaveCount(0);
  await expect(page.getByTestId('create-folder')).toHaveCount(0);
  await expect(page.getByTestId(`folder-menu-${seeded.board.projectId}`)).toHaveCount(0);
  await expect(page.getByTestId(`dashboard-menu-${seeded.board.dashboardId}`)).toHaveCount(0);
  await expect(board.addChartButton).toHaveCount(0);
  await expect(board.hideChartsButton).toHaveCount(0);
  await expect(board.lockButton).toHaveCount(0);
  await expect(board.exportButton).toBeVisible();
  await expect(board.boxTool(seeded.chartId, 'box-edit')).toHaveCount(0);
  await expect(board.boxTool(seeded.chartId, 'box-refresh')).toBeVisible();
  // the "more" menu keeps only what needs no edit right
  await board.boxTool(seeded.chartId, 'box-more').click();
  await expect(visibleTestId(page, 'menu-export')).toBeVisible();
  await expect(page.getByTestId('menu-delete')).toHaveCount(0);
  await expect(page.getByTestId('menu-hide')).toHaveCount(0);
  await page.keyboard.press('Escape');
}

test.describe('sharing and edit rights', () => {
  test('admin shares a source from the batch screen; the viewer then sees the chart, and the no-permission state after removal', async ({ page, browser }) => {
    const run = uniqueSuffix();
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const seeded = await seed(page, run);

    // before: the viewer sees the chart's no-permission state, not an error and not the data
    const viewer = await signedIn(browser, USERS.viewer);
    const viewerBoard = new DashboardPage(viewer);
    const viewerBoxes = new ChartBoxes(viewer);
    await viewerBoard.goto(seeded.board.projectId, seeded.board.dashboardId);
    const viewerBox = viewerBoxes.box(seeded.chartId);
    await viewerBox.scrollIntoViewIfNeeded();
    await expect(viewerBoxes.view(viewerBox)).toHaveAttribute('data-state', 'noPermission');
    await expect(viewerBox.getByTestId('chart-no-permission')).toContainText(chartTexts.noPermission);
    await expect(viewerBox.locator('canvas')).toHaveCount(0);

    // the batch screen, from the data-source sidebar's menu, opened on the folder
    await page.goto(`/data_source/${seeded.folder.projectId}`);
    await page.getByTestId('ds-sidebar-menu').click();
    await clickMenuEntry(page, 'ds-menu-batch-share');
    await expect(page.getByTestId('page-data_source_batch_publish')).toBeVisible();
    await expect(page.getByTestId('batch-title')).toHaveText(sharingTexts.batch.title);
    await expect(page.getByTestId('batch-folder')).toContainText(seeded.folder.name);
    const row = (id: string) => page.getByTestId(`batch-row-${id}`);
    const box = (id: string) => row(id).locator('input[type="checkbox"]');
    await expect(row(seeded.shared.dataSourceId)).toContainText(seeded.shared.name);
    await expect(row(seeded.other.dataSourceId)).toContainText(seeded.other.name);

    // nothing checked: the spec's message, no call
    await page.getByTestId('batch-add').click();
    await expect(page.locator('.ant-message')).toContainText(sharingTexts.batch.noneChecked);

    // select all / none / invert
    await page.getByTestId('batch-select-all').click();
    await expect(box(seeded.shared.dataSourceId)).toBeChecked();
    await expect(box(seeded.other.dataSourceId)).toBeChecked();
    await page.getByTestId('batch-select-none').click();
    await expect(box(seeded.shared.dataSourceId)).not.toBeChecked();
    await expect(box(seeded.other.dataSourceId)).not.toBeChecked();
    await box(seeded.other.dataSourceId).check();
    await page.getByTestId('batch-invert').click();
    await expect(box(seeded.shared.dataSourceId)).toBeChecked();
    await expect(box(seeded.other.dataSourceId)).not.toBeChecked();

    // no role or user chosen yet
    await page.getByTestId('batch-add').click();
    await expect(page.locator('.ant-message')).toContainText(sharingTexts.batch.noneChosen);

    await addOption(page, 'batch-roles', 'batch-role-option-viewer', 'viewer');
    const published = page.waitForResponse(isCall('POST', /^\/api\/data_source\/batch_publish$/));
    await page.getByTestId('batch-add').click();
    const answer = await published;
    expect(answer.request().postDataJSON()).toEqual({
      dataSourceIds: [seeded.shared.dataSourceId],
      roleIds: ['viewer'],
      userIds: [],
      publishType: 'add',
      projectId: seeded.folder.projectId,
    });
    expect((await answer.json()) as unknown).toEqual({ status: 'success', data: [] });
    await expect(visibleTestId(page, 'publish-success')).toHaveText(sharingTexts.result.operateSuccess);
    await expect(page.getByTestId('batch-result')).toHaveCount(0);

    // the share dialog of the source shows the role as chosen
    await page.goto(`/data_source/${seeded.folder.projectId}/${seeded.shared.dataSourceId}`);
    await page.getByTestId('ds-share').click();
    await expect(page.getByTestId('share-dialog')).toBeVisible();
    await expect(page.getByTestId('share-roles')).toContainText('viewer');
    await page.getByTestId('dialog-cancel').click();

    // the viewer signs in and sees the chart's numbers
    await new LoginPage(viewer).login(USERS.viewer, { language: 'en' });
    await viewerBoard.goto(seeded.board.projectId, seeded.board.dashboardId);
    await viewerBoxes.expectDrawn(viewerBoxes.box(seeded.chartId), 'bar');

    // remove the share from the same screen: the viewer is back to the no-permission state
    await page.goto(`/data_source_publish/${seeded.folder.projectId}`);
    await expect(page.getByTestId('page-data_source_publish')).toBeVisible();
    await box(seeded.shared.dataSourceId).check();
    await addOption(page, 'batch-roles', 'batch-role-option-viewer', 'viewer');
    const removed = page.waitForResponse(isCall('POST', /^\/api\/data_source\/batch_publish$/));
    await page.getByTestId('batch-remove').click();
    expect(((await removed).request().postDataJSON() as { publishType: string }).publishType).toBe('remove');
    await expect(visibleTestId(page, 'publish-success')).toBeVisible();

    await new LoginPage(viewer).login(USERS.viewer, { language: 'en' });
    await viewerBoard.goto(seeded.board.projectId, seeded.board.dashboardId);
    await viewerBoxes.box(seeded.chartId).scrollIntoViewIfNeeded();
    await expect(viewerBoxes.view(viewerBoxes.box(seeded.chartId))).toHaveAttribute('data-state', 'noPermission');
    await viewer.context().close();
  });

  test('the viewer sees no edit controls and the server refuses its dashboard writes; the analyst has them', async ({ page, browser }) => {
    const run = uniqueSuffix();
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const seeded = await seed(page, run);

    const viewer = await signedIn(browser, USERS.viewer);
    // even with ?lockEdit=false nothing becomes editable
    await new DashboardPage(viewer).goto(seeded.board.projectId, seeded.board.dashboardId, '?lockEdit=false');
    await expectNoEditControls(viewer, seeded);
    const refused = await viewer.request.post('/api/dashboard/project/dashboard', {
      headers: { authorization: await tokenOf(viewer), currentLanguage: 'en' },
      data: { name: `Nope ${run}` },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { status: string }).status).toBe('fail');
    // a link to the chart editor tells the viewer it may not edit
    await viewer.goto(`/dashboard/chart_edit/${seeded.board.projectId}/${seeded.board.dashboardId}/${seeded.chartId}`);
    await expect(viewer.getByTestId('chart-edit-no-permission')).toBeVisible();
    await viewer.context().close();

    // the same dashboard for the analyst (dashboard:edit): the controls are there
    const analyst = await signedIn(browser, USERS.analyst);
    const board = new DashboardPage(analyst);
    await board.goto(seeded.board.projectId, seeded.board.dashboardId);
    await expect(analyst.getByTestId('create-folder')).toBeVisible();
    await expect(board.addChartButton).toBeVisible();
    await expect(board.hideChartsButton).toBeVisible();
    await expect(board.lockButton).toBeVisible();
    await expect(analyst.getByTestId(`dashboard-menu-${seeded.board.dashboardId}`)).toBeVisible();
    await analyst.context().close();
  });

  test('an analyst deleting a dashboard or folder holding a chart they cannot read is refused with the server’s message; nothing is deleted (issue 26 #3)', async ({ page, browser }) => {
    const run = uniqueSuffix();
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const seeded = await seed(page, run);
    const refusals: Record<Language, string> = {
      en: 'You cannot change the chart "Sales by region": you have no access to its data source',
      'zh-CN': '无法修改图表“Sales by region”：您没有其数据源的访问权限',
      'zh-TW': '無法修改圖表「Sales by region」：您沒有其資料來源的存取權限',
    };
    for (const language of ['en', 'zh-CN', 'zh-TW'] as const) {
      const analyst = await (await browser.newContext()).newPage();
      // screenshots of the refusal in both themes when asked (E2E_SHOTS_DIR), never kept in the repository
      const theme = process.env.E2E_SHOTS_THEME === 'dark' ? 'dark' : 'light';
      await presetLocalStorage(analyst, { theme });
      await new LoginPage(analyst).login(USERS.analyst, { language });
      await new DashboardPage(analyst).goto(seeded.board.projectId, seeded.board.dashboardId);
      const sidebar = new Sidebar(analyst);
      await sidebar.openDashboardMenu(seeded.board.dashboardId, 'menu-delete');
      const [dashboardDelete] = await Promise.all([analyst.waitForResponse(isCall('DELETE', new RegExp(`^/api/dashboard/dashboard/${seeded.board.dashboardId}$`))), sidebar.dialogOk.click()]);
      expect(dashboardDelete.status()).toBe(403);
      await expect(analyst.locator('.ant-message-error').filter({ hasText: refusals[language] })).toBeVisible();
      if (process.env.E2E_SHOTS_DIR) await analyst.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/delete-dashboard-${language}-${theme}.png` });
      await sidebar.openFolderMenu(seeded.board.projectId, 'menu-delete');
      const [folderDelete] = await Promise.all([analyst.waitForResponse(isCall('DELETE', new RegExp(`^/api/dashboard/project/dashboard/${seeded.board.projectId}$`))), sidebar.dialogOk.click()]);
      expect(folderDelete.status()).toBe(403);
      await expect(analyst.locator('.ant-message-error').filter({ hasText: refusals[language] }).first()).toBeVisible();
      // the dashboard and its chart are still there
      await expect(analyst.getByTestId(`dashboard-menu-${seeded.board.dashboardId}`)).toBeVisible();
      await expect(new DashboardPage(analyst).chartBox(seeded.chartId)).toBeVisible();
      await analyst.context().close();
    }
  });
});
