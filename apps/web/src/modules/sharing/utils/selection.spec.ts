import { describe, expect, it } from '@jest/globals';
import { batchProblem, invertSelection, keepSelectable, selectAll } from './selection';

describe('batch-publish selection', () => {
  const rows = ['a', 'b', 'c', 'd'];

  it('selects every selectable row', () => {
    expect(selectAll(rows)).toEqual(rows);
    expect(selectAll([])).toEqual([]);
  });

  it('inverts within the selectable rows', () => {
    expect(invertSelection(rows, ['a', 'c'])).toEqual(['b', 'd']);
    expect(invertSelection(rows, [])).toEqual(rows);
    expect(invertSelection(rows, rows)).toEqual([]);
    // a checked id that is no longer selectable does not come back
    expect(invertSelection(['a', 'b'], ['a', 'x'])).toEqual(['b']);
  });

  it('keeps only rows still selectable', () => {
    expect(keepSelectable(['a', 'b'], ['b', 'z'])).toEqual(['b']);
  });

  it('asks for at least one source, then at least one role or user', () => {
    expect(batchProblem({ dataSourceIds: [], roleIds: ['r'], userIds: [] })).toBe('noneChecked');
    expect(batchProblem({ dataSourceIds: ['a'], roleIds: [], userIds: [] })).toBe('noneChosen');
    expect(batchProblem({ dataSourceIds: ['a'], roleIds: [], userIds: ['u'] })).toBeNull();
    expect(batchProblem({ dataSourceIds: ['a'], roleIds: ['r'], userIds: [] })).toBeNull();
  });
});
