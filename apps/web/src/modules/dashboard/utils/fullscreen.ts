import { GRID } from '@bi/rules';

/** Row height of the full-screen grid never goes below this (a 4-row box stays about 260 px high) … */
export const FIT_MIN_ROW_HEIGHT = 60;
/** … nor above this (a short dashboard does not blow up its boxes). */
export const FIT_MAX_ROW_HEIGHT = 240;

/** The two full-screen views: the whole dashboard, or one chart at a time (the carousel). */
export type FullScreenView = 'grid' | 'carousel';

/** Grid rows the placements take (the bottom edge of the lowest chart). */
export function gridRows(items: readonly { y: number; h: number }[]): number {
  return items.reduce((rows, item) => Math.max(rows, item.y + item.h), 0);
}

/**
 * Row height that scales the grid to the screen: the rows and their margins (react-grid-layout puts a
 * margin between rows and around the grid) fill the height available, within the bounds above; the
 * usual row height when there is nothing to fit.
 */
export function fitRowHeight(rows: number, availableHeight: number, margin: number = GRID.margin): number {
  if (rows <= 0 || availableHeight <= 0) return GRID.rowHeight;
  const height = Math.floor((availableHeight - margin * (rows + 1)) / rows);
  return Math.min(FIT_MAX_ROW_HEIGHT, Math.max(FIT_MIN_ROW_HEIGHT, height));
}
