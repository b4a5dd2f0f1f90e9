import { expect, test, type Locator, type Page } from '@playwright/test';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { uniqueSuffix } from './support/api';
import { findDemoDashboard, seedAllKinds } from './support/boards';
import { USERS } from './support/env';

// Full screen of a long dashboard (issue 27 item 7): the demo dashboard (E2E_DEMO=1; else one chart of
// each kind) used to be fitted into the screen with 60 px rows, lower than the page's 70, which left a
// line chart's plot 25 px high; and a chart drawn while its box was resizing kept a canvas larger than
// its box (612 px in 548, clipped). In full screen and back, every chart's canvas fits its box, and no
// box is lower in full screen than on the page.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

interface Sizes {
  box: { top: number; bottom: number; height: number; left: number; right: number };
  canvas: { top: number; bottom: number; height: number; left: number; right: number } | null;
}

async function sizesOf(box: Locator): Promise<Sizes> {
  return box.evaluate((element) => {
    const rect = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height, left: r.left, right: r.right };
    };
    const body = element.querySelector('.bi-chart-box__body') ?? element;
    const canvas = element.querySelector('[data-testid="echart"] canvas');
    return { box: rect(body), canvas: canvas ? rect(canvas) : null };
  });
}

/** Each drawn ECharts canvas lies inside its box's body (half a pixel of rounding allowed). */
async function expectCanvasesFit(page: Page, chartIds: string[], where: string): Promise<Map<string, number>> {
  const boxes = new ChartBoxes(page);
  const heights = new Map<string, number>();
  for (const id of chartIds) {
    const box = boxes.box(id);
    await box.scrollIntoViewIfNeeded();
    await expect(box.getByTestId('chart-view')).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
    // the debounced resize has had its turn when the canvas size stops changing
    await expect
      .poll(async () => {
        const s = await sizesOf(box);
        return !s.canvas || (s.canvas.bottom <= s.box.bottom + 0.5 && s.canvas.top >= s.box.top - 0.5 && s.canvas.right <= s.box.right + 0.5);
      }, { message: `the canvas of chart ${chartIds.indexOf(id) + 1} fits its box (${where})` })
      .toBe(true);
    const s = await sizesOf(box);
    heights.set(id, s.box.height);
  }
  return heights;
}

test('full screen of the demo dashboard: every canvas fits its box, no box lower than on the page, and back again', async ({ page }) => {
  await new LoginPage(page).login(USERS.admin, { language: 'zh-CN' });
  const board = (await findDemoDashboard(page)) ?? (await seedAllKinds(page, uniqueSuffix()));
  const chartIds = board.charts.map((c) => c.chartId);
  const dashboard = new DashboardPage(page);
  await dashboard.goto(board.projectId, board.dashboardId);
  const onPage = await expectCanvasesFit(page, chartIds, 'page');

  await dashboard.fullScreenButton.click();
  await expect(dashboard.view).not.toHaveAttribute('data-fullscreen', 'false');
  await expect(page.getByTestId('dashboard-body')).toHaveAttribute('data-view', 'grid');
  const inFull = await expectCanvasesFit(page, chartIds, 'full screen');
  for (const id of chartIds) {
    expect(inFull.get(id)!, `chart ${chartIds.indexOf(id) + 1}: its box in full screen is not lower than on the page`).toBeGreaterThanOrEqual(onPage.get(id)! - 1);
    // a default-size box (4 rows) shows a plot of a reasonable height: at least a third of the screen
    expect(inFull.get(id)!, `chart ${chartIds.indexOf(id) + 1}: box height in full screen`).toBeGreaterThanOrEqual(300);
  }

  await page.keyboard.press('Escape');
  await expect(dashboard.view).toHaveAttribute('data-fullscreen', 'false');
  await expectCanvasesFit(page, chartIds, 'page again');
});
