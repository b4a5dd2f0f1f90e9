import { describe, expect, it } from '@jest/globals';
import type { RangeFilter } from '@bi/chart-model';
import { activeCount, cleared, firstProblem, sameValues, startingValues, withRange } from './innerValues';

const stored: RangeFilter[] = [
  { id: 'a', name: 'region', dataType: 'string', range: ['East'] },
  { id: 'b', name: 'qty', dataType: 'number', numberOption: 'all', range: [] },
  { id: 'c', name: 'day', dataType: 'date', granularity: 0, range: [] },
];

describe('inner filter values of a view', () => {
  it('start from the viewer values, else the stored filters', () => {
    expect(startingValues(stored, undefined)).toEqual(stored);
    const mine = withRange(stored, 0, { range: ['West'] });
    expect(startingValues(stored, mine)).toEqual(mine);
    expect(startingValues(undefined, undefined)).toEqual([]);
  });

  it('tell a change from the same values, and count the set filters', () => {
    expect(sameValues(stored, [...stored])).toBe(true);
    expect(sameValues(stored, withRange(stored, 1, { numberOption: 'custom', range: [1, 5] }))).toBe(false);
    expect(activeCount(stored)).toBe(1);
    expect(activeCount(withRange(stored, 2, { range: ['2024-01-01', ''] }))).toBe(2);
    expect(activeCount(cleared(stored))).toBe(0);
    expect(cleared(stored)[1]).toMatchObject({ numberOption: 'all', range: [] });
  });

  it('find reversed and malformed ranges (the editor panel rules)', () => {
    expect(firstProblem(stored)).toBeNull();
    expect(firstProblem(withRange(stored, 2, { range: ['2024-03-01', '2024-01-01'] }))).toEqual({ index: 2, problem: 'dateOrder' });
    expect(firstProblem(withRange(stored, 1, { numberOption: 'custom', range: [9, 1] }))).toEqual({ index: 1, problem: 'numberOrder' });
    expect(firstProblem(withRange(stored, 0, { range: Array.from({ length: 1001 }, (_, i) => `v${i}`) }))).toEqual({ index: 0, problem: 'tooManyValues' });
  });
});
