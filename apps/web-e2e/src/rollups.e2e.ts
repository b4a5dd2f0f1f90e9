import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import en from '../../web/src/modules/data-source/i18n/en';
import { LoginPage } from './pages/LoginPage';
import { DataSourceDetail } from './pages/DataSourceDetail';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { BASE_URL, USERS } from './support/env';
import { presetLocalStorage } from './support/storage';
import { seedCsvSource } from './support/uploads';

// Kept rollups on the source page (issue 31): the Rollups tab lists the rollup chosen from the saved
// chart (grouping, rows, size, hits, last build, current), and the switch turns them off (the page
// says the charts read the table) and on again (the list fills when the build is recorded).
// E2E_SHOTS=1 also shoots the tab in each language and theme under /tmp/shots-r1-rollups (looked at
// by hand, kept out of git).

type Listing = { rollups: { hits: number }[] };

async function seed(page: Page) {
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Rollups ${run}` });
  const rows = Array.from({ length: 90 }, (_, i) => `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')},${['East', 'West', 'North'][i % 3]},${(i * 37) % 1000}`);
  const dataSourceId = await seedCsvSource(page, folder.projectId, `Sales ${run}`, `day,region,amount\n${rows.join('\n')}\n`, [
    { name: 'day', type: 'date' },
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ]);
  const b = await seedDashboard(page, 'dashboard', `Rollups ${run}`, `Board ${run}`);
  const chart = await addChart(page, b.dashboardId, 'Monthly', 'bar', dataSourceId, { points: [point('day', { dataType: 'date', granularity: 3 })], values: [value('amount'), value('amount', { aggregator: 'avg' })] });
  const listing = () => api<Listing>(page, 'GET', `/api/data_source/rollups/${dataSourceId}`);
  await expect.poll(async () => (await listing()).rollups.length, { timeout: 15_000 }).toBe(1);
  // one run from the rollup: a hit (recorded in chart-query's next batch)
  await api(page, 'POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, {});
  await expect.poll(async () => (await listing()).rollups[0]?.hits, { timeout: 10_000 }).toBe(1);
  return { projectId: folder.projectId, dataSourceId };
}

test('the source page lists its rollups, and the switch turns them off and on', async ({ page }) => {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const s = await seed(page);
  await page.goto(`/data_source/${s.projectId}/${s.dataSourceId}`);
  const detail = new DataSourceDetail(page);
  await page.getByTestId('tab-rollups').click();
  const list = page.getByTestId('ds-rollups-list');
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(list).toContainText(en.rollups.byDay.replace('{{field}}', 'day'));
  await expect(page.getByTestId('ds-rollup-hits')).toHaveText('1');
  await expect(page.getByTestId('ds-rollup-state')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('ds-rollup-size')).toContainText('kB');
  // off: the rollups go and the page says the charts read the table
  const sw = page.getByTestId('ds-rollups-switch');
  await sw.click();
  await expect(page.getByTestId('ds-rollups-off')).toHaveText(en.rollups.offHint);
  await expect(sw).toHaveAttribute('aria-checked', 'false');
  // on: built again, and listed
  await sw.click();
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 15_000 });
  await expect(detail.title).toBeVisible();
});

test('screenshots of the rollups tab', async ({ browser, page }) => {
  test.skip(!process.env.E2E_SHOTS, 'E2E_SHOTS=1 to shoot');
  test.setTimeout(300_000);
  const dir = '/tmp/shots-r1-rollups';
  mkdirSync(dir, { recursive: true });
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const s = await seed(page);
  for (const language of ['zh-CN', 'zh-TW', 'en'] as const)
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 800 } });
      const p = await context.newPage();
      await presetLocalStorage(p, { theme });
      await new LoginPage(p).login(USERS.admin, { language });
      await p.goto(`/data_source/${s.projectId}/${s.dataSourceId}`);
      await p.getByTestId('tab-rollups').click();
      await expect(p.getByTestId('ds-rollups-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
      await p.screenshot({ path: `${dir}/rollups-${language}-${theme}.png` });
      if (language === 'en' || theme === 'light') {
        // the switched-off state (then on again for the next shot)
        await p.getByTestId('ds-rollups-switch').click();
        await expect(p.getByTestId('ds-rollups-off')).toBeVisible();
        await p.screenshot({ path: `${dir}/rollups-off-${language}-${theme}.png` });
        await p.getByTestId('ds-rollups-switch').click();
        await expect(p.getByTestId('ds-rollups-list').locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 20_000 });
      }
      await context.close();
    }
});
