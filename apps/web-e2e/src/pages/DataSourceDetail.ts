import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { isCall, visible } from './DataSourceSidebar';

export type DetailTab = 'preview' | 'fields' | 'history' | 'charts';

/** The detail page of a source (/data_source/:project/:data_source): toolbar and four tabs. */
export class DataSourceDetail {
  readonly root: Locator;
  readonly title: Locator;
  readonly previewTable: Locator;
  readonly exportButton: Locator;
  readonly deleteButton: Locator;
  readonly fieldsEdit: Locator;
  readonly fieldsSave: Locator;
  readonly fieldsCancel: Locator;
  /** Uploaded sources: the toolbar's append / replace, the preview's delete button. */
  readonly appendButton: Locator;
  readonly replaceButton: Locator;
  readonly deleteRowsButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('ds-detail');
    this.title = page.getByTestId('ds-title');
    this.previewTable = page.getByTestId('ds-preview-table');
    this.exportButton = page.getByTestId('ds-export');
    this.deleteButton = page.getByTestId('ds-delete');
    this.fieldsEdit = page.getByTestId('fields-edit');
    this.fieldsSave = page.getByTestId('fields-save');
    this.fieldsCancel = page.getByTestId('fields-cancel');
    this.appendButton = page.getByTestId('excel-append');
    this.replaceButton = page.getByTestId('excel-replace');
    this.deleteRowsButton = page.getByTestId('excel-delete-rows');
  }

  tab(tab: DetailTab): Locator {
    return this.page.getByTestId(`tab-${tab}`);
  }

  async openTab(tab: DetailTab): Promise<void> {
    await this.tab(tab).click();
    await expect(this.page.locator('.ant-tabs-tab-active').getByTestId(`tab-${tab}`)).toBeVisible();
  }

  /** Header cells of the preview table (titles of the fields). */
  previewHeaders(): Locator {
    return this.previewTable.locator('thead th');
  }

  /** A row of the preview by its key (key_id of an uploaded source), on the page shown. */
  previewRow(key: string | number): Locator {
    return this.previewTable.locator(`tbody tr.ant-table-row[data-row-key="${key}"]`);
  }

  /** The texts of the cells of the rows shown (without the checkbox column). */
  async shownRows(): Promise<string[][]> {
    return this.previewTable.locator('tbody tr.ant-table-row').evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td:not(.ant-table-selection-column)')].map((cell) => (cell.textContent ?? '').trim())),
    );
  }

  /** Goes to a page of the preview (more than 100 rows are paged). */
  async previewPage(page: number): Promise<void> {
    await this.previewTable.locator(`.ant-pagination-item-${page}`).click();
    await expect(this.previewTable.locator('.ant-pagination-item-active')).toHaveText(String(page));
  }

  /** Ticks a row's checkbox. */
  async selectRow(key: string | number): Promise<void> {
    const box = this.previewRow(key).locator('.ant-table-selection-column input[type=checkbox]');
    await box.check();
    await expect(box).toBeChecked();
  }

  fieldAlias(fieldName: string): Locator {
    return this.page.getByTestId(`field-alias-${fieldName}`);
  }

  /** Field settings: edit, change one alias, save; waits for PUT updateSchema. */
  async setAlias(fieldName: string, alias: string): Promise<void> {
    await this.openTab('fields');
    await this.fieldsEdit.click();
    await this.fieldAlias(fieldName).fill(alias);
    const [response] = await Promise.all([this.page.waitForResponse(isCall('PUT', /^\/api\/data_source\/updateSchema\//), { timeout: 60_000 }), this.fieldsSave.click()]);
    expect(response.ok()).toBe(true);
    await expect(this.fieldsEdit).toBeVisible();
  }

  /** Export to .xlsx; returns the download. */
  async export(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download', { timeout: 60_000 }), this.exportButton.click()]);
    return download;
  }

  /** Delete through the toolbar and its confirmation (which names the source). */
  async delete(name: string): Promise<void> {
    await this.deleteButton.click();
    await expect(visible(this.page, 'confirm-content')).toContainText(name);
    const [response] = await Promise.all([this.page.waitForResponse(isCall('DELETE', /^\/api\/data_source\/[^/]+$/)), visible(this.page, 'dialog-ok').click()]);
    expect(response.ok()).toBe(true);
  }
}
