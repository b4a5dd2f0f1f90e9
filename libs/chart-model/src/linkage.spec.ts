import { checkLinkage, defaultLinkageFields, linkageFiltersFor, type ChartLinkage } from './linkage.js';

describe('link settings', () => {
  const fields: Record<string, string[]> = { pie: ['region', 'city'], stock: ['area'] };
  const check = (linkage: ChartLinkage, dims = ['region']) => checkLinkage('bar', linkage, dims, (id) => fields[id]);

  it('accepts targets on the dashboard whose mappings name a dimension and a field of the target', () => {
    expect(check({ targets: [{ chartId: 'pie', fields: [{ source: 'region', target: 'region' }] }, { chartId: 'stock', fields: [{ source: 'region', target: 'area' }] }] })).toBeNull();
    expect(check({ targets: [] })).toBeNull();
  });

  it('refuses itself, unknown charts and fields, empty and repeated targets', () => {
    expect(check({ targets: [{ chartId: 'bar', fields: [{ source: 'region', target: 'region' }] }] })).toEqual({ kind: 'self' });
    expect(check({ targets: [{ chartId: 'gone', fields: [{ source: 'region', target: 'region' }] }] })).toEqual({ kind: 'unknown_chart', chartId: 'gone' });
    expect(check({ targets: [{ chartId: 'stock', fields: [{ source: 'region', target: 'region' }] }] })).toEqual({ kind: 'unknown_target_field', chartId: 'stock', name: 'region' });
    expect(check({ targets: [{ chartId: 'pie', fields: [{ source: 'amount', target: 'region' }] }] })).toEqual({ kind: 'unknown_source_field', name: 'amount' });
    expect(check({ targets: [{ chartId: 'pie', fields: [] }] })).toEqual({ kind: 'no_fields', chartId: 'pie' });
    const one = { chartId: 'pie', fields: [{ source: 'region', target: 'region' }] };
    expect(check({ targets: [one, one] })).toEqual({ kind: 'duplicate', chartId: 'pie' });
    expect(check({ targets: Array.from({ length: 51 }, (_, i) => ({ ...one, chartId: `c${i}` })) })).toEqual({ kind: 'too_many' });
  });

  it('maps each dimension to the target field of the same name by default', () => {
    expect(defaultLinkageFields(['region', 'city'], ['city', 'amount'])).toEqual([{ source: 'city', target: 'city' }]);
    expect(defaultLinkageFields(['region'], ['area'])).toEqual([]);
  });
});

describe('filters of a selection on a target', () => {
  it('puts every selected text value on the mapped field', () => {
    const target = { chartId: 't', fields: [{ source: 'region', target: 'area' }] };
    expect(linkageFiltersFor(target, { chartId: 's', points: ['East', 'West'] }, [{ name: 'region', dataType: 'string' }])).toEqual([
      { id: 'linkage:s:region', name: 'area', dataType: 'string', range: ['East', 'West'] },
    ]);
    expect(linkageFiltersFor(target, { chartId: 's', points: [] }, [{ name: 'region', dataType: 'string' }])).toEqual([]);
  });

  it('splits the category of several dimensions and filters dates by the period of the granularity', () => {
    const target = { chartId: 't', fields: [{ source: 'month', target: 'day' }, { source: 'region', target: 'region' }] };
    const dims = [{ name: 'month', dataType: 'date' as const, granularity: 3 as const }, { name: 'region', dataType: 'string' as const }];
    expect(linkageFiltersFor(target, { chartId: 's', points: ['2024-03-01 / East'] }, dims)).toEqual([
      { id: 'linkage:s:month', name: 'day', dataType: 'date', granularity: 3, range: ['2024-03-01', '2024-03-01'] },
      { id: 'linkage:s:region', name: 'region', dataType: 'string', range: ['East'] },
    ]);
  });

  it('filters numbers by one value and leaves the empty category out', () => {
    const target = { chartId: 't', fields: [{ source: 'year', target: 'year' }] };
    expect(linkageFiltersFor(target, { chartId: 's', points: ['2024'] }, [{ name: 'year', dataType: 'number' }])).toEqual([{ id: 'linkage:s:year', name: 'year', dataType: 'number', numberOption: 'equal', range: ['2024'] }]);
    expect(linkageFiltersFor(target, { chartId: 's', points: ['-'] }, [{ name: 'year', dataType: 'number' }])).toEqual([]);
  });

  it('keeps every selected number and date: any of them (anyOf), repeated values once', () => {
    const target = { chartId: 't', fields: [{ source: 'year', target: 'year' }, { source: 'month', target: 'day' }] };
    const dims = [{ name: 'year', dataType: 'number' as const }, { name: 'month', dataType: 'date' as const, granularity: 3 as const }];
    expect(linkageFiltersFor(target, { chartId: 's', points: ['2024 / 2024-03-01', '2025 / 2024-05-01', '2024 / -'] }, dims)).toEqual([
      { id: 'linkage:s:year', name: 'year', dataType: 'number', anyOf: true, range: ['2024', '2025'] },
      { id: 'linkage:s:month', name: 'day', dataType: 'date', granularity: 3, anyOf: true, range: ['2024-03-01', '2024-05-01'] },
    ]);
  });
});
