import { expect, type Locator, type Page } from '@playwright/test';
import { clickMenuEntry } from '../support/locate';

/** What a chart box shows (data-state of its chart view). */
export type ChartViewState = 'waiting' | 'loading' | 'error' | 'noPermission' | 'unconfigured' | 'empty' | 'ready' | 'sourceMissing';

/** The charts inside chart boxes (grid, full-screen carousel and chart viewer): states, canvases, tables. */
export class ChartBoxes {
  constructor(readonly page: Page) {}

  /** A box of the grid (chart-box-…) or of the full-screen viewer (viewer-chart-…). */
  box(chartId: string, where: 'grid' | 'viewer' = 'grid'): Locator {
    return this.page.getByTestId(where === 'grid' ? `chart-box-${chartId}` : `viewer-chart-${chartId}`);
  }

  view(box: Locator): Locator {
    return box.getByTestId('chart-view');
  }

  canvases(box: Locator): Locator {
    return box.locator('canvas');
  }

  tableRows(box: Locator): Locator {
    return box.locator('.ant-table-tbody tr.ant-table-row');
  }

  /** Opens the box's "more" menu and clicks its entry `item` (a menu test id such as menu-copy). */
  async openMenu(box: Locator, item: string): Promise<void> {
    await box.scrollIntoViewIfNeeded();
    await box.getByTestId('box-more').click();
    await clickMenuEntry(this.page, item);
  }

  /** Scrolls the box into view (charts load lazily) and waits until it shows `state`. */
  async waitFor(box: Locator, state: ChartViewState, timeout = 30_000): Promise<void> {
    await box.scrollIntoViewIfNeeded();
    await expect(this.view(box)).toHaveAttribute('data-state', state, { timeout });
  }

  /** Scrolls the box into view and waits until its chart is drawn (after ECharts' animation, or the table's first render). */
  async waitDrawn(box: Locator, timeout = 30_000): Promise<void> {
    await this.waitFor(box, 'ready', timeout);
    await expect(this.view(box)).toHaveAttribute('data-drawn', 'true', { timeout });
    await expect(box).toHaveAttribute('data-loaded', 'true');
  }

  /**
   * Pixels of the box's canvases that differ from each canvas' corner pixel (its background): a drawn
   * chart has thousands, a blank canvas none.
   */
  async inkedPixels(box: Locator): Promise<number> {
    return this.canvases(box).evaluateAll((elements) =>
      elements.reduce((total, element) => {
        const canvas = element as HTMLCanvasElement;
        if (canvas.width === 0 || canvas.height === 0) return total;
        const context = canvas.getContext('2d');
        if (!context) return total;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const [r, g, b, a] = [data[0], data[1], data[2], data[3]];
        let inked = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) + Math.abs(data[i + 3]! - a!) > 24) inked += 1;
        }
        return total + inked;
      }, 0),
    );
  }

  /** A drawn, non-empty chart: an antd table with rows for kind table, else a canvas with ink. */
  async expectDrawn(box: Locator, kind: string): Promise<void> {
    await this.waitDrawn(box);
    await expect(this.view(box)).toHaveAttribute('data-kind', kind);
    if (kind === 'table') {
      await expect(this.tableRows(box).first()).toBeVisible();
      expect(await this.tableRows(box).count()).toBeGreaterThan(0);
      return;
    }
    await expect(this.canvases(box).first()).toBeVisible();
    const size = await this.canvases(box).first().boundingBox();
    expect(size && size.width > 50 && size.height > 50, `canvas of ${kind} has a size`).toBe(true);
    await expect.poll(() => this.inkedPixels(box), { message: `canvas of ${kind} shows a chart`, timeout: 10_000 }).toBeGreaterThan(500);
  }
}
