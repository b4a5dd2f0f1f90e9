import { firstScreenRuns, type FirstScreenContent } from './first-screen.js';

describe('firstScreenRuns (the runs of a dashboard that just opened)', () => {
  const chart = (chartId: string, extra: Partial<FirstScreenContent['charts'][number]> = {}) => ({ chartId, type: 'bar', dataSourceId: 's1', hide: false, ...extra });
  const content: FirstScreenContent = {
    charts: [chart('a'), chart('b'), chart('hidden', { hide: true }), chart('table', { type: 'table' }), chart('low'), chart('unplaced')],
    aspects: [
      { chartId: 'a', row: 0 },
      { chartId: 'b', row: 4 },
      { chartId: 'hidden', row: 0 },
      { chartId: 'table', row: 0 },
      // row 12 starts at 7 + 12 × 77 = 931 px
      { chartId: 'low', row: 12 },
    ],
    globalFilter: [
      { id: 'r', name: 'region', title: 'Region', dataType: 'string', range: ['East'], charts: [{ chartId: 'b' }] },
      // nothing picked: applies to no chart
      { id: 'd', name: 'day', dataType: 'date', range: [] },
    ],
  };

  it('runs the shown charts whose boxes start within the height, no table, as the web first runs them', () => {
    expect(firstScreenRuns(content, 900)).toEqual([
      { chartId: 'a', run: { isFullScreen: false, globalFilters: [], isFirstRequest: true } },
      { chartId: 'b', run: { isFullScreen: false, globalFilters: [{ id: 'r', name: 'region', title: 'Region', dataType: 'string', range: ['East'] }], isFirstRequest: true } },
    ]);
  });

  it('reaches the rows within a taller screen', () => {
    expect(firstScreenRuns(content, 932).map((r) => r.chartId)).toEqual(['a', 'b', 'low']);
    expect(firstScreenRuns(content, 931).map((r) => r.chartId)).toEqual(['a', 'b']);
  });

  it('runs at most one batch', () => {
    const many: FirstScreenContent = { charts: Array.from({ length: 60 }, (_, i) => chart(`c${i}`)), aspects: Array.from({ length: 60 }, (_, i) => ({ chartId: `c${i}`, row: 0 })), globalFilter: [] };
    expect(firstScreenRuns(many, 900)).toHaveLength(50);
  });
});
