import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import xl from '../../web/src/modules/excel-upload/i18n/en';
import { ExcelUploadWizard } from './pages/ExcelUploadWizard';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { USERS } from './support/env';

// Spec 02 §2 screen 6, §4: upload, preview with a type per column, worktable; then append and
// delete rows. Rows are read through the API (GET topds/{id}/500), as the detail page is built
// elsewhere.
test.describe.configure({ timeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'bi-e2e-xl-'));

interface Preview {
  columns: { name: string }[];
  rows: Record<string, string | number | null>[];
}
interface Source {
  dataSourceId: string;
  projectId: string;
  name: string;
  tableName: string;
  reference: string;
}

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

test('upload a workbook through the wizard, append a CSV, delete two rows', async ({ page }) => {
  await signIn(page);
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Excel ${run}` });
  const wizard = new ExcelUploadWizard(page);

  // step 1: a file refused in the browser, then the workbook with its progress bar
  await wizard.goto(folder.projectId, 'create');
  const old = join(dir, 'old.xls');
  writeFileSync(old, 'x');
  await wizard.fileInput.setInputFiles(old);
  await expect(wizard.error).toHaveText(xl.upload.xls);
  await expect(wizard.next).toBeDisabled();
  await wizard.upload(await workbook());
  await expect(wizard.fileStatus).toHaveText(xl.upload.status.success);

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

  // step 3: the worktable name (3–20) and the mapping
  await wizard.next.click();
  await expect(wizard.tableName).toHaveValue('销售明细');
  await wizard.tableName.fill('ab');
  await expect(wizard.finish).toBeDisabled();
  const name = `销售 ${run}`;
  await wizard.tableName.fill(name);
  await wizard.finish.click();
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/[0-9a-f-]{36}$`), { timeout: 60_000 });
  const id = page.url().split('/').pop()!;

  const source = await api<Source>(page, 'GET', `/api/data_source/datasourceById/${id}`);
  expect(source).toMatchObject({ name, reference: 'excel', projectId: folder.projectId });
  let preview = await api<Preview>(page, 'GET', `/api/data_source/topds/${id}/500`);
  expect(preview.columns.map((c) => c.name)).toEqual(['key_id', '订单日期', '地区', '金额']);
  expect(preview.rows).toHaveLength(300);
  expect(preview.rows[0]).toEqual({ key_id: 1, 订单日期: '2024-01-01', 地区: '华北 North', 金额: 100 });

  // append a CSV: columns matched to the existing fields by name
  const csv = join(dir, 'more.csv');
  writeFileSync(csv, '\ufeff地区,金额,订单日期\n华南 South,7,2024-02-01\n西部 West,8,2024-02-02\n');
  await wizard.goto(id, 'append');
  await wizard.upload(csv);
  await wizard.next.click();
  await expect(wizard.columnType('金额')).toContainText(xl.preview.types.number);
  await wizard.next.click();
  await expect(page.getByTestId('excel-target-地区')).toContainText('地区');
  await wizard.finish.click();
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${id}$`), { timeout: 60_000 });
  preview = await api<Preview>(page, 'GET', `/api/data_source/topds/${id}/500`);
  expect(preview.rows).toHaveLength(302);
  expect(preview.rows.slice(-2)).toEqual([
    { key_id: 301, 订单日期: '2024-02-01', 地区: '华南 South', 金额: 7 },
    { key_id: 302, 订单日期: '2024-02-02', 地区: '西部 West', 金额: 8 },
  ]);

  // delete two rows (deleteExcelData)
  expect(await api(page, 'DELETE', `/api/data_source/deleteExcelData/${source.tableName}/1,301`)).toEqual({ dataSourceId: id, deleted: 2 });
  preview = await api<Preview>(page, 'GET', `/api/data_source/topds/${id}/500`);
  expect(preview.rows).toHaveLength(300);
  expect(preview.rows.map((r) => r.key_id)).not.toContain(1);
  expect(preview.rows.map((r) => r.key_id)).not.toContain(301);
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
