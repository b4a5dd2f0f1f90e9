import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DataSourceDetail } from './pages/DataSourceDetail';
import { ExcelUploadWizard } from './pages/ExcelUploadWizard';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { USERS } from './support/env';
import { seedCsvSource, type CsvColumn } from './support/uploads';

// Live dashboards (issue 33, docs/api/live.md): two browsers on one dashboard. The analyst appends a file
// on the source's page; the admin's open dashboard re-runs its chart without a click and says
// "updated hh:mm"; the analyst's layout save offers the admin a reload.
test.describe.configure({ timeout: 120_000 });

const columns: CsvColumn[] = [
  { name: 'region', type: 'string' },
  { name: 'amount', type: 'number' },
];

async function signedIn(browser: Browser, user: keyof typeof USERS): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).login(USERS[user], { language: 'en' });
  return page;
}

test('an append on the source page updates the chart of a dashboard open in another browser, and a save there offers a reload', async ({ browser }) => {
  const run = uniqueSuffix();
  const analyst = await signedIn(browser, 'analyst');
  const admin = await signedIn(browser, 'admin');
  // the analyst's source (East 100, West 200), a dashboard with a card (the sum) and a bar on it
  const folder = await api<{ projectId: string }>(analyst, 'POST', '/api/data_source/proj', { name: `Live ${run}` });
  const dataSourceId = await seedCsvSource(analyst, folder.projectId, `live_${run}`, 'region,amount\nEast,100\nWest,200\n', columns);
  const board = await seedDashboard(analyst, 'dashboard', `Live ${run}`, `Live board ${run}`);
  const card = await addChart(analyst, board.dashboardId, 'Total', 'card', dataSourceId, { values: [value('amount')] });
  const bars = await addChart(analyst, board.dashboardId, 'By region', 'bar', dataSourceId, { points: [point('region')], values: [value('amount')] });

  // the admin watches the dashboard
  await admin.goto(`/dashboard/${board.projectId}/${board.dashboardId}`);
  const total = admin.getByTestId(`chart-box-${card.chartId}`);
  await expect(total.getByTestId('card-value')).toHaveText('300', { timeout: 20_000 });
  await expect(total.getByTestId('chart-live-badge')).toHaveCount(0);

  // the analyst appends a file from the source's page
  const dir = mkdtempSync(join(tmpdir(), 'bi-e2e-live-'));
  const csv = join(dir, 'more.csv');
  writeFileSync(csv, 'region,amount\nEast,900\n');
  await analyst.goto(`/data_source/${folder.projectId}/${dataSourceId}`);
  const detail = new DataSourceDetail(analyst);
  const wizard = new ExcelUploadWizard(analyst);
  await detail.appendButton.click();
  await expect(wizard.root).toHaveAttribute('data-action', 'append');
  await wizard.upload(csv);
  await wizard.next.click();
  await wizard.next.click();
  await wizard.finish.click();
  await expect(analyst).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${dataSourceId}$`), { timeout: 60_000 });

  // the admin's charts re-ran without a click: the new total, a badge on both boxes
  await expect(total.getByTestId('card-value')).toHaveText('1,200', { timeout: 20_000 });
  await expect(total.getByTestId('chart-live-badge')).toHaveText(/^updated \d\d:\d\d$/);
  await expect(admin.getByTestId(`chart-box-${bars.chartId}`).getByTestId('chart-live-badge')).toBeVisible();

  // the analyst saves the layout: the admin is offered a reload (non-blocking), which reads the dashboard again
  const content = await api<{ aspects: unknown[] }>(analyst, 'GET', `/api/dashboard/dashboard/${board.dashboardId}`);
  await api(analyst, 'PUT', `/api/dashboard/aspect_changed/dashboard/${board.dashboardId}`, content.aspects);
  const notice = admin.getByTestId('live-saved-notice');
  await expect(notice).toContainText('analyst saved this dashboard (layout)');
  const reread = admin.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/dashboard/dashboard/${board.dashboardId}`);
  await notice.getByTestId('live-saved-reload').click();
  await reread;
  await expect(notice).toHaveCount(0);
  await Promise.all([analyst.context().close(), admin.context().close()]);
});
