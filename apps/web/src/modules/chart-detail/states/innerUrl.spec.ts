import { describe, expect, it } from '@jest/globals';
import type { RangeFilter } from '@bi/chart-model';
import { innerCodec, withChartValues } from './innerUrl';

const values: RangeFilter[] = [
  { id: 'a', name: 'region', title: 'Region', dataType: 'string', range: ['East', 'West'] },
  { id: 'b', name: 'qty', dataType: 'number', numberOption: 'range', range: [2, 9.5] },
  { id: 'c', name: 'day', dataType: 'date', granularity: 5, range: ['2024-01-01', '2024-02-01'] },
  { name: 'at', dataType: 'date', range: [], relative: { preset: 'lastDays', days: 30 } },
];

describe('inner filter values in the page URL (?inner=)', () => {
  it('read back what was written, per chart', () => {
    const text = innerCodec.write({ c1: values, c2: [values[0]!] })!;
    expect(innerCodec.read(text)).toEqual({ c1: values, c2: [values[0]] });
    // survives the URL's own encoding
    const url = new URLSearchParams({ inner: text }).toString();
    expect(innerCodec.read(new URLSearchParams(url).get('inner')!)).toEqual({ c1: values, c2: [values[0]] });
  });

  it('write nothing when no chart has viewer values', () => {
    expect(innerCodec.write({})).toBeNull();
    expect(innerCodec.write({ c1: undefined })).toBeNull();
    expect(withChartValues({ c1: values }, 'c1', undefined)).toBeNull();
    expect(withChartValues(null, 'c1', values)).toEqual({ c1: values });
    expect(withChartValues({ c1: values }, 'c2', [])).toEqual({ c1: values, c2: [] });
  });

  it('read malformed text as nothing set, and a malformed chart entry as that chart unset', () => {
    expect(innerCodec.read('not json')).toBeNull();
    expect(innerCodec.read('[1,2]')).toBeNull();
    expect(innerCodec.read('"x"')).toBeNull();
    const text = JSON.stringify({ good: [values[0]], badType: [{ name: 'x', dataType: 'blob', range: [] }], noName: [{ dataType: 'string', range: [] }], notList: 5, half: [values[1], { name: 'q' }] });
    expect(innerCodec.read(text)).toEqual({ good: [values[0]] });
  });

  it('keep known members only and bound every size', () => {
    const raw = {
      c1: [{ name: 'qty', dataType: 'number', range: [1, 'x', null, Infinity, {}], numberOption: 'drop table', granularity: 9, relative: { preset: 'never' }, extra: 'no' }],
      [`${'k'.repeat(65)}`]: [values[0]],
      many: [{ name: 'r', dataType: 'string', range: Array.from({ length: 1500 }, (_, i) => `v${i}`) }],
      long: [{ name: 'r', dataType: 'string', range: ['y'.repeat(1001), 'ok'] }],
    };
    const read = innerCodec.read(JSON.stringify(raw))!;
    expect(read.c1).toEqual([{ name: 'qty', dataType: 'number', range: [1, 'x'] }]);
    expect(Object.keys(read)).not.toContain('k'.repeat(65));
    expect(read.many![0]!.range).toHaveLength(1000);
    expect(read.long![0]!.range).toEqual(['ok']);
    const charts = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`c${i}`, [values[0]]]));
    expect(Object.keys(innerCodec.read(JSON.stringify(charts))!)).toHaveLength(50);
    const filters = { c: Array.from({ length: 60 }, () => values[0]) };
    expect(innerCodec.read(JSON.stringify(filters))!.c).toHaveLength(50);
  });
});
