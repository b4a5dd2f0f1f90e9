import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import xl from '../../web/src/modules/excel-upload/i18n/en';
import { DataSourceDetail } from './pages/DataSourceDetail';
import { DataSourceSidebar, isCall, visible } from './pages/DataSourceSidebar';
import { ExcelUploadWizard } from './pages/ExcelUploadWizard';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { USERS } from './support/env';

// Spec 02 §2 screens 1, 2 and 6, §4, §5, §8: from the create-source dialog through the upload
// wizard (progress bar, a type per column, worktable) to the detail page's preview; then append a
// second file from the detail page's toolbar and delete two selected rows there.
test.describe.configure({ timeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'bi-e2e-xl-'));

async function signIn(page: Page): Promise<void> {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
}

async function workbook(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('销售明细');
  ws.addRow(['订单日期', '地区', '金额', '备注']);
  for (let i = 0; i < 300; i++) ws.addRow([new Date(Date.UTC(2024, 0, 1 + (i % 28))), i % 2 ? '华东 East' : '华北 North', 100 + i, `note ${i}`]);
  ws.getColumn(1).numFmt = 'yyyy-mm-dd';
  for (let s = 1; s <= 8; s++) wb.addWorksheet(`Sheet ${s}`).addRow(['x']);
  const path = join(dir, 'sales.xlsx');
  await wb.xlsx.writeFile(path);
  return path;
}

const UPLOAD_CALL = /\/api\/excel_upload\/upload\//;

test('create from the dialog, upload through the wizard, see the rows, append from the toolbar, delete two rows', async ({ page }) => {
  await signIn(page);
  const run = uniqueSuffix();
  const folderName = `Excel ${run}`;
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: folderName });
  const sidebar = new DataSourceSidebar(page);
  const wizard = new ExcelUploadWizard(page);
  const detail = new DataSourceDetail(page);

  // the create-source dialog's Excel entry opens the wizard in the chosen folder
  await sidebar.goto();
  await sidebar.startSource(folder.projectId, folderName, 'excel');
  await expect(wizard.root).toHaveAttribute('data-action', 'create');
  await expect(wizard.dropzone).toBeVisible();

  // step 1: a file refused in the browser, then the workbook; the server's answer is held back so
  // the file shows as uploading with its progress bar, then done at 100 %
  const old = join(dir, 'old.xls');
  writeFileSync(old, 'x');
  await wizard.fileInput.setInputFiles(old);
  await expect(wizard.error).toHaveText(xl.upload.xls);
  await expect(wizard.next).toBeDisabled();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(UPLOAD_CALL, async (route) => {
    await held;
    await route.continue();
  });
  await wizard.fileInput.setInputFiles(await workbook());
  await expect(wizard.fileStatus).toHaveAttribute('data-status', 'uploading');
  await expect(wizard.fileStatus).toHaveText(xl.upload.status.uploading);
  await expect(wizard.progress).toBeVisible();
  expect(Number(await wizard.progress.getAttribute('data-percent'))).toBeLessThan(100);
  await expect(wizard.next).toBeDisabled();
  release();
  await expect(wizard.fileStatus).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(wizard.progress).toHaveAttribute('data-percent', '100');
  await expect(wizard.fileStatus).toHaveText(xl.upload.status.success);
  await page.unroute(UPLOAD_CALL);

  // step 2: nine sheets, so the tabs shrink; types inferred and chosen per column
  await wizard.next.click();
  await expect(wizard.sheetTab(0)).toHaveText('销售明细');
  await expect(wizard.sheetTab(8)).toBeVisible();
  await expect(page.locator('.bi-xl__tabs--shrink')).toBeVisible();
  await expect(wizard.columnType('金额')).toContainText(xl.preview.types.number);
  await expect(wizard.columnType('订单日期')).toContainText(xl.preview.types.date);
  await wizard.chooseType('备注', 'abandon');
  await expect(wizard.columnType('备注')).toContainText(xl.preview.types.abandon);

  // going back clears the sheets and the file
  await wizard.prev.click();
  await expect(wizard.fileStatus).toHaveCount(0);
  await expect(wizard.next).toBeDisabled();
  await wizard.upload(join(dir, 'sales.xlsx'));
  await wizard.next.click();
  await wizard.chooseType('备注', 'abandon');
  await wizard.chooseType('地区', 'string');

  // step 3: the worktable name (3–20) and the mapping; finish opens the new source's detail page
  await wizard.next.click();
  await expect(wizard.tableName).toHaveValue('销售明细');
  await wizard.tableName.fill('ab');
  await expect(wizard.finish).toBeDisabled();
  const name = `销售 ${run}`;
  await wizard.tableName.fill(name);
  await wizard.finish.click();
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/[0-9a-f-]{36}$`), { timeout: 60_000 });
  const id = page.url().split('/').pop()!;
  await expect(detail.title).toHaveText(name);
  await expect(sidebar.item(id)).toBeVisible();

  // the preview: the three imported columns (key_id keys the rows but is not shown), 300 rows (100 a page), a checkbox per row
  await expect(detail.previewTable).toHaveAttribute('data-rows', '300');
  await expect(detail.previewHeaders().filter({ hasText: /^(订单日期|地区|金额)$/ })).toHaveCount(3);
  await expect(page.getByTestId('preview-header-key_id')).toHaveCount(0);
  // an uploaded source says where it came from, not its internal store and table
  await expect(page.getByTestId('ds-origin')).toBeVisible();
  await expect(page.getByTestId('ds-connection-string')).toHaveCount(0);
  await expect(page.getByTestId('ds-detail')).not.toContainText('analytics://');
  await expect(page.getByTestId('ds-detail')).not.toContainText('uploads.xl_');
  await expect(detail.previewHeaders().filter({ hasText: '备注' })).toHaveCount(0);
  expect((await detail.shownRows()).slice(0, 2)).toEqual([
    ['2024-01-01', '华北 North', '100'],
    ['2024-01-02', '华东 East', '101'],
  ]);
  await expect(detail.previewRow(1).locator('.ant-table-selection-column input[type=checkbox]')).toBeVisible();

  // append a CSV from the toolbar: columns matched to the existing fields by name
  const csv = join(dir, 'more.csv');
  writeFileSync(csv, '\ufeff地区,金额,订单日期\n华南 South,7,2024-02-01\n西部 West,8,2024-02-02\n');
  await detail.appendButton.click();
  await expect(page).toHaveURL(new RegExp(`/data_source_excel/${id}/append$`));
  await expect(wizard.root).toHaveAttribute('data-action', 'append');
  await wizard.upload(csv);
  await wizard.next.click();
  await expect(wizard.columnType('金额')).toContainText(xl.preview.types.number);
  await wizard.next.click();
  await expect(page.getByTestId('excel-target-地区')).toContainText('地区');
  await wizard.finish.click();
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${id}$`), { timeout: 60_000 });
  await expect(detail.previewTable).toHaveAttribute('data-rows', '302');
  await detail.previewPage(4);
  expect(await detail.shownRows()).toEqual([
    ['2024-02-01', '华南 South', '7'],
    ['2024-02-02', '西部 West', '8'],
  ]);

  // delete: disabled until rows are chosen; then two rows on two pages, after a confirmation
  await expect(detail.deleteRowsButton).toBeDisabled();
  await detail.selectRow(301);
  await detail.previewPage(1);
  await detail.selectRow(2);
  await expect(detail.deleteRowsButton).toContainText('2');
  await detail.deleteRowsButton.click();
  await expect(visible(page, 'confirm-content')).toHaveText(xl.rows.deleteContent.replace('{{count}}', '2'));
  const [response] = await Promise.all([
    page.waitForResponse(isCall('DELETE', /^\/api\/data_source\/deleteExcelData\/[^/]+\/[0-9,]+$/)),
    visible(page, 'dialog-ok').click(),
  ]);
  const deleted = (await response.json()) as { status: string; data: { dataSourceId: string; deleted: number } };
  expect(deleted).toEqual({ status: 'success', data: { dataSourceId: id, deleted: 2 } });
  expect(decodeURIComponent(new URL(response.url()).pathname).split('/').pop()!.split(',').sort()).toEqual(['2', '301']);
  await expect(page.locator('.ant-message')).toContainText(xl.result.deleted.replace('{{count}}', '2'));

  // the rows shown: 300 left, without key 2 and 301; nothing selected any more
  await expect(detail.previewTable).toHaveAttribute('data-rows', '300');
  await expect(detail.deleteRowsButton).toHaveText(xl.rows.delete);
  await detail.previewPage(1);
  expect((await detail.shownRows()).slice(0, 2)).toEqual([
    ['2024-01-01', '华北 North', '100'],
    ['2024-01-03', '华北 North', '102'],
  ]);
  await detail.previewPage(3);
  expect((await detail.shownRows()).at(-1)).toEqual(['2024-02-02', '西部 West', '8']);
  await expect(detail.previewRow(301)).toHaveCount(0);
  await expect(detail.previewRow(2)).toHaveCount(0);

  // the history tab lists the upload, the append and the delete
  await detail.openTab('history');
  await expect(page.getByTestId('ds-history')).toContainText('Deleted 2 rows');

  // the field tab removes an imported column (after a confirmation); key_id has no remove button
  await detail.openTab('fields');
  await expect(page.getByTestId('excel-remove-field-key_id')).toHaveCount(0);
  await page.getByTestId('excel-remove-field-地区').click();
  await expect(visible(page, 'confirm-content')).toContainText('地区');
  const [removed] = await Promise.all([page.waitForResponse(isCall('POST', /^\/api\/excel_upload\/Remove_field$/)), visible(page, 'dialog-ok').click()]);
  expect(removed.ok()).toBe(true);
  await expect(page.getByTestId('excel-remove-field-地区')).toHaveCount(0);
  await detail.openTab('preview');
  await expect(detail.previewHeaders().filter({ hasText: '地区' })).toHaveCount(0);
  await detail.previewPage(1);
  expect((await detail.shownRows()).slice(0, 2)).toEqual([
    ['2024-01-01', '100'],
    ['2024-01-03', '102'],
  ]);
});

test('a failed upload takes the file off the list and shows the server text', async ({ page }) => {
  await signIn(page);
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Excel ${uniqueSuffix()}` });
  const wizard = new ExcelUploadWizard(page);
  await wizard.goto(folder.projectId, 'create');
  const bad = join(dir, 'renamed.xlsx');
  writeFileSync(bad, 'this is a text file, not a workbook');
  await wizard.fileInput.setInputFiles(bad);
  await expect(wizard.error).toHaveText('The file cannot be read: it is not a valid .xlsx workbook; it may be damaged or in another format');
  await expect(wizard.fileStatus).toHaveCount(0);
  await expect(wizard.next).toBeDisabled();
});
