import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { ChartBoxes } from './pages/ChartBoxes';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { BASE_URL, USERS } from './support/env';
import { visibleTestId } from './support/locate';
import { presetLocalStorage } from './support/storage';
import { toolbarMoreAction } from './support/toolbar';
import { seedCsvSource } from './support/uploads';
import hs from '../../web/src/modules/history/i18n/en';

// History and trash in the browser (issue 33): a chart deleted from the dashboard is undone — the
// dashboard's history names the removal, the trash lists the chart with its days left, restoring it
// (a confirmation naming it) brings the box back in its place, drawn, and the chart's own history
// says where it came from. E2E_SHOTS=1 also shoots the panels in each language and theme under
// /tmp/shots-c33-history (looked at by hand, kept out of git).

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

async function board(page: Page) {
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `History ${run}` });
  const dataSourceId = await seedCsvSource(page, folder.projectId, `Hist ${run}`, 'region,amount\nEast,1200\nWest,3400\nNorth,560\n', [
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ]);
  const b = await seedDashboard(page, 'dashboard', `History ${run}`, `Board ${run}`);
  const keep = await addChart(page, b.dashboardId, 'Kept', 'bar', dataSourceId, { points: [point('region')], values: [value('amount')] });
  const gone = await addChart(page, b.dashboardId, 'Deleted by mistake', 'bar', dataSourceId, { points: [point('region')], values: [value('amount')] });
  return { ...b, keep: keep.chartId, gone: gone.chartId, run };
}

test('undo a deleted chart through the history and the trash', async ({ page }) => {
  test.setTimeout(60_000);
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const b = await board(page);
  await page.goto(`/dashboard/${b.projectId}/${b.dashboardId}`);
  const boxes = new ChartBoxes(page);
  const box = boxes.box(b.gone);
  const placeOf = async () => (await api<{ aspects: { chartId: string }[] }>(page, 'GET', `/api/dashboard/dashboard/${b.dashboardId}`)).aspects.find((a) => a.chartId === b.gone);
  const placeBefore = await placeOf();
  expect(placeBefore).toBeDefined();
  await boxes.openMenu(box, 'menu-delete');
  await visibleTestId(page, 'dialog-ok').click();
  await expect(box).toHaveCount(0);

  // the dashboard's history names the removal
  await toolbarMoreAction(page, 'toolbar-history');
  await expect(page.getByTestId('history-title')).toHaveText(fill(hs.title.dashboard, { name: `Board ${b.run}` }));
  await expect(page.getByTestId('history-panel').locator('[data-testid^="history-summary-"]').first()).toHaveText('removed 1 chart(s)');
  await page.getByTestId('history-panel').locator('.ant-drawer-close').click();

  // the trash lists it; restoring asks first, naming it
  await toolbarMoreAction(page, 'toolbar-trash');
  const item = page.getByTestId(`trash-item-${b.gone}`);
  await expect(item).toContainText('Deleted by mistake');
  await expect(item).toContainText(fill(hs.trash.daysLeft, { count: 30 }));
  await page.getByTestId(`trash-restore-${b.gone}`).click();
  await expect(visibleTestId(page, 'trash-restore-confirm')).toHaveText(fill(hs.trash.restoreConfirm, { kind: hs.trash.kind.chart, name: 'Deleted by mistake' }));
  await visibleTestId(page, 'trash-restore-ok').click();
  await expect(item).toHaveCount(0);
  await page.getByTestId('trash-panel').locator('.ant-drawer-close').click();

  // back in its place, drawn
  await boxes.waitDrawn(box);
  expect(await placeOf()).toEqual(placeBefore);
  // the chart's own history says where it came from
  await boxes.openMenu(box, 'menu-history');
  await expect(page.getByTestId('history-panel').locator('[data-testid^="history-summary-"]').first()).toHaveText('restored from the trash');
});

test('screenshots of the history and trash panels in each language and theme', async ({ page, browser }) => {
  test.skip(!process.env.E2E_SHOTS, 'E2E_SHOTS=1 to shoot');
  test.setTimeout(300_000);
  const dir = '/tmp/shots-c33-history';
  mkdirSync(dir, { recursive: true });
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const b = await board(page);
  const content = await api<{ aspects: { chartId: string; row: number; col: number; sizeX: number; sizeY: number }[] }>(page, 'GET', `/api/dashboard/dashboard/${b.dashboardId}`);
  await api(page, 'PUT', `/api/dashboard/aspect_changed/dashboard/${b.dashboardId}`, content.aspects.map((a) => ({ ...a, row: 0, col: a.chartId === b.keep ? 6 : 0 })));
  await api(page, 'DELETE', `/api/dashboard/chart/dashboard/${b.gone}`);
  for (const language of ['zh-CN', 'zh-TW', 'en'] as const)
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 800 } });
      const p = await context.newPage();
      await presetLocalStorage(p, { theme });
      await new LoginPage(p).login(USERS.admin, { language });
      await p.goto(`/dashboard/${b.projectId}/${b.dashboardId}`);
      await toolbarMoreAction(p, 'toolbar-history');
      await p.getByTestId('history-panel').locator('[data-testid^="history-rev-"]').nth(1).click();
      await expect(p.getByTestId('history-layout-after')).toBeVisible();
      await p.screenshot({ path: `${dir}/history-${language}-${theme}.png` });
      await p.getByTestId('history-panel').locator('.ant-drawer-close').click();
      await toolbarMoreAction(p, 'toolbar-trash');
      await expect(p.getByTestId(`trash-item-${b.gone}`)).toBeVisible();
      await p.screenshot({ path: `${dir}/trash-${language}-${theme}.png` });
      await context.close();
    }
});
