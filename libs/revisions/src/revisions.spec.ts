import { maskRuleValues, revisionDiff, structuralDiff, summarize } from './index.js';

describe('@bi/revisions summaries and diffs', () => {
  it('summarises a dashboard change: moved charts, added filter, renamed', () => {
    const before = { name: 'Sales', aspects: [{ chartId: 'a', row: 0, col: 0, sizeX: 6, sizeY: 4 }, { chartId: 'b', row: 0, col: 6, sizeX: 6, sizeY: 4 }, { chartId: 'c', row: 4, col: 0, sizeX: 6, sizeY: 4 }], hidden: [], globalFilter: [] };
    const after = { ...before, name: 'Sales 2', aspects: [{ chartId: 'a', row: 4, col: 0, sizeX: 6, sizeY: 4 }, { chartId: 'b', row: 0, col: 0, sizeX: 6, sizeY: 4 }, { chartId: 'c', row: 0, col: 6, sizeX: 6, sizeY: 4 }], globalFilter: [{ name: 'Region', range: [] }] };
    expect(summarize('dashboard', before, after)).toEqual([
      { key: 'revision.renamed', params: { from: 'Sales', to: 'Sales 2' } },
      { key: 'revision.moved_charts', params: { count: 3 } },
      { key: 'revision.added_filter', params: { name: 'Region' } },
    ]);
  });

  it('summarises a chart change: aggregator of a value, created, deleted', () => {
    const before = { title: 'T', type: 'bar', values: [{ name: 'Sales', aggregator: 'sum' }] };
    expect(summarize('chart', before, { ...before, values: [{ name: 'Sales', aggregator: 'avg' }] })).toEqual([{ key: 'revision.changed_aggregator', params: { name: 'Sales', to: 'avg' } }]);
    expect(summarize('chart', undefined, before)).toEqual([{ key: 'revision.created' }]);
    expect(summarize('chart', before, undefined)).toEqual([{ key: 'revision.deleted' }]);
    expect(summarize('join', { a: 1, b: 2 }, { a: 1, b: 3 })).toEqual([{ key: 'revision.changed_fields', params: { count: 1, fields: 'b' } }]);
  });

  it('diffs arrays by identity: a moved chart is a change of its row only', () => {
    const changes = structuralDiff({ aspects: [{ chartId: 'a', row: 0 }, { chartId: 'b', row: 1 }] }, { aspects: [{ chartId: 'b', row: 1 }, { chartId: 'a', row: 2 }] });
    expect(changes).toEqual([{ path: 'aspects[a].row', before: 0, after: 2 }]);
  });

  it('draws a dashboard layout and masks rule values', () => {
    const d = revisionDiff('dashboard', 'd', 2, 1, { aspects: [{ chartId: 'a', row: 0, col: 0, sizeX: 6, sizeY: 4 }] }, { aspects: [{ chartId: 'a', row: 0, col: 6, sizeX: 6, sizeY: 4 }] }, { titles: new Map([['a', 'Sales']]) });
    expect(d.layout?.after).toEqual([{ chartId: 'a', title: 'Sales', row: 0, col: 6, sizeX: 6, sizeY: 4 }]);
    expect(maskRuleValues({ rules: [{ field: 'Region', values: ['East', 'West'] }] })).toEqual({ rules: [{ field: 'Region', values: ['•••', '•••'] }] });
  });
});
