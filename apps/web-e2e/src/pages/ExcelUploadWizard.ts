import { expect, type Locator, type Page } from '@playwright/test';
import excelTexts from '../../../web/src/modules/excel-upload/i18n/en';
import { chooseOption } from '../support/select';

export type UploadAction = 'create' | 'append' | 'replace';
export type ColumnChoice = 'abandon' | 'string' | 'number' | 'date';

/** /data_source_excel/:project/:action — the Excel upload wizard (spec 02 §2 screen 6). */
export class ExcelUploadWizard {
  readonly root: Locator;
  readonly dropzone: Locator;
  readonly fileInput: Locator;
  readonly fileStatus: Locator;
  readonly progress: Locator;
  readonly next: Locator;
  readonly prev: Locator;
  readonly finish: Locator;
  readonly tableName: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-data_source_excel');
    this.dropzone = page.getByTestId('excel-dropzone');
    this.fileInput = this.dropzone.locator('input[type=file]');
    this.fileStatus = page.getByTestId('excel-file-status');
    this.progress = page.getByTestId('excel-progress');
    this.next = page.getByTestId('excel-next');
    this.prev = page.getByTestId('excel-prev');
    this.finish = page.getByTestId('excel-finish');
    this.tableName = page.getByTestId('excel-table-name');
    this.error = page.getByTestId('excel-error');
  }

  /** project: the folder id (create) or the uploaded source's id (append, replace). */
  async goto(project: string, action: UploadAction): Promise<void> {
    await this.page.goto(`/data_source_excel/${encodeURIComponent(project)}/${action}`);
    await expect(this.root).toBeVisible();
    await expect(this.dropzone).toBeVisible();
  }

  /** Chooses a file through the dropzone's input and waits for the upload to succeed (progress at 100). */
  async upload(path: string): Promise<void> {
    await this.fileInput.setInputFiles(path);
    await expect(this.fileStatus).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
    await expect(this.progress).toHaveAttribute('data-percent', '100');
  }

  sheetTab(index: number): Locator {
    return this.page.getByTestId(`excel-sheet-tab-${index}`);
  }

  columnType(column: string): Locator {
    return this.page.getByTestId(`excel-col-type-${column}`);
  }

  /** Picks a type in a column's select (antd Select: open it, click the option in the open dropdown). */
  async chooseType(column: string, type: ColumnChoice): Promise<void> {
    const open = this.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await chooseOption(this.columnType(column), open.getByTestId(`excel-type-option-${type}`), excelTexts.preview.types[type]);
    await expect(open).toHaveCount(0);
  }
}
