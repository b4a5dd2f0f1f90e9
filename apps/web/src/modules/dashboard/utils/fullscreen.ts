import { GRID } from '@bi/rules';

/**
 * Row height of the full-screen grid never goes below the page's own (GRID.rowHeight): a grid that
 * does not fit the screen scrolls instead of squashing its charts (issue 27: 60 px rows left a line
 * chart's plot 25 px high) …
 */
export const FIT_MIN_ROW_HEIGHT = GRID.rowHeight;
/** … nor above this (a short dashboard does not blow up its boxes). */
export const FIT_MAX_ROW_HEIGHT = 240;
/** A grid too tall for the screen shows this many rows of default-size boxes per screen (it scrolls). */
export const SCROLLED_BOX_ROWS = 2;

/** The two full-screen views: the whole dashboard, or one chart at a time (the carousel). */
export type FullScreenView = 'grid' | 'carousel';

/** Grid rows the placements take (the bottom edge of the lowest chart). */
export function gridRows(items: readonly { y: number; h: number }[]): number {
  return items.reduce((rows, item) => Math.max(rows, item.y + item.h), 0);
}

/**
 * Row height that scales the grid to the screen: the rows and their margins (react-grid-layout puts a
 * margin between rows and around the grid) fill the height available, within the bounds above. A grid
 * that would need rows lower than the page's does not fit: it scrolls, with rows such that two rows of
 * default-size boxes fill the screen (never lower than the page's). The usual row height when there is
 * nothing to fit.
 */
export function fitRowHeight(rows: number, availableHeight: number, margin: number = GRID.margin): number {
  if (rows <= 0 || availableHeight <= 0) return GRID.rowHeight;
  const rowsFilling = (n: number) => Math.floor((availableHeight - margin * (n + 1)) / n);
  const height = rowsFilling(rows);
  if (height >= FIT_MIN_ROW_HEIGHT) return Math.min(FIT_MAX_ROW_HEIGHT, height);
  return Math.min(FIT_MAX_ROW_HEIGHT, Math.max(FIT_MIN_ROW_HEIGHT, rowsFilling(SCROLLED_BOX_ROWS * GRID.defaultSizeY)));
}
