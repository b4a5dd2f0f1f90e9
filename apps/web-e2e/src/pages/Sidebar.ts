import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { clickMenuEntry, isCall, visibleTestId } from '../support/locate';
import { chooseOption } from '../support/select';

export type Tab = 'dashboard' | 'template';

export { visibleTestId } from '../support/locate';

/** Drags with real mouse moves: press on `handle`, move over `target` in steps, release. */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator, offset: { x?: number; y?: number } = {}): Promise<void> {
  // away from the scroll container's edges where it can be: dnd-kit scrolls a list while the pointer is near them
  await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  // how far the target's containers have scrolled (its box during the drag also holds the sortable's shift)
  const scrolled = () =>
    target.evaluate((el) => {
      let x = 0;
      let y = 0;
      for (let node = el.parentElement; node; node = node.parentElement) {
        x += node.scrollLeft;
        y += node.scrollTop;
      }
      return { x, y };
    });
  const before = await scrolled();
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  const aim = { x: to.x + (offset.x ?? to.width / 2), y: to.y + (offset.y ?? to.height / 2) };
  let end = aim;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX, startY + 6, { steps: 3 });
  await page.mouse.move(end.x, end.y, { steps: 15 });
  // a list scrolled under the pointer on the way (a target near its edge): follow the target until it stays put
  for (let tries = 0; tries < 10; tries += 1) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const now = await scrolled();
    const want = { x: aim.x - (now.x - before.x), y: aim.y - (now.y - before.y) };
    if (Math.abs(want.x - end.x) < 1 && Math.abs(want.y - end.y) < 1) break;
    end = want;
    await page.mouse.move(end.x, end.y, { steps: 3 });
  }
  await page.mouse.move(end.x, end.y + 1, { steps: 2 });
  await page.mouse.up();
}

/** The folder sidebar of the dashboard and template tabs. */
export class Sidebar {
  readonly root: Locator;
  readonly search: Locator;
  readonly createFolderButton: Locator;
  readonly empty: Locator;

  constructor(
    readonly page: Page,
    readonly tab: Tab = 'dashboard',
  ) {
    this.root = page.getByTestId(`sidebar-${tab}`);
    this.search = page.getByTestId('sidebar-search');
    this.createFolderButton = page.getByTestId('create-folder');
    this.empty = page.getByTestId('sidebar-empty');
  }

  folder(projectId: string): Locator {
    return this.page.getByTestId(`folder-${projectId}`);
  }

  dashboard(dashboardId: string): Locator {
    return this.page.getByTestId(`dashboard-item-${dashboardId}`);
  }

  folderHandle(projectId: string): Locator {
    return this.page.getByTestId(`drag-folder-${projectId}`);
  }

  dashboardHandle(dashboardId: string): Locator {
    return this.page.getByTestId(`drag-dashboard-${dashboardId}`);
  }

  get nameInput(): Locator {
    return visibleTestId(this.page, 'name-input');
  }

  get dialogOk(): Locator {
    return visibleTestId(this.page, 'dialog-ok');
  }

  get confirmContent(): Locator {
    return visibleTestId(this.page, 'confirm-content');
  }

  /** Folder ids in the order shown. */
  async folderOrder(): Promise<string[]> {
    return this.root.locator('li[data-folder-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-folder-id') ?? ''));
  }

  /** Dashboard ids shown in a folder, in order. */
  async dashboardOrder(projectId: string): Promise<string[]> {
    return this.root
      .locator(`li[data-folder-id="${projectId}"] li[data-dashboard-id]`)
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-dashboard-id') ?? ''));
  }

  async openFolderMenu(projectId: string, item: string): Promise<void> {
    await this.page.getByTestId(`folder-menu-${projectId}`).click();
    await clickMenuEntry(this.page, item);
  }

  async openDashboardMenu(dashboardId: string, item: string): Promise<void> {
    await this.page.getByTestId(`dashboard-menu-${dashboardId}`).click();
    await clickMenuEntry(this.page, item);
  }

  /** Types a name in the open name dialog and presses Enter; resolves with the matching answer. */
  private async submitName(name: string, method: string, path: RegExp): Promise<Response> {
    await expect(this.nameInput).toBeVisible();
    await this.nameInput.fill(name);
    const [response] = await Promise.all([this.page.waitForResponse(isCall(method, path)), this.nameInput.press('Enter')]);
    return response;
  }

  /** Creates a folder through the dialog; returns its id. */
  async createFolder(name: string): Promise<string> {
    await this.createFolderButton.click();
    const response = await this.submitName(name, 'POST', new RegExp(`^/api/dashboard/project/${this.tab}$`));
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { projectId: string } };
    await expect(this.nameInput).toHaveCount(0);
    await expect(this.folder(data.projectId)).toBeVisible();
    return data.projectId;
  }

  /** Adds a dashboard to a folder through its menu; returns its id (the app opens it). */
  async addDashboard(projectId: string, name: string): Promise<string> {
    await this.openFolderMenu(projectId, 'menu-add-dashboard');
    const response = await this.submitName(name, 'POST', new RegExp(`^/api/dashboard/${this.tab}$`));
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { dashboardId: string } };
    await expect(this.dashboard(data.dashboardId)).toBeVisible();
    return data.dashboardId;
  }

  async renameFolder(projectId: string, name: string): Promise<void> {
    await this.openFolderMenu(projectId, 'menu-rename');
    const response = await this.submitName(name, 'PUT', new RegExp(`^/api/dashboard/project/${this.tab}/${projectId}$`));
    expect(response.ok()).toBe(true);
  }

  async renameDashboard(dashboardId: string, name: string): Promise<void> {
    await this.openDashboardMenu(dashboardId, 'menu-rename');
    const response = await this.submitName(name, 'PUT', new RegExp(`^/api/dashboard/${this.tab}/${dashboardId}$`));
    expect(response.ok()).toBe(true);
    await expect(this.nameInput).toHaveCount(0);
  }

  /**
   * Picks a folder in the open dialog's folder select. The option list is virtual (only the
   * options in view exist), so the folder's name is typed into the select's search first.
   */
  async chooseFolder(projectId: string, folderName: string): Promise<void> {
    await chooseOption(visibleTestId(this.page, 'folder-select'), visibleTestId(this.page, `folder-option-${projectId}`), folderName, folderName);
  }

  /** "Move to" through the dashboard menu and the folder picker. */
  async moveDashboard(dashboardId: string, projectId: string, folderName: string): Promise<void> {
    await this.openDashboardMenu(dashboardId, 'menu-move');
    await this.chooseFolder(projectId, folderName);
    const [response] = await Promise.all([
      this.page.waitForResponse(isCall('PUT', new RegExp(`^/api/dashboard/move-dashboard/${this.tab}/${dashboardId}$`))),
      this.dialogOk.click(),
    ]);
    expect(response.ok()).toBe(true);
  }

  /** Answers the open confirmation with OK and waits for the DELETE. */
  async confirmDelete(path: RegExp): Promise<void> {
    const [response] = await Promise.all([this.page.waitForResponse(isCall('DELETE', path)), this.dialogOk.click()]);
    expect(response.ok()).toBe(true);
  }

  /** Drags a row by its handle onto another row and waits for the sort call. */
  async dragAndWaitForSort(handle: Locator, target: Locator): Promise<void> {
    // a drop that reached no row sends nothing: say so in seconds rather than at the test's time limit
    const sorted = this.page.waitForResponse(isCall('POST', new RegExp(`^/api/dashboard/sort/${this.tab}/`)), { timeout: 20_000 });
    await dragWithMouse(this.page, handle, target);
    expect((await sorted).ok()).toBe(true);
  }
}
