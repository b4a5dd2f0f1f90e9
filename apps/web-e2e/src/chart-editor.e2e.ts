import { expect, test, type Page, type Response } from '@playwright/test';
import editorTexts from '../../web/src/modules/chart-editor/i18n/en';
import { ChartPanels } from './pages/ChartPanels';
import { ChartBoxes } from './pages/ChartBoxes';
import { ChartEditorPage } from './pages/ChartEditorPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { visibleTestId } from './pages/Sidebar';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { seedSqlSource } from './support/boards';
import { boxRunOf, clickMenuEntry, isBoxRun } from './support/locate';
import { format } from './support/catalogues';
import { USERS } from './support/env';

// The editor saves and runs real charts (DuckDB) after each change; leave room for a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** Sales rows over four months on the analytics store (BI_DEMO is off in the e2e run). */
const SALES_SQL = `SELECT * FROM (VALUES
  (DATE '2024-01-15', 'Office', 120.5),
  (DATE '2024-01-20', 'Tech', 300.0),
  (DATE '2024-02-03', 'Furniture', 210.75),
  (DATE '2024-02-18', 'Tech', 180.0),
  (DATE '2024-03-09', 'Office', 95.25),
  (DATE '2024-04-02', 'Tech', 150.0)
) AS t(day, category, amount)`;

interface StoredField {
  name: string;
  title?: string;
  granularity?: number;
  aggregator?: string;
  formatter?: { type: number; unit: number; decimalPlaces: number; isCustomizeUnit: boolean };
  fieldFilter?: { logic: number; conditions: { compare: string; compareValueLeft?: unknown; compareValueRight?: unknown; compareValue?: unknown }[] };
}
interface StoredChart {
  chartId: string;
  type: string;
  points: StoredField[];
  values: StoredField[];
  plotLineY?: { name: string; valueType: number; formula?: number; axisField?: { axisName: string } }[];
}
interface RunAnswer {
  chart: StoredChart;
  meta: { kind: string; rowCount: number };
}

async function signIn(page: Page): Promise<void> {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
}

/** A folder with an empty dashboard and a sales source. */
async function seed(page: Page) {
  const run = uniqueSuffix();
  const source = await seedSqlSource(page, `Editor ${run}`, `Sales ${run}`, SALES_SQL);
  const board = await seedDashboard(page, 'dashboard', `Editor ${run}`, `Editor board ${run}`);
  return { run, source, ...board };
}

const isEditorRun = (chartId: string) => (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/chart-edit/chart/dashboard/${chartId}`;

test.describe('chart editor', () => {
  test('build a chart from scratch: drag fields, granularity, type switch, plot line, formatter, field filter; kept on the dashboard and after a reload', async ({ page }, testInfo) => {
    const { source, projectId, dashboardId } = await (async () => {
      await signIn(page);
      return seed(page);
    })();
    const board = new DashboardPage(page);
    const editor = new ChartEditorPage(page);
    const boxes = new ChartBoxes(page);
    const panels = new ChartPanels(page);

    // add chart: title and a data source from the list, then the editor opens
    await board.goto(projectId, dashboardId);
    const chartId = await board.addChart('Monthly sales', source);
    await editor.expectOpen();
    await expect(editor.title).toHaveText('Monthly sales');
    await expect(page.getByTestId('editor-source')).toHaveText(format(editorTexts.page.dataSource, { name: source.name }));
    await expect(editor.panels).toBeVisible();

    // the field list: type icons and search
    await expect(editor.sourceField('day')).toHaveAttribute('data-type', 'date');
    await expect(editor.sourceField('amount')).toHaveAttribute('data-type', 'number');
    await editor.search.fill('amo');
    await expect(editor.sourceField('day')).toHaveCount(0);
    await expect(editor.sourceField('amount')).toBeVisible();
    await editor.search.fill('');

    // a date field to the dimensions (granularity month), an amount to the values
    let saved = editor.nextSave();
    await editor.dragField('day', 'points');
    expect((await saved).ok()).toBe(true);
    await expect(editor.item('points', 0)).toHaveAttribute('data-name', 'day');
    saved = editor.nextSave();
    await editor.pick('points', 0, 'menu-granularity', 'gran-month');
    expect(((await saved).request().postDataJSON() as StoredChart).points[0]).toMatchObject({ name: 'day', granularity: 3 });
    await expect(editor.item('points', 0)).toHaveAttribute('data-granularity', '3');

    saved = editor.nextSave();
    await editor.dragField('amount', 'values');
    expect(((await saved).request().postDataJSON() as StoredChart).values).toEqual([expect.objectContaining({ name: 'amount', aggregator: 'sum' })]);
    await expect(editor.item('values', 0)).toHaveAttribute('data-aggregator', 'sum');
    await editor.expectSaved();
    await editor.expectPreview('bar');

    // bar → line → pie → bar; each switch is saved and previewed
    for (const kind of ['line', 'pie', 'bar']) {
      saved = editor.nextSave();
      await editor.setType(kind);
      expect(((await saved).request().postDataJSON() as StoredChart).type).toBe(kind);
      await editor.expectSaved();
      await editor.expectPreview(kind);
    }

    // an average plot line over the amount (right-hand panels)
    saved = editor.nextSave();
    await panels.addAveragePlotLine('amount', 'Average');
    expect(((await saved).request().postDataJSON() as StoredChart).plotLineY).toEqual([
      expect.objectContaining({ name: 'Average', valueType: 1, formula: 0, axisField: expect.objectContaining({ axisName: 'amount' }) }),
    ]);
    await editor.expectSaved();
    await editor.expectPreview('bar');

    // value format 万 with 2 decimals
    saved = editor.nextSave();
    await editor.setFormatter('values', 0, 'wan', 2);
    expect(((await saved).request().postDataJSON() as StoredChart).values[0]!.formatter).toMatchObject({ type: 1, unit: 1, decimalPlaces: 2, isCustomizeUnit: false });
    await expect(editor.item('values', 0)).toHaveAttribute('data-formatted', 'true');

    // a field filter on the date: January and February only
    await editor.menuAction('points', 0, 'menu-filter');
    // the app's date inputs (antd DatePicker): a typed date is taken with Enter, which closes the calendar
    await visibleTestId(page, 'filter-from-0').fill('2024-01-01');
    await visibleTestId(page, 'filter-from-0').press('Enter');
    await visibleTestId(page, 'filter-to-0').fill('2024-02-29');
    await visibleTestId(page, 'filter-to-0').press('Enter');
    saved = editor.nextSave();
    const filtered = page.waitForResponse(isEditorRun(chartId));
    await visibleTestId(page, 'dialog-ok').click();
    expect(((await saved).request().postDataJSON() as StoredChart).points[0]!.fieldFilter).toMatchObject({
      logic: 1,
      conditions: [{ field: { name: 'day', dataType: 'date' }, compare: 'between', compareValueLeft: '2024-01-01', compareValueRight: '2024-02-29' }],
    });
    await expect(editor.item('points', 0)).toHaveAttribute('data-filtered', 'true');
    await editor.expectSaved();
    expect(((await (await filtered).json()) as { data: RunAnswer }).data.meta.rowCount).toBe(2);
    await editor.expectPreview('bar');
    const shot = testInfo.outputPath('editor.png');
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('editor', { path: shot, contentType: 'image/png' });

    // back on the dashboard: the same chart
    const boxRun = page.waitForResponse(isBoxRun(chartId));
    await editor.back.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${projectId}/${dashboardId}$`));
    const answer = (await boxRunOf(await boxRun, chartId)).envelope.data as RunAnswer;
    expect(answer.chart).toMatchObject({
      type: 'bar',
      points: [{ name: 'day', granularity: 3 }],
      values: [{ name: 'amount', aggregator: 'sum', formatter: { unit: 1, decimalPlaces: 2 } }],
      plotLineY: [{ name: 'Average', valueType: 1, formula: 0 }],
    });
    expect(answer.meta.rowCount).toBe(2);
    await boxes.expectDrawn(boxes.box(chartId), 'bar');

    // the editor again, reloaded: every setting is still there
    await board.boxTool(chartId, 'box-edit').click();
    await editor.expectOpen();
    await page.reload();
    await editor.expectOpen();
    await expect(editor.typeSwitch).toHaveAttribute('data-value', 'bar');
    expect(await editor.names('points')).toEqual(['day']);
    expect(await editor.names('values')).toEqual(['amount']);
    await expect(editor.item('points', 0)).toHaveAttribute('data-granularity', '3');
    await expect(editor.item('points', 0)).toHaveAttribute('data-filtered', 'true');
    await expect(editor.item('values', 0)).toHaveAttribute('data-aggregator', 'sum');
    await expect(editor.item('values', 0)).toHaveAttribute('data-formatted', 'true');
    await editor.menuAction('values', 0, 'menu-formatter');
    await expect(visibleTestId(page, 'formatter-unit')).toContainText('万');
    await expect(visibleTestId(page, 'formatter-decimals')).toHaveValue('2');
    // The stored unit is 万; an English reader sees the number in their own scale words.
    await expect(visibleTestId(page, 'formatter-preview')).toContainText('1.23M');
    await visibleTestId(page, 'dialog-cancel').click();
    await editor.menuAction('points', 0, 'menu-filter');
    await expect(visibleTestId(page, 'filter-from-0')).toHaveValue('2024-01-01');
    await expect(visibleTestId(page, 'filter-to-0')).toHaveValue('2024-02-29');
    await visibleTestId(page, 'dialog-cancel').click();
    await panels.openPanel('plotLines');
    await expect(panels.plotLine(0, 0)).toHaveAttribute('data-name', 'Average');
    await expect(panels.plotLine(0, 0)).toHaveAttribute('data-formula', '0');
    await editor.expectPreview('bar');
  });

  test('zones: move between zones, reorder, trash, compare and second-axis areas, keyboard menus and undo', async ({ page }) => {
    await signIn(page);
    const { source, projectId, dashboardId } = await seed(page);
    const chartId = await api<string>(page, 'POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Zones', dataSourceId: source.dataSourceId, type: 'table' });
    const editor = new ChartEditorPage(page);
    await editor.goto(projectId, dashboardId, chartId);

    // keyboard: add fields to a zone from its menu
    const addTo = page.getByTestId('zone-add-values');
    // the menu is disabled until the source's fields have arrived
    await expect(editor.sourceField('amount')).toBeVisible();
    await expect(addTo).toBeEnabled();
    await addTo.focus();
    await page.keyboard.press('Enter');
    await visibleTestId(page, 'zone-add-values-amount').click();
    await expect(editor.item('values', 0)).toHaveAttribute('data-name', 'amount');
    await editor.sourceField('category').getByTestId('source-field-add-category').click();
    await visibleTestId(page, 'add-to-points').click();
    // the first field's menu animates out; wait until it is gone, or the next lookup finds two
    await expect(visibleTestId(page, 'add-to-points')).toHaveCount(0);
    await editor.sourceField('day').getByTestId('source-field-add-day').click();
    await visibleTestId(page, 'add-to-points').click();
    expect(await editor.names('points')).toEqual(['category', 'day']);
    await editor.expectSaved();

    // reorder inside a zone by dragging, then back through the menu
    await editor.dragItem('points', 1, editor.item('points', 0));
    await expect.poll(() => editor.names('points')).toEqual(['day', 'category']);
    await editor.menuAction('points', 0, 'menu-down');
    await expect.poll(() => editor.names('points')).toEqual(['category', 'day']);

    // compare area: enabled, filled by dragging a field from the dimensions, removed (which clears it)
    await page.getByTestId('area-secondPoints').click();
    await expect(editor.zone('secondPoints')).toBeVisible();
    await editor.dragItem('points', 1, page.getByTestId('zone-list-secondPoints'));
    await expect.poll(() => editor.names('secondPoints')).toEqual(['day']);
    expect(await editor.names('points')).toEqual(['category']);
    await page.getByTestId('area-secondPoints').click();
    await expect(editor.zone('secondPoints')).toHaveCount(0);

    // second axis: a value moved there goes back into the values when the area is removed
    await page.getByTestId('area-secondValues').click();
    await editor.dragField('amount', 'secondValues');
    await expect.poll(() => editor.names('secondValues')).toEqual(['amount']);
    await page.getByTestId('area-secondValues').click();
    await expect(editor.zone('secondValues')).toHaveCount(0);
    await expect.poll(() => editor.names('values')).toEqual(['amount', 'amount']);

    // the trash removes a field
    await editor.dragItem('values', 1, editor.trash);
    await expect.poll(() => editor.names('values')).toEqual(['amount']);

    // sum and average are offered for numbers only
    await editor.dragField('category', 'values');
    await editor.openMenu('values', 1);
    await clickMenuEntry(page, editor.menuEntry('menu-aggregator'));
    await expect(editor.menuEntry('agg-count')).toBeVisible();
    await expect(editor.menuEntry('agg-sum')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // undo (button and Ctrl+Z) steps back through the last changes and saves them
    await editor.expectSaved();
    await editor.undoButton.click();
    await expect.poll(() => editor.names('values')).toEqual(['amount']);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => editor.names('values')).toEqual(['amount', 'amount']);
    await editor.expectSaved();
    const stored = await api<RunAnswer>(page, 'POST', `/api/chart-edit/chart/dashboard/${chartId}`, {});
    expect(stored.chart.values.map((v) => v.name)).toEqual(['amount', 'amount']);
    expect(stored.chart.points.map((v) => v.name)).toEqual(['category']);

    // a trendline is offered for bar, not for a table
    await editor.openMenu('values', 0);
    await expect(editor.menuEntry('menu-trendline')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await editor.setType('bar');
    await editor.openMenu('values', 0);
    await clickMenuEntry(page, editor.menuEntry('menu-trendline'));
    await expect(editor.item('values', 0)).toHaveAttribute('data-trendline', 'true');
  });

  test('a failed save shows the error and keeps the edit; retry stores it', async ({ page }) => {
    await signIn(page);
    const { source, projectId, dashboardId } = await seed(page);
    const chartId = await api<string>(page, 'POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'Failing', dataSourceId: source.dataSourceId, type: 'bar' });
    const editor = new ChartEditorPage(page);
    await editor.goto(projectId, dashboardId, chartId);
    await editor.dragField('amount', 'values');
    await editor.expectSaved();

    // the server is unreachable for saves
    await page.route('**/api/chart-edit/dashboard', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'fail', data: 'Service unavailable for a moment' }) }) : route.fallback(),
    );
    await editor.setAlias('values', 0, 'Revenue');
    await expect(editor.saveError).toContainText(format(editorTexts.save.failed, { message: 'Service unavailable for a moment' }));
    await expect(editor.saveStatus).toHaveAttribute('data-state', 'error');
    // the edit stays on screen
    await expect(editor.item('values', 0)).toContainText('Revenue');
    await expect(page.getByTestId('preview-stale')).toBeVisible();
    const before = await api<RunAnswer>(page, 'POST', `/api/chart-edit/chart/dashboard/${chartId}`, {});
    expect(before.chart.values[0]!.title).not.toBe('Revenue');

    // back online: retry stores the latest state
    await page.unroute('**/api/chart-edit/dashboard');
    const saved = editor.nextSave();
    await editor.saveRetry.click();
    expect((await saved).ok()).toBe(true);
    await expect(editor.saveError).toHaveCount(0);
    await editor.expectSaved();
    await page.reload();
    await editor.expectOpen();
    await expect(editor.item('values', 0)).toContainText('Revenue');
  });
});
