import { expect, type Locator, type Page } from '@playwright/test';
import { clickMenuEntry, isCall, visibleTestId as visible } from '../support/locate';
import { chooseOption } from '../support/select';
import { dragWithMouse } from './Sidebar';

export { isCall, visibleTestId as visible } from '../support/locate';

/** The data-source sidebar (spec 02 §2 screen 1) at /data_source/:project?/:data_source?. */
export class DataSourceSidebar {
  readonly root: Locator;
  readonly search: Locator;
  readonly createFolderButton: Locator;
  readonly createSourceButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('ds-sidebar');
    this.search = page.getByTestId('ds-search');
    this.createFolderButton = page.getByTestId('ds-create-folder');
    this.createSourceButton = page.getByTestId('ds-create-source');
  }

  async goto(): Promise<void> {
    await this.page.goto('/data_source');
    await expect(this.root).toBeVisible();
  }

  folder(projectId: string): Locator {
    return this.page.getByTestId(`ds-folder-${projectId}`);
  }

  folderHandle(projectId: string): Locator {
    return this.page.getByTestId(`ds-drag-folder-${projectId}`);
  }

  /** Folder ids in the order shown. */
  async folderOrder(): Promise<string[]> {
    return this.root.locator('li[data-folder-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-folder-id') ?? ''));
  }

  /** Drags a folder by its handle onto another folder's row and waits for the sort call. */
  async dragFolderAndWaitForSort(projectId: string, ontoProjectId: string): Promise<void> {
    const sorted = this.page.waitForResponse(isCall('POST', new RegExp(`^/api/data_source/sort/${projectId}$`)));
    await dragWithMouse(this.page, this.folderHandle(projectId), this.folder(ontoProjectId));
    expect((await sorted).ok()).toBe(true);
  }

  /** Drags a source by its handle onto another folder's row and waits for the move. */
  async dragSourceAndWaitForMove(dataSourceId: string, fromProjectId: string, ontoProjectId: string): Promise<void> {
    const moved = this.page.waitForResponse(isCall('PUT', new RegExp(`^/api/data_source/batch-edit-datasource/${fromProjectId}$`)));
    await dragWithMouse(this.page, this.page.getByTestId(`ds-drag-item-${dataSourceId}`), this.folder(ontoProjectId));
    expect((await moved).ok()).toBe(true);
  }

  item(dataSourceId: string): Locator {
    return this.page.getByTestId(`ds-item-${dataSourceId}`);
  }

  get dialogOk(): Locator {
    return visible(this.page, 'dialog-ok');
  }

  get confirmContent(): Locator {
    return visible(this.page, 'confirm-content');
  }

  async openFolderMenu(projectId: string, entry: string): Promise<void> {
    await this.page.getByTestId(`ds-folder-menu-${projectId}`).click();
    await clickMenuEntry(this.page, entry);
  }

  async openItemMenu(dataSourceId: string, entry: string): Promise<void> {
    await this.item(dataSourceId).hover();
    await this.page.getByTestId(`ds-item-menu-${dataSourceId}`).click();
    await clickMenuEntry(this.page, entry);
  }

  /** Creates a folder through the dialog (Enter submits); returns its id. */
  async createFolder(name: string): Promise<string> {
    await this.createFolderButton.click();
    const input = visible(this.page, 'ds-folder-name');
    await expect(input).toBeVisible();
    await input.fill(name);
    const [response] = await Promise.all([this.page.waitForResponse(isCall('POST', /^\/api\/data_source\/proj$/)), input.press('Enter')]);
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { projectId: string } };
    await expect(this.page.getByTestId('ds-folder-name')).toHaveCount(0);
    await expect(this.folder(data.projectId)).toBeVisible();
    return data.projectId;
  }

  /**
   * Opens the create-source dialog, picks the folder (typed into the select's search, as the option
   * list is virtual) and a type; the wizard opens (the SQL wizard, or the upload wizard for Excel).
   */
  async startSource(projectId: string, folderName: string, type: 'sql' | 'mysql' | 'oracle' | 'postgres' | 'trino' | 'excel' | 'api' | 'clickhouse'): Promise<void> {
    await this.createSourceButton.click();
    await expect(visible(this.page, 'ds-create-dialog')).toBeVisible();
    await chooseOption(visible(this.page, 'ds-create-folder-select'), visible(this.page, `ds-create-folder-option-${projectId}`), folderName, folderName);
    await visible(this.page, `ds-type-${type}`).click();
    await expect(this.page).toHaveURL(new RegExp(type === 'excel' ? `/data_source_excel/${projectId}/create$` : `/data_source_sql/${projectId}/${type}$`));
  }

  /** Answers the open confirmation with OK and waits for the DELETE. */
  async confirmDelete(path: RegExp): Promise<void> {
    const [response] = await Promise.all([this.page.waitForResponse(isCall('DELETE', path)), this.dialogOk.click()]);
    expect(response.ok()).toBe(true);
  }
}
