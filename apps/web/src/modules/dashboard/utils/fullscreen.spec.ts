import { describe, expect, it } from '@jest/globals';
import { FIT_MAX_ROW_HEIGHT, FIT_MIN_ROW_HEIGHT, fitRowHeight, gridRows } from './fullscreen';

describe('full-screen grid scaled to the screen', () => {
  it('counts the rows down to the lowest chart', () => {
    expect(gridRows([])).toBe(0);
    expect(gridRows([{ y: 0, h: 4 }, { y: 4, h: 4 }, { y: 0, h: 6 }])).toBe(8);
  });

  it('fills the available height with the rows and their margins', () => {
    // 8 rows in 844 px with 7 px margins: 8 h + 9 × 7 = 844 → h = 97
    const h = fitRowHeight(8, 844, 7);
    expect(h).toBe(97);
    expect(8 * h + 9 * 7).toBeLessThanOrEqual(844);
  });

  it('never squashes the rows below the page rows: a grid too tall scrolls, two rows of default boxes per screen', () => {
    expect(FIT_MIN_ROW_HEIGHT).toBe(70);
    // the demo dashboard: 28 rows in 800 px would be 21 px rows; 8 rows fill it instead: 8 h + 9 × 7 ≤ 800
    expect(fitRowHeight(28, 800, 7)).toBe(92);
    // 12 rows would be 59 px (below the page's 70): scrolls the same way
    expect(fitRowHeight(12, 800, 7)).toBe(92);
    // a short screen: never below the page's rows
    expect(fitRowHeight(28, 300, 7)).toBe(FIT_MIN_ROW_HEIGHT);
  });

  it('keeps a maximum and the usual rows when there is nothing to fit', () => {
    expect(fitRowHeight(1, 2000, 7)).toBe(FIT_MAX_ROW_HEIGHT);
    expect(fitRowHeight(0, 800, 7)).toBe(70);
    expect(fitRowHeight(4, 0, 7)).toBe(70);
  });
});
