/**
 * The files a report attaches: the dashboard's PDF (pages counted and drawn by poppler's pdftoppm, texts
 * read back by pdftotext) and a chart's rows as XLSX (read back by exceljs) and CSV.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { gridBoxes, pages } from './dashboard.js';
import { renderDashboardPdf } from './pdf.js';
import { ALL_KINDS, kindResult } from './testing/fixtures.js';
import { readPng, variance } from './testing/png.js';
import { detailsTable, resultTable, tableToCsv, tableToXlsx } from './xlsx.js';
import type { DashboardCell } from './types.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'render-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderDashboardPdf', () => {
  const cells: DashboardCell[] = ALL_KINDS.slice(0, 9).map((kind, i) => ({ row: Math.floor(i / 3) * 4, col: (i % 3) * 4, sizeX: 4, sizeY: 4, title: `图表 ${i + 1}`, result: kindResult(kind) }));

  it('has the dashboard pages: title, run date and filters on the first, the grid cut between boxes, each page drawn', async () => {
    const pdf = await renderDashboardPdf({ title: '销售看板', cells, locale: 'zh-CN', runAt: new Date('2026-11-28T01:00:00Z'), timeZone: 'Asia/Shanghai', filters: [{ name: '区域', values: ['华东', '华南'] }] });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(dir, 'dash.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const count = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    // three rows of 4-row boxes do not fit one A4 landscape page under the head
    expect(count).toBeGreaterThan(1);
    execFileSync('pdftoppm', ['-r', '30', '-png', file, join(dir, 'page')]);
    const drawn = readdirSync(dir).filter((f) => f.startsWith('page') && f.endsWith('.png'));
    expect(drawn).toHaveLength(count);
    for (const f of drawn) expect(variance(readPng(readFileSync(join(dir, f))))).toBeGreaterThan(20);

    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', file, '-'], { encoding: 'utf8' });
    expect(first).toContain('销售看板');
    expect(first).toContain('运行时间：2026/11/28 09:00 GMT+8');
    expect(first).toContain('筛选：区域: 华东、华南');
    expect(first).toContain(`第 1 页，共 ${count} 页`);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSansCJK/);
  });

  it('writes its texts in English for an English reader, one page for a small grid', async () => {
    const pdf = await renderDashboardPdf({ title: 'Sales', cells: cells.slice(0, 3), locale: 'en', theme: 'dark', runAt: new Date('2026-11-28T01:00:00Z'), timeZone: 'UTC' });
    const file = join(dir, 'en.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Run at: 11/28/2026, 01:00 UTC');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('Filters');
  });

  it('pages as many as the grid cut says', () => {
    expect(pages(gridBoxes(cells, 1200), 500).length).toBe(3);
  });
});

describe('tableToXlsx / tableToCsv', () => {
  it('round-trips a chart data rows through exceljs: titles, numbers as numbers, Chinese texts, the sheet name cut', async () => {
    const table = resultTable(kindResult('bar', { title: '月度销售额与利润:按月份统计的全部区域明细数据表格以及更多的说明文字' }));
    const buffer = await tableToXlsx(table);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('月度销售额与利润 按月份统计的全部区域明细数据表格以及更多的说');
    expect(sheet.getRow(1).values).toEqual([undefined, '月份', '销售额', '利润']);
    expect(sheet.getRow(2).values).toEqual([undefined, '2024-01', 12345678, 820000]);
    expect(sheet.rowCount).toBe(7);
    expect(typeof sheet.getRow(7).getCell(2).value).toBe('number');
  });

  it('writes detail rows, nulls as empty cells', async () => {
    const table = detailsTable('明细', { columns: [{ key: 'c0', name: 'region', title: '区域' }, { key: 'c1', name: 'amount' }], rows: [{ c0: '华东', c1: 12.5 }, { c0: null, c1: 3 }] });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await tableToXlsx(table)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '区域', 'amount']);
    expect(sheet.getRow(3).getCell(1).value).toBeNull();
    expect(sheet.getRow(3).getCell(2).value).toBe(3);
  });

  it('writes CSV with a byte-order mark, quoting, and formulas kept as text', () => {
    const csv = tableToCsv({ name: 't', columns: [{ title: '名称' }, { title: 'value, net' }], rows: [['a "b"', -5], ['=1+1', null], ['line\nbreak', 1.5]] });
    expect(csv).toBe('\uFEFF名称,"value, net"\r\n"a ""b""",-5\r\n\'=1+1,\r\n"line\nbreak",1.5\r\n');
  });
});
