import { expect, type Locator, type Page } from '@playwright/test';
import { isCall, visibleTestId } from '../support/locate';
import { chooseOption } from '../support/select';

/** The join designer (/data_source/join_table/:project/:data_source?): worksheets, canvas, link dialog, tabs, preview, save. */
export class JoinDesigner {
  readonly root: Locator;
  readonly canvas: Locator;
  readonly name: Locator;
  readonly saveButton: Locator;
  readonly preview: Locator;
  readonly previewRows: Locator;
  readonly linkDialog: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-join_table');
    this.canvas = page.getByTestId('join-canvas');
    this.name = page.getByTestId('join-name');
    this.saveButton = page.getByTestId('join-save');
    this.preview = page.getByTestId('join-preview');
    this.previewRows = page.getByTestId('join-preview-rows');
    this.linkDialog = page.getByTestId('join-link-dialog');
  }

  async goto(projectId: string, dataSourceId?: string): Promise<void> {
    await this.page.goto(`/data_source/join_table/${projectId}${dataSourceId ? `/${dataSourceId}` : ''}`);
    await expect(this.root).toBeVisible();
    await expect(this.page.getByTestId('join-sources')).toBeVisible();
  }

  source(dataSourceId: string): Locator {
    return this.page.getByTestId(`join-source-${dataSourceId}`);
  }

  node(showName: string): Locator {
    return this.page.getByTestId(`join-node-${showName}`);
  }

  link(to: string): Locator {
    return this.page.getByTestId(`join-link-${to}`);
  }

  /** Drags a worksheet onto the empty canvas (the root) or onto a table on it; waits for its fields and the new table. */
  async drop(dataSourceId: string, showName: string, onto?: string): Promise<void> {
    const fields = this.page.waitForResponse(isCall('GET', new RegExp(`^/api/data_source/join_table_fields/[^/]+/${dataSourceId}$`)));
    await this.source(dataSourceId).dragTo(onto ? this.node(onto) : this.canvas, onto ? undefined : { targetPosition: { x: 120, y: 80 } });
    expect((await fields).ok()).toBe(true);
    await expect(this.node(showName)).toBeVisible();
  }

  async tab(key: 'model' | 'filter' | 'fields'): Promise<void> {
    await this.page.getByTestId(`join-tab-${key}`).click();
  }

  /** Chooses a join-field row's field on one side in the open link dialog. */
  async choosePairField(index: number, side: 'from' | 'to', field: string, label: string): Promise<void> {
    await chooseOption(this.page.getByTestId(`join-pair-${index}-${side}`), visibleTestId(this.page, `join-field-option-${field}`), label);
  }

  /** Picks a join type in the open link dialog (the radio button's label). */
  async chooseJoinType(type: 'left' | 'inner' | 'full' | 'right'): Promise<void> {
    await this.linkDialog.locator('label', { has: this.page.getByTestId(`join-type-${type}`) }).click();
    await expect(this.page.getByTestId(`join-type-${type}`)).toBeChecked();
  }

  /** Waits for the preview answer after a change and for the counts it shows. */
  async expectRows(count: number): Promise<void> {
    await expect(this.previewRows).toHaveAttribute('data-count', String(count), { timeout: 20_000 });
  }
}
