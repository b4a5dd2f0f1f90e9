export const TABS = ['dashboard', 'template'] as const;
export type Tab = (typeof TABS)[number];

export function isTab(value: unknown): value is Tab {
  return value === 'dashboard' || value === 'template';
}

/** Grid constants of spec 01 §9. */
export const GRID = { cols: 12, rowHeight: 70, margin: 7, defaultSizeX: 6, defaultSizeY: 4, maxRows: 1000 } as const;

/** Most charts one batch run answers (POST /api/dashboard/charts/{tab}): a dashboard's boxes that came into view together. */
export const MAX_BATCH_CHARTS = 50;

export const AUTO_REFRESH_MINUTES = [1, 5, 10, 20, 30, 60] as const;
export const CAROUSEL_INTERVAL_MS = 5000;
export const LAYOUT_SAVE_DEBOUNCE_MS = 1000;
/** Spec 01 §9: a chart reloads 2000 ms after the last change of its inner filters; the detail search waits 500 ms; a remote select's search 300 ms. */
export const INNER_FILTER_RELOAD_DEBOUNCE_MS = 2000;
export const DETAIL_SEARCH_DEBOUNCE_MS = 500;
export const REMOTE_SELECT_DEBOUNCE_MS = 300;
export const TAB_CACHE_MS = 5 * 60 * 1000;

/** Wait before capturing a dashboard image/PDF: min(5000, 300 × charts not yet loaded) ms. */
export function exportWaitMs(unloadedCharts: number): number {
  return Math.min(5000, 300 * Math.max(0, unloadedCharts));
}

export interface GridPlacement {
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}

/**
 * True when a box placed at grid row `row` starts within `height` pixels of the grid's top (GRID row
 * height and margins): the boxes a dashboard that just opened shows at once. The web runs these
 * before drawing them; the BFF's first-screen call (docs/api/chart.md) computes the same set early.
 */
export function startsWithin(row: number, height: number): boolean {
  return GRID.margin + row * (GRID.rowHeight + GRID.margin) < height;
}

/** Where a new chart goes: default size, on the first free row under everything placed. */
export function placeNewChart(existing: readonly GridPlacement[]): GridPlacement {
  const bottom = existing.reduce((m, a) => Math.max(m, a.row + a.sizeY), 0);
  return { row: bottom, col: 0, sizeX: GRID.defaultSizeX, sizeY: GRID.defaultSizeY };
}
