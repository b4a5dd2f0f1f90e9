import { describe, expect, it } from '@jest/globals';
import { pageKeepingFirstRow, rowsThatFit, TABLE_PAGER_HEIGHT } from './table';

describe('table page size from the box', () => {
  it('holds as many rows as the body has room for', () => {
    // a 6×4 box body (about 248 px): header 30, sum and average 58, pager 32 → 128 px → 4 rows of 29
    expect(rowsThatFit({ height: 248, headerHeight: 30, summaryHeight: 58, rowHeight: 29 })).toBe(4);
    // without statistics: 6 rows
    expect(rowsThatFit({ height: 248, headerHeight: 30, summaryHeight: 0, rowHeight: 29 })).toBe(6);
    // a tall box: every row of a 12-row table fits on one page
    expect(rowsThatFit({ height: 30 + 58 + TABLE_PAGER_HEIGHT + 12 * 29, headerHeight: 30, summaryHeight: 58, rowHeight: 29 })).toBe(12);
  });

  it('keeps at least one row and at most the server bound, and honours the option cap', () => {
    expect(rowsThatFit({ height: 40, headerHeight: 30, summaryHeight: 58, rowHeight: 29 })).toBe(1);
    expect(rowsThatFit({ height: 100_000, headerHeight: 30, summaryHeight: 0, rowHeight: 29 })).toBe(500);
    expect(rowsThatFit({ height: 1000, headerHeight: 30, summaryHeight: 0, rowHeight: 29, maxBodyHeight: 290 })).toBe(10);
    expect(rowsThatFit({ height: 248, headerHeight: 30, summaryHeight: 0, rowHeight: 0 })).toBe(6);
  });

  it('keeps the first shown row in view when the size changes', () => {
    expect(pageKeepingFirstRow(1, 20, 4)).toBe(1);
    expect(pageKeepingFirstRow(3, 4, 6)).toBe(2); // row 9 is on page 2 of 6
    expect(pageKeepingFirstRow(2, 6, 4)).toBe(2); // row 7 is on page 2 of 4
  });
});
