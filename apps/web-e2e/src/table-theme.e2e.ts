import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, point, SALES_SQL, value } from './support/boards';
import { USERS } from './support/env';

// Issue 27 item 6: a table's total rows were almost invisible in the starry-sky theme (its light text on
// the app's white cells), and the PNG export drew the table faded (taken while it was paging).
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1440, height: 900 } });

type Rgb = [number, number, number];
const rgbOf = (css: string): Rgb => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as Rgb;
const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The colour of one pixel of a PNG (the export), read by the page's own decoder. */
async function pixel(page: Page, png: Buffer, x: number, y: number, scale: number): Promise<Rgb> {
  return page.evaluate(
    async ({ data, x, y, scale }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!] as [number, number, number];
    },
    { data: png.toString('base64'), x, y, scale },
  );
}

test('a starry-sky table: its totals readable on their band, and the PNG export draws it unfaded while it pages', async ({ page }) => {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Starry ${run}` });
  const source = await createSource(page, folder.projectId, `Starry ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Starry ${run}`, `Starry ${run}`);
  const table = await addChart(page, dashboardId, 'Starry table', 'table', source, {
    theme: 'starry',
    points: [point('city')],
    values: [value('amount'), value('profit')],
    aggregateConfig: { showSum: true, showAvg: true },
  });
  const board = new DashboardPage(page);
  await board.goto(projectId, dashboardId);
  const boxes = new ChartBoxes(page);
  const box = boxes.box(table.chartId);
  await boxes.expectDrawn(box, 'table');

  // the totals: their text on their own band, readable (WCAG 3:1 for bold text); the body cells likewise
  const sum = box.getByTestId('table-summary-row').first();
  await expect(sum).toBeVisible();
  const colours = async (cell: ReturnType<Page['locator']>, text: ReturnType<Page['locator']>) => ({
    text: rgbOf(await text.evaluate((el) => getComputedStyle(el).color)),
    background: rgbOf(await cell.evaluate((el) => getComputedStyle(el).backgroundColor)),
  });
  const total = await colours(sum.locator('td').nth(1), sum.locator('td').nth(1).locator('span'));
  expect(contrast(total.text, total.background), `totals ${total.text} on ${total.background}`).toBeGreaterThanOrEqual(3);
  // the band is the theme's dark, not the app's white
  expect(luminance(total.background)).toBeLessThan(0.1);
  const cell = box.locator('.ant-table-tbody > tr.ant-table-row > td').first();
  const body = await colours(cell, cell);
  expect(contrast(body.text, body.background)).toBeGreaterThanOrEqual(4.5);

  // export while the table is paging: the picture waits for it, and shows the band in its own colour
  const pager = box.locator('.ant-pagination-item-2');
  const pages = await pager.count();
  if (pages > 0) await pager.click();
  const png = await board.export('png');
  const bytes = readFileSync(await png.path());
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  const grid = (await board.grid.boundingBox())!;
  const band = (await sum.locator('td').first().boundingBox())!;
  const scale = await page.evaluate(async ({ data, width }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    return img.width / width;
  }, { data: bytes.toString('base64'), width: await board.grid.evaluate((el) => el.scrollWidth) });
  const drawn = await pixel(page, bytes, band.x - grid.x + 3, band.y - grid.y + 3, scale);
  const expected = rgbOf(await sum.locator('td').first().evaluate((el) => getComputedStyle(el).backgroundColor));
  // a faded table (half opacity over the white page) would be far lighter than its band
  for (let i = 0; i < 3; i++) expect(Math.abs(drawn[i]! - expected[i]!), `pixel ${drawn} against ${expected}`).toBeLessThanOrEqual(24);
});
