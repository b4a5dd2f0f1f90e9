import { expect, test, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { seedCsvSource, uploadCsv, type CsvColumn } from './support/uploads';
import { USERS } from './support/env';

// Many tabs (issue 27 item 1): a browser allows six HTTP/1.1 connections per host across all its tabs,
// and each tab used to hold GET /api/warnmessage/stream open, so the seventh tab never loaded. The tabs
// of a browser now share one stream (shared/live: one tab leads and relays to the others); these specs
// open eight tabs of one dashboard and see every chart painted, the bell of a tab that does not hold
// the stream still counting a new message, and one tab after a theme switch and three navigations.

const STREAM = '/api/warnmessage/stream';
const columns: CsvColumn[] = [
  { name: 'region', type: 'string' },
  { name: 'amount', type: 'number' },
];

/** The stream requests of a context still open, with the page that made each. */
function trackStreams(context: BrowserContext): Map<Request, Page | null> {
  const open = new Map<Request, Page | null>();
  context.on('request', (r) => {
    if (!r.url().includes(STREAM)) return;
    let page: Page | null = null;
    try {
      page = r.frame().page();
    } catch {
      page = null;
    }
    open.set(r, page);
  });
  const done = (r: Request) => open.delete(r);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  // a closed tab's requests end with it (Playwright reports no failure for them)
  const watch = (p: Page) => p.on('close', () => [...open].forEach(([r, owner]) => owner === p && open.delete(r)));
  context.pages().forEach(watch);
  context.on('page', watch);
  return open;
}

/** True when the box's canvas has coloured pixels (a bar, a line, a slice): the chart was painted. */
async function painted(box: Locator): Promise<boolean> {
  return box
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      if (c.width === 0 || c.height === 0) return false;
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      let coloured = 0;
      for (let i = 0; i < data.length; i += 16) {
        if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 60) coloured++;
      }
      return coloured > 50;
    })
    .catch(() => false);
}

async function seedBoard(page: Page, run: string) {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Tabs ${run}` });
  const dataSourceId = await seedCsvSource(page, folder.projectId, `Tab sales ${run}`, 'region,amount\nEast,100\nWest,200\nNorth,150\n', columns);
  const board = await seedDashboard(page, 'dashboard', `Tabs ${run}`, `Tab board ${run}`);
  const charts = [
    await addChart(page, board.dashboardId, 'Bars', 'bar', dataSourceId, { points: [point('region')], values: [value('amount')] }),
    await addChart(page, board.dashboardId, 'Line', 'line', dataSourceId, { points: [point('region')], values: [value('amount')] }),
    await addChart(page, board.dashboardId, 'Pie', 'pie', dataSourceId, { points: [point('region')], values: [value('amount')] }),
  ];
  return { ...board, dataSourceId, charts, url: `/dashboard/${board.projectId}/${board.dashboardId}` };
}

async function expectAllPainted(page: Page, chartIds: string[], label = 'the tab'): Promise<void> {
  for (const id of chartIds) {
    const box = page.getByTestId(`chart-box-${id}`);
    await expect(box).toBeVisible({ timeout: 20_000 });
    await box.scrollIntoViewIfNeeded(); // boxes below the fold load when scrolled to
    await expect.poll(() => painted(box), { message: `chart ${chartIds.indexOf(id) + 1} of ${chartIds.length} painted in ${label}`, timeout: 20_000 }).toBe(true);
  }
}

test('eight tabs of one dashboard: every chart painted in every tab, one stream, a non-leading tab still rings', async ({ context, page }) => {
  test.setTimeout(180_000);
  const streams = trackStreams(context);
  // "remember me": the token is kept in localStorage, so the other tabs are signed in too
  await new LoginPage(page).login(USERS.admin, { language: 'en', autoLogin: true });
  const run = uniqueSuffix();
  const board = await seedBoard(page, run);
  const chartIds = board.charts.map((c) => c.chartId);
  const alertName = `Tabs alert ${run}`;
  await api(page, 'PUT', '/api/chart-edit/warn/dashboard', {
    chartId: board.charts[0]!.chartId,
    warnConfigData: {
      warnItemsYList: [
        { warnName: alertName, isSwitch: true, logic: 0, warnTime: 0, warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 500 }] },
      ],
      warnItemsYOptionalList: [],
    },
  });

  const tabs: Page[] = [page];
  for (let i = 1; i < 8; i++) tabs.push(await context.newPage());
  // all eight load at once, as when a browser restores its tabs
  await Promise.all(tabs.map((tab) => tab.goto(board.url)));
  for (const [i, tab] of tabs.entries()) await expectAllPainted(tab, chartIds, `tab ${i + 1}`);

  // the bell is up in every tab, and the browser holds one stream
  for (const tab of tabs) await expect(tab.getByTestId('bell')).toBeVisible();
  await expect.poll(() => streams.size, { message: 'open streams in the browser' }).toBe(1);
  const leader = [...streams.values()][0];
  expect(leader, 'the stream belongs to one of the tabs').toBeTruthy();

  // a message reaches the bell of a tab that does not hold the stream (relayed by the leading tab)
  const follower = tabs.filter((t) => t !== leader).at(-1)!;
  const bell = follower.getByTestId('bell');
  const before = Number(await bell.getAttribute('data-unread'));
  const more = await uploadCsv(page, 'append', 'region,amount\nEast,900\n');
  await api(page, 'POST', '/api/excel_upload/import/append', { uploadId: more.uploadId, sheet: more.sheet, dataSourceId: board.dataSourceId, columns: columns.map((c) => ({ ...c, targetName: c.name })) });
  // well within the bell's 5-minute refresh: the relayed stream event reloaded it
  await expect(bell).toHaveAttribute('data-unread', String(before + 1), { timeout: 30_000 });

  // the leading tab closes: another tab takes the stream over, still one for the browser
  await leader!.close();
  await expect.poll(() => [...streams.values()].filter((owner) => owner !== leader).length, { message: 'a stream opened by another tab' }).toBe(1);
  expect(streams.size).toBe(1);
  // and a ninth tab still loads
  const ninth = await context.newPage();
  await ninth.goto(board.url);
  await expectAllPainted(ninth, chartIds);
  await expect.poll(() => streams.size).toBe(1);
});

test('one tab after a theme switch and three navigations: the next load paints its charts, one stream open', async ({ context, page }) => {
  test.setTimeout(120_000);
  const streams = trackStreams(context);
  const shell = new AppShell(page);
  await new LoginPage(page).login(USERS.admin, { language: 'en', autoLogin: true });
  const board = await seedBoard(page, uniqueSuffix());
  const chartIds = board.charts.map((c) => c.chartId);
  await page.goto(board.url);
  await expectAllPainted(page, chartIds);

  const reloaded = page.waitForEvent('load');
  await shell.chooseTheme('dark');
  await reloaded;
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // three navigations: two in the app, one a new page load
  await page.getByTestId('nav-data-source').click();
  await expect(page).toHaveURL(/\/data_source/);
  await page.getByTestId('nav-template').click();
  await expect(page).toHaveURL(/\/template/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('bell')).toBeVisible();

  await page.goto(board.url);
  await expectAllPainted(page, chartIds);
  await expect.poll(() => streams.size, { message: 'open streams in the browser' }).toBe(1);
});
