import { describe, expect, it } from '@jest/globals';
import { clearSelection, clickPoint, selectionCodec } from './selection';

describe('linkage selection', () => {
  it('selects a clicked point, replaces it with another and clears it on a second click', () => {
    const one = clickPoint([], 'bar', 'East', false);
    expect(one).toEqual([{ chartId: 'bar', points: ['East'] }]);
    expect(clickPoint(one, 'bar', 'West', false)).toEqual([{ chartId: 'bar', points: ['West'] }]);
    expect(clickPoint(one, 'bar', 'East', false)).toEqual([]);
  });

  it('adds and removes points with Ctrl/Cmd, keeping the other charts’ selections', () => {
    let s = clickPoint([{ chartId: 'pie', points: ['A'] }], 'bar', 'East', false);
    s = clickPoint(s, 'bar', 'West', true);
    expect(s).toEqual([{ chartId: 'pie', points: ['A'] }, { chartId: 'bar', points: ['East', 'West'] }]);
    s = clickPoint(s, 'bar', 'East', true);
    expect(s).toEqual([{ chartId: 'pie', points: ['A'] }, { chartId: 'bar', points: ['West'] }]);
    // a plain click on one of several selected points keeps only it
    expect(clickPoint([{ chartId: 'bar', points: ['East', 'West'] }], 'bar', 'East', false)).toEqual([{ chartId: 'bar', points: ['East'] }]);
    expect(clickPoint(s, 'bar', 'West', true)).toEqual([{ chartId: 'pie', points: ['A'] }]);
  });

  it('clears one chart’s selection', () => {
    expect(clearSelection([{ chartId: 'pie', points: ['A'] }, { chartId: 'bar', points: ['East'] }], 'bar')).toEqual([{ chartId: 'pie', points: ['A'] }]);
    expect(clearSelection([], 'bar')).toEqual([]);
  });

  it('keeps at most 50 points per chart', () => {
    let s = clickPoint([], 'bar', 'p0', false);
    for (let i = 1; i < 60; i++) s = clickPoint(s, 'bar', `p${i}`, true);
    expect(s[0]!.points).toHaveLength(50);
    expect(s[0]!.points[49]).toBe('p59');
  });

  it('reads the URL value back and refuses what is not a selection', () => {
    const value = [{ chartId: 'bar', points: ['East', '华东 / 2024-01-01'] }];
    expect(selectionCodec.read(selectionCodec.write(value)!)).toEqual(value);
    expect(selectionCodec.write([])).toBeNull();
    expect(selectionCodec.read('not json')).toBeNull();
    expect(selectionCodec.read('{"chartId":"bar"}')).toBeNull();
    expect(selectionCodec.read('[{"chartId":"bar","points":[1,"x"]},{"chartId":7,"points":["y"]},{"chartId":"pie","points":[]}]')).toEqual([{ chartId: 'bar', points: ['x'] }]);
  });
});
