import { expect, test } from '@playwright/test';
import jt from '../../web/src/modules/join-table/i18n/en';
import { ChartBoxes } from './pages/ChartBoxes';
import { ChartEditorPage } from './pages/ChartEditorPage';
import { DashboardPage } from './pages/DashboardPage';
import { JoinDesigner } from './pages/JoinDesigner';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { USERS } from './support/env';
import { isCall, visibleTestId } from './support/locate';
import { seedCsvSource } from './support/uploads';

// Joined tables end to end (issue 20): two uploaded CSVs (orders × regional managers) are joined in
// the designer by drag and drop, the join field and type are set in the link dialog (a pair of
// different types is refused; Enter applies it), duplicate titles are refused until one is unchecked, the preview shows the join's rows,
// the join is saved and charted on a dashboard with the sums per manager of the hand-made left join.

const ORDERS = 'region,amount\nEast,100\nEast,50\nWest,200\nNorth,70\n';
const MANAGERS = 'region,manager\nEast,Alice\nWest,Bob\nSouth,Carol\n';

test('build a two-table join by drag and drop, set the join field, save, chart it on a dashboard, edit it', async ({ page }) => {
  test.setTimeout(180_000);
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Join ${run}` });
  const orders = await seedCsvSource(page, folder.projectId, `Orders ${run}`, ORDERS, [
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ]);
  const managers = await seedCsvSource(page, folder.projectId, `Managers ${run}`, MANAGERS, [
    { name: 'region', type: 'string' },
    { name: 'manager', type: 'string' },
  ]);
  const ordersName = `Orders ${run}`;
  const managersName = `Managers ${run}`;

  // the create-source dialog's "multi-table join" opens the designer in the chosen folder
  await page.goto(`/data_source/${folder.projectId}`);
  await page.getByTestId('ds-create-source').click();
  await visibleTestId(page, 'ds-type-join').click();
  await expect(page).toHaveURL(new RegExp(`/data_source/join_table/${folder.projectId}$`));
  const designer = new JoinDesigner(page);
  await expect(designer.root).toBeVisible();
  await expect(page.getByTestId('join-canvas-empty')).toBeVisible();

  // worksheets by folder, with search
  await expect(page.getByTestId(`join-folder-${folder.projectId}`)).toBeVisible();
  await page.getByTestId('join-sources-search').fill(`managers ${run}`);
  await expect(designer.source(orders)).toHaveCount(0);
  await expect(designer.source(managers)).toBeVisible();
  await page.getByTestId('join-sources-search').fill('');

  // orders is the root; managers dropped beside it is refused, dropped onto it is joined (left)
  await designer.drop(orders, ordersName);
  await expect(designer.node(ordersName)).toContainText(jt.canvas.root);
  await designer.source(managers).dragTo(designer.canvas, { targetPosition: { x: 20, y: 20 } });
  await expect(page.getByText(jt.canvas.dropOntoTable)).toBeVisible();
  await expect(designer.node(managersName)).toHaveCount(0);
  await designer.drop(managers, managersName, ordersName);
  await expect(designer.link(managersName)).toHaveAttribute('data-join-type', 'left');

  // the link dialog: a pair of different types is refused; region = region is taken
  await designer.link(managersName).click();
  await expect(designer.linkDialog).toBeVisible();
  await expect(page.getByTestId('join-pair-0-remove')).toBeDisabled();
  await designer.choosePairField(0, 'from', 'amount', 'amount');
  await designer.choosePairField(0, 'to', 'region', 'region');
  await visibleTestId(page, 'dialog-ok').click();
  await expect(page.getByTestId('join-link-problem')).toContainText('amount');
  await designer.choosePairField(0, 'from', 'region', 'region');
  await designer.chooseJoinType('inner');
  await visibleTestId(page, 'dialog-ok').click();
  await expect(designer.linkDialog).toBeHidden();
  await expect(designer.link(managersName)).toHaveAttribute('data-join-type', 'inner');

  // both tables have "region": duplicate titles are refused until one is unchecked
  await expect(page.getByTestId('join-problems')).toContainText('duplicate fields: region');
  await designer.name.fill(`Sales by mgr ${run}`.slice(0, 20));
  await designer.saveButton.click();
  await expect(page.getByText('duplicate fields: region').first()).toBeVisible();
  await expect(page.getByTestId(`join-field-check-${managersName}-region`)).toBeVisible();
  await page.getByTestId(`join-field-check-${managersName}-region`).click();
  await expect(page.getByTestId('join-problems')).toHaveCount(0);

  // the live preview: inner join drops North (3 rows); left join keeps the 4 rows of the root (no row
  // explosion), North without a manager
  await designer.expectRows(3);
  await designer.tab('model');
  await designer.link(managersName).click();
  await designer.chooseJoinType('left');
  await page.keyboard.press('Enter');
  await expect(designer.linkDialog).toBeHidden();
  await expect(designer.link(managersName)).toHaveAttribute('data-join-type', 'left');
  await designer.expectRows(4);
  await expect(page.getByTestId('join-preview-root-rows')).toHaveAttribute('data-count', '4');
  await expect(page.getByTestId('join-preview-explosion')).toHaveCount(0);
  await expect(page.getByTestId('join-preview-table')).toContainText('Alice');

  // save: the new source opens in the data-source area
  const [saved] = await Promise.all([page.waitForResponse(isCall('POST', new RegExp(`^/api/data_source/join_table_add/${folder.projectId}$`))), designer.saveButton.click()]);
  expect(saved.ok()).toBe(true);
  const join = ((await saved.json()) as { data: { dataSourceId: string; name: string } }).data;
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${join.dataSourceId}$`));

  // chart it: a dashboard, "add chart" with the join source, manager by sum of amount as a table
  const dashboard = await seedDashboard(page, 'dashboard', `Join ${run}`, `Join board ${run}`);
  const board = new DashboardPage(page);
  await board.goto(dashboard.projectId, dashboard.dashboardId);
  const chartId = await board.addChart('By manager', { dataSourceId: join.dataSourceId, name: join.name });
  const editor = new ChartEditorPage(page);
  await editor.expectOpen();
  let next = editor.nextSave();
  await editor.dragField('manager', 'points');
  expect((await next).ok()).toBe(true);
  next = editor.nextSave();
  await editor.dragField('amount', 'values');
  expect((await next).ok()).toBe(true);
  next = editor.nextSave();
  await editor.setType('table');
  expect((await next).ok()).toBe(true);
  await editor.expectSaved();
  await editor.expectPreview('table');

  // the numbers of the hand-made left join: Alice 150, Bob 200, no manager 70
  await board.goto(dashboard.projectId, dashboard.dashboardId);
  const boxes = new ChartBoxes(page);
  const box = boxes.box(chartId);
  await boxes.waitDrawn(box);
  const rows = boxes.tableRows(box);
  await expect(rows.filter({ hasText: 'Alice' })).toContainText('150');
  await expect(rows.filter({ hasText: 'Bob' })).toContainText('200');
  await expect(rows.filter({ hasText: '70' })).toHaveCount(1);

  // edit: the source's "edit" reopens the join in the designer; a changed title is saved (update)
  await page.goto(`/data_source/${folder.projectId}/${join.dataSourceId}`);
  await page.getByTestId('ds-edit').click();
  await expect(page).toHaveURL(new RegExp(`/data_source/join_table/${folder.projectId}/${join.dataSourceId}$`));
  await expect(designer.root).toHaveAttribute('data-mode', 'edit');
  await expect(designer.name).toHaveValue(join.name);
  await expect(designer.link(managersName)).toHaveAttribute('data-join-type', 'left');
  await designer.tab('fields');
  await page.getByTestId(`join-field-title-${ordersName}-amount`).fill('sales');
  await designer.expectRows(4);
  const [updated] = await Promise.all([page.waitForResponse(isCall('POST', /^\/api\/data_source\/join_table_update$/)), designer.name.press('Enter')]);
  expect(updated.ok()).toBe(true);
  expect(((await updated.json()) as { data: { removedFields: string[] } }).data.removedFields).toEqual(['amount']);
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${join.dataSourceId}$`));
});
