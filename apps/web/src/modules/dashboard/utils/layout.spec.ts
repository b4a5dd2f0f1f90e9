import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LAYOUT_SAVE_DEBOUNCE_MS } from '@bi/rules';
import type { GridItem } from '../types';
import { aspectToItem, aspectsChanged, aspectsToLayout, createLayoutSaver, firstScreenDashboard, layoutToAspects, placedWithin } from './layout';

const a = (chartId: string, row: number, col: number, sizeX = 6, sizeY = 4, extra: Partial<GridItem> = {}): GridItem => ({ chartId, row, col, sizeX, sizeY, ...extra });

describe('aspect ↔ react-grid-layout mapping', () => {
  it('maps row→y, col→x, sizeX→w, sizeY→h and keeps only real bounds', () => {
    expect(aspectToItem(a('c1', 2, 6, 6, 5))).toEqual({ i: 'c1', x: 6, y: 2, w: 6, h: 5 });
    expect(aspectToItem(a('c1', 0, 0, 4, 3, { minSizeX: 2, minSizeY: 0, maxSizeX: 0, maxSizeY: 8 }))).toEqual({ i: 'c1', x: 0, y: 0, w: 4, h: 3, minW: 2, maxH: 8 });
  });

  it('uses the default 6×4 size for a zero size', () => {
    expect(aspectToItem(a('c1', 0, 0, 0, 0))).toMatchObject({ w: 6, h: 4 });
  });

  it('leaves hidden charts out and places a chart without placement under the others', () => {
    const aspects = [a('c1', 0, 0), a('c2', 4, 0), a('c3', 0, 6, 6, 9)];
    expect(aspectsToLayout(aspects, ['c1', 'c3']).map((i) => i.i)).toEqual(['c1', 'c3']);
    expect(aspectsToLayout(aspects, ['c1', 'new'])[1]).toEqual({ i: 'new', x: 0, y: 9, w: 6, h: 4 });
  });

  it('writes the grid back into the full list, keeping hidden charts and bounds', () => {
    const previous = [a('c1', 0, 0, 6, 4, { minSizeX: 2 }), a('hidden', 4, 0), a('c2', 8, 0)];
    const layout = [
      { i: 'c1', x: 6, y: 0, w: 6, h: 5 },
      { i: 'c2', x: 0, y: 0, w: 3, h: 4 },
    ];
    expect(layoutToAspects(layout, previous)).toEqual([a('c1', 0, 6, 6, 5, { minSizeX: 2 }), a('hidden', 4, 0), a('c2', 0, 0, 3, 4)]);
  });

  it('adds grid items the previous list did not hold', () => {
    expect(layoutToAspects([{ i: 'n', x: 1, y: 2, w: 3, h: 4 }], [])).toEqual([a('n', 2, 1, 3, 4)]);
  });

  it('round-trips', () => {
    const aspects = [a('c1', 0, 0), a('c2', 0, 6, 6, 5)];
    expect(layoutToAspects(aspectsToLayout(aspects, ['c1', 'c2']), aspects)).toEqual(aspects);
  });
});

describe('placedWithin (the boxes a dashboard shows at once)', () => {
  it('takes the boxes whose top is within the height (row height 70, margin 7)', () => {
    const layout = [0, 4, 8, 12].map((y) => ({ i: `c${y}`, x: 0, y, w: 6, h: 4 }));
    // tops at 7, 315, 623, 931 px
    expect(placedWithin(layout, 900)).toEqual(['c0', 'c4', 'c8']);
    expect(placedWithin(layout, 315)).toEqual(['c0']);
    expect(placedWithin(layout, 316)).toEqual(['c0', 'c4']);
    expect(placedWithin([], 900)).toEqual([]);
  });
});

describe('aspectsChanged', () => {
  const base = [a('c1', 0, 0), a('c2', 4, 0)];
  it('is false for the same placements in any order', () => {
    expect(aspectsChanged(base, [a('c2', 4, 0), a('c1', 0, 0)])).toBe(false);
  });
  it('is true when a position or size differs, or the charts differ', () => {
    expect(aspectsChanged(base, [a('c1', 0, 6), a('c2', 4, 0)])).toBe(true);
    expect(aspectsChanged(base, [a('c1', 0, 0, 6, 5), a('c2', 4, 0)])).toBe(true);
    expect(aspectsChanged(base, [a('c1', 0, 0)])).toBe(true);
    expect(aspectsChanged(base, [a('c1', 0, 0), a('c3', 4, 0)])).toBe(true);
  });
  it('ignores bounds', () => {
    expect(aspectsChanged(base, [a('c1', 0, 0, 6, 4, { minSizeX: 3 }), a('c2', 4, 0)])).toBe(false);
  });
});

describe('createLayoutSaver (debounced layout save)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });
  const initial = [a('c1', 0, 0), a('c2', 4, 0)];
  const moved = [a('c1', 0, 0), a('c2', 0, 6)];

  it(`saves ${LAYOUT_SAVE_DEBOUNCE_MS} ms after the last change, once, with the last layout`, () => {
    const save = jest.fn<(list: GridItem[]) => void>();
    const saver = createLayoutSaver(save, LAYOUT_SAVE_DEBOUNCE_MS, initial);
    saver.change([a('c1', 0, 0), a('c2', 0, 3)]);
    jest.advanceTimersByTime(600);
    saver.change(moved);
    expect(saver.pending()).toBe(true);
    jest.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(moved);
    expect(saver.pending()).toBe(false);
  });

  it('does not save a layout equal to the saved one (e.g. dragged back)', () => {
    const save = jest.fn<(list: GridItem[]) => void>();
    const saver = createLayoutSaver(save, 1000, initial);
    saver.change(moved);
    saver.change([a('c2', 4, 0), a('c1', 0, 0)]);
    jest.advanceTimersByTime(2000);
    expect(save).not.toHaveBeenCalled();
  });

  it('compares with the last saved layout, and with what the server answered', () => {
    const save = jest.fn<(list: GridItem[]) => void>();
    const saver = createLayoutSaver(save, 1000, initial);
    saver.change(moved);
    jest.advanceTimersByTime(1000);
    saver.change(moved);
    jest.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.saved(initial);
    saver.change(moved);
    jest.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('flushes a pending change at once, and cancel drops it', () => {
    const save = jest.fn<(list: GridItem[]) => void>();
    const saver = createLayoutSaver(save, 1000, initial);
    saver.change(moved);
    saver.flush();
    expect(save).toHaveBeenCalledWith(moved);
    saver.change(initial);
    saver.cancel();
    jest.advanceTimersByTime(5000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('firstScreenDashboard (whose first screen the boot script asks for)', () => {
  it('names the dashboard of /dashboard/{project}/{dashboard} without a query', () => {
    expect(firstScreenDashboard('/dashboard/p1/d%201', '')).toBe('d 1');
    expect(firstScreenDashboard('/dashboard/p1/d1/', '?')).toBe('d1');
  });
  it('leaves out a query (picked values, linkage, full screen), other dashboard routes and other pages', () => {
    expect(firstScreenDashboard('/dashboard/p1/d1', '?gf=%7B%7D')).toBeUndefined();
    expect(firstScreenDashboard('/dashboard/p1', '')).toBeUndefined();
    expect(firstScreenDashboard('/dashboard', '')).toBeUndefined();
    expect(firstScreenDashboard('/dashboard/relation/p1', '')).toBeUndefined();
    expect(firstScreenDashboard('/dashboard/chart_edit/p1/d1', '')).toBeUndefined();
    expect(firstScreenDashboard('/template/p1/d1', '')).toBeUndefined();
  });
});
