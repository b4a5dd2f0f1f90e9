import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage';
import { DataSourceDetail } from './pages/DataSourceDetail';
import { ExcelUploadWizard } from './pages/ExcelUploadWizard';
import { LoginPage } from './pages/LoginPage';
import { visibleTestId } from './pages/Sidebar';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, point, value } from './support/boards';
import { firstBar } from './support/canvas';
import { format } from './support/catalogues';
import { USERS } from './support/env';
import { isCall } from './support/locate';
import { chooseOption } from './support/select';
import { seedCsvSource } from './support/uploads';
import chartTexts from '../../web/src/modules/chart/i18n/en';
import dsTexts from '../../web/src/modules/data-source/i18n/en';
import xlTexts from '../../web/src/modules/excel-upload/i18n/en';

// Deleting a data source must not strand its charts (issue 27 item 2): the confirmation names the
// charts and joined tables using it and offers to switch the charts to another source first; a chart
// whose source is gone anyway says so in its box and is switched from there, and drawn again.
test.describe.configure({ timeout: 120_000 });

const OLD_SQL = `SELECT * FROM (VALUES ('East', 10.0, 1.0), ('West', 20.0, 2.0)) AS t(region, amount, extra)`;
const NEW_SQL = `SELECT * FROM (VALUES ('East', 30.0), ('West', 40.0), ('North', 50.0)) AS t(region, amount)`;

interface StoredChart {
  chart: { chartId: string; dataSourceId: string; values: { name: string }[] };
  sourceMissing?: boolean;
}
const storedChart = (page: Page, chartId: string) => api<StoredChart>(page, 'POST', `/api/chart-edit/chart/dashboard/${chartId}`, { isFullScreen: false });

async function seed(page: Page, run: string) {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Del ${run}` });
  const oldId = await createSource(page, folder.projectId, `Old ${run}`, OLD_SQL);
  const newId = await createSource(page, folder.projectId, `New ${run}`, NEW_SQL);
  const board = await seedDashboard(page, 'dashboard', `Boards ${run}`, `Board ${run}`);
  const chart = await addChart(page, board.dashboardId, `Sales ${run}`, 'bar', oldId, { points: [point('region')], values: [value('amount'), value('extra')] });
  return { folderId: folder.projectId, oldId, newId, newName: `New ${run}`, board, chart };
}

test('the delete confirmation names the charts and joins using the source, and switches the charts to another source first', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const s = await seed(page, run);
  const join = await api<{ dataSourceId: string }>(page, 'POST', `/api/data_source/join_table_add/${s.folderId}`, {
    name: `Join ${run}`.slice(0, 20),
    nodeDataArray: [
      { dataSourceId: s.oldId, showName: 'o', fields: [{ name: 'region', title: 'Region', check: true }] },
      { dataSourceId: s.newId, showName: 'n', fields: [{ name: 'amount', title: 'New amount', check: true }] },
    ],
    links: [{ from: 'o', to: 'n', joinType: 'left', joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }],
  });

  const detail = new DataSourceDetail(page);
  await page.goto(`/data_source/${s.folderId}/${s.oldId}`);
  await expect(detail.title).toHaveText(`Old ${run}`);
  // the toolbar's delete says what it deletes (the preview's deletes selected rows)
  await expect(detail.deleteButton).toHaveText(dsTexts.detail.delete);

  await detail.deleteButton.click();
  const dialog = visibleTestId(page, 'ds-delete-dialog');
  await expect(visibleTestId(page, 'ds-delete-title')).toHaveText(format(dsTexts.source.delete.title, { name: `Old ${run}` }));
  await expect(dialog).toHaveAttribute('data-charts', '1');
  await expect(visibleTestId(page, `ds-delete-chart-${s.chart.chartId}`)).toContainText(`Boards ${run}`);
  await expect(visibleTestId(page, `ds-delete-chart-${s.chart.chartId}`)).toContainText(`Board ${run}`);
  await expect(visibleTestId(page, `ds-delete-chart-${s.chart.chartId}`)).toContainText(`Sales ${run}`);
  // a join reads it: it is named, and the delete waits until it is changed or deleted
  await expect(visibleTestId(page, `ds-delete-join-${join.dataSourceId}`)).toHaveText(`Join ${run}`.slice(0, 20));
  await expect(visibleTestId(page, 'dialog-ok')).toBeDisabled();
  await visibleTestId(page, 'dialog-cancel').click();
  await expect(dialog).toHaveCount(0);

  await api(page, 'DELETE', `/api/data_source/${join.dataSourceId}`);
  await detail.deleteButton.click();
  await expect(dialog).toHaveAttribute('data-joins', '0');
  await expect(visibleTestId(page, 'dialog-ok')).toHaveText(dsTexts.source.delete.ok);
  await chooseOption(visibleTestId(page, 'ds-delete-repoint'), visibleTestId(page, `ds-delete-repoint-option-${s.newId}`), s.newName, s.newName);
  await expect(visibleTestId(page, 'dialog-ok')).toHaveText(dsTexts.source.delete.okRepoint);
  const [repointed, deleted] = await Promise.all([
    page.waitForResponse(isCall('POST', new RegExp(`^/api/data_source/repoint/${s.oldId}$`))),
    page.waitForResponse(isCall('DELETE', new RegExp(`^/api/data_source/${s.oldId}$`))),
    visibleTestId(page, 'dialog-ok').click(),
  ]);
  expect(repointed.ok()).toBe(true);
  expect(deleted.ok()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/data_source/${s.folderId}$`));

  // the chart is on the new source, without the field it lacks, and drawn
  const stored = await storedChart(page, s.chart.chartId);
  expect(stored.chart.dataSourceId).toBe(s.newId);
  expect(stored.chart.values.map((v) => v.name)).toEqual(['amount']);
  const board = new DashboardPage(page);
  await board.goto(s.board.projectId, s.board.dashboardId);
  await expect(board.chartBox(s.chart.chartId)).toHaveAttribute('data-loaded', 'true');
  await expect(board.chartBox(s.chart.chartId).getByTestId('chart-view')).toHaveAttribute('data-drawn', 'true');
  await firstBar(board.chartBox(s.chart.chartId));
});

test('a chart whose source was deleted says so in its box and is switched from there, its fields mapped to the new source', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const s = await seed(page, run);
  // the new source names the fields otherwise
  const renamedName = `Renamed ${run}`;
  const renamedId = await createSource(page, s.folderId, renamedName, `SELECT * FROM (VALUES ('East', 30.0), ('West', 40.0)) AS t(area, total)`);
  await api(page, 'DELETE', `/api/data_source/${s.oldId}`);

  const board = new DashboardPage(page);
  await board.goto(s.board.projectId, s.board.dashboardId);
  const box = board.chartBox(s.chart.chartId);
  await expect(box.getByTestId('chart-source-missing')).toContainText(chartTexts.sourceMissing);
  await box.getByTestId('chart-change-source').click();

  const dialog = visibleTestId(page, 'switch-source-dialog');
  await expect(dialog).toHaveAttribute('data-source-missing', 'true');
  // the chart's stored fields, though their source is gone
  await expect(visibleTestId(page, 'switch-source-stored-amount')).toBeVisible();
  await expect(visibleTestId(page, 'switch-source-stored-extra')).toBeVisible();
  await chooseOption(dialog.getByTestId('switch-source-select'), visibleTestId(page, `switch-source-option-${renamedId}`), renamedName, renamedName);
  await expect(visibleTestId(page, 'switch-source-plan')).toHaveAttribute('data-dropped', 'region,amount,extra');
  // region → area, amount → total; extra stays removed
  await chooseOption(visibleTestId(page, 'switch-source-map-region'), page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="area"]'), 'area');
  await chooseOption(visibleTestId(page, 'switch-source-map-amount'), page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="total"]'), 'total');
  await expect(visibleTestId(page, 'switch-source-plan')).toHaveAttribute('data-dropped', 'extra');
  await expect(visibleTestId(page, 'switch-source-plan')).toHaveAttribute('data-kept', 'area,total');
  const [switched] = await Promise.all([
    page.waitForResponse(isCall('POST', new RegExp(`^/api/chart-edit/change/dashboard/${renamedId}$`))),
    visibleTestId(page, 'dialog-ok').click(),
  ]);
  expect(switched.ok()).toBe(true);

  // drawn again, on the new source's numbers
  await expect(box.getByTestId('chart-source-missing')).toHaveCount(0);
  await expect(box.getByTestId('chart-view')).toHaveAttribute('data-drawn', 'true');
  await firstBar(box);
  const stored = await storedChart(page, s.chart.chartId);
  expect(stored.chart.dataSourceId).toBe(renamedId);
  expect(stored.chart.values.map((v) => v.name)).toEqual(['total']);
});

test('the editor of a chart whose source was deleted offers to switch it', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const s = await seed(page, run);
  await api(page, 'DELETE', `/api/data_source/${s.oldId}`);
  await page.goto(`/dashboard/chart_edit/${s.board.projectId}/${s.board.dashboardId}/${s.chart.chartId}`);
  await expect(page.getByTestId('editor-source-missing')).toBeVisible();
  await page.getByTestId('editor-change-source').click();
  const dialog = visibleTestId(page, 'switch-source-dialog');
  await chooseOption(dialog.getByTestId('switch-source-select'), visibleTestId(page, `switch-source-option-${s.newId}`), s.newName, s.newName);
  await Promise.all([page.waitForResponse(isCall('POST', new RegExp(`^/api/chart-edit/change/dashboard/${s.newId}$`))), visibleTestId(page, 'dialog-ok').click()]);
  await expect(page.getByTestId('editor-source-missing')).toHaveCount(0);
  await expect(page.getByTestId('editor-preview')).toHaveAttribute('data-drawn', 'true');
});

test('replacing the data of an upload asks first, naming the source; cancel keeps its rows', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Rep ${run}` });
  const name = `Upload ${run}`.slice(0, 20);
  const id = await seedCsvSource(page, folder.projectId, name, 'region,amount\nEast,1\nWest,2\n', [
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'bi-replace-'));
  const csv = join(dir, 'new.csv');
  writeFileSync(csv, '\ufeffregion,amount\nNorth,9\n');

  const wizard = new ExcelUploadWizard(page);
  await wizard.goto(id, 'replace');
  await wizard.upload(csv);
  await wizard.next.click();
  await wizard.next.click();
  let imported = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/excel_upload/import/replace') imported = true;
  });
  await wizard.finish.click();
  await expect(visibleTestId(page, 'confirm-content')).toHaveText(format(xlTexts.worktable.replaceContent, { name }));
  await visibleTestId(page, 'dialog-cancel').click();
  await expect(visibleTestId(page, 'confirm-content')).toHaveCount(0);
  expect(imported).toBe(false);
  const preview = await api<{ rows: unknown[] }>(page, 'GET', `/api/data_source/topds/${id}/10`);
  expect(preview.rows).toHaveLength(2);

  await wizard.finish.click();
  await expect(visibleTestId(page, 'dialog-ok')).toHaveText(xlTexts.worktable.replaceOk);
  const [replaced] = await Promise.all([page.waitForResponse(isCall('POST', /^\/api\/excel_upload\/import\/replace$/)), visibleTestId(page, 'dialog-ok').click()]);
  expect(replaced.ok()).toBe(true);
  expect((await api<{ rows: unknown[] }>(page, 'GET', `/api/data_source/topds/${id}/10`)).rows).toHaveLength(1);
});
