import { expect, type Locator, type Page } from '@playwright/test';
import { isCall } from './DataSourceSidebar';

export interface ConnectionSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  database?: string;
}

/** The SQL source wizard (/data_source_sql/:project/:type): connection, then table or SQL, preview and save. */
export class DataSourceWizard {
  readonly root: Locator;
  readonly host: Locator;
  readonly port: Locator;
  readonly user: Locator;
  readonly password: Locator;
  readonly database: Locator;
  readonly connectButton: Locator;
  readonly connectError: Locator;
  readonly previewTable: Locator;
  readonly name: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-data_source_sql');
    this.host = page.getByTestId('conn-host');
    this.port = page.getByTestId('conn-port');
    this.user = page.getByTestId('conn-user');
    this.password = page.getByTestId('conn-password');
    this.database = page.getByTestId('conn-database');
    this.connectButton = page.getByTestId('conn-connect');
    this.connectError = page.getByTestId('conn-error');
    this.previewTable = page.getByTestId('ds-preview-table');
    this.name = page.getByTestId('ds-name');
    this.saveButton = page.getByTestId('ds-save');
  }

  table(name: string): Locator {
    return this.page.getByTestId(`table-${name}`);
  }

  /** Fills the connection form and submits it with Enter in the password field; waits for the table list. */
  async connect(settings: ConnectionSettings): Promise<void> {
    await this.host.fill(settings.host);
    await this.port.fill(String(settings.port));
    await this.user.fill(settings.user);
    await this.password.fill(settings.password);
    if (settings.database !== undefined) await this.database.fill(settings.database);
    const [response] = await Promise.all([this.page.waitForResponse(isCall('POST', /^\/api\/data_source\/source\/?$/), { timeout: 60_000 }), this.password.press('Enter')]);
    expect(response.ok()).toBe(true);
  }

  /** Picks a table of the list; its preview appears. */
  async chooseTable(name: string): Promise<void> {
    const [response] = await Promise.all([this.page.waitForResponse(isCall('POST', /^\/api\/data_source\/source\/?$/), { timeout: 60_000 }), this.table(name).click()]);
    expect(response.ok()).toBe(true);
    await expect(this.previewTable).toBeVisible();
  }

  /** Names the source and saves it; returns the new source's id (the detail page opens). */
  async save(name: string): Promise<string> {
    await this.name.fill(name);
    const [response] = await Promise.all([this.page.waitForResponse(isCall('POST', /^\/api\/data_source\/sql\/?$/), { timeout: 60_000 }), this.saveButton.click()]);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { status: string; data: { dataSource?: { dataSourceId: string }; error?: string } };
    expect(body.data.error, 'the source is saved without a connection or SQL error').toBeUndefined();
    return body.data.dataSource!.dataSourceId;
  }
}
