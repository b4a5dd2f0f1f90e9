import { expect, test, type Page, type TestInfo } from '@playwright/test';
import dsTexts from '../../web/src/modules/data-source/i18n/en';
import { AppShell } from './pages/AppShell';
import { ChartEditorPage } from './pages/ChartEditorPage';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix, type ApiProject } from './support/api';
import { addChart, createSource, findDemoDashboard, KINDS, point, SALES_CHARTS, SALES_SQL, seedAllKinds, value, type Board } from './support/boards';
import { format, type Language } from './support/catalogues';
import { USERS } from './support/env';
import { presetLocalStorage } from './support/storage';

// Issue 13, a first look as a new user has it: landing, every kind in three languages and two themes,
// the table at its default size, full screen. Real queries (DuckDB) and ECharts animations: room for a busy machine.
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const LANGUAGES: Language[] = ['zh-CN', 'zh-TW', 'en'];
const THEMES = ['light', 'dark'] as const;

async function shoot(page: Page, testInfo: TestInfo, name: string, target: { screenshot: Page['screenshot'] } = page): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await target.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A dashboard with one chart over the sales rows (the box keeps the default 6×4 size). */
async function boardWith(page: Page, run: string, charts: { title: string; type: keyof typeof SALES_CHARTS }[]) {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Look ${run}` });
  const source = await createSource(page, folder.projectId, `Sales look ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Look ${run}`, `Look ${run}`);
  const seeded = [];
  for (const chart of charts) seeded.push(await addChart(page, dashboardId, chart.title, chart.type, source, SALES_CHARTS[chart.type]));
  return { projectId, dashboardId, charts: seeded };
}

test.describe('first look', () => {
  test('signing in opens the first dashboard the user may see, then the last one viewed, with its charts painted', async ({ page, browser }) => {
    const login = new LoginPage(page);
    const boxes = new ChartBoxes(page);
    await login.login(USERS.admin, { language: 'en' });
    const run = uniqueSuffix();
    const board = await boardWith(page, run, [
      { title: 'Revenue', type: 'bar' },
      { title: 'Share', type: 'pie' },
    ]);

    // a browser that has not shown any dashboard yet: the first dashboard of the first folder with one
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await new LoginPage(fresh).login(USERS.admin, { language: 'en' });
    const projects = await api<ApiProject[]>(fresh, 'GET', '/api/dashboard/projects/dashboard');
    const first = projects.find((p) => p.dashboards.length > 0)!;
    await expect(fresh).toHaveURL(new RegExp(`/dashboard/${first.projectId}/${first.dashboards[0].dashboardId}$`));
    await expect(fresh.getByTestId('dashboard-view')).toBeVisible();
    await expect(fresh.getByTestId('dashboard-not-found')).toHaveCount(0);
    await fresh.close();

    // view the new dashboard, sign out and in again: it opens again, its charts painted
    await new DashboardPage(page).goto(board.projectId, board.dashboardId);
    await boxes.expectDrawn(boxes.box(board.charts[0].chartId), 'bar');
    await new AppShell(page).logout();
    await login.login(USERS.admin, { language: 'en' });
    await expect(page).toHaveURL(new RegExp(`/dashboard/${board.projectId}/${board.dashboardId}$`));
    await boxes.expectDrawn(boxes.box(board.charts[0].chartId), 'bar');
    await boxes.expectDrawn(boxes.box(board.charts[1].chartId), 'pie');
    // one title per chart: the box header (the chart's own title is not drawn in a box)
    await expect(boxes.box(board.charts[0].chartId).getByTestId('chart-box-title')).toHaveText('Revenue');
  });

  test('the demo dashboard in three languages and two themes (screenshots kept as artifacts)', async ({ browser }, testInfo) => {
    test.setTimeout(900_000);
    let board: Board | null = null;
    for (const language of LANGUAGES) {
      for (const theme of THEMES) {
        await test.step(`${language} ${theme}`, async () => {
          const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
          await presetLocalStorage(page, { theme });
          await new LoginPage(page).login(USERS.admin, { language });
          if (!board) {
            board = (await findDemoDashboard(page)) ?? (await seedAllKinds(page, uniqueSuffix()));
            testInfo.annotations.push({ type: 'dashboard', description: board.charts.length === 13 ? 'the demo dashboard or one of each kind' : 'seeded' });
          }
          await new DashboardPage(page).goto(board.projectId, board.dashboardId);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          const boxes = new ChartBoxes(page);
          for (const chart of board.charts) await boxes.expectDrawn(boxes.box(chart.chartId), chart.type);
          await page.evaluate(() => document.querySelector('[data-testid="grid"]')?.scrollIntoView());
          await shoot(page, testInfo, `dashboard-${language}-${theme}-first-screen`);
          // the whole dashboard in one picture: a window as tall as the page (the boxes keep their width)
          const bottom = await page.evaluate(() => {
            const grid = document.querySelector('[data-testid="grid"]')!;
            for (let p = grid.parentElement; p; p = p.parentElement) p.scrollTop = 0;
            window.scrollTo(0, 0);
            return Math.ceil(grid.getBoundingClientRect().bottom);
          });
          await page.setViewportSize({ width: 1440, height: Math.max(900, bottom + 24) });
          for (const chart of board.charts) await boxes.expectDrawn(boxes.box(chart.chartId), chart.type);
          await shoot(page, testInfo, `dashboard-${language}-${theme}-all`);
          await page.close();
        });
      }
    }
  });

  test('a table at the default size shows every row of its page, the pager the rest, in a stable order', async ({ page }, testInfo) => {
    const boxes = new ChartBoxes(page);
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const board = await boardWith(page, uniqueSuffix(), [{ title: 'Products', type: 'table' }]);
    const dashboard = new DashboardPage(page);
    await dashboard.goto(board.projectId, board.dashboardId);
    const box = boxes.box(board.charts[0].chartId);
    await boxes.expectDrawn(box, 'table');
    await shoot(page, testInfo, 'table-default-size', box);

    const frame = box.getByTestId('chart-table');
    const size = Number(await frame.getAttribute('data-page-size'));
    expect(Number(await frame.getAttribute('data-total'))).toBe(8);
    expect(size).toBeGreaterThanOrEqual(3);
    const body = (await box.locator('.bi-chart-box__body').boundingBox())!;
    const seen: string[] = [];
    const pages = Math.ceil(8 / size);
    for (let index = 1; index <= pages; index += 1) {
      if (index > 1) await box.locator('.ant-pagination-next').click();
      await expect(box.locator('.ant-pagination-item-active')).toHaveText(String(index));
      const rows = boxes.tableRows(box);
      await expect(rows).toHaveCount(index < pages ? size : 8 - size * (pages - 1));
      // every row of the page lies inside the box: nothing hides below a scroll bar
      for (const row of await rows.all()) {
        const b = (await row.boundingBox())!;
        expect(b.y).toBeGreaterThanOrEqual(body.y);
        expect(b.y + b.height).toBeLessThanOrEqual(body.y + body.height + 1);
        seen.push(await row.innerText());
      }
    }
    expect(new Set(seen).size).toBe(8);
    // the total stays on one line (no wrap before its unit)
    const sum = box.getByTestId('table-summary-row').first();
    const rowHeight = (await boxes.tableRows(box).first().boundingBox())!.height;
    expect((await sum.boundingBox())!.height).toBeLessThanOrEqual(rowHeight + 2);

    // the same order on every load (the chart's order, then its dimensions)
    await page.reload();
    await boxes.expectDrawn(box, 'table');
    const again: string[] = [];
    for (const row of await boxes.tableRows(box).all()) again.push(await row.innerText());
    expect(again).toEqual(seen.slice(0, again.length));
  });

  test('full screen shows the whole dashboard or one chart at a time; Esc leaves both', async ({ page }, testInfo) => {
    const boxes = new ChartBoxes(page);
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const board = await boardWith(page, uniqueSuffix(), [
      { title: 'Revenue', type: 'bar' },
      { title: 'Share', type: 'pie' },
      { title: 'Total', type: 'card' },
    ]);
    const dashboard = new DashboardPage(page);
    await dashboard.goto(board.projectId, board.dashboardId);
    await boxes.expectDrawn(boxes.box(board.charts[0].chartId), 'bar');

    // the whole dashboard, its grid scaled to the screen: every box in view, none editable
    await dashboard.fullScreenButton.click();
    await expect(dashboard.view).not.toHaveAttribute('data-fullscreen', 'false');
    await expect(page.getByTestId('dashboard-body')).toHaveAttribute('data-view', 'grid');
    await expect(page.getByTestId('refresh-interval')).toBeVisible();
    for (const [i, chart] of board.charts.entries()) {
      const box = boxes.box(chart.chartId);
      await boxes.expectDrawn(box, ['bar', 'pie', 'card'][i]);
      const b = (await box.boundingBox())!;
      expect(b.y + b.height).toBeLessThanOrEqual(900);
    }
    await expect(page.getByTestId('grid')).toHaveAttribute('data-editable', 'false');
    await shoot(page, testInfo, 'fullscreen-grid');
    await page.keyboard.press('Escape');
    await expect(dashboard.view).toHaveAttribute('data-fullscreen', 'false');

    // one chart at a time
    await dashboard.fullScreenButton.click();
    await page.getByTestId('fullscreen-view-carousel').click();
    await expect(dashboard.carousel).toBeVisible();
    await boxes.expectDrawn(dashboard.carouselSlide.getByTestId(`chart-box-${board.charts[0].chartId}`), 'bar');
    await shoot(page, testInfo, 'fullscreen-carousel');
    await page.keyboard.press('Escape');
    await expect(dashboard.view).toHaveAttribute('data-fullscreen', 'false');
    await expect(dashboard.carousel).toHaveCount(0);

    // the one-chart viewer of a box closes with Esc too
    await dashboard.boxTool(board.charts[1].chartId, 'box-fullscreen').click();
    await expect(page.getByTestId('chart-viewer')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('chart-viewer')).toHaveCount(0);
  });

  test('editor and data pages: every kind in add chart, the real row count of a source, a preview that keeps its size', async ({ page }, testInfo) => {
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const run = uniqueSuffix();
    const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Rows ${run}` });
    const source = await createSource(page, folder.projectId, `Rows ${run}`, 'SELECT i AS n, i % 7 AS g FROM range(1200) AS r(i)');

    // the data preview shows 500 rows and says how many the source has
    await page.goto(`/data_source/${folder.projectId}/${source}`);
    await expect(page.getByTestId('ds-preview-table')).toHaveAttribute('data-total-rows', '1200');
    await expect(page.getByTestId('ds-preview-total')).toHaveText(format(dsTexts.preview.rowsOfTotal, { total: '1,200', count: '500' }));

    // add chart offers all 13 kinds at once
    const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Rows ${run}`, `Rows ${run}`);
    const dashboard = new DashboardPage(page);
    await dashboard.goto(projectId, dashboardId);
    await dashboard.addChartButton.click();
    for (const kind of KINDS) await expect(page.getByTestId(`chart-type-${kind}`)).toBeVisible();
    await shoot(page, testInfo, 'add-chart-kinds');
    await page.keyboard.press('Escape');

    // the editor's preview keeps its size while property panels open
    const chart = await addChart(page, dashboardId, 'Bars', 'bar', source, { points: [point('g', { dataType: 'number' })], values: [value('n')] });
    const editor = new ChartEditorPage(page);
    await editor.goto(projectId, dashboardId, chart.chartId);
    await editor.expectPreview('bar');
    const before = (await editor.preview.boundingBox())!.height;
    const active = editor.panels.locator('.ant-collapse-item-active');
    const opened = await active.count();
    const closed = editor.panels.locator('.ant-collapse-item:not(.ant-collapse-item-active) > .ant-collapse-header');
    const more = Math.min(5, await closed.count());
    expect(more).toBeGreaterThan(2);
    for (let i = 0; i < more; i += 1) await closed.first().click();
    await expect(active).toHaveCount(opened + more);
    expect(Math.abs((await editor.preview.boundingBox())!.height - before)).toBeLessThanOrEqual(2);
    await shoot(page, testInfo, 'editor-panels-open');
  });
});
