import { expect, type Locator, type Page } from '@playwright/test';
import { visibleTestId } from '../support/locate';

/** The panels of the chart editor's right-hand side (apps/web/src/modules/chart-editor/panels/utils/applicability.ts). */
export type PanelId =
  | 'title'
  | 'legend'
  | 'display'
  | 'range'
  | 'style'
  | 'topN'
  | 'drillDown'
  | 'plotLines'
  | 'gauge'
  | 'nav'
  | 'dataZoom'
  | 'statistics'
  | 'map'
  | 'colors'
  | 'innerFilters'
  | 'dataSource'
  | 'preview'
  | 'customOption';

export type LegendPosition = 'none' | 'top' | 'right' | 'bottom';
export type DisplayOption = 'shape' | 'group' | 'isHorizontal' | 'showXSplitLine' | 'showYSplitLine' | 'isShowPointLabel' | 'isShowRealValue';
/** Line axis: 0 the value axis (plotLineY), 1 the second axis of the double-axis chart (plotLineYOptional). */
export type LineAxis = 0 | 1;

export interface TopNSettings {
  /** default true */
  enabled?: boolean;
  /** first: the largest items (direction 0); last: the smallest (direction 1) */
  direction?: 'first' | 'last';
  num?: number;
  mode?: 'items' | 'percent';
}

export interface GaugeSectionSetting {
  value: number;
  /** '#RRGGBB' */
  color: string;
}

/** Only the dialog that is open (antd keeps closed dialogs in the DOM until they are destroyed). */
const visible = visibleTestId;

/**
 * The chart editor's property panels (data-testid="chart-panels", data-kind = the chart type). Every
 * method opens the panel it needs and waits until the panel shows the new state; saving is the
 * editor's (it sends PUT /api/chart-edit/{tab} for each change, coalesced).
 */
export class ChartPanels {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('chart-panels');
  }

  header(id: PanelId): Locator {
    return this.root.getByTestId(`panel-header-${id}`);
  }

  panel(id: PanelId): Locator {
    return this.root.getByTestId(`panel-${id}`);
  }

  async expectKind(kind: string): Promise<void> {
    await expect(this.root).toHaveAttribute('data-kind', kind);
  }

  /** The panels shown for the chart's kind, in order. */
  async panelIds(): Promise<PanelId[]> {
    const ids = await this.root.locator('[data-testid^="panel-header-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('panel-header-'.length)));
    return ids as PanelId[];
  }

  async openPanel(id: PanelId): Promise<Locator> {
    const header = this.header(id);
    await expect(header).toBeVisible();
    if ((await header.getAttribute('data-open')) !== 'true') await header.click();
    await expect(header).toHaveAttribute('data-open', 'true');
    await expect(this.panel(id)).toBeVisible();
    return this.panel(id);
  }

  async closePanel(id: PanelId): Promise<void> {
    const header = this.header(id);
    if ((await header.getAttribute('data-open')) === 'true') await header.click();
    await expect(header).toHaveAttribute('data-open', 'false');
  }

  // ---- title, legend, display switches

  titleSwitch(): Locator {
    return this.panel('title').getByTestId('title-show');
  }

  /** Shows or hides the title (toggles it when `show` is not given). */
  async toggleTitle(show?: boolean): Promise<void> {
    await this.openPanel('title');
    const current = (await this.titleSwitch().getAttribute('aria-checked')) === 'true';
    const wanted = show ?? !current;
    if (wanted !== current) await this.titleSwitch().click();
    await expect(this.titleSwitch()).toHaveAttribute('aria-checked', String(wanted));
  }

  async setLegendPosition(position: LegendPosition): Promise<void> {
    const panel = await this.openPanel('legend');
    await panel.getByTestId(`legend-position-${position}`).click();
    await expect(panel.getByTestId('legend-position')).toHaveAttribute('data-value', String(['none', 'top', 'right', 'bottom'].indexOf(position)));
  }

  async setDisplayOption(option: DisplayOption, on: boolean): Promise<void> {
    const panel = await this.openPanel('display');
    const toggle = panel.getByTestId(`display-${option}`);
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(on));
  }

  // ---- top-N

  /** Sets the top-N strip; fields not given stay as they are. */
  async setTopN(settings: TopNSettings): Promise<void> {
    const panel = await this.openPanel('topN');
    const strip = panel.getByTestId('topn');
    const enabled = settings.enabled ?? true;
    if ((await strip.getAttribute('data-enabled')) !== String(enabled)) await panel.getByTestId('topn-enabled').click();
    await expect(strip).toHaveAttribute('data-enabled', String(enabled));
    if (settings.mode) {
      await panel.getByTestId(`topn-mode-${settings.mode}`).click();
      await expect(strip).toHaveAttribute('data-mode', settings.mode === 'percent' ? '1' : '0');
    }
    if (settings.direction) {
      await panel.getByTestId(`topn-direction-${settings.direction}`).click();
      await expect(strip).toHaveAttribute('data-direction', settings.direction === 'last' ? '1' : '0');
    }
    if (settings.num !== undefined) {
      const input = panel.getByTestId('topn-num');
      await input.fill(String(settings.num));
      await input.press('Enter');
      await expect(strip).toHaveAttribute('data-num', String(settings.num));
    }
  }

  // ---- plot lines

  plotLines(axis: LineAxis = 0): Locator {
    return this.panel('plotLines').locator(`[data-testid^="plotline-${axis}-"][data-name]`);
  }

  plotLine(axis: LineAxis, index: number): Locator {
    return this.panel('plotLines').getByTestId(`plotline-${axis}-${index}`);
  }

  /** Opens the line dialog of an axis, fills the name and answers the dialog. */
  private async startLine(axis: LineAxis, name: string | undefined): Promise<{ dialog: Locator; count: number }> {
    const panel = await this.openPanel('plotLines');
    const count = Number(await panel.getByTestId(`plotlines-axis-${axis}`).getAttribute('data-count'));
    await panel.getByTestId(`plotlines-add-${axis}`).click();
    const dialog = visible(this.page, 'plotline-dialog');
    await expect(dialog).toBeVisible();
    if (name !== undefined) await dialog.getByTestId('plotline-name').fill(name);
    return { dialog, count };
  }

  private async finishLine(axis: LineAxis, count: number): Promise<Locator> {
    await visible(this.page, 'dialog-ok').click();
    await expect(visible(this.page, 'plotline-dialog')).toHaveCount(0);
    await expect(this.panel('plotLines').getByTestId(`plotlines-axis-${axis}`)).toHaveAttribute('data-count', String(count + 1));
    return this.plotLine(axis, count);
  }

  /**
   * Adds a calculated average line over a value field (by field name) of the axis. Without a name the
   * line is named after its formula. Answers the new line's row.
   */
  async addAveragePlotLine(field: string, name?: string, axis: LineAxis = 0): Promise<Locator> {
    const { dialog, count } = await this.startLine(axis, undefined);
    await dialog.getByTestId('plotline-type-calculated').click();
    await dialog.getByTestId('plotline-field').click();
    await visible(this.page, `plotline-field-option-${field}`).click();
    await dialog.getByTestId('plotline-formula-average').click();
    if (name !== undefined) await dialog.getByTestId('plotline-name').fill(name);
    const row = await this.finishLine(axis, count);
    await expect(row).toHaveAttribute('data-value-type', '1');
    await expect(row).toHaveAttribute('data-formula', '0');
    await expect(row).toHaveAttribute('data-field', field);
    return row;
  }

  /** Adds a fixed line at `value`; answers the new line's row. */
  async addFixedPlotLine(name: string, value: number, axis: LineAxis = 0): Promise<Locator> {
    const { dialog, count } = await this.startLine(axis, name);
    await dialog.getByTestId('plotline-type-fixed').click();
    await dialog.getByTestId('plotline-value').fill(String(value));
    const row = await this.finishLine(axis, count);
    await expect(row).toHaveAttribute('data-value-type', '0');
    await expect(row).toHaveAttribute('data-name', name);
    return row;
  }

  async removePlotLine(axis: LineAxis, index: number): Promise<void> {
    const group = (await this.openPanel('plotLines')).getByTestId(`plotlines-axis-${axis}`);
    const count = Number(await group.getAttribute('data-count'));
    await this.plotLine(axis, index).getByTestId(`plotline-${axis}-${index}-remove`).click();
    await expect(group).toHaveAttribute('data-count', String(count - 1));
  }

  // ---- gauge sections

  /** Replaces the gauge sections with these (rising values within the dial's min and max) through the section dialog. */
  async setGaugeSections(sections: readonly GaugeSectionSetting[]): Promise<void> {
    const panel = await this.openPanel('gauge');
    await panel.getByTestId('gauge-edit').click();
    const dialog = visible(this.page, 'gauge-dialog');
    await expect(dialog).toBeVisible();
    while (Number(await dialog.getAttribute('data-count')) > 0) {
      const before = Number(await dialog.getAttribute('data-count'));
      await dialog.getByTestId('gauge-row-0-remove').click();
      await expect(dialog).toHaveAttribute('data-count', String(before - 1));
    }
    for (const [i, s] of sections.entries()) {
      await dialog.getByTestId('gauge-add').click();
      await expect(dialog).toHaveAttribute('data-count', String(i + 1));
      await dialog.getByTestId(`gauge-row-${i}-value`).fill(String(s.value));
      await dialog.getByTestId(`gauge-row-${i}-color`).fill(s.color);
    }
    await visible(this.page, 'dialog-ok').click();
    await expect(visible(this.page, 'gauge-dialog')).toHaveCount(0);
    const list = panel.getByTestId('gauge-sections');
    await expect(list).toHaveAttribute('data-count', String(sections.length));
    for (const [i, s] of sections.entries()) await expect(list.getByTestId(`gauge-section-${i}`)).toHaveAttribute('data-value', String(s.value));
  }

  // ---- further panels

  async setDataZoom(axis: 'x' | 'y', on: boolean): Promise<void> {
    const toggle = (await this.openPanel('dataZoom')).getByTestId(`datazoom-${axis}`);
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(on));
  }

  /** Switches a statistic (sum, avg, max, min) of the card or the table. */
  async setStatistic(flag: 'showSum' | 'showAvg' | 'showMax' | 'showMin', on: boolean): Promise<void> {
    const toggle = (await this.openPanel('statistics')).getByTestId(`statistics-${flag}`);
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(on));
  }

  /** One of the nine statistic colours by its hex digits as spec 01 §9 lists them ('5DA4FE', '333', 'aaa'). */
  async setStatisticColor(hex: string): Promise<void> {
    const panel = await this.openPanel('statistics');
    await panel.getByTestId(`statistics-color-${hex}`).click();
    await expect(panel.getByTestId('statistics-color')).toHaveAttribute('data-value', `#${hex}`);
  }

  /** Types the custom option and applies it; a refused text leaves its message in `custom-option-error`. */
  async setCustomOption(text: string): Promise<void> {
    const panel = await this.openPanel('customOption');
    await panel.getByTestId('custom-option-text').fill(text);
    await panel.getByTestId('custom-option-apply').click();
  }
}
