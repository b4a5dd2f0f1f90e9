import { expect, type Locator, type Page, type Request, type Response } from '@playwright/test';
import editorTexts from '../../../web/src/modules/chart-editor/i18n/en';
import { chooseOption } from '../support/select';
import { clickMenuEntry } from '../support/locate';
import { dragWithMouse, visibleTestId, type Tab } from './Sidebar';

export type Zone = 'points' | 'secondPoints' | 'values' | 'secondValues';

const pathOf = (url: string) => new URL(url).pathname;

/** The chart editor (/{tab}/chart_edit/:project/:dashboard/:chart): field list, zones, type switch, preview, saving. */
export class ChartEditorPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly saveStatus: Locator;
  readonly saveError: Locator;
  readonly saveRetry: Locator;
  readonly undoButton: Locator;
  readonly back: Locator;
  readonly preview: Locator;
  readonly search: Locator;
  readonly typeSwitch: Locator;
  readonly trash: Locator;
  readonly panels: Locator;

  constructor(
    readonly page: Page,
    readonly tab: Tab = 'dashboard',
  ) {
    this.root = page.getByTestId('chart-editor');
    this.title = page.getByTestId('editor-title');
    this.saveStatus = page.getByTestId('save-status');
    this.saveError = page.getByTestId('save-error');
    this.saveRetry = page.getByTestId('save-retry');
    this.undoButton = page.getByTestId('editor-undo');
    this.back = page.getByTestId('editor-back');
    this.preview = page.getByTestId('editor-preview');
    this.search = page.getByTestId('field-search');
    this.typeSwitch = page.getByTestId('type-switch');
    this.trash = page.getByTestId('zone-trash');
    this.panels = page.getByTestId('chart-panels');
  }

  async goto(projectId: string, dashboardId: string, chartId: string): Promise<void> {
    await this.page.goto(`/${this.tab}/chart_edit/${projectId}/${dashboardId}/${chartId}`);
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(this.root).toBeVisible();
  }

  sourceField(name: string): Locator {
    return this.page.getByTestId(`source-field-${name}`);
  }

  zone(zone: Zone): Locator {
    return this.page.getByTestId(`zone-${zone}`);
  }

  item(zone: Zone, index: number): Locator {
    return this.page.getByTestId(`zone-item-${zone}-${index}`);
  }

  items(zone: Zone): Locator {
    return this.page.getByTestId(`zone-list-${zone}`).locator('[data-testid^="zone-item-"][data-name]');
  }

  /** The names in a zone, in order. */
  async names(zone: Zone): Promise<string[]> {
    return this.items(zone).evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''));
  }

  /** Whether a request is the whole-chart save (PUT /api/chart-edit/{tab}). */
  isSave = (request: Request) => request.method() === 'PUT' && pathOf(request.url()) === `/api/chart-edit/${this.tab}`;

  /** Waits for the next whole-chart save answer. */
  nextSave(): Promise<Response> {
    return this.page.waitForResponse((r) => this.isSave(r.request()), { timeout: 20_000 });
  }

  /** Waits until every edit is stored ("All changes saved"). */
  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveAttribute('data-state', 'idle', { timeout: 20_000 });
  }

  /** Drags a field of the list into a zone with real mouse moves. */
  async dragField(name: string, zone: Zone): Promise<void> {
    await dragWithMouse(this.page, this.sourceField(name), this.page.getByTestId(`zone-list-${zone}`));
  }

  /** Drags a zone's field (by its handle) onto another zone, a field of a zone, or the trash. */
  async dragItem(zone: Zone, index: number, target: Locator): Promise<void> {
    await dragWithMouse(this.page, this.page.getByTestId(`zone-item-handle-${zone}-${index}`), target);
  }

  async openMenu(zone: Zone, index: number): Promise<void> {
    await this.page.getByTestId(`field-menu-${zone}-${index}`).click();
  }

  /** Opens a field's menu, a sub-menu (e.g. 'menu-granularity') and picks an entry (e.g. 'gran-month'). */
  async pick(zone: Zone, index: number, submenu: string, entry: string): Promise<void> {
    await this.openMenu(zone, index);
    await clickMenuEntry(this.page, this.menuEntry(submenu));
    await clickMenuEntry(this.page, this.menuEntry(entry));
  }

  /** A visible entry of an open menu (sub-menu titles carry the test id on their title row's item). */
  menuEntry(testId: string): Locator {
    return this.page.locator(`.ant-dropdown-menu [data-testid="${testId}"], .ant-dropdown-menu-submenu[data-testid="${testId}"] > .ant-dropdown-menu-submenu-title`).filter({ visible: true }).first();
  }

  async menuAction(zone: Zone, index: number, entry: string): Promise<void> {
    await this.openMenu(zone, index);
    await clickMenuEntry(this.page, this.menuEntry(entry));
  }

  typeButton(kind: string): Locator {
    return this.page.getByTestId(`type-${kind}`);
  }

  async setType(kind: string): Promise<void> {
    await this.typeButton(kind).click();
    await expect(this.typeSwitch).toHaveAttribute('data-value', kind);
  }

  /** Waits until the preview shows a drawn chart of `kind`. */
  async expectPreview(kind: string): Promise<void> {
    await expect(this.preview).toHaveAttribute('data-kind', kind, { timeout: 30_000 });
    await expect(this.preview).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(this.preview).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
    if (kind !== 'table') await expect(this.preview.locator('canvas').first()).toBeVisible();
  }

  /** Sets a value field's format through its dialog: unit (none, wan, yi, K, M, G) and decimals. */
  async setFormatter(zone: Zone, index: number, unit: string, decimals: number): Promise<void> {
    await this.menuAction(zone, index, 'menu-formatter');
    const label = editorTexts.formatter.units[unit as keyof typeof editorTexts.formatter.units];
    await chooseOption(visibleTestId(this.page, 'formatter-unit'), visibleTestId(this.page, `formatter-unit-${unit}`), label);
    await visibleTestId(this.page, 'formatter-decimals').fill(String(decimals));
    await visibleTestId(this.page, 'dialog-ok').click();
    await expect(visibleTestId(this.page, 'formatter-unit')).toHaveCount(0);
  }

  async setAlias(zone: Zone, index: number, alias: string): Promise<void> {
    await this.menuAction(zone, index, 'menu-alias');
    await visibleTestId(this.page, 'alias-input').fill(alias);
    await visibleTestId(this.page, 'dialog-ok').click();
  }
}
