import { expect, test, type Page } from '@playwright/test';
import chartTexts from '../../web/src/modules/chart/i18n/en';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, findDemoDashboard, KINDS, point, SALES_CHARTS, SALES_SQL, seedAllKinds, value } from './support/boards';
import { format } from './support/catalogues';
import { USERS } from './support/env';
import { boxRunOf, isBoxRun } from './support/locate';

// The chart engine runs real queries (DuckDB) and ECharts animates: leave room for a loaded machine.
test.describe.configure({ timeout: 120_000 });

const EMPTY_SQL = `SELECT * FROM (VALUES ('广东省', 1.0)) AS t(region, amount) WHERE amount < 0`;
const BIG_SQL = `SELECT i AS x, (i * 37) % 101 AS y FROM range(4000) AS r(i)`;

async function signIn(page: Page): Promise<void> {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
}

test.describe('chart rendering', () => {
  test('every one of the 13 kinds draws its chart in its box', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const board = new DashboardPage(page);
    const boxes = new ChartBoxes(page);
    await signIn(page);
    const demo = await findDemoDashboard(page);
    const target = demo ?? (await seedAllKinds(page, uniqueSuffix()));
    testInfo.annotations.push({ type: 'dashboard', description: demo ? 'the demo dashboard' : 'seeded over a DuckDB SQL source (no demo dashboard)' });
    await board.goto(target.projectId, target.dashboardId);

    for (const kind of KINDS) {
      const chart = target.charts.find((c) => c.type === kind)!;
      const box = boxes.box(chart.chartId);
      await test.step(`${kind}: ${chart.title}`, async () => {
        await boxes.expectDrawn(box, kind);
        const path = testInfo.outputPath(`chart-${kind}.png`);
        await box.screenshot({ path });
        await testInfo.attach(`chart-${kind}`, { path, contentType: 'image/png' });
      });
    }

    // the table pages, sums and formats as the option says
    const table = boxes.box(target.charts.find((c) => c.type === 'table')!.chartId);
    await table.scrollIntoViewIfNeeded();
    if (!demo) {
      await expect(table.locator('.ant-table-thead')).toContainText('amount');
      await expect(table.getByTestId('table-summary-row')).toContainText('Sum');
      // a page holds the rows the box has room for; the pager counts all 8
      await expect(table.getByTestId('chart-table')).toHaveAttribute('data-total', '8');
      await expect(boxes.tableRows(table)).toHaveCount(Math.min(8, Number(await table.getByTestId('chart-table').getAttribute('data-page-size'))));
      await expect(boxes.tableRows(table).first()).toContainText(/\d,?\d*\.\d\d/);
    }
  });

  test('states, lazy loading, refresh, table pages, down-sampling and the full-screen viewer', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const run = uniqueSuffix();
    const board = new DashboardPage(page);
    const boxes = new ChartBoxes(page);
    await signIn(page);

    const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `States ${run}` });
    const sales = await createSource(page, folder.projectId, `Sales ${run}`, SALES_SQL);
    const nothing = await createSource(page, folder.projectId, `Empty ${run}`, EMPTY_SQL);
    const big = await createSource(page, folder.projectId, `Big ${run}`, BIG_SQL);
    const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `States ${run}`, `States ${run}`);
    const bar = await addChart(page, dashboardId, 'Revenue', 'bar', sales, SALES_CHARTS.bar);
    const pie = await addChart(page, dashboardId, 'Share', 'pie', sales, SALES_CHARTS.pie);
    const unconfigured = await addChart(page, dashboardId, 'No fields', 'bar', '');
    // a chart whose source is deleted after the chart was made (a chart cannot be put on a missing source)
    const gone = await createSource(page, folder.projectId, `Gone ${run}`, SALES_SQL);
    const broken = await addChart(page, dashboardId, 'Broken', 'line', gone);
    await api(page, 'DELETE', `/api/data_source/${gone}`);
    const empty = await addChart(page, dashboardId, 'Nothing', 'bar', nothing, { points: [point('region')], values: [value('amount')] });
    const sampled = await addChart(page, dashboardId, 'Many points', 'line', big, { points: [point('x', { dataType: 'number' })], values: [value('y')] });
    const rows = await addChart(page, dashboardId, 'Many rows', 'table', big, { points: [point('x', { dataType: 'number', orderBy: 'asc' })], values: [value('y')] });

    const firstRun = page.waitForResponse(isBoxRun(bar.chartId));
    await board.goto(projectId, dashboardId);
    expect((await boxRunOf(await firstRun, bar.chartId)).body).toEqual({ isFullScreen: false, globalFilters: [], isFirstRequest: true });

    // lazy loading: the last box is far below the fold and has not run yet
    await expect(boxes.view(boxes.box(rows.chartId))).toHaveAttribute('data-state', 'waiting');
    await expect(boxes.box(rows.chartId).getByTestId('chart-waiting')).toHaveText(chartTexts.waiting);
    await expect(boxes.box(rows.chartId)).toHaveAttribute('data-loaded', 'false');
    await boxes.expectDrawn(boxes.box(bar.chartId), 'bar');
    await boxes.expectDrawn(boxes.box(pie.chartId), 'pie');

    // no fields yet: a note and the way to the editor
    const noFields = boxes.box(unconfigured.chartId);
    await boxes.waitFor(noFields, 'unconfigured');
    await expect(noFields.getByTestId('chart-unconfigured')).toContainText(chartTexts.unconfigured);
    await expect(noFields.getByTestId('chart-edit')).toBeVisible();
    await expect(noFields).toHaveAttribute('data-loaded', 'true');

    // a chart whose source is gone: it says so and offers to put it on another source (issue 27 #2;
    // source-delete.e2e.ts switches one), instead of an error
    const stranded = boxes.box(broken.chartId);
    await boxes.waitFor(stranded, 'sourceMissing');
    await expect(stranded.getByTestId('chart-source-missing')).toContainText(chartTexts.sourceMissing);
    await expect(stranded.getByTestId('chart-change-source')).toBeVisible();

    // no rows
    const none = boxes.box(empty.chartId);
    await boxes.waitFor(none, 'empty');
    await expect(none.getByTestId('chart-empty')).toContainText(chartTexts.empty);

    // 4000 points are down-sampled by the server: the hint says so
    const many = boxes.box(sampled.chartId);
    await boxes.expectDrawn(many, 'line');
    await expect(many.getByTestId('chart-downsampled')).toHaveText(format(chartTexts.downsampled, { shown: '3000', total: '4000' }));

    // table pages are runs with a page; a page holds the rows the box has room for
    const table = boxes.box(rows.chartId);
    await boxes.expectDrawn(table, 'table');
    const size = Number(await table.getByTestId('chart-table').getAttribute('data-page-size'));
    expect(size).toBeGreaterThan(1);
    await expect(boxes.tableRows(table)).toHaveCount(size);
    await expect(table.getByText(format(chartTexts.tableTotal, { total: '4000' }))).toBeVisible();
    const second = page.waitForResponse(isBoxRun(rows.chartId));
    await table.locator('.ant-pagination-next').click();
    expect((await boxRunOf(await second, rows.chartId)).body).toMatchObject({ page: { index: 2, size } });
    await expect(table.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(boxes.tableRows(table).first()).toContainText(String(size));

    for (const [name, chart] of Object.entries({ unconfigured, broken, empty, sampled, rows })) {
      const path = testInfo.outputPath(`state-${name}.png`);
      await boxes.box(chart.chartId).screenshot({ path });
      await testInfo.attach(`state-${name}`, { path, contentType: 'image/png' });
    }

    // refresh runs the chart again (not a first request any more)
    const revenue = boxes.box(bar.chartId);
    await revenue.scrollIntoViewIfNeeded();
    const refreshed = page.waitForResponse(isBoxRun(bar.chartId));
    await board.boxTool(bar.chartId, 'box-refresh').click();
    expect((await boxRunOf(await refreshed, bar.chartId)).body).toEqual({ isFullScreen: false, globalFilters: [], isFirstRequest: false });
    await boxes.expectDrawn(revenue, 'bar');

    // the full-screen chart viewer draws real charts and steps between them
    await board.boxTool(bar.chartId, 'box-fullscreen').click();
    await expect(page.getByTestId('chart-viewer')).toBeVisible();
    await boxes.expectDrawn(boxes.box(bar.chartId, 'viewer'), 'bar');
    const viewerShot = testInfo.outputPath('viewer-bar.png');
    await page.getByTestId('chart-viewer').screenshot({ path: viewerShot });
    await testInfo.attach('viewer-bar', { path: viewerShot, contentType: 'image/png' });
    await page.getByTestId('viewer-next').click();
    await boxes.expectDrawn(boxes.box(pie.chartId, 'viewer'), 'pie');
    await page.getByTestId('viewer-prev').click();
    await boxes.expectDrawn(boxes.box(bar.chartId, 'viewer'), 'bar');
    await page.locator('.ant-modal-close').filter({ visible: true }).click();
    await expect(page.getByTestId('chart-viewer')).toHaveCount(0);

    // the full-screen carousel (one chart at a time) draws the current chart
    await board.fullScreenButton.click();
    await page.getByTestId('fullscreen-view-carousel').click();
    await expect(board.carousel).toBeVisible();
    await board.carouselToggle.click();
    await expect(board.carousel).toHaveAttribute('data-playing', 'false');
    const slide = board.carouselSlide.getByTestId(`chart-box-${bar.chartId}`);
    await boxes.expectDrawn(slide, 'bar');
    await board.fullScreenButton.click();
    await expect(board.carousel).toHaveCount(0);

    // the edit button of a chart without fields opens the chart editor
    await boxes.waitFor(noFields, 'unconfigured');
    await noFields.getByTestId('chart-edit').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/chart_edit/${projectId}/${dashboardId}/${unconfigured.chartId}$`));
  });
});
