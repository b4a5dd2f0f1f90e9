/**
 * Charts drawn on the server: every kind to a PNG of its size that is not blank, Chinese texts drawn
 * as glyphs (not the boxes of a missing font), the dark app's background, numbers in the reader's
 * units, the table kind as a table, chart-query's answer drawn with its formatters, a dashboard's grid.
 */
import { buildOption } from '@bi/charts';
import { renderChartPng, renderChartSvg } from './chart.js';
import { PAGE_COLORS, gridBoxes, pages, renderDashboardPng } from './dashboard.js';
import { outlineFont, outlineTexts } from './outlines.js';
import { tilesToPng } from './raster.js';
import { ALL_KINDS, kindResult } from './testing/fixtures.js';
import { differing, hex, readPng, variance } from './testing/png.js';
import type { DashboardCell } from './types.js';

describe('renderChartPng', () => {
  it.each(ALL_KINDS.map((k) => [k]))('draws %s at its size, not blank', async (kind) => {
    const png = await renderChartPng({ result: kindResult(kind), width: 480, height: 300 });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const picture = readPng(png);
    expect([picture.width, picture.height]).toEqual([480, 300]);
    expect(variance(picture)).toBeGreaterThan(50);
  });

  it('draws at the pixel ratio', async () => {
    const picture = readPng(await renderChartPng({ result: kindResult('bar'), width: 300, height: 200, pixelRatio: 2 }));
    expect([picture.width, picture.height]).toEqual([600, 400]);
  });

  it('draws Chinese texts as glyphs: two titles differ where a missing font would draw the same boxes', async () => {
    const titled = async (title: string) => readPng(await renderChartPng({ result: kindResult('card', { title, showTitle: true }), width: 300, height: 200 }));
    const blank = readPng(await renderChartPng({ result: kindResult('card', { title: '', showTitle: false }), width: 300, height: 200 }));
    const a = await titled('销售额度');
    const b = await titled('利润率表');
    // the title's area: drawn (differs from no title), and each text its own glyphs
    expect(differing(a, blank, 0, 0, 120, 28)).toBeGreaterThan(40);
    expect(differing(a, b, 0, 0, 120, 28)).toBeGreaterThan(40);
  });

  it('draws traditional Chinese glyphs in zh-TW', async () => {
    const a = readPng(await renderChartPng({ result: kindResult('card', { title: '營業額', showTitle: true }), width: 300, height: 200, locale: 'zh-TW' }));
    const b = readPng(await renderChartPng({ result: kindResult('card', { title: '淨利潤', showTitle: true }), width: 300, height: 200, locale: 'zh-TW' }));
    expect(differing(a, b, 0, 0, 100, 28)).toBeGreaterThan(40);
  });

  it('paints the dark app background behind a chart on the default theme, and keeps light otherwise', async () => {
    const dark = readPng(await renderChartPng({ result: kindResult('line'), width: 300, height: 200, theme: 'dark' }));
    const light = readPng(await renderChartPng({ result: kindResult('line'), width: 300, height: 200, theme: 'light' }));
    expect(hex(dark.pixel(2, 198))).toBe('#141414');
    expect(hex(light.pixel(2, 198))).toBe('#FFFFFF');
    // a chart with its own theme keeps it in the dark app
    const own = readPng(await renderChartPng({ result: kindResult('line', { theme: 'gentle' }), width: 300, height: 200, theme: 'dark' }));
    expect(hex(own.pixel(2, 198))).toBe('#FCFBF8');
  });
});

describe('renderChartSvg', () => {
  const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

  it('writes numbers in the reader units: 万/亿, 萬/億, K/M/B', () => {
    const axis = (locale: 'zh-CN' | 'zh-TW' | 'en') => texts(renderChartSvg({ result: kindResult('bar'), width: 600, height: 400, locale }));
    expect(axis('zh-CN')).toContain('2,000万');
    expect(axis('zh-TW')).toContain('2,000萬');
    expect(axis('en')).toContain('20M');
    expect(axis('zh-CN').join(' ')).not.toMatch(/萬|\d{2},\d{3},\d{3}/);
    // a card's figure
    expect(texts(renderChartSvg({ result: kindResult('card'), width: 300, height: 200, locale: 'en' }))).toContain('6.25M');
    expect(texts(renderChartSvg({ result: kindResult('card'), width: 300, height: 200, locale: 'zh-TW' }))).toContain('625萬');
  });

  it('draws chart-query answers with their formatters (value axes in the answer language)', () => {
    const result = kindResult('line');
    const build = buildOption(result, { locale: 'zh-TW' });
    const svg = renderChartSvg({ answer: { option: build.option, chart: result.chart, meta: build.meta }, width: 600, height: 400, locale: 'zh-TW' });
    expect(texts(svg)).toContain('2,000萬');
    // an answer is drawn as a box draws it: its title is the box header's
    expect(texts(svg)).not.toContain(result.chart.title);
  });

  it('draws the table kind as a table: headers, rows, statistics', () => {
    const svg = renderChartSvg({ result: kindResult('table', { aggregateConfig: { showSum: true } }), width: 480, height: 300, locale: 'en' });
    const t = texts(svg);
    expect(t).toEqual(expect.arrayContaining(['月份', '销售额', '利润', '2024-01', '2024-06', '12345678']));
    expect(t).toContain('Sum');
  });

  it('turns every text into glyph outlines of the CJK font for the rasteriser, placed by its anchor', () => {
    const svg = renderChartSvg({ result: kindResult('bar'), width: 600, height: 400, locale: 'zh-TW' });
    const outlined = outlineTexts(svg, 'zh-TW');
    expect(outlined).not.toMatch(/<text\b/);
    expect(outlined).toMatch(/<use href="#bi-g-tc-r-\d+"/);
    // one outline per glyph kept in <defs>, used as often as the glyph appears
    const ids = [...outlined.matchAll(/<path id="(bi-g-[^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // an end-anchored text ends at its x: '2,000萬' of the value axis ends left of the plot
    const end = outlineTexts('<svg width="100" height="20" xmlns="http://www.w3.org/2000/svg"><text text-anchor="end" x="90" y="10" style="font-size:12px" fill="#000">2,000萬</text></svg>', 'zh-TW');
    const x = Number(/translate\(([\d.-]+) /.exec(end)?.[1]);
    expect(x).toBeGreaterThan(30);
    expect(x).toBeLessThan(60);
  });

  it('lets the font file go after an SVG and reads it again for a character not met before', () => {
    const one = (t: string) => outlineTexts(`<svg width="100" height="20" xmlns="http://www.w3.org/2000/svg"><text x="0" y="10" style="font-size:12px">${t}</text></svg>`, 'zh-CN');
    const paths = (svg: string) => [...svg.matchAll(/<path id="bi-g-sc-r-\d+" d="([^"]*)"/g)].map((m) => m[1]!);
    expect(paths(one('鼹'))).toHaveLength(1);
    expect(outlineFont('zh-CN', false)?.font).toBeNull();
    // a new character after the file was let go: its outline is read, not left empty
    const [d] = paths(one('鼷'));
    expect(d).toMatch(/^M/);
    expect(outlineFont('zh-CN', false)?.font).toBeNull();
  });

  it('cuts the table rows to the height', () => {
    const svg = renderChartSvg({ result: kindResult('table'), width: 480, height: 90 });
    expect(texts(svg)).toContain('2024-01');
    expect(texts(svg)).not.toContain('2024-06');
  });
});

describe('dashboard', () => {
  const cells: DashboardCell[] = [
    { row: 0, col: 0, sizeX: 6, sizeY: 4, title: '月度销售', result: kindResult('bar') },
    { row: 0, col: 6, sizeX: 6, sizeY: 4, title: '区域占比', result: kindResult('pie') },
    { row: 4, col: 0, sizeX: 12, sizeY: 4, title: '明细', result: kindResult('table') },
  ];

  it('places boxes on the grid as the web does (12 columns, 70 px rows, 7 px margins)', () => {
    const boxes = gridBoxes(cells, 1200);
    expect(boxes.map((b) => [b.x, b.y, b.width, b.height])).toEqual([
      [7, 7, 590, 301],
      [604, 7, 590, 301],
      [7, 315, 1186, 301],
    ]);
  });

  it('cuts the grid into pages between boxes', () => {
    const boxes = gridBoxes(cells, 1200);
    expect(pages(boxes, 700).map((p) => p.length)).toEqual([3]);
    const cut = pages(boxes, 400);
    expect(cut.map((p) => p.length)).toEqual([2, 1]);
    expect(cut[1]![0]!.y).toBe(7);
  });

  it('draws the grid to one PNG: title band, page and box colours, charts in the boxes', async () => {
    const picture = readPng(await renderDashboardPng({ title: '销售看板', cells, width: 1200, locale: 'zh-CN' }));
    expect([picture.width, picture.height]).toEqual([1200, 48 + 7 + 616]);
    expect(hex(picture.pixel(600, 48 + 2))).toBe(PAGE_COLORS.light.page.toUpperCase());
    expect(hex(picture.pixel(500, 48 + 7 + 18))).toBe('#FFFFFF');
    expect(variance(picture, 7, 48 + 7 + 40, 597, 48 + 300)).toBeGreaterThan(50);
    expect(variance(picture, 0, 0, 300, 48)).toBeGreaterThan(10);
    const dark = readPng(await renderDashboardPng({ title: '銷售看板', cells, width: 1200, locale: 'zh-TW', theme: 'dark' }));
    expect(hex(dark.pixel(600, 48 + 2))).toBe('#000000');
    expect(hex(dark.pixel(500, 48 + 7 + 18))).toBe('#141414');
  });
});

describe('tilesToPng', () => {
  it('leaves out a tile with no area (resvg refuses an empty picture) and draws the others', async () => {
    const box = (x: number, y: number, width: number, height: number, fill: string) => ({ x, y, width, height, svg: () => `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${fill}"/>` });
    const tiles = [box(0, 0, 40, 20, '#ff0000'), box(0, 20, 40, 0, '#00ff00'), box(10, 25, 0, 10, '#00ff00'), box(0, 30, 40, 10, '#0000ff')];
    const picture = readPng(await tilesToPng(40, 40, '#ffffff', tiles, 'en'));
    expect([picture.width, picture.height]).toEqual([40, 40]);
    expect([hex(picture.pixel(5, 5)), hex(picture.pixel(5, 25)), hex(picture.pixel(5, 35))]).toEqual(['#FF0000', '#FFFFFF', '#0000FF']);
  });
});
