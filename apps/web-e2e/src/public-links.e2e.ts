import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { ChartBoxes } from './pages/ChartBoxes';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { BASE_URL, USERS } from './support/env';
import { presetLocalStorage } from './support/storage';
import { toolbarMoreAction } from './support/toolbar';
import { seedCsvSource } from './support/uploads';

// Public links in the browser (issue 32, docs/api/public-links.md): the dashboard toolbar's "Share link"
// makes a link with a password; a fresh browser context (no account) opens /public/{id}, enters the
// password (Enter submits) and sees the chart drawn by the product's own chart box. E2E_SHOTS=1 also
// shoots the dialog and the public page in each language and theme under /tmp/shots-a2-links.

async function board(page: Page) {
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Links ${run}` });
  const dataSourceId = await seedCsvSource(page, folder.projectId, `Link sales ${run}`, 'region,amount\nEast,1200000\nWest,34000\nNorth,560\n', [
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ]);
  const b = await seedDashboard(page, 'dashboard', `Links ${run}`, `Shared sales ${run}`);
  const { chartId } = await addChart(page, b.dashboardId, 'Sales', 'bar', dataSourceId, { points: [point('region')], values: [value('amount')] });
  return { ...b, chartId, run, dataSourceId };
}

/** Makes a password link in the dialog of the dashboard's toolbar; answers its public id. */
async function makeLink(page: Page, password: string): Promise<string> {
  await toolbarMoreAction(page, 'toolbar-share-link');
  const dialog = page.getByTestId('share-link-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('share-link-password').fill(password);
  await dialog.getByTestId('share-link-details').check();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/links') && r.request().method() === 'POST');
  await dialog.getByTestId('share-link-create').click();
  const link = (await (await created).json()).data as { publicId: string; hasPassword: boolean; allowDetails: boolean };
  expect([link.hasPassword, link.allowDetails]).toEqual([true, true]);
  await expect(dialog.getByTestId('share-link-address')).toContainText(`/public/${link.publicId}`);
  return link.publicId;
}

/** antd's open / close animations have ended (a screenshot shows the settled page). */
const settled = (page: Page) => expect(page.locator('[class*="-enter"], [class*="-leave"], [class*="-appear"]')).toHaveCount(0);

const freshReader = async (browser: Browser, locale: string) => (await browser.newContext({ baseURL: BASE_URL, locale })).newPage();

test('a password link opens in a fresh browser without an account and shows the chart', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const b = await board(page);
  await page.goto(`/dashboard/${b.projectId}/${b.dashboardId}`);
  const publicId = await makeLink(page, 'open sesame 42');

  const reader = await freshReader(browser, 'en-US');
  await reader.goto(`/public/${publicId}`);
  await expect(reader.getByTestId('public-link-password-form')).toBeVisible();
  // a wrong password says so; the right one (Enter) opens the dashboard
  await reader.getByTestId('public-link-password').fill('not the password');
  await reader.getByTestId('public-link-password').press('Enter');
  await expect(reader.getByTestId('public-link-password-error')).toHaveText('The password is not correct');
  await reader.getByTestId('public-link-password').fill('open sesame 42');
  await reader.getByTestId('public-link-password').press('Enter');
  await expect(reader.getByTestId('public-link-title')).toHaveText(`Shared sales ${b.run}`);
  const boxes = new ChartBoxes(reader);
  const box = boxes.box(b.chartId);
  await boxes.waitDrawn(box);
  expect(await boxes.inkedPixels(box)).toBeGreaterThan(500);
  // details (allowed by the link): the box menu's "detail query" opens the product's detail dialog, read through the link; no export offered
  const rows = reader.waitForResponse((r) => r.url().includes(`/api/public/links/${publicId}/details/${b.chartId}`));
  await boxes.openMenu(box, 'menu-detail-query');
  expect((await (await rows).json()).data.rows).toHaveLength(3);
  await expect(reader.getByTestId('detail-dialog')).toHaveAttribute('data-state', 'ready');
  await expect(reader.getByTestId('detail-table').locator('tr.ant-table-row')).toHaveCount(3);
  await expect(reader.getByTestId('detail-export')).toHaveCount(0);
  // no product shell, and the password never went into the URL
  await expect(reader.getByTestId('app-header')).toHaveCount(0);
  expect(reader.url()).not.toContain('sesame');
  await reader.context().close();
});

test('screenshots of the share dialog and the public page in each language and theme', async ({ page, browser }) => {
  test.skip(!process.env.E2E_SHOTS, 'E2E_SHOTS=1 to shoot');
  test.setTimeout(600_000);
  const dir = '/tmp/shots-a2-links';
  mkdirSync(dir, { recursive: true });
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const b = await board(page);
  await api(page, 'POST', `/api/global_filter/dashboard/${b.dashboardId}`, [{ id: 'region', name: 'region', title: 'Region', dataType: 'string', range: [], dataSourceId: b.dataSourceId }]);
  const filters = [{ name: 'region', title: 'Region', dataType: 'string', range: ['East', 'West'] }];
  // editable filters, details and export allowed; locked filters; a password
  const open = await api<{ publicId: string }>(page, 'POST', '/api/links', { dashboardId: b.dashboardId, filters, filtersEditable: true, allowDetails: true, allowExport: true });
  const fixed = await api<{ publicId: string }>(page, 'POST', '/api/links', { dashboardId: b.dashboardId, filters, allowDetails: true });
  const locked = await api<{ publicId: string }>(page, 'POST', '/api/links', { dashboardId: b.dashboardId, password: 'open sesame 42' });
  const locales = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' } as const;
  for (const language of ['zh-CN', 'zh-TW', 'en'] as const)
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL: BASE_URL, locale: locales[language] });
      const maker = await context.newPage();
      if (process.env.E2E_SHOTS !== 'reader') {
      await presetLocalStorage(maker, { theme });
      await new LoginPage(maker).login(USERS.admin, { language });
      await maker.goto(`/dashboard/${b.projectId}/${b.dashboardId}`);
      await toolbarMoreAction(maker, 'toolbar-share-link');
      await expect(maker.getByTestId('share-link-list').locator('tr.ant-table-row').first()).toBeVisible();
      await maker.screenshot({ path: `${dir}/dialog-${language}-${theme}.png` });
      await maker.goto('/admin/links');
      await expect(maker.getByTestId('admin-public-links').locator('tr.ant-table-row').first()).toBeVisible();
      await maker.screenshot({ path: `${dir}/admin-${language}-${theme}.png` });
      }
      await context.close();

      const readerContext = await browser.newContext({ baseURL: BASE_URL, locale: locales[language] });
      const reader = await readerContext.newPage();
      await presetLocalStorage(reader, { theme });
      await reader.goto(`/public/${locked.publicId}`);
      await expect(reader.getByTestId('public-link-password-form')).toBeVisible();
      await reader.screenshot({ path: `${dir}/password-${language}-${theme}.png` });
      await reader.goto(`/public/${open.publicId}`);
      const boxes = new ChartBoxes(reader);
      await boxes.waitDrawn(boxes.box(b.chartId));
      await expect(reader.getByTestId('global-filter-bar')).toBeVisible();
      await reader.getByTestId('global-filter-region').getByRole('combobox').click();
      await expect(reader.locator('.ant-select-dropdown .ant-select-item-option').first()).toBeVisible();
      await settled(reader);
      await reader.screenshot({ path: `${dir}/public-${language}-${theme}.png` });
      await reader.keyboard.press('Escape');
      await boxes.openMenu(boxes.box(b.chartId), 'menu-detail-query');
      await expect(reader.getByTestId('detail-dialog')).toHaveAttribute('data-state', 'ready');
      await settled(reader);
      await reader.screenshot({ path: `${dir}/details-${language}-${theme}.png` });
      await reader.goto(`/public/${fixed.publicId}`);
      await boxes.waitDrawn(boxes.box(b.chartId));
      await expect(reader.getByTestId('public-link-filters')).toBeVisible();
      await reader.screenshot({ path: `${dir}/locked-${language}-${theme}.png` });
      await reader.goto('/public/AAAAAAAAAAAAAAAAAAAAAA');
      await expect(reader.getByTestId('public-link-error')).toBeVisible();
      await reader.screenshot({ path: `${dir}/gone-${language}-${theme}.png` });
      await readerContext.close();
    }
});
