import { GRID, placeNewChart, startsWithin } from '@bi/rules';
import type { GridItem } from '../types';

/** The subset of a react-grid-layout item this module reads and writes. */
export interface RglItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
  maxW?: number;
  maxH?: number;
}

const bound = (value: number | undefined): number | undefined => (value && value > 0 ? value : undefined);

/** One grid item → react-grid-layout item: row→y, col→x, sizeX→w, sizeY→h; 0 bounds dropped. */
export function aspectToItem(aspect: GridItem): RglItem {
  const item: RglItem = {
    i: aspect.chartId,
    x: aspect.col,
    y: aspect.row,
    w: aspect.sizeX || GRID.defaultSizeX,
    h: aspect.sizeY || GRID.defaultSizeY,
  };
  const minW = bound(aspect.minSizeX);
  const minH = bound(aspect.minSizeY);
  const maxW = bound(aspect.maxSizeX);
  const maxH = bound(aspect.maxSizeY);
  if (minW !== undefined) item.minW = minW;
  if (minH !== undefined) item.minH = minH;
  if (maxW !== undefined) item.maxW = maxW;
  if (maxH !== undefined) item.maxH = maxH;
  return item;
}

/**
 * The react-grid-layout items of the charts shown (hidden charts are left out). A shown chart
 * without a placement gets the default size under everything else.
 */
export function aspectsToLayout(aspects: readonly GridItem[], shownChartIds: readonly string[]): RglItem[] {
  const byId = new Map(aspects.map((a) => [a.chartId, a]));
  const placed: GridItem[] = [];
  const out: RglItem[] = [];
  for (const chartId of shownChartIds) {
    let aspect = byId.get(chartId);
    if (!aspect) {
      aspect = { chartId, ...placeNewChart([...aspects, ...placed]) };
      placed.push(aspect);
    }
    out.push(aspectToItem(aspect));
  }
  return out;
}

/** How far outside the viewport a box already counts as seen (and runs). */
export const SEEN_MARGIN_PX = 100;

/**
 * The dashboard a page at this URL opens with its first screen to be run as the BFF's first-screen
 * call works it out (docs/api/chart.md "First screen"): /dashboard/{project}/{dashboard} with no query
 * (a query may hold global filter values, a linkage selection, inner filter values or full screen,
 * which change the runs); undefined otherwise.
 */
export function firstScreenDashboard(pathname: string, search: string): string | undefined {
  if (search !== '' && search !== '?') return undefined;
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length !== 3 || parts[0] !== 'dashboard' || parts[1] === 'relation' || parts[1] === 'chart_edit') return undefined;
  return decodeURIComponent(parts[2]!);
}

/**
 * The charts whose boxes start within `height` pixels of the grid's top (GRID row height and margins):
 * those a dashboard that just opened shows at once, and runs before it has drawn them. The grid only
 * moves boxes up (vertical compaction), so a box placed within reach is within reach on screen.
 */
export function placedWithin(layout: readonly RglItem[], height: number): string[] {
  return layout.filter((item) => startsWithin(item.y, height)).map((item) => item.i);
}

/**
 * The full list to save after a drag or resize: the placements of the shown charts from the
 * grid, the others (hidden charts) unchanged; min/max bounds are kept from the previous list.
 */
export function layoutToAspects(layout: readonly RglItem[], previous: readonly GridItem[]): GridItem[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  const out: GridItem[] = [];
  const seen = new Set<string>();
  for (const aspect of previous) {
    const item = byId.get(aspect.chartId);
    seen.add(aspect.chartId);
    out.push(item ? { ...aspect, row: item.y, col: item.x, sizeX: item.w, sizeY: item.h } : { ...aspect });
  }
  for (const item of layout) {
    if (seen.has(item.i)) continue;
    out.push({ chartId: item.i, row: item.y, col: item.x, sizeX: item.w, sizeY: item.h });
  }
  return out;
}

function placementKey(a: GridItem): string {
  return `${a.row}:${a.col}:${a.sizeX}:${a.sizeY}`;
}

/** True when the two lists place some chart differently (or hold different charts). */
export function aspectsChanged(before: readonly GridItem[], after: readonly GridItem[]): boolean {
  if (before.length !== after.length) return true;
  const map = new Map(before.map((a) => [a.chartId, placementKey(a)]));
  return after.some((a) => map.get(a.chartId) !== placementKey(a));
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface LayoutSaver {
  /** A new layout after a drag/resize stop: (re)starts the wait. */
  change(next: GridItem[]): void;
  /** Saves a pending layout now (e.g. when leaving the page). */
  flush(): void;
  cancel(): void;
  /** The layout the server holds (after a load or a successful save). */
  saved(list: GridItem[]): void;
  pending(): boolean;
}

/**
 * Debounced layout saving (spec 01 §9: 1000 ms after the last change): only the last layout of a
 * burst is considered, and it is saved only when it differs from the last saved one.
 */
export function createLayoutSaver(save: (list: GridItem[]) => void, delayMs: number, initial: GridItem[], timers: Timers = defaultTimers): LayoutSaver {
  let last = initial;
  let next: GridItem[] | null = null;
  let handle: unknown = null;

  const run = () => {
    handle = null;
    const list = next;
    next = null;
    if (list && aspectsChanged(last, list)) {
      last = list;
      save(list);
    }
  };

  return {
    change(list) {
      next = list;
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(run, delayMs);
    },
    flush() {
      if (handle !== null) timers.clearTimeout(handle);
      if (next) run();
      handle = null;
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      next = null;
    },
    saved(list) {
      last = list;
    },
    pending: () => handle !== null,
  };
}
