import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, SALES_SQL, seedSqlSource, value } from './support/boards';
import { USERS } from './support/env';

// Language switch without a reload (issue 27 item 8): a chart's own texts (the table's total row, written
// by the server in the request's language) and the date inputs of the inner-filter strip follow at once;
// the date inputs are the app's (antd DatePicker in the UI language), not the browser's
// <input type="date">, which Chromium draws "mm/dd/yyyy" in an English system whatever the app says.

const TEXTS = {
  'zh-CN': { sum: '合计', from: '开始日期', to: '结束日期' },
  'zh-TW': { sum: '合計', from: '開始日期', to: '結束日期' },
  en: { sum: 'Sum', from: 'Start date', to: 'End date' },
} as const;

async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload = true;
  });
}

async function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload === true);
}

test('switching the language changes a chart text and the date inputs at once, without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).login(USERS.admin, { language: 'zh-CN' });
  const run = uniqueSuffix();
  const source = await seedSqlSource(page, `Lang ${run}`, `Lang sales ${run}`, SALES_SQL);
  const board = await seedDashboard(page, 'dashboard', `Lang ${run}`, `Lang board ${run}`);
  const table = await addChart(page, board.dashboardId, 'Totals', 'table', source.dataSourceId, {
    points: [point('category')],
    values: [value('amount')],
    aggregateConfig: { showSum: true },
    innerFilters: [{ id: 'day', name: 'day', title: 'day', dataType: 'date', range: [] }],
  });
  await page.goto(`/dashboard/${board.projectId}/${board.dashboardId}`);
  const box = page.getByTestId(`chart-box-${table.chartId}`);
  await expect(box.getByTestId('chart-view')).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
  await expect(box).toContainText(TEXTS['zh-CN'].sum);

  // the inner-filter strip's dates: the app's inputs with the app's words, a typed date written YYYY-MM-DD
  await box.getByTestId('box-filters').click();
  const from = box.getByTestId('inner-filter-day-from');
  const to = box.getByTestId('inner-filter-day-to');
  await expect(from).toBeVisible();
  expect(await from.getAttribute('type')).not.toBe('date');
  await expect(from).toHaveAttribute('placeholder', TEXTS['zh-CN'].from);
  await expect(to).toHaveAttribute('placeholder', TEXTS['zh-CN'].to);
  await from.click();
  await from.fill('2024-02-01');
  await from.press('Enter');
  await expect(from).toHaveValue('2024-02-01');

  const shell = new AppShell(page);
  await markPage(page);
  for (const language of ['zh-TW', 'en', 'zh-CN'] as const) {
    await shell.switchLanguage(language);
    await expect(box, `the table's total row in ${language}`).toContainText(TEXTS[language].sum);
    await expect(to, `the date input's placeholder in ${language}`).toHaveAttribute('placeholder', TEXTS[language].to);
    await expect(from).toHaveValue('2024-02-01');
  }
  expect(await stillSamePage(page), 'no reload').toBe(true);
});
