import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { Sidebar, visibleTestId } from './pages/Sidebar';
import { api, seedDashboard, uniqueSuffix, type ApiDashboardContent, type ApiProject } from './support/api';
import { seedSqlSource } from './support/boards';
import dbTexts from '../../web/src/modules/dashboard/i18n/en';
import treeTexts from '../../web/src/shared/folder-tree/i18n/en';
import { format } from './support/catalogues';
import { USERS } from './support/env';
import { chooseOption } from './support/select';
import { clickMenuEntry } from './support/locate';

// These specs drive long flows against the whole product; leave room for a loaded machine.
test.describe.configure({ timeout: 90_000 });

async function signIn(page: Page, user: keyof typeof USERS = 'admin'): Promise<void> {
  await new LoginPage(page).login(USERS[user], { language: 'en' });
}

/** A small SQL source on the analytics store to add charts over. */
const SOURCE_SQL = `SELECT * FROM (VALUES ('East', 10.0), ('West', 20.0)) AS t(region, amount)`;

async function projectsOf(page: Page, tab: 'dashboard' | 'template' = 'dashboard') {
  return api<ApiProject[]>(page, 'GET', `/api/dashboard/projects/${tab}`);
}

test.describe('dashboard sidebar', () => {
  test('folders and dashboards: create, rename, reorder by drag and drop, move, delete', async ({ page }) => {
    test.setTimeout(180_000);
    const run = uniqueSuffix();
    const sidebar = new Sidebar(page);
    const board = new DashboardPage(page);
    await signIn(page);
    await expect(sidebar.root).toBeVisible();

    // the name rule is checked in the dialog, with the translated message
    await sidebar.createFolderButton.click();
    await sidebar.nameInput.fill('ab');
    await sidebar.nameInput.press('Enter');
    await expect(visibleTestId(page, 'dialog-ok')).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error', { hasText: treeTexts.names.length })).toBeVisible();
    await sidebar.nameInput.fill('');
    await expect(page.locator('.ant-form-item-explain-error', { hasText: treeTexts.names.required })).toBeVisible();
    await visibleTestId(page, 'dialog-cancel').click();
    await expect(sidebar.nameInput).toHaveCount(0);

    // create a folder and two dashboards in it
    const folderA = await sidebar.createFolder(`Fold A ${run}`);
    await expect(sidebar.folder(folderA)).toContainText(`Fold A ${run}`);
    // a used folder name is refused with the server's message
    await sidebar.createFolderButton.click();
    await sidebar.nameInput.fill(`fold a ${run}`);
    await sidebar.nameInput.press('Enter');
    await expect(page.locator('.ant-message-error').filter({ hasText: 'name used' })).toBeVisible();
    await visibleTestId(page, 'dialog-cancel').click();

    const first = await sidebar.addDashboard(folderA, `First ${run}`);
    await expect(page).toHaveURL(new RegExp(`/dashboard/${folderA}/${first}$`));
    await expect(board.title).toHaveText(`First ${run}`);
    await expect(sidebar.dashboard(first)).toHaveAttribute('aria-current', 'page');
    const second = await sidebar.addDashboard(folderA, `Second ${run}`);
    await expect(board.title).toHaveText(`Second ${run}`);
    await expect(sidebar.dashboard(second)).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.dashboard(first)).not.toHaveAttribute('aria-current', 'page');
    expect(await sidebar.dashboardOrder(folderA)).toEqual([first, second]);

    // rename: the sidebar and the open dashboard's header follow
    await sidebar.dashboard(first).click();
    await expect(board.title).toHaveText(`First ${run}`);
    await sidebar.renameDashboard(first, `Renamed ${run}`);
    await expect(sidebar.dashboard(first)).toContainText(`Renamed ${run}`);
    await expect(board.title).toHaveText(`Renamed ${run}`);
    await sidebar.renameFolder(folderA, `Folder A ${run}`);
    await expect(sidebar.folder(folderA)).toContainText(`Folder A ${run}`);

    // drag the second dashboard above the first; the order is kept after a reload
    await sidebar.dragAndWaitForSort(sidebar.dashboardHandle(second), sidebar.dashboard(first));
    await expect.poll(() => sidebar.dashboardOrder(folderA)).toEqual([second, first]);
    await page.reload();
    await expect(sidebar.dashboard(first)).toBeVisible();
    expect(await sidebar.dashboardOrder(folderA)).toEqual([second, first]);

    // a second folder, dragged above the first one; kept after a reload
    const folderB = await sidebar.createFolder(`Fold B ${run}`);
    const before = await sidebar.folderOrder();
    expect(before.indexOf(folderB)).toBeGreaterThan(before.indexOf(folderA));
    await sidebar.dragAndWaitForSort(sidebar.folderHandle(folderB), sidebar.folder(folderA));
    await expect.poll(async () => {
      const order = await sidebar.folderOrder();
      return order.indexOf(folderB) === order.indexOf(folderA) - 1;
    }).toBe(true);
    await page.reload();
    await expect(sidebar.folder(folderB)).toBeVisible();
    const after = await sidebar.folderOrder();
    expect(after.indexOf(folderB)).toBe(after.indexOf(folderA) - 1);

    // move the first dashboard to the other folder through the menu (the open one follows)
    await sidebar.moveDashboard(first, folderB, `Fold B ${run}`);
    await expect.poll(() => sidebar.dashboardOrder(folderB)).toEqual([first]);
    expect(await sidebar.dashboardOrder(folderA)).toEqual([second]);
    await expect(page).toHaveURL(new RegExp(`/dashboard/${folderB}/${first}$`));

    // drag the second dashboard onto the other folder's row: it goes to the end of that folder
    const moved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/move-dashboard/dashboard/${second}`));
    await sidebar.dragAndWaitForSort(sidebar.dashboardHandle(second), sidebar.folder(folderB));
    expect((await moved).ok()).toBe(true);
    await expect.poll(() => sidebar.dashboardOrder(folderB)).toEqual([first, second]);
    await page.reload();
    await expect(sidebar.folder(folderB)).toBeVisible();
    expect(await sidebar.dashboardOrder(folderB)).toEqual([first, second]);
    expect(await sidebar.dashboardOrder(folderA)).toEqual([]);
    const stored = (await projectsOf(page)).find((p) => p.projectId === folderB)!;
    expect(stored.dashboards.map((d) => d.dashboardId)).toEqual([first, second]);

    // search keeps only folders with a matching dashboard
    await sidebar.search.fill(`Renamed ${run}`);
    await expect(sidebar.dashboard(first)).toBeVisible();
    await expect(sidebar.dashboard(second)).toHaveCount(0);
    await expect(sidebar.folder(folderA)).toHaveCount(0);
    await sidebar.search.fill(`no such dashboard ${run}`);
    await expect(page.getByTestId('sidebar-no-results')).toHaveText(dbTexts.sidebar.noResults);
    await sidebar.search.fill('');
    await expect(sidebar.folder(folderA)).toBeVisible();

    // delete a dashboard after a confirmation naming it
    await sidebar.openDashboardMenu(first, 'menu-delete');
    await expect(sidebar.confirmContent).toHaveText(format(dbTexts.item.deleteContent, { name: `Renamed ${run}` }));
    await sidebar.confirmDelete(new RegExp(`^/api/dashboard/dashboard/${first}$`));
    await expect(sidebar.dashboard(first)).toHaveCount(0);
    // the tab opens another dashboard the user may see (never the deleted one)
    await expect(page).not.toHaveURL(new RegExp(`/${first}$`));
    await expect(page).toHaveURL(/\/dashboard(\/[^/]+\/[^/]+)?$/);

    // delete a folder: the confirmation says how many dashboards go with it
    await sidebar.openFolderMenu(folderB, 'menu-delete');
    await expect(sidebar.confirmContent).toHaveText(format(dbTexts.folder.deleteContent, { name: `Fold B ${run}`, count: '1' }));
    await sidebar.confirmDelete(new RegExp(`^/api/dashboard/project/dashboard/${folderB}$`));
    await expect(sidebar.folder(folderB)).toHaveCount(0);
    await expect(sidebar.dashboard(second)).toHaveCount(0);
    expect((await projectsOf(page)).some((p) => p.projectId === folderB)).toBe(false);
  });

  test('long names are cut with the full name in a tooltip; a missing dashboard shows the not-found message', async ({ page }) => {
    const run = uniqueSuffix();
    const sidebar = new Sidebar(page);
    const board = new DashboardPage(page);
    await signIn(page);
    const longName = `Quarterly sales ${run}`.slice(0, 20);
    const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Cut ${run}`, longName);
    await page.reload();
    const item = sidebar.dashboard(dashboardId);
    await expect(item).toContainText(`${longName.slice(0, 16)}…`);
    await item.locator('.bi-tree__name').hover();
    await expect(page.getByRole('tooltip').filter({ hasText: longName })).toBeVisible();

    await page.goto(`/dashboard/${projectId}/00000000-0000-4000-8000-000000000000`);
    await expect(board.notFound).toBeVisible();
    await expect(board.notFound).toContainText(dbTexts.board.notFound);
  });

  test('the template tab needs template:edit to change folders (and the dashboard tab dashboard:edit)', async ({ page }) => {
    await signIn(page, 'viewer');
    const dashboardSidebar = new Sidebar(page, 'dashboard');
    await expect(dashboardSidebar.root).toBeVisible();
    // editAuth of the dashboard tab is dashboard:edit (docs/api/sharing.md), which a viewer lacks
    await expect(dashboardSidebar.createFolderButton).toHaveCount(0);
    await page.goto('/template');
    const templates = new Sidebar(page, 'template');
    await expect(templates.root).toBeVisible();
    await expect(templates.search).toBeVisible();
    await expect(templates.createFolderButton).toHaveCount(0);
  });
});

test.describe('dashboard copy and the template tab', () => {
  test('copy a dashboard with its charts into another folder', async ({ page }) => {
    const run = uniqueSuffix();
    const sidebar = new Sidebar(page);
    const board = new DashboardPage(page);
    await signIn(page);
    const source = await seedDashboard(page, 'dashboard', `Src ${run}`, `Original ${run}`, ['Revenue', 'Orders']);
    const target = await api<ApiProject>(page, 'POST', '/api/dashboard/project/dashboard', { name: `Dst ${run}` });
    await page.reload();

    await sidebar.openDashboardMenu(source.dashboardId, 'menu-copy');
    await expect(sidebar.nameInput).toHaveValue(format(dbTexts.item.copyName, { name: `Original ${run}` }));
    await sidebar.nameInput.fill(`Copy ${run}`);
    await sidebar.chooseFolder(target.projectId, `Dst ${run}`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/dashboard/copy/dashboard/${source.dashboardId}`)),
      sidebar.dialogOk.click(),
    ]);
    const copy = ((await response.json()) as { data: { dashboardId: string } }).data;
    await expect(sidebar.dashboard(copy.dashboardId)).toBeVisible();
    expect(await sidebar.dashboardOrder(target.projectId)).toEqual([copy.dashboardId]);

    await sidebar.dashboard(copy.dashboardId).click();
    await expect(board.title).toHaveText(`Copy ${run}`);
    await expect(board.grid.locator('[data-chart-id]')).toHaveCount(2);
    await expect(board.grid.getByTestId('chart-box-title')).toHaveText(['Revenue', 'Orders']);
    const copied = await api<ApiDashboardContent>(page, 'GET', `/api/dashboard/dashboard/${copy.dashboardId}`);
    expect(copied.charts.some((c) => source.chartIds.includes(c.chartId))).toBe(false);
  });

  test('the template tab reuses the dashboard screens; only template:edit may change it', async ({ page }) => {
    const run = uniqueSuffix();
    const sidebar = new Sidebar(page, 'template');
    const board = new DashboardPage(page, 'template');
    await signIn(page);
    await page.goto('/template');
    await expect(sidebar.root).toBeVisible();
    const folder = await sidebar.createFolder(`Tpl ${run}`);
    const dashboard = await sidebar.addDashboard(folder, `Template ${run}`);
    await expect(page).toHaveURL(new RegExp(`/template/${folder}/${dashboard}$`));
    await expect(board.title).toHaveText(`Template ${run}`);
    const source = await seedSqlSource(page, `Tpl src ${run}`, `Tpl source ${run}`, SOURCE_SQL);
    // adding a chart opens the chart editor; back on the template its box is there
    const chart = await board.addChart('Margin', source);
    await expect(page).toHaveURL(new RegExp(`/template/chart_edit/${folder}/${dashboard}/${chart}$`));
    await board.goto(folder, dashboard);
    // alarm settings belong to the dashboard tab only
    await expect(board.boxTool(chart, 'box-alarm')).toHaveCount(0);
    await board.boxTool(chart, 'box-edit').click();
    await expect(page).toHaveURL(new RegExp(`/template/chart_edit/${folder}/${dashboard}/${chart}$`));

    // published from the dashboard tab to the viewer role: the template's copy in the template tab
    const origin = await seedDashboard(page, 'dashboard', `Pub ${run}`, `Origin ${run}`, ['Margin']);
    await api(page, 'POST', `/api/template/publish/dash/${origin.dashboardId}/${encodeURIComponent(`Tpl ${run}`)}/${encodeURIComponent(`TplF ${run}`)}`, { roleIds: ['viewer'], userIds: [] });

    // a viewer sees the published template but cannot change it; the editors' unpublished item stays theirs
    await page.context().clearCookies();
    await page.evaluate(() => {
      window.sessionStorage.clear();
      window.localStorage.clear();
    });
    await signIn(page, 'viewer');
    const published = (await api<{ name: string; projectId: string; dashboardIds: string[] }[]>(page, 'GET', '/api/template/templates')).find((t) => t.name === `Tpl ${run}`)!;
    const [copy] = published.dashboardIds;
    const copyChart = (await api<ApiDashboardContent>(page, 'GET', `/api/dashboard/template/${copy}`)).charts[0]!.chartId;
    await page.goto(`/template/${folder}/${dashboard}`);
    await expect(board.notFound).toBeVisible();
    await expect(page.getByTestId(`folder-menu-${folder}`)).toHaveCount(0);
    await board.goto(published.projectId, copy!);
    await expect(board.title).toHaveText(`Tpl ${run}`);
    await expect(sidebar.createFolderButton).toHaveCount(0);
    await expect(sidebar.dashboardHandle(copy!)).toHaveCount(0);
    await expect(board.addChartButton).toHaveCount(0);
    await expect(board.boxTool(copyChart, 'box-edit')).toHaveCount(0);
    await expect(board.boxTool(copyChart, 'box-more')).toBeVisible();
    // nothing to unlock: no lock toggle, and even ?lockEdit=false leaves the grid fixed
    await expect(board.lockButton).toHaveCount(0);
    await board.goto(published.projectId, copy!, '?lockEdit=false');
    await expect(board.grid).toHaveAttribute('data-editable', 'false');
  });
});

test.describe('dashboard page', () => {
  test('add two charts, unlock, drag a box; the saved layout is kept after a reload', async ({ page }) => {
    const run = uniqueSuffix();
    const board = new DashboardPage(page);
    await signIn(page);
    const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Grid ${run}`, `Grid board ${run}`);
    await board.goto(projectId, dashboardId);
    await expect(board.title).toHaveText(`Grid board ${run}`);
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();

    const source = await seedSqlSource(page, `Grid src ${run}`, `Grid source ${run}`, SOURCE_SQL);
    // each new chart opens the chart editor; back on the dashboard its box is there
    const revenue = await board.addChart('Revenue', source);
    await board.goto(projectId, dashboardId);
    const orders = await board.addChart('Orders', source);
    await board.goto(projectId, dashboardId);
    await expect(board.chartBox(revenue).getByTestId('chart-box-title')).toHaveText('Revenue');
    await expect(board.chartBox(orders).getByTestId('chart-box-title')).toHaveText('Orders');
    // the charts run for real: they have a source but no fields yet
    await expect(board.chartBox(revenue).getByTestId('chart-view')).toHaveAttribute('data-state', 'unconfigured');
    expect((await board.savedLayout(dashboardId)).map((a) => [a.chartId, a.row, a.col, a.sizeX, a.sizeY])).toEqual([
      [revenue, 0, 0, 6, 4],
      [orders, 4, 0, 6, 4],
    ]);

    const grid = (await board.grid.boundingBox())!;
    const start = (await board.chartBox(orders).boundingBox())!;
    expect(start.y).toBeGreaterThan(grid.y + 4 * 70);

    // locked by default: dragging does nothing
    await expect(board.lockButton).toHaveAttribute('aria-pressed', 'true');
    await board.dragBox(orders, grid.width / 2, -(4 * 77));
    await page.waitForTimeout(1500);
    expect((await board.chartBox(orders).boundingBox())!.y).toBeCloseTo(start.y, 0);

    // unlocked: drag the second box to the right half of the first rows; saved after the debounce
    await board.unlock();
    const saved = board.waitForLayoutSave(dashboardId);
    await board.dragBox(orders, grid.width / 2, -(4 * 77));
    const response = await saved;
    expect(response.ok()).toBe(true);
    const body = response.request().postDataJSON() as { chartId: string; row: number; col: number }[];
    expect(body.find((a) => a.chartId === orders)).toMatchObject({ row: 0, col: 6 });
    expect((await board.savedLayout(dashboardId)).find((a) => a.chartId === orders)).toMatchObject({ row: 0, col: 6, sizeX: 6, sizeY: 4 });

    await page.reload();
    await expect(board.chartBox(orders)).toBeVisible();
    await expect(board.lockButton).toHaveAttribute('aria-pressed', 'true');
    const moved = (await board.chartBox(orders).boundingBox())!;
    const gridAfter = (await board.grid.boundingBox())!;
    expect(moved.x).toBeGreaterThan(gridAfter.x + gridAfter.width / 2 - 10);
    expect(moved.y).toBeLessThan(gridAfter.y + 20);
    const first = (await board.chartBox(revenue).boundingBox())!;
    expect(Math.abs(first.y - moved.y)).toBeLessThan(2);

    // ?lockEdit=false opens it unlocked
    await board.goto(projectId, dashboardId, '?lockEdit=false');
    await expect(board.lockButton).toHaveAttribute('aria-pressed', 'false');
    // with ?apiName the lock toggle and the editing tools are gone
    await board.goto(projectId, dashboardId, '?apiName=dashboard');
    await expect(board.lockButton).toHaveCount(0);
    await expect(board.addChartButton).toHaveCount(0);
    await expect(board.boxTool(orders, 'box-edit')).toHaveCount(0);
    await expect(board.boxTool(orders, 'box-refresh')).toBeVisible();
  });

  test('chart box toolbar: refresh, edit link, hide and show again, delete with confirmation', async ({ page }) => {
    const run = uniqueSuffix();
    const board = new DashboardPage(page);
    await signIn(page);
    const { projectId, dashboardId, chartIds } = await seedDashboard(page, 'dashboard', `Box ${run}`, `Box board ${run}`, ['Revenue', 'Orders']);
    const [revenue, orders] = chartIds as [string, string];
    await board.goto(projectId, dashboardId);

    await board.boxTool(revenue, 'box-refresh').click();
    await expect(board.chartBox(revenue).locator('.bi-chart-box__body')).toHaveAttribute('data-refresh', '1');
    // the alarm (a bar chart on the dashboard tab) and the inner-filter bar are offered
    await expect(board.boxTool(revenue, 'box-alarm')).toBeEnabled();
    await expect(board.boxTool(revenue, 'box-filters')).toBeEnabled();

    // hide one chart through the hide-charts dialog, then show it again
    await board.hideChartsButton.click();
    await visibleTestId(page, `hide-switch-${orders}`).click();
    const hidden = page.waitForResponse((r) => r.url().includes('/api/dashboard/hide_setting/dashboard'));
    await visibleTestId(page, 'dialog-ok').click();
    expect((await hidden).ok()).toBe(true);
    await expect(board.chartBox(orders)).toHaveCount(0);
    await expect(board.chartBox(revenue)).toBeVisible();
    await board.hideChartsButton.click();
    await expect(visibleTestId(page, `hide-switch-${orders}`)).toHaveAttribute('aria-checked', 'true');
    await visibleTestId(page, `hide-switch-${orders}`).click();
    await visibleTestId(page, 'dialog-ok').click();
    await expect(board.chartBox(orders)).toBeVisible();

    // hide from the box's more menu
    await board.boxTool(orders, 'box-more').click();
    // every entry of the menu works (none shown disabled as "coming later")
    await expect(visibleTestId(page, 'menu-copy')).toBeVisible();
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item-disabled')).toHaveCount(0);
    await clickMenuEntry(page, 'menu-hide');
    await expect(board.chartBox(orders)).toHaveCount(0);

    // delete after a confirmation
    await board.boxTool(revenue, 'box-more').click();
    await clickMenuEntry(page, 'menu-delete');
    await expect(visibleTestId(page, 'confirm-content')).toHaveText(format(dbTexts.chart.deleteContent, { title: 'Revenue' }));
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes(`/api/dashboard/chart/dashboard/${revenue}`));
    await visibleTestId(page, 'dialog-ok').click();
    expect((await deleted).ok()).toBe(true);
    await expect(board.chartBox(revenue)).toHaveCount(0);

    // edit leads to the chart editor route
    await api(page, 'POST', '/api/dashboard/hide_setting/dashboard', [{ chartId: orders, hide: false }]);
    await page.reload();
    await board.boxTool(orders, 'box-edit').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/chart_edit/${projectId}/${dashboardId}/${orders}$`));
  });

  test('full-screen with refresh settings and the carousel; the chart full-screen viewer', async ({ page }) => {
    const run = uniqueSuffix();
    const board = new DashboardPage(page);
    await signIn(page);
    const { projectId, dashboardId, chartIds } = await seedDashboard(page, 'dashboard', `Show ${run}`, `Show board ${run}`, ['Revenue', 'Orders']);
    const [revenue, orders] = chartIds as [string, string];
    await page.clock.install();
    await board.goto(projectId, dashboardId);
    await expect(board.refreshInterval).toHaveCount(0);
    await expect(board.carousel).toHaveCount(0);

    await board.fullScreenButton.click();
    await expect(board.view).not.toHaveAttribute('data-fullscreen', 'false');
    await expect(board.fullScreenButton).toHaveAttribute('aria-pressed', 'true');
    await expect(board.lockButton).toHaveCount(0);
    await expect(board.refreshInterval).toBeVisible();
    await expect(board.refreshInterval).toContainText(format(dbTexts.board.toolbar.minutes, { count: '1' }));

    // the whole dashboard first (its grid scaled to the screen); its charts reload every minute
    await expect(page.getByTestId('dashboard-body')).toHaveAttribute('data-view', 'grid');
    await expect(board.carousel).toHaveCount(0);
    await expect(board.chartBox(revenue)).toBeVisible();
    await expect(board.chartBox(orders)).toBeVisible();
    await expect(board.chartBox(revenue).locator('.bi-chart-box__body')).toHaveAttribute('data-refresh', '0');
    await page.clock.fastForward('01:00');
    await expect(board.chartBox(revenue).locator('.bi-chart-box__body')).toHaveAttribute('data-refresh', '1');

    // one chart at a time: the carousel plays on its own every 5 seconds ...
    await page.getByTestId('fullscreen-view-carousel').click();
    await expect(board.carousel).toHaveAttribute('data-playing', 'true');
    await expect(board.carouselSlide).toHaveAttribute('data-index', '0');
    await expect(board.carouselSlide.getByTestId(`chart-box-${revenue}`)).toBeVisible();
    await page.clock.fastForward(5_100);
    await expect(board.carouselSlide).toHaveAttribute('data-index', '1');
    await expect(board.carouselSlide.getByTestId(`chart-box-${orders}`)).toBeVisible();
    // ... pauses ...
    await board.carouselToggle.click();
    await expect(board.carousel).toHaveAttribute('data-playing', 'false');
    await page.clock.fastForward(10_000);
    await expect(board.carouselSlide).toHaveAttribute('data-index', '1');

    // every chart reloads once a minute by default, then at the chosen interval
    const refreshed = board.carouselSlide.locator('.bi-chart-box__body');
    await expect(refreshed).toHaveAttribute('data-refresh', '1');
    await page.clock.fastForward('01:00');
    await expect(refreshed).toHaveAttribute('data-refresh', '2');
    await chooseOption(board.refreshInterval, visibleTestId(page, 'refresh-option-5'), format(dbTexts.board.toolbar.minutes, { count: '5' }));
    await expect(board.refreshInterval).toContainText(format(dbTexts.board.toolbar.minutes, { count: '5' }));
    await page.clock.fastForward('02:00');
    await expect(refreshed).toHaveAttribute('data-refresh', '2');
    await page.clock.fastForward('03:01');
    await expect(refreshed).toHaveAttribute('data-refresh', '3');

    // ... and steps by hand, wrapping around both ways
    await board.carouselNext.click();
    await expect(board.carouselSlide).toHaveAttribute('data-index', '0');
    await board.carouselNext.click();
    await expect(board.carouselSlide).toHaveAttribute('data-index', '1');
    await board.carouselPrev.click();
    await expect(board.carouselSlide).toHaveAttribute('data-index', '0');
    await board.carouselPrev.click();
    await expect(board.carouselSlide).toHaveAttribute('data-index', '1');
    // playing again moves on from where it is
    await board.carouselToggle.click();
    await page.clock.fastForward(5_100);
    await expect(board.carouselSlide).toHaveAttribute('data-index', '0');

    await board.fullScreenButton.click();
    await expect(board.view).toHaveAttribute('data-fullscreen', 'false');
    await expect(board.carousel).toHaveCount(0);
    await expect(board.chartBox(revenue)).toBeVisible();
    await expect(board.lockButton).toBeVisible();

    // a chart alone in the full-screen viewer, with previous / next through the charts
    await board.boxTool(orders, 'box-fullscreen').click();
    const viewer = page.getByTestId('chart-viewer');
    await expect(viewer).toBeVisible();
    await expect(page.getByTestId('viewer-slide')).toHaveAttribute('data-index', '1');
    await expect(page.getByTestId(`viewer-chart-${orders}`)).toBeVisible();
    await page.getByTestId('viewer-next').click();
    await expect(page.getByTestId('viewer-slide')).toHaveAttribute('data-index', '0');
    await page.getByTestId('viewer-prev').click();
    await expect(page.getByTestId('viewer-slide')).toHaveAttribute('data-index', '1');
    await expect(page.getByTestId('viewer-toggle')).toHaveAttribute('aria-pressed', 'false');
    await page.locator('.ant-modal-close').filter({ visible: true }).click();
    await expect(viewer).toHaveCount(0);
  });

  test('export the grid as a PNG image and as a PDF', async ({ page }) => {
    const run = uniqueSuffix();
    const board = new DashboardPage(page);
    await signIn(page);
    const name = `Export ${run}`;
    const { projectId, dashboardId, chartIds } = await seedDashboard(page, 'dashboard', `Exp ${run}`, name, ['Revenue', 'Orders']);
    await board.goto(projectId, dashboardId);
    await expect(board.chartBox(chartIds[0]!)).toBeVisible();

    const png = await board.export('png');
    expect(png.suggestedFilename()).toBe(`${name}.png`);
    const pngBytes = readFileSync(await png.path());
    expect(pngBytes.length).toBeGreaterThan(1000);
    expect(pngBytes.subarray(1, 4).toString('latin1')).toBe('PNG');

    await expect(board.exportButton).toBeEnabled();
    const pdf = await board.export('pdf');
    expect(pdf.suggestedFilename()).toBe(`${name}.pdf`);
    const pdfBytes = readFileSync(await pdf.path());
    expect(pdfBytes.length).toBeGreaterThan(1000);
    expect(pdfBytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
