import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, point, SALES_SQL, value } from './support/boards';
import { firstBar } from './support/canvas';
import { USERS } from './support/env';
import { boxRunOf, isBoxRun, isCall, visibleTestId } from './support/locate';

// Inner filters of a chart box, its detail rows behind a clicked point and their export (issue 15 items 3, 4).
test.describe.configure({ timeout: 180_000 });

/** SALES_SQL's rows (support/boards.ts): province, city, county, day, category, amount, profit. */
const ROWS: [string, string, string, string, string, number, number][] = [
  ['广东省', '广州市', '臺北市', '2024-01-15', 'Office', 120.5, 12.25],
  ['北京市', '北京市', '高雄市', '2024-01-20', 'Tech', 300.0, 45.5],
  ['上海市', '上海市', '臺中市', '2024-02-03', 'Furniture', 210.75, 30.0],
  ['浙江省', '杭州市', '花蓮縣', '2024-02-18', 'Tech', 180.0, 20.5],
  ['四川省', '成都市', '臺南市', '2024-03-09', 'Office', 95.25, 8.75],
  ['广东省', '深圳市', '新北市', '2024-03-21', 'Furniture', 260.0, 38.0],
  ['湖北省', '武汉市', '桃園市', '2024-04-02', 'Tech', 150.0, 18.0],
  ['北京市', '北京市', '臺北市', '2024-04-28', 'Office', 75.5, 5.25],
];

/** category → value of the first series of a bar option (category axis data, values or [category, value, …] points). */
function pairs(option: any): Map<string, number> {
  const axis = [option.xAxis].flat().find((a: any) => Array.isArray(a?.data));
  const data: unknown[] = option.series[0].data;
  return new Map(data.map((d, i) => (Array.isArray(d) ? [String(d[0]), Number(d[1])] : [String(axis.data[i]?.value ?? axis.data[i]), Number((d as any)?.value ?? d)])));
}

test('inner filters change the chart after the debounce; a point opens its rows; the export has exactly them; a wrong condition is refused', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Details ${run}` });
  const sales = await createSource(page, folder.projectId, `Sales ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Details ${run}`, `Details ${run}`);
  const bar = await addChart(page, dashboardId, 'Revenue', 'bar', sales, {
    points: [point('province')],
    values: [value('amount')],
    innerFilters: [{ id: 'cat', name: 'category', title: 'category', dataType: 'string', range: [] }],
  });
  const boxes = new ChartBoxes(page);
  await new DashboardPage(page).goto(projectId, dashboardId);
  const box = boxes.box(bar.chartId);
  await boxes.waitDrawn(box);

  await test.step('the filter bar offers the field values; a pick runs the chart again with it, the numbers are the filtered sums', async () => {
    await box.getByTestId('box-filters').click();
    await expect(box.getByTestId('inner-filter-bar')).toBeVisible();
    const values = page.waitForResponse(isCall('POST', /\/api\/field\/inner_range$/));
    await box.getByTestId('inner-filter-category-values').click();
    expect((await (await values).json()).data.values).toEqual([
      { value: 'Furniture', count: 2 },
      { value: 'Office', count: 3 },
      { value: 'Tech', count: 3 },
    ]);
    const rerun = page.waitForResponse(isBoxRun(bar.chartId));
    await visibleTestId(page, 'inner-filter-option-Tech').click();
    await page.keyboard.press('Escape');
    await expect(box.getByTestId('inner-filter-pending')).toBeVisible();
    const { body, envelope } = await boxRunOf(await rerun, bar.chartId);
    expect(body.innerFilters).toEqual([expect.objectContaining({ name: 'category', range: ['Tech'] })]);
    expect(envelope.status).toBe('success');
    const tech = new Map<string, number>();
    for (const r of ROWS) if (r[4] === 'Tech') tech.set(r[0], (tech.get(r[0]) ?? 0) + r[5]);
    expect(pairs(envelope.data.option)).toEqual(tech);
    await expect(box.getByTestId('inner-filter-pending')).toHaveCount(0);
    await expect(box.getByTestId('box-filters')).toHaveAttribute('aria-pressed', 'true');
    // the stored chart keeps its empty inner filter
    const stored = await api<{ chart: { innerFilters: { range: string[] }[] } }>(page, 'POST', `/api/chart-edit/chart/dashboard/${bar.chartId}`, {});
    expect(stored.chart.innerFilters[0]!.range).toEqual([]);
  });

  await test.step('the inner filter values are in the page URL: a reload (a copied link) reopens the same filtered view', async () => {
    const tech = new Map<string, number>();
    for (const r of ROWS) if (r[4] === 'Tech') tech.set(r[0], (tech.get(r[0]) ?? 0) + r[5]);
    expect(JSON.parse(new URL(page.url()).searchParams.get('inner') ?? 'null')).toEqual({ [bar.chartId]: [expect.objectContaining({ name: 'category', range: ['Tech'] })] });
    const rerun = page.waitForResponse(isBoxRun(bar.chartId));
    await page.reload();
    const { body, envelope } = await boxRunOf(await rerun, bar.chartId);
    expect(body.innerFilters).toEqual([expect.objectContaining({ name: 'category', range: ['Tech'] })]);
    expect(pairs(envelope.data.option)).toEqual(tech);
    await boxes.waitDrawn(box);
    await expect(box.getByTestId('box-filters')).toHaveAttribute('aria-pressed', 'true');
    // the bar opens with the values of the URL
    await box.getByTestId('box-filters').click();
    await expect(box.getByTestId('inner-filter-bar')).toBeVisible();
  });

  let province = '';
  let expected: typeof ROWS = [];
  await test.step('a click on a bar opens the rows behind it, under the inner filter', async () => {
    await boxes.waitDrawn(box);
    const rows = page.waitForResponse(isCall('POST', /\/api\/dashboard\/detail\/dashboard\//));
    await box.locator('canvas').first().click({ position: await firstBar(box) });
    const response = await rows;
    province = new URL(response.url()).searchParams.get('filterKey') ?? '';
    expected = ROWS.filter((r) => r[0] === province && r[4] === 'Tech');
    expect(expected.length).toBeGreaterThan(0);
    const sent = response.request().postDataJSON() as { innerFilters: { range: string[] }[]; pageSize: number };
    expect(sent.innerFilters[0]!.range).toEqual(['Tech']);
    expect(sent.pageSize).toBe(500);
    const dialog = page.getByTestId('detail-dialog');
    await expect(dialog).toHaveAttribute('data-point', province);
    await expect(dialog.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(expected.length);
    await expect(page.getByTestId('detail-scope')).toContainText(province);
  });

  await test.step('the export is an .xlsx of exactly these rows', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('detail-export').click();
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    const bytes = await readFile(file);
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const got: unknown[][] = [];
    sheet.eachRow((row) => got.push((row.values as unknown[]).slice(1)));
    expect(got[0]).toEqual(['province', 'city', 'county', 'day', 'category', 'amount', 'profit']);
    expect(got.slice(1).map((r) => [r[0], r[4], Number(r[5])])).toEqual(expected.map((r) => [r[0], r[4], r[5]]));
  });

  await test.step("a non-numeric value for a number field is refused with the spec's message", async () => {
    await page.getByTestId('detail-filter-add').click();
    await page.getByTestId('detail-condition-0-field').click();
    await page.locator('.ant-select-item-option[title="amount"]').filter({ visible: true }).click();
    await page.getByTestId('detail-condition-0-value').fill('abc');
    await page.getByTestId('detail-condition-0-value').press('Enter');
    await expect(page.getByTestId('detail-filter-problem')).toHaveText('Filter condition wrong, please re-enter');
    const filtered = page.waitForResponse(isCall('POST', /\/api\/dashboard\/detail\/dashboard\//));
    await page.getByTestId('detail-condition-0-value').fill('1000');
    await page.getByTestId('detail-filter-apply').click();
    const sent = (await filtered).request().postDataJSON() as { logic: number; filterItems: unknown[] };
    expect(sent).toMatchObject({ logic: 0, filterItems: [{ field: { name: 'amount', dataType: 'number' }, compare: '=', compareValue: 1000 }] });
    await expect(page.getByTestId('detail-dialog').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
  });

  await test.step('"Detail query" of the more menu opens every row under the view', async () => {
    await page.locator('.bi-detail-dialog .ant-modal-close').filter({ visible: true }).click();
    await expect(page.getByTestId('detail-dialog')).toHaveCount(0);
    const rows = page.waitForResponse(isCall('POST', /\/api\/dashboard\/all_details\/dashboard\//));
    await boxes.openMenu(box, 'menu-detail-query');
    expect((await (await rows).json()).data.rows).toHaveLength(ROWS.filter((r) => r[4] === 'Tech').length);
  });

  await test.step("an editor stores the viewer's values as the chart's own inner filters", async () => {
    await page.locator('.bi-detail-dialog .ant-modal-close').filter({ visible: true }).click();
    await expect(page.getByTestId('detail-dialog')).toHaveCount(0);
    const saved = page.waitForResponse(isCall('PUT', /\/api\/chart-edit\/dashboard$/));
    await box.getByTestId('inner-filter-save-default').click();
    expect((await (await saved).json()).status).toBe('success');
    const stored = await api<{ chart: { innerFilters: { name: string; range: string[] }[] } }>(page, 'POST', `/api/chart-edit/chart/dashboard/${bar.chartId}`, {});
    expect(stored.chart.innerFilters).toEqual([expect.objectContaining({ name: 'category', range: ['Tech'] })]);
    await expect(box.getByTestId('inner-filter-save-default')).toHaveCount(0);
  });
});

test('a table row is a point: a click opens its rows; linked, a click (Ctrl+click for more) filters the linked chart', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Table points ${run}` });
  const sales = await createSource(page, folder.projectId, `Sales ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Table points ${run}`, `Table points ${run}`);
  const table = await addChart(page, dashboardId, 'By province', 'table', sales, { points: [point('province')], values: [value('amount')] });
  const bar = await addChart(page, dashboardId, 'By category', 'bar', sales, { points: [point('category')], values: [value('amount')] });
  const boxes = new ChartBoxes(page);
  const dashboard = new DashboardPage(page);
  await dashboard.goto(projectId, dashboardId);
  const tableBox = boxes.box(table.chartId);
  await boxes.waitDrawn(tableBox);
  const row = (province: string) => tableBox.locator(`tr[data-category="${province}"]`);

  await test.step('without link settings a row opens the detail rows behind it', async () => {
    const rows = page.waitForResponse(isCall('POST', /\/api\/dashboard\/detail\/dashboard\//));
    await row('广东省').click();
    const response = await rows;
    expect(new URL(response.url()).searchParams.get('filterKey')).toBe('广东省');
    const dialog = page.getByTestId('detail-dialog');
    await expect(dialog).toHaveAttribute('data-point', '广东省');
    await expect(dialog.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(ROWS.filter((r) => r[0] === '广东省').length);
    await page.locator('.bi-detail-dialog .ant-modal-close').filter({ visible: true }).click();
    await expect(page.getByTestId('detail-dialog')).toHaveCount(0);
  });

  await test.step('linked to the bar: a row filters it, Ctrl+click adds a second province, the sums are those of the rows', async () => {
    await api(page, 'PUT', `/api/dashboard/linkage/dashboard/${table.chartId}`, { targets: [{ chartId: bar.chartId, fields: [{ source: 'province', target: 'province' }] }] });
    await dashboard.goto(projectId, dashboardId);
    await boxes.waitDrawn(tableBox);
    await boxes.waitDrawn(boxes.box(bar.chartId));
    const sums = (provinces: string[]) => {
      const out = new Map<string, number>();
      for (const r of ROWS) if (provinces.includes(r[0])) out.set(r[4], (out.get(r[4]) ?? 0) + r[5]);
      return out;
    };
    let rerun = page.waitForResponse(isBoxRun(bar.chartId));
    await row('北京市').click();
    let { body, envelope } = await boxRunOf(await rerun, bar.chartId);
    expect(body.globalFilters).toEqual([expect.objectContaining({ name: 'province', range: ['北京市'] })]);
    expect(pairs(envelope.data.option)).toEqual(sums(['北京市']));
    rerun = page.waitForResponse(isBoxRun(bar.chartId));
    await row('上海市').click({ modifiers: ['Control'] });
    ({ body, envelope } = await boxRunOf(await rerun, bar.chartId));
    expect(body.globalFilters).toEqual([expect.objectContaining({ name: 'province', range: ['北京市', '上海市'] })]);
    expect(pairs(envelope.data.option)).toEqual(sums(['北京市', '上海市']));
    await expect(page.getByTestId('detail-dialog')).toHaveCount(0);
  });
});
