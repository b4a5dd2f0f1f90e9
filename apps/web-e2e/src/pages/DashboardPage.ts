import { expect, type Download, type Locator, type Page, type Response } from '@playwright/test';
import { api, type ApiDashboardContent } from '../support/api';
import { visibleTestId, type Tab } from './Sidebar';
import { isCall } from '../support/locate';
import { chooseOption } from '../support/select';


/** The dashboard page (/dashboard/:project/:dashboard): toolbar, grid of chart boxes, full-screen and carousel. */
export class DashboardPage {
  readonly view: Locator;
  readonly title: Locator;
  readonly notFound: Locator;
  readonly grid: Locator;
  readonly addChartButton: Locator;
  readonly exportButton: Locator;
  readonly hideChartsButton: Locator;
  readonly fullScreenButton: Locator;
  readonly lockButton: Locator;
  readonly refreshInterval: Locator;
  readonly carousel: Locator;
  readonly carouselPrev: Locator;
  readonly carouselToggle: Locator;
  readonly carouselNext: Locator;
  readonly carouselSlide: Locator;

  constructor(
    readonly page: Page,
    readonly tab: Tab = 'dashboard',
  ) {
    this.view = page.getByTestId('dashboard-view');
    this.title = page.getByTestId('dashboard-title');
    this.notFound = page.getByTestId('dashboard-not-found');
    this.grid = page.getByTestId('grid');
    this.addChartButton = page.getByTestId('toolbar-add-chart');
    this.exportButton = page.getByTestId('toolbar-export');
    this.hideChartsButton = page.getByTestId('toolbar-hide-charts');
    this.fullScreenButton = page.getByTestId('toolbar-fullscreen');
    this.lockButton = page.getByTestId('toolbar-lock');
    this.refreshInterval = page.getByTestId('refresh-interval');
    this.carousel = page.getByTestId('carousel');
    this.carouselPrev = page.getByTestId('carousel-prev');
    this.carouselToggle = page.getByTestId('carousel-toggle');
    this.carouselNext = page.getByTestId('carousel-next');
    this.carouselSlide = page.getByTestId('carousel-slide');
  }

  async goto(projectId: string, dashboardId: string, query = ''): Promise<void> {
    await this.page.goto(`/${this.tab}/${projectId}/${dashboardId}${query}`);
    await expect(this.view).toBeVisible();
  }

  chartBox(chartId: string): Locator {
    return this.page.getByTestId(`chart-box-${chartId}`);
  }

  boxTool(chartId: string, tool: 'box-refresh' | 'box-edit' | 'box-fullscreen' | 'box-more' | 'box-alarm' | 'box-filters'): Locator {
    return this.chartBox(chartId).getByTestId(tool);
  }

  /**
   * Adds a chart through the toolbar dialog (title, a data source chosen from the list); the app then
   * opens the chart editor. Returns the new chart's id.
   */
  /** Add chart: the source is searched by name, as with many sources only the first options are drawn (virtual list). */
  async addChart(title: string, source: { dataSourceId: string; name: string }): Promise<string> {
    await this.addChartButton.click();
    await visibleTestId(this.page, 'chart-title-input').fill(title);
    await chooseOption(visibleTestId(this.page, 'chart-datasource-select'), visibleTestId(this.page, `chart-source-${source.dataSourceId}`), source.name, source.name);
    const [response] = await Promise.all([
      this.page.waitForResponse(isCall('POST', new RegExp(`^/api/chart-edit/${this.tab}/`))),
      visibleTestId(this.page, 'dialog-ok').click(),
    ]);
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: string };
    await expect(this.page).toHaveURL(new RegExp(`/${this.tab}/chart_edit/[^/]+/[^/]+/${data}$`));
    return data;
  }

  async unlock(): Promise<void> {
    await expect(this.lockButton).toHaveAttribute('aria-pressed', 'true');
    await this.lockButton.click();
    await expect(this.lockButton).toHaveAttribute('aria-pressed', 'false');
    await expect(this.grid).toHaveAttribute('data-editable', 'true');
  }

  /** The saved layout, read from GET /api/dashboard/{tab}/{id} with the page's token. */
  async savedLayout(dashboardId: string) {
    return (await api<ApiDashboardContent>(this.page, 'GET', `/api/dashboard/${this.tab}/${dashboardId}`)).aspects;
  }

  /** Waits for the debounced layout save (PUT aspect_changed). */
  waitForLayoutSave(dashboardId: string): Promise<Response> {
    return this.page.waitForResponse(isCall('PUT', new RegExp(`^/api/dashboard/aspect_changed/${this.tab}/${dashboardId}$`)), { timeout: 15_000 });
  }

  /** Drags a chart box by its title bar by a pixel offset. */
  async dragBox(chartId: string, dx: number, dy: number): Promise<void> {
    const handle = this.chartBox(chartId).getByTestId('chart-box-title');
    const box = await handle.boundingBox();
    if (!box) throw new Error('chart box title not visible');
    const x = box.x + Math.min(30, box.width / 2);
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + 5, y + 5, { steps: 2 });
    await this.page.mouse.move(x + dx, y + dy, { steps: 20 });
    await this.page.mouse.up();
  }

  async slideIndex(): Promise<number> {
    return Number(await this.carouselSlide.getAttribute('data-index'));
  }

  /** Exports through the toolbar menu and returns the download. */
  async export(kind: 'png' | 'pdf'): Promise<Download> {
    await this.exportButton.click();
    const [download] = await Promise.all([this.page.waitForEvent('download', { timeout: 20_000 }), visibleTestId(this.page, `export-${kind}`).click()]);
    return download;
  }
}
