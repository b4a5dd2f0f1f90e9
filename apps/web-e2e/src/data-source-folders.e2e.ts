import { expect, test } from '@playwright/test';
import { DataSourceSidebar } from './pages/DataSourceSidebar';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { seedSqlSource } from './support/boards';
import { USERS } from './support/env';

// Data-source folders are draggable (spec 02 §2 screen 1): the shared folder tree sends
// POST /api/data_source/sort/{id}?order= and the new place is kept after a reload.
test.describe('data-source folders', () => {
  test('a folder dragged above another keeps its new place after a reload', async ({ page }) => {
    const run = uniqueSuffix();
    const sidebar = new DataSourceSidebar(page);
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    await sidebar.goto();

    const first = await sidebar.createFolder(`DSF A ${run}`);
    const second = await sidebar.createFolder(`DSF B ${run}`);
    const mine = (order: string[]) => order.filter((id) => id === first || id === second);
    expect(mine(await sidebar.folderOrder())).toEqual([first, second]);

    await sidebar.dragFolderAndWaitForSort(second, first);
    await expect.poll(async () => mine(await sidebar.folderOrder())).toEqual([second, first]);
    // right after the folder it was dropped above: nothing else moved in between
    const order = await sidebar.folderOrder();
    expect(order.indexOf(first)).toBe(order.indexOf(second) + 1);

    await page.reload();
    await expect(sidebar.folder(second)).toBeVisible();
    expect(mine(await sidebar.folderOrder())).toEqual([second, first]);

    await api(page, 'DELETE', `/api/data_source/proj/${first}`);
    await api(page, 'DELETE', `/api/data_source/proj/${second}`);
  });

  test('a source dragged onto another folder moves there', async ({ page }) => {
    const run = uniqueSuffix();
    const sidebar = new DataSourceSidebar(page);
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const source = await seedSqlSource(page, `DSM A ${run}`, `Moving ${run}`, 'SELECT 1 AS one');
    const target = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `DSM B ${run}` });
    await sidebar.goto();
    await expect(sidebar.item(source.dataSourceId)).toBeVisible();

    await sidebar.dragSourceAndWaitForMove(source.dataSourceId, source.projectId, target.projectId);
    const inFolder = (projectId: string) => sidebar.root.locator(`li[data-folder-id="${projectId}"] li[data-source-id="${source.dataSourceId}"]`);
    await expect(inFolder(target.projectId)).toHaveCount(1);
    await page.reload();
    await expect(inFolder(target.projectId)).toHaveCount(1);
    await expect(inFolder(source.projectId)).toHaveCount(0);

    await api(page, 'DELETE', `/api/data_source/${source.dataSourceId}`);
    await api(page, 'DELETE', `/api/data_source/proj/${source.projectId}`);
    await api(page, 'DELETE', `/api/data_source/proj/${target.projectId}`);
  });
});
