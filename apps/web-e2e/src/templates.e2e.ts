import { expect, test, type Locator, type Page } from '@playwright/test';
import { LoginPage, signedIn } from './pages/LoginPage';
import { Sidebar, visibleTestId } from './pages/Sidebar';
import { api, seedDashboard, uniqueSuffix, type ApiProject } from './support/api';
import { addChart, createSource, point, value } from './support/boards';
import { isCall } from './support/locate';
import { chooseOption } from './support/select';
import tpTexts from '../../web/src/modules/template/i18n/en';
import { format } from './support/catalogues';
import { USERS } from './support/env';

// The template library (issue 18, spec 02 §2 screen 11): publish from the dashboard sidebar, view in the
// template tab as the audience, copy back into one's own dashboards with the sources remapped.
test.describe.configure({ timeout: 180_000 });

/** Two small sources with the same fields and different rows (the publisher's and the copier's). */
const PUBLISHER_SQL = `SELECT * FROM (VALUES ('East', 10.0), ('West', 20.0)) AS t(region, amount)`;
const COPIER_SQL = `SELECT * FROM (VALUES ('North', 7.0), ('South', 9.0)) AS t(region, amount)`;

/** Adds an option to an antd multiple select (its dropdown stays open: closed with Escape, which the open select takes). */
async function addOption(page: Page, select: Locator, option: Locator, label: string) {
  await expect(async () => {
    if (!(await option.isVisible())) await select.click();
    await option.click({ timeout: 5_000 });
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(option).toBeHidden();
}

/** The only chart box of the open dashboard, once its chart shows `state`. */
async function onlyBox(page: Page, state: string): Promise<Locator> {
  const box = page.locator('[data-testid^="chart-box-"]:not([data-testid="chart-box-title"])');
  await expect(box).toHaveCount(1);
  await box.scrollIntoViewIfNeeded();
  await expect(box.getByTestId('chart-view')).toHaveAttribute('data-state', state, { timeout: 30_000 });
  return box;
}

test('publish a dashboard to the viewer role, view it as a viewer, copy it into an analyst\'s dashboards with a remapped source, export and import it', async ({ page, browser }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });

  // seed (REST): the publisher's source and a dashboard with a table over it; the analyst's own source with the same fields
  const sourceFolder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Tpl src ${run}` });
  const publisherSource = await createSource(page, sourceFolder.projectId, `Sales ${run}`, PUBLISHER_SQL);
  const copierSource = await createSource(page, sourceFolder.projectId, `Mine ${run}`, COPIER_SQL);
  const people = await api<{ users: { id: string; name: string }[] }>(page, 'GET', '/api/template/roles_users');
  const analyst = people.users.find((u) => u.name === USERS.analyst);
  expect(analyst, 'the seeded analyst user').toBeTruthy();
  await api(page, 'POST', `/api/data_source/publish/${copierSource}`, { roleIds: [], userIds: [analyst!.id] });
  const board = await seedDashboard(page, 'dashboard', `Tpl dash ${run}`, `Board ${run}`);
  await addChart(page, board.dashboardId, `Regions ${run}`, 'table', publisherSource, { points: [point('region')], values: [value('amount')] });

  // publish from the dashboard sidebar: the dashboard's menu → "Publish as template"
  await page.goto(`/dashboard/${board.projectId}/${board.dashboardId}`);
  const sidebar = new Sidebar(page);
  await sidebar.openDashboardMenu(board.dashboardId, 'menu-publish-template');
  const dialog = visibleTestId(page, 'publish-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('publish-name')).toHaveValue(`Board ${run}`);
  await expect(dialog.getByTestId('publish-folder').locator('input')).toHaveValue(`Tpl dash ${run}`);
  // without an audience the dialog says so and publishes nothing
  await visibleTestId(page, 'dialog-ok').click();
  await expect(visibleTestId(page, 'publish-audience-error')).toHaveText(tpTexts.publish.audienceRequired);
  const roles = dialog.getByTestId('publish-roles');
  await addOption(page, roles, visibleTestId(page, 'publish-role-option-viewer'), 'viewer');
  const users = dialog.getByTestId('publish-users');
  await addOption(page, users, page.getByTestId(`publish-user-option-${analyst!.id}`), USERS.analyst);
  await expect(visibleTestId(page, 'publish-dialog')).toBeVisible();
  await dialog.getByTestId('publish-name').fill(`Tpl ${run}`);
  const [published] = await Promise.all([
    page.waitForResponse(isCall('POST', /^\/api\/template\/publish\/dash\//)),
    dialog.getByTestId('publish-name').press('Enter'),
  ]);
  expect(published.ok()).toBe(true);
  const { data: publishText } = (await published.json()) as { data: string };
  await expect(page.locator('.ant-message-success').filter({ hasText: publishText || tpTexts.publish.success })).toBeVisible();
  await expect(visibleTestId(page, 'publish-dialog')).toHaveCount(0);

  // the template as stored: one template-tab folder named after the dashboard's folder, holding the template
  const templates = await api<{ name: string; version: number; projectId: string; dashboardIds: string[] }[]>(page, 'GET', '/api/template/templates');
  const template = templates.find((t) => t.name === `Tpl ${run}`);
  expect(template?.version).toBe(1);
  const templateDashboard = template!.dashboardIds[0]!;

  // the viewer sees it in the template tab and opens it read-only; the chart's source is not theirs: no-permission state
  const viewer = await signedIn(browser, USERS.viewer);
  await viewer.goto('/template');
  const viewerSidebar = new Sidebar(viewer, 'template');
  await expect(viewerSidebar.dashboard(templateDashboard)).toBeVisible();
  await viewerSidebar.dashboard(templateDashboard).click();
  await expect(viewer).toHaveURL(new RegExp(`/template/${template!.projectId}/${templateDashboard}\\?apiName=template$`));
  await expect(viewer.getByTestId('dashboard-title')).toHaveText(`Tpl ${run}`);
  await expect(viewer.getByTestId('template-read-only')).toHaveText(tpTexts.view.readOnly);
  await expect(viewer.getByTestId('template-version')).toHaveText(format(tpTexts.view.version, { version: '1' }));
  await expect(viewer.getByTestId('toolbar-lock')).toHaveCount(0);
  await onlyBox(viewer, 'noPermission');
  // a viewer may not copy (no dashboard or template editing): no copy entry
  await expect(viewer.getByTestId('template-copy')).toHaveCount(0);
  await viewer.context().close();

  // the analyst copies it into a folder of their own, the source remapped to theirs
  const analystPage = await signedIn(browser, USERS.analyst);
  const target = await api<ApiProject>(analystPage, 'POST', '/api/dashboard/project/dashboard', { name: `Copies ${run}` });
  await analystPage.goto('/template');
  const analystSidebar = new Sidebar(analystPage, 'template');
  await analystSidebar.openDashboardMenu(templateDashboard, 'menu-copy-to-dashboards');
  const copy = visibleTestId(analystPage, 'copy-dialog');
  await expect(copy).toBeVisible();
  await chooseOption(copy.getByTestId('copy-folder'), visibleTestId(analystPage, `copy-folder-option-${target.projectId}`), `Copies ${run}`, `Copies ${run}`);
  const remap = copy.getByTestId(`remap-select-${publisherSource}`);
  await expect(remap).toBeVisible();
  await chooseOption(remap, visibleTestId(analystPage, `remap-option-${copierSource}`), `Mine ${run}`, `Mine ${run}`);
  await expect(copy.getByTestId(`remap-matched-${publisherSource}`)).toHaveText(format(tpTexts.copy.allMatched, { total: '2' }));
  await expect(copy.getByTestId('remap-field-region')).toBeVisible();
  await copy.getByTestId('copy-name').fill(`Mine ${run}`);
  const [copied] = await Promise.all([analystPage.waitForResponse(isCall('POST', /^\/api\/template\/copy\//)), copy.getByTestId('copy-name').press('Enter')]);
  expect(copied.ok()).toBe(true);

  // the copy opens on the dashboard tab and answers with the analyst's rows
  await expect(analystPage).toHaveURL(new RegExp(`/dashboard/${target.projectId}/[^/?]+$`));
  await expect(analystPage.getByTestId('dashboard-title')).toHaveText(`Mine ${run}`);
  const box = await onlyBox(analystPage, 'ready');
  await expect(box.locator('.ant-table-tbody')).toContainText('North');
  await expect(box.locator('.ant-table-tbody')).not.toContainText('East');

  // export the template to a JSON file and import it again (the same remapping dialog)
  await analystPage.goto('/template');
  const [download] = await Promise.all([analystPage.waitForEvent('download'), analystSidebar.openDashboardMenu(templateDashboard, 'menu-export-template')]);
  expect(download.suggestedFilename()).toBe(`Tpl ${run}.template.json`);
  const file = await download.path();
  await analystPage.getByTestId('template-import-file').setInputFiles(file);
  const imported = visibleTestId(analystPage, 'copy-dialog');
  await expect(imported).toBeVisible();
  await chooseOption(imported.getByTestId('copy-folder'), visibleTestId(analystPage, `copy-folder-option-${target.projectId}`), `Copies ${run}`, `Copies ${run}`);
  const importRemap = imported.locator('[data-testid^="remap-select-"]');
  await expect(importRemap).toHaveCount(1);
  await chooseOption(importRemap, visibleTestId(analystPage, `remap-option-${copierSource}`), `Mine ${run}`, `Mine ${run}`);
  await imported.getByTestId('copy-name').fill(`Imported ${run}`);
  const [importAnswer] = await Promise.all([analystPage.waitForResponse(isCall('POST', /^\/api\/template\/import$/)), imported.getByTestId('copy-name').press('Enter')]);
  expect(importAnswer.ok()).toBe(true);
  await expect(analystPage.getByTestId('dashboard-title')).toHaveText(`Imported ${run}`);
  const importedBox = await onlyBox(analystPage, 'ready');
  await expect(importedBox.locator('.ant-table-tbody')).toContainText('South');
  await analystPage.context().close();
});
