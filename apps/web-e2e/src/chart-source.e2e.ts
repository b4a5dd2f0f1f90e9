import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { Sidebar, visibleTestId } from './pages/Sidebar';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, point, value } from './support/boards';
import dbTexts from '../../web/src/modules/dashboard/i18n/en';
import { format } from './support/catalogues';
import { USERS } from './support/env';
import { clickMenuEntry, isCall } from './support/locate';
import { chooseOption } from './support/select';

// Changing a chart's data source from the dashboard (spec 01 §2): the chart box's "modify data source"
// and the dashboard-tab folder's batch switch, checked through the API; and the dashboard's "share" link.
test.describe.configure({ timeout: 120_000 });

/** The old source has `extra`; the new one lacks it (charts using it lose that field). */
const OLD_SQL = `SELECT * FROM (VALUES ('East', 10.0, 1.0), ('West', 20.0, 2.0)) AS t(region, amount, extra)`;
const NEW_SQL = `SELECT * FROM (VALUES ('East', 30.0), ('West', 40.0), ('North', 50.0)) AS t(region, amount)`;

interface StoredChart {
  chart: { chartId: string; dataSourceId: string; values: { name: string }[]; points: { name: string }[] };
}

const storedChart = (page: Page, chartId: string) => api<StoredChart>(page, 'POST', `/api/chart-edit/chart/dashboard/${chartId}`, { isFullScreen: false });

async function signIn(page: Page): Promise<void> {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
}

/** A data-source folder with the old and the new source. */
async function seedSources(page: Page, run: string) {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Srcs ${run}` });
  const oldId = await createSource(page, folder.projectId, `Old ${run}`, OLD_SQL);
  const newId = await createSource(page, folder.projectId, `New ${run}`, NEW_SQL);
  return { folderId: folder.projectId, oldId, newName: `New ${run}`, newId };
}

async function chooseSource(page: Page, testId: string, dataSourceId: string, name: string): Promise<void> {
  const select = visibleTestId(page, testId).getByTestId('switch-source-select');
  await chooseOption(select, visibleTestId(page, `switch-source-option-${dataSourceId}`), name, name);
}

test('chart box: modify data source shows the fields removed, saves the chart on the new source and redraws it', async ({ page }) => {
  const run = uniqueSuffix();
  await signIn(page);
  const sources = await seedSources(page, run);
  const seeded = await seedDashboard(page, 'dashboard', `Box src ${run}`, `Board ${run}`);
  const chart = await addChart(page, seeded.dashboardId, `Sales ${run}`, 'bar', sources.oldId, { points: [point('region')], values: [value('amount'), value('extra')] });

  const board = new DashboardPage(page);
  await board.goto(seeded.projectId, seeded.dashboardId);
  await expect(board.chartBox(chart.chartId)).toHaveAttribute('data-loaded', 'true');
  await board.boxTool(chart.chartId, 'box-more').click();
  await expect(visibleTestId(page, 'menu-modify-data-source')).toHaveText(dbTexts.chart.menu.modifyDataSource);
  await clickMenuEntry(page, 'menu-modify-data-source');

  // OK without a choice: the dialog asks for one
  const dialog = visibleTestId(page, 'switch-source-dialog');
  await expect(dialog).toBeVisible();
  await visibleTestId(page, 'dialog-ok').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible();

  // before confirming: region and amount are kept, extra is removed
  await chooseSource(page, 'switch-source-dialog', sources.newId, sources.newName);
  await expect(visibleTestId(page, 'switch-source-plan')).toHaveAttribute('data-dropped', 'extra');
  await expect(visibleTestId(page, 'switch-source-plan')).toHaveAttribute('data-kept', /region/);
  await expect(visibleTestId(page, 'switch-source-dropped-extra')).toBeVisible();

  const [switched] = await Promise.all([
    page.waitForResponse(isCall('POST', new RegExp(`^/api/chart-edit/change/dashboard/${sources.newId}$`))),
    visibleTestId(page, 'dialog-ok').click(),
  ]);
  expect(switched.ok()).toBe(true);
  // after: the server's dropped list in the message, the dialog closed, the box drawn again on the new data
  await expect(page.locator('.ant-message-success').filter({ hasText: 'extra' })).toBeVisible();
  await expect(visibleTestId(page, 'switch-source-dialog')).toHaveCount(0);
  await expect(board.chartBox(chart.chartId)).toHaveAttribute('data-loaded', 'true');

  const stored = await storedChart(page, chart.chartId);
  expect(stored.chart.dataSourceId).toBe(sources.newId);
  expect(stored.chart.values.map((v) => v.name)).toEqual(['amount']);
  expect(stored.chart.points.map((p) => p.name)).toEqual(['region']);
});

test('dashboard folder: modify data source moves every chart of the folder, lists the fields removed', async ({ page }) => {
  const run = uniqueSuffix();
  await signIn(page);
  const sources = await seedSources(page, run);
  const first = await seedDashboard(page, 'dashboard', `Batch ${run}`, `One ${run}`);
  const second = await api<{ dashboardId: string }>(page, 'POST', '/api/dashboard/dashboard', { name: `Two ${run}`, projectId: first.projectId });
  const withExtra = await addChart(page, first.dashboardId, `Extra ${run}`, 'bar', sources.oldId, { points: [point('region')], values: [value('extra')] });
  const plain = await addChart(page, first.dashboardId, `Plain ${run}`, 'bar', sources.oldId, { points: [point('region')], values: [value('amount')] });
  const other = await addChart(page, second.dashboardId, `Other ${run}`, 'table', sources.oldId, { points: [point('region')], values: [value('amount')] });

  const board = new DashboardPage(page);
  const sidebar = new Sidebar(page);
  await board.goto(first.projectId, first.dashboardId);
  await expect(board.chartBox(plain.chartId)).toHaveAttribute('data-loaded', 'true');
  await sidebar.openFolderMenu(first.projectId, 'menu-modify-data-source');

  const dialog = visibleTestId(page, 'folder-source-dialog');
  await expect(dialog).toBeVisible();
  await expect(visibleTestId(page, 'folder-source-what')).toContainText(format(dbTexts.sourceSwitch.folderWhat, { name: `Batch ${run}`, count: '2' }));
  await visibleTestId(page, 'dialog-ok').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(dbTexts.sourceSwitch.chooseRequired);

  await chooseSource(page, 'folder-source-dialog', sources.newId, sources.newName);
  await expect(visibleTestId(page, 'folder-source-what')).toContainText(sources.newName);
  const [batch] = await Promise.all([
    page.waitForResponse(isCall('PUT', new RegExp(`^/api/chart-edit/batch-edit-datasource/dashboard/${first.projectId}$`))),
    visibleTestId(page, 'dialog-ok').click(),
  ]);
  expect(batch.ok()).toBe(true);
  expect(batch.request().postDataJSON()).toEqual({ projectId: sources.folderId, dataSourceId: sources.newId });

  const result = visibleTestId(page, 'folder-source-result');
  await expect(result).toHaveAttribute('data-charts', '3');
  await expect(result).toContainText(format(dbTexts.sourceSwitch.done, { count: '3', source: sources.newName }));
  await expect(visibleTestId(page, `folder-source-dropped-${withExtra.chartId}`)).toContainText('extra');
  await expect(visibleTestId(page, `folder-source-dropped-${plain.chartId}`)).toHaveCount(0);
  await visibleTestId(page, 'folder-source-close').click();
  await expect(result).toHaveCount(0);
  await expect(board.chartBox(plain.chartId)).toHaveAttribute('data-loaded', 'true');

  for (const chartId of [withExtra.chartId, plain.chartId, other.chartId]) {
    expect((await storedChart(page, chartId)).chart.dataSourceId).toBe(sources.newId);
  }
  expect((await storedChart(page, withExtra.chartId)).chart.values).toEqual([]);
  expect((await storedChart(page, other.chartId)).chart.values.map((v) => v.name)).toEqual(['amount']);
});

test('dashboard menu: share copies the dashboard link', async ({ page, context }) => {
  const run = uniqueSuffix();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const seeded = await seedDashboard(page, 'dashboard', `Share ${run}`, `Shared ${run}`);
  const other = await api<{ dashboardId: string }>(page, 'POST', '/api/dashboard/dashboard', { name: `Elsewhere ${run}`, projectId: seeded.projectId });
  const board = new DashboardPage(page);
  const sidebar = new Sidebar(page);
  await board.goto(seeded.projectId, seeded.dashboardId);
  await expect(board.title).toHaveText(`Shared ${run}`);

  await sidebar.openDashboardMenu(other.dashboardId, 'menu-share');
  await expect(page.locator('.ant-message-success').filter({ hasText: dbTexts.share.copied })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(new URL(`/dashboard/${seeded.projectId}/${other.dashboardId}`, page.url()).toString());

  // the link opens that dashboard
  await page.goto(link);
  await expect(board.title).toHaveText(`Elsewhere ${run}`);
});
