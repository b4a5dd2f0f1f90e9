/**
 * A dashboard drawn as its grid (GRID of @bi/rules, as react-grid-layout places the web's boxes: 12
 * columns, 70 px rows, 7 px margins): its title above, each box with its header title and its chart
 * drawn at the box's body size. The PNG is rasterised box by box (raster.ts: one box's tree at a time,
 * copied into one picture); the SVG (renderDashboardSvg) is the same drawing in one document. The PDF
 * cuts the grid into pages between boxes (pages()).
 */
import { GRID } from '@bi/rules/dashboard';
import { FONT_FAMILY } from './fonts.js';
import { sourceOption, sourceSvg } from './chart.js';
import { fitText } from './table-svg.js';
import { clampSize, esc, MAX_SIDE } from './svg.js';
import { tilesToPng, type Tile } from './raster.js';
import type { DashboardCell, RenderDashboardInput, RenderLocale, RenderTheme } from './types.js';

/** The web's page colours (apps/web styles.css --bi-bg, --bi-surface, --bi-border, --bi-text). */
export const PAGE_COLORS = {
  light: { page: '#f5f5f5', surface: '#ffffff', border: '#f0f0f0', text: 'rgba(0, 0, 0, 0.88)' },
  dark: { page: '#000000', surface: '#141414', border: '#303030', text: 'rgba(255, 255, 255, 0.85)' },
} as const;

const TITLE_HEIGHT = 48;
const HEADER = 36;
const BODY_PADDING = 8;
export const DEFAULT_DASHBOARD_WIDTH = 1200;
/** Boxes drawn at most (a dashboard's boxes beyond are left out rather than making a huge picture). */
export const MAX_CELLS = 200;

export interface Box {
  cell: DashboardCell;
  x: number;
  y: number;
  width: number;
  height: number;
}

const int = (v: unknown, min: number, max: number) => clampSize(v, min, max, min);

/** Where each box sits in pixels (y from the grid's top). */
export function gridBoxes(cells: readonly DashboardCell[], width: number): Box[] {
  const colWidth = (width - GRID.margin * (GRID.cols + 1)) / GRID.cols;
  return cells.slice(0, MAX_CELLS).map((cell) => {
    const col = int(cell.col, 0, GRID.cols - 1);
    const sizeX = int(cell.sizeX, 1, GRID.cols - col);
    const row = int(cell.row, 0, GRID.maxRows);
    const sizeY = int(cell.sizeY, 1, 40);
    return {
      cell,
      x: Math.round(GRID.margin + col * (colWidth + GRID.margin)),
      y: GRID.margin + row * (GRID.rowHeight + GRID.margin),
      width: Math.round(sizeX * colWidth + (sizeX - 1) * GRID.margin),
      height: sizeY * GRID.rowHeight + (sizeY - 1) * GRID.margin,
    };
  });
}

/** The boxes of a grid cut into pages of at most `pageHeight` px: a page ends before a box that would cross it. */
export function pages(boxes: readonly Box[], pageHeight: number): Box[][] {
  const sorted = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x);
  const out: Box[][] = [];
  let current: Box[] = [];
  let top = 0;
  for (const box of sorted) {
    if (current.length > 0 && box.y + box.height - top > pageHeight) {
      out.push(current);
      current = [];
    }
    if (current.length === 0) top = box.y - GRID.margin;
    current.push({ ...box, y: box.y - top });
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** A box: its surface, its header title, its chart in the body (`raster`: drawn only to pixels, see sourceSvg). */
function boxSvg(box: Box, locale: RenderLocale, theme: RenderTheme, raster = false): string {
  const colors = PAGE_COLORS[theme];
  const source = sourceOption(box.cell, locale, false);
  const title = box.cell.title ?? source.chart?.title ?? '';
  const bodyWidth = Math.max(16, box.width - 2 * BODY_PADDING);
  const bodyHeight = Math.max(16, box.height - HEADER - 2 * BODY_PADDING);
  const chart = sourceSvg(source, bodyWidth, bodyHeight, locale, theme, raster).replace(/^<svg /, `<svg x="${box.x + BODY_PADDING}" y="${box.y + HEADER + BODY_PADDING}" `);
  return [
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="6" fill="${colors.surface}" stroke="${colors.border}"/>`,
    `<line x1="${box.x}" x2="${box.x + box.width}" y1="${box.y + HEADER - 0.5}" y2="${box.y + HEADER - 0.5}" stroke="${colors.border}"/>`,
    `<text x="${box.x + 12}" y="${box.y + HEADER / 2}" dominant-baseline="central" font-family="${FONT_FAMILY}" font-size="14" font-weight="500" fill="${colors.text}">${esc(fitText(String(title), box.width - 24, 14))}</text>`,
    chart,
  ].join('');
}

function titleSvg(title: string, width: number, theme: RenderTheme): string {
  return `<text x="${GRID.margin + 4}" y="${TITLE_HEIGHT / 2}" dominant-baseline="central" font-family="${FONT_FAMILY}" font-size="20" font-weight="bold" fill="${PAGE_COLORS[theme].text}">${esc(fitText(title, width - 24, 20))}</text>`;
}

/** The picture's height: the title's strip and the grid (bounded). */
function gridHeight(boxes: readonly Box[], title: string | undefined): number {
  const top = title ? TITLE_HEIGHT : 0;
  return Math.min(MAX_SIDE * 4, top + boxes.reduce((m, b) => Math.max(m, b.y + b.height), 0) + GRID.margin);
}

/** The SVG of a set of boxes under an optional title. */
export function gridSvg(boxes: readonly Box[], width: number, title: string | undefined, locale: RenderLocale, theme: RenderTheme): string {
  const colors = PAGE_COLORS[theme];
  const top = title ? TITLE_HEIGHT : 0;
  const height = gridHeight(boxes, title);
  const parts = [`<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">`, `<rect width="${width}" height="${height}" fill="${colors.page}"/>`];
  if (title) parts.push(titleSvg(title, width, theme));
  parts.push(`<g transform="translate(0 ${top})">`);
  for (const box of boxes) parts.push(boxSvg(box, locale, theme));
  parts.push('</g></svg>');
  return parts.join('');
}

/**
 * The same picture as gridSvg as a PNG, rasterised a box at a time (raster.ts): each box's tile is its
 * area and a pixel around it (its border's outer half), the title its strip. A box's SVG is made when
 * its tile is drawn, so one box's drawing is held at a time.
 */
export function gridPng(boxes: readonly Box[], width: number, title: string | undefined, locale: RenderLocale, theme: RenderTheme, pixelRatio = 1): Promise<Buffer> {
  const top = title ? TITLE_HEIGHT : 0;
  const height = gridHeight(boxes, title);
  const tiles: Tile[] = [];
  if (title) tiles.push({ x: 0, y: 0, width, height: TITLE_HEIGHT, svg: () => titleSvg(title, width, theme) });
  for (const box of boxes) {
    const x = Math.max(0, box.x - 1);
    const y = box.y + top - 1;
    if (y >= height) continue;
    tiles.push({ x, y, width: Math.min(width, box.x + box.width + 1) - x, height: box.height + 2, svg: () => `<g transform="translate(0 ${top})">${boxSvg(box, locale, theme, true)}</g>` });
  }
  return tilesToPng(width, height, PAGE_COLORS[theme].page, tiles, locale, clampSize(pixelRatio, 1, 3, 1));
}

export function dashboardWidth(input: Pick<RenderDashboardInput, 'width'>): number {
  return clampSize(input.width, 320, MAX_SIDE, DEFAULT_DASHBOARD_WIDTH);
}

/** The dashboard as one SVG: title, then its grid. */
export function renderDashboardSvg(input: RenderDashboardInput): string {
  const locale = input.locale ?? 'zh-CN';
  const width = dashboardWidth(input);
  return gridSvg(gridBoxes(input.cells, width), width, input.title, locale, input.theme ?? 'light');
}

/** The dashboard as one PNG (the picture of renderDashboardSvg, rasterised a box at a time). */
export async function renderDashboardPng(input: RenderDashboardInput): Promise<Buffer> {
  const width = dashboardWidth(input);
  return gridPng(gridBoxes(input.cells, width), width, input.title, input.locale ?? 'zh-CN', input.theme ?? 'light', input.pixelRatio);
}
