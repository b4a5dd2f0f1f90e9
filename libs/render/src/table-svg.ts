/**
 * The table kind drawn as a table (the web draws it with antd's Table over `option.table`): the
 * header, as many rows of the page as the height holds (one line each, cut with "…"), then the
 * statistics rows on their band, in the option's colours (the chart's theme, or the dark app's).
 */
import { THEMES, textWidth, type JsonObject } from '@bi/charts';
import { FONT_FAMILY } from './fonts.js';
import { esc } from './svg.js';
import type { RenderTheme } from './types.js';

interface TableColumn {
  key: string;
  title: string;
  align?: 'left' | 'right';
  width?: number;
}
interface TableOption {
  columns?: TableColumn[];
  rows?: { cells?: Record<string, string> }[];
  summary?: { cells?: Record<string, string> }[];
  summaryColor?: string;
  colors?: { backgroundColor?: string; text?: string; header?: string; border?: string; summaryBackground?: string };
}

const FONT = 12;
const ROW = 28;
const PAD = 8;

/** Text cut with "…" to a width (the web's ellipsis). */
export function fitText(value: string, width: number, fontSize = FONT): string {
  if (textWidth(value, fontSize) <= width) return value;
  const chars = [...value];
  while (chars.length > 0 && textWidth(chars.join('') + '…', fontSize) > width) chars.pop();
  return chars.length > 0 ? chars.join('') + '…' : '';
}

/** Column widths: stored widths kept, the rest share the room by their texts' widths (at least 48 px). */
function columnWidths(columns: TableColumn[], texts: string[][], width: number): number[] {
  const wanted = columns.map((c, i) => (c.width ? c.width : Math.max(48, Math.min(320, Math.max(textWidth(c.title, FONT), ...texts.map((row) => textWidth(row[i] ?? '', FONT))) + 2 * PAD))));
  const total = wanted.reduce((a, b) => a + b, 0);
  if (total <= 0) return columns.map(() => width / Math.max(1, columns.length));
  return wanted.map((w) => (w * width) / total);
}

export function tableSvg(option: JsonObject, width: number, height: number, theme: RenderTheme): string {
  const table = (option.table ?? {}) as TableOption;
  const fallback = THEMES[theme];
  const colors = table.colors ?? {};
  const background = colors.backgroundColor && colors.backgroundColor !== 'transparent' ? colors.backgroundColor : fallback.background;
  const textColor = colors.text ?? fallback.text;
  const border = colors.border ?? fallback.splitLine;
  const columns = table.columns ?? [];
  const summary = table.summary ?? [];
  const room = Math.max(0, Math.floor((height - ROW * (1 + summary.length)) / ROW));
  const rows = (table.rows ?? []).slice(0, room);
  const cellTexts = (cells: Record<string, string> | undefined) => columns.map((c) => String(cells?.[c.key] ?? ''));
  const rowTexts = rows.map((r) => cellTexts(r.cells));
  const widths = columnWidths(columns, rowTexts, width);
  const out: string[] = [`<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg" font-family="${FONT_FAMILY}" font-size="${FONT}">`, `<rect width="${width}" height="${height}" fill="${esc(background)}"/>`];
  const line = (y: number, texts: string[], color: string, fill: string | undefined, bold: boolean) => {
    if (fill) out.push(`<rect x="0" y="${y}" width="${width}" height="${ROW}" fill="${esc(fill)}"/>`);
    let x = 0;
    columns.forEach((c, i) => {
      const w = widths[i]!;
      const t = fitText(texts[i] ?? '', w - 2 * PAD);
      const right = c.align === 'right';
      if (t) out.push(`<text x="${(right ? x + w - PAD : x + PAD).toFixed(1)}" y="${y + ROW / 2}" dominant-baseline="central" text-anchor="${right ? 'end' : 'start'}" fill="${esc(color)}"${bold ? ' font-weight="bold"' : ''}>${esc(t)}</text>`);
      x += w;
    });
    out.push(`<line x1="0" x2="${width}" y1="${y + ROW - 0.5}" y2="${y + ROW - 0.5}" stroke="${esc(border)}"/>`);
  };
  line(0, columns.map((c) => c.title), textColor, colors.header ?? fallback.splitLine, true);
  rowTexts.forEach((texts, i) => line(ROW * (i + 1), texts, textColor, undefined, false));
  summary.forEach((s, i) => line(ROW * (rows.length + 1 + i), cellTexts(s.cells), table.summaryColor ?? textColor, colors.summaryBackground ?? fallback.splitLine, false));
  out.push('</svg>');
  return out.join('');
}
