import { describe, expect, it } from '@jest/globals';
import { defaultTargets, mappingProblem, newItem, withField, type ChartInfo, type FieldInfo } from './config';
import { dateText, pickerDate } from './dates';
import { clearedValues, valuesCodec, withValue } from '../states/values';

const fields: Record<string, FieldInfo[]> = {
  sales: [
    { name: 'region', dataType: 'string' },
    { name: 'order_date', dataType: 'date' },
  ],
  stock: [
    { name: 'area', dataType: 'string' },
    { name: 'region', dataType: 'number' },
  ],
};
const charts: ChartInfo[] = [
  { chartId: 'bar', title: 'Bar', dataSourceId: 'sales' },
  { chartId: 'pie', title: 'Pie', dataSourceId: 'sales' },
  { chartId: 'stock', title: 'Stock', dataSourceId: 'stock' },
];
const fieldsOf = (id: string) => fields[id];

describe('the global filter dialog rules', () => {
  it('applies a new item to every chart whose source has the field with its type', () => {
    expect(defaultTargets({ name: 'region', dataType: 'string' }, charts, fieldsOf)).toEqual([{ chartId: 'bar' }, { chartId: 'pie' }]);
  });

  it('refuses mapped fields of another type (the spec refusal) and unmapped charts', () => {
    const item = newItem('g', 'sales', { name: 'region', dataType: 'string' }, [{ chartId: 'bar' }, { chartId: 'stock', field: 'area' }]);
    expect(mappingProblem(item, charts, fieldsOf)).toBeNull();
    expect(mappingProblem({ ...item, charts: [{ chartId: 'stock' }] }, charts, fieldsOf)).toEqual({ chartId: 'stock', kind: 'mixedTypes' });
    expect(mappingProblem({ ...item, charts: [{ chartId: 'stock', field: 'gone' }] }, charts, fieldsOf)).toEqual({ chartId: 'stock', kind: 'unmapped' });
  });

  it('sets defaults by type and resets them when the field changes', () => {
    const item = newItem('g', 'sales', { name: 'order_date', dataType: 'date' }, []);
    expect(item).toMatchObject({ dataType: 'date', granularity: 5, range: [], show: true, showAll: true });
    expect(withField({ ...item, title: 'When' }, { name: 'region', dataType: 'string' }, [])).toEqual({ id: 'g', name: 'region', title: 'When', dataType: 'string', dataSourceId: 'sales', range: [], show: true, showAll: true, charts: [] });
  });

  it('writes date values at each granularity as the server reads them', () => {
    expect([1, 2, 3, 4, 5].map((g) => dateText(2026, 10, 9, g as never))).toEqual(['2026', '2026-Q4', '2026-11', '2026-11-09', '2026-11-09']);
    expect(['2026', '2026-Q4', '2026-11', '2026-11-09', 'x'].map(pickerDate)).toEqual(['2026-01-01', '2026-10-01', '2026-11-01', '2026-11-09', null]);
  });
});

describe('filter values in the page URL', () => {
  it('keeps known members only and reads anything else as nothing picked', () => {
    expect(valuesCodec.read('{"g":{"range":["East",{"x":1}],"granularity":3,"numberOption":"bogus","relative":{"preset":"lastDays","days":7}}}')).toEqual({
      g: { range: ['East'], granularity: 3, relative: { preset: 'lastDays', days: 7 } },
    });
    expect(valuesCodec.read('not json')).toBeNull();
    expect(valuesCodec.read('[1]')).toBeNull();
  });

  it('sets, removes and clears values', () => {
    const one = withValue(null, 'g', { range: ['East'] });
    expect(one).toEqual({ g: { range: ['East'] } });
    expect(withValue(one, 'g', undefined)).toBeNull();
    expect(clearedValues(['a', 'b'])).toEqual({ a: { range: [] }, b: { range: [] } });
    expect(valuesCodec.read(valuesCodec.write(one!)!)).toEqual(one);
  });
});
