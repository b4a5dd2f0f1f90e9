import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { seedCsvSource, uploadCsv, type CsvColumn } from './support/uploads';
import { USERS } from './support/env';
import wt from '../../web/src/modules/warnings/i18n/en';

// Chart alerts end to end (issue 16): an analyst sets an alert on a chart in the chart box's alarm
// dialog, data appended to the chart's uploaded source makes it fire, the header bell's count rises at
// once (server-sent events, not the 5-minute refresh), the message opens the chart's dashboard and is
// then read; the view-all page lists it.

const columns: (CsvColumn & { targetName: string })[] = [
  { name: 'region', type: 'string', targetName: 'region' },
  { name: 'amount', type: 'number', targetName: 'amount' },
];

test('set an alert in the chart box, append data, see the bell count rise, open the message and land on the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const run = uniqueSuffix();

  // an uploaded source (East 100, West 200) and a bar chart of the sum of amount per region
  const sourceFolder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Alerts ${run}` });
  const dataSourceId = await seedCsvSource(page, sourceFolder.projectId, `Alert sales ${run}`, 'region,amount\nEast,100\nWest,200\n', columns.map(({ name, type }) => ({ name, type })));
  const board = await seedDashboard(page, 'dashboard', `Alerts ${run}`, `Alert board ${run}`);
  const { chartId } = await addChart(page, board.dashboardId, 'Sales', 'bar', dataSourceId, { points: [point('region')], values: [value('amount')] });

  // the alarm dialog: list view (empty), edit view, a refusal, the saved alert in the list
  await page.goto(`/dashboard/${board.projectId}/${board.dashboardId}`);
  const box = page.getByTestId(`chart-box-${chartId}`);
  await box.getByTestId('box-alarm').click();
  const dialog = page.getByTestId('alarm-dialog');
  await expect(dialog.getByTestId('alarm-list')).toBeVisible();
  await expect(dialog.getByTestId('alarm-count')).toHaveText(wt.alarm.count.replace('{{count}}', '0').replace('{{max}}', '20'));
  await dialog.getByTestId('alarm-add').click();
  await expect(dialog.getByTestId('alarm-edit')).toBeVisible();
  await dialog.getByTestId('alarm-condition-value').fill('500');
  await page.getByTestId('alarm-save').click(); // in the dialog's footer
  await expect(dialog.getByTestId('alarm-problem')).toHaveText(wt.problems.name_required);
  const name = `Big sale ${run}`;
  await dialog.getByTestId('alarm-name').fill(name);
  await dialog.getByTestId('alarm-name').press('Enter');
  await expect(dialog.getByTestId('alarm-list')).toBeVisible();
  await expect(dialog.getByTestId('alarm-item-name')).toHaveText(name);
  const stored = await api<{ warnConfigData: { warnItemsYList: { warnName: string; warnId: string; warnConditions: unknown[] }[] } }>(page, 'GET', `/api/chart-edit/warn/dashboard/${chartId}`);
  expect(stored.warnConfigData.warnItemsYList).toEqual([
    expect.objectContaining({ warnName: name, warnId: expect.any(String), warnConditions: [expect.objectContaining({ compare: '>', compareValue: 500 })] }),
  ]);
  await page.getByTestId('alarm-close').click();

  // the bell before the data changes
  const bell = page.getByTestId('bell');
  await expect(bell).toBeVisible();
  const before = Number(await bell.getAttribute('data-unread'));

  // append East 900: the sum for East becomes 1000 > 500, the alert fires once
  const more = await uploadCsv(page, 'append', 'region,amount\nEast,900\n');
  await api(page, 'POST', '/api/excel_upload/import/append', { uploadId: more.uploadId, sheet: more.sheet, dataSourceId, columns });
  // well within the bell's 300000 ms refresh: the stream made it reload
  await expect(bell).toHaveAttribute('data-unread', String(before + 1), { timeout: 30_000 });

  // the popover: the newest message first, its time as yyyy-MM-dd HH:mm:ss; a click opens its dashboard
  await page.goto('/dashboard');
  await bell.click();
  const popover = page.getByTestId('bell-popover');
  const message = popover.getByTestId('bell-message').first();
  await expect(message).toContainText(name);
  await expect(message).toHaveAttribute('data-read', 'false');
  await expect(message.getByTestId('bell-message-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await message.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/dashboard/${board.dashboardId}$`));
  await expect(page.getByTestId('page-dashboard')).toHaveAttribute('data-dashboard', board.dashboardId);
  await expect(page.getByTestId(`chart-box-${chartId}`)).toBeVisible();
  await expect(bell).toHaveAttribute('data-unread', String(before));

  // view all: the message, read
  // the popover closed when the message opened its dashboard: open it again once it is gone
  await expect(popover).toBeHidden();
  await bell.click();
  await expect(popover.getByTestId('bell-view-all')).toBeVisible();
  await popover.getByTestId('bell-view-all').click();
  await expect(page).toHaveURL(/\/warnings$/);
  const row = page.getByTestId('warnings-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-read', 'true');
});
