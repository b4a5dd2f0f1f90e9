/**
 * A dashboard's PDF (pdfkit): A4 pages; the first names the dashboard, the run date (in the reader's
 * language and time zone) and the filter values; the grid follows, cut into pages between boxes, each
 * page's boxes as one picture; every page is numbered. Texts use the CJK font fontconfig finds.
 */
import { gridBoxes, gridPng, dashboardWidth, pages } from './dashboard.js';
import { pdfFont } from './fonts.js';
import { text } from './texts.js';
import type { RenderDashboardPdfInput, RenderLocale } from './types.js';

const MARGIN = 36;
const FOOTER = 18;

/** The run date as the reader writes it, in their time zone, the zone after it: 2026/11/28 09:00 GMT+8, 11/28/2026, 01:00 UTC. */
export function runDate(at: Date, locale: RenderLocale, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
  } catch {
    format = new Intl.DateTimeFormat(locale, options);
  }
  const parts = format.formatToParts(at);
  const zone = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  const date = parts
    .filter((p) => p.type !== 'timeZoneName')
    .map((p) => p.value)
    .join('')
    .trim();
  return zone ? `${date} ${zone}` : date;
}

export function filterLine(filters: RenderDashboardPdfInput['filters'], locale: RenderLocale): string | null {
  const parts = (filters ?? []).filter((f) => f.values.length > 0).map((f) => `${f.name}: ${f.values.join(locale === 'en' ? ', ' : '、')}`);
  return parts.length > 0 ? text(locale, 'render.filters', { filters: parts.join(locale === 'en' ? '; ' : '；') }) : null;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export async function renderDashboardPdf(input: RenderDashboardPdfInput): Promise<Buffer> {
  const locale = input.locale ?? 'zh-CN';
  const theme = input.theme ?? 'light';
  const landscape = input.page !== 'A4';
  // loaded on first use: a process that only draws pictures never loads it
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN, autoFirstPage: true, bufferPages: true, info: { Title: input.title } });
  const done = collect(doc);
  const font = pdfFont(locale);
  if (font) {
    doc.registerFont('cjk', font.file, font.name);
    doc.font('cjk');
  }
  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const contentWidth = pageWidth - 2 * MARGIN;

  // the first page's head: title, run date, filters
  doc.fontSize(18).fillColor('#000000').text(input.title, MARGIN, MARGIN, { width: contentWidth });
  doc.moveDown(0.3).fontSize(10).fillColor('#595959').text(text(locale, 'render.run_at', { time: runDate(input.runAt, locale, input.timeZone) }), { width: contentWidth });
  const filters = filterLine(input.filters, locale);
  if (filters) doc.moveDown(0.2).text(filters, { width: contentWidth });
  const headBottom = doc.y + 8;

  const width = dashboardWidth(input);
  const scale = contentWidth / width;
  const firstRoom = pageHeight - MARGIN - FOOTER - headBottom;
  // every page holds as much as the first (the head's room is kept free on all: simple, never cut)
  const groups = pages(gridBoxes(input.cells, width), firstRoom / scale);
  // one page's picture at a time: drawing them all first would hold every page's bitmap at once
  for (const [i, boxes] of groups.entries()) {
    const png = await gridPng(boxes, width, undefined, locale, theme, input.pixelRatio ?? 2);
    if (i > 0) doc.addPage();
    const top = i === 0 ? headBottom : MARGIN;
    doc.image(png, MARGIN, top, { fit: [contentWidth, pageHeight - MARGIN - FOOTER - top] });
  }
  const total = Math.max(1, groups.length);
  // page numbers
  for (let i = 0; i < total; i++) {
    doc.switchToPage(i);
    // the footer sits in the bottom margin: without it, pdfkit would start a new page
    doc.page.margins.bottom = 0;
    doc.fontSize(9).fillColor('#8c8c8c').text(text(locale, 'render.page', { n: i + 1, total }), MARGIN, pageHeight - MARGIN - 10, { width: contentWidth, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
