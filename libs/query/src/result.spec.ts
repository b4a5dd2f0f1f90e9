import type { ResultColumn } from './compile.js';
import { normalizeRows, normalizeValue } from './result.js';

const col = (alias: string, dataType: ResultColumn['dataType'], extra: Partial<ResultColumn> = {}): ResultColumn => ({ alias, role: 'measure', field: alias, title: alias, dataType, ...extra });

describe('normalizeValue', () => {
  it('makes numbers of BigInt, decimal text and driver objects', () => {
    expect(normalizeValue(12n, 'number')).toBe(12);
    expect(normalizeValue(9007199254740993n, 'number')).toBe('9007199254740993');
    expect(normalizeValue('-9007199254740993', 'number')).toBe('-9007199254740993');
    expect(normalizeValue('123.4500', 'number')).toBe(123.45);
    expect(normalizeValue('5.6666666666666667', 'number')).toBeCloseTo(5.666666666666667, 15);
    expect(normalizeValue('1e3', 'number')).toBe(1000);
    expect(normalizeValue({ toString: () => '2.50' }, 'number')).toBe(2.5);
    expect(normalizeValue(Number.NaN, 'number')).toBeNull();
    expect(normalizeValue(true, 'number')).toBe(1);
    expect(normalizeValue(null, 'number')).toBeNull();
  });

  it('gives dates as yyyy-MM-dd HH:mm:ss (local or UTC wall time)', () => {
    const d = new Date(2024, 0, 2, 3, 4, 5);
    expect(normalizeValue(d, 'date')).toBe('2024-01-02 03:04:05');
    expect(normalizeValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), 'date', { zone: 'utc' })).toBe('2024-01-02 03:04:05');
    expect(normalizeValue('2024-01-02T10:11:12.345+08', 'date')).toBe('2024-01-02 10:11:12');
    expect(normalizeValue('2024-01-02', 'date')).toBe('2024-01-02 00:00:00');
    expect(normalizeValue(new Date(Number.NaN), 'date')).toBeNull();
  });

  it('keeps text as text', () => {
    expect(normalizeValue('00123', 'string')).toBe('00123');
    expect(normalizeValue(12n, 'string')).toBe('12');
    expect(normalizeValue(Buffer.from('华东'), 'string')).toBe('华东');
  });
});

describe('normalizeRows', () => {
  it('reads arrays in select order and objects by alias', () => {
    const columns = [col('d0', 'string', { role: 'dimension' }), col('m0', 'number')];
    expect(normalizeRows([['a', '1.50'], { d0: 'b', m0: 2n }], columns)).toEqual([
      ['a', 1.5],
      ['b', 2],
    ]);
  });

  it('answers truncated dates as yyyy-MM-dd', () => {
    const columns = [col('d0', 'date', { role: 'dimension', granularity: 'month' })];
    expect(normalizeRows([[new Date(2024, 2, 1)], ['2024-04-01 00:00:00'], [null]], columns)).toEqual([['2024-03-01'], ['2024-04-01'], [null]]);
  });

  it('keeps times when a column has any, and drops them when none has', () => {
    const columns = [col('c0', 'date', { role: 'detail' })];
    expect(normalizeRows([['2024-01-01 00:00:00'], ['2024-01-02 10:00:00']], columns)).toEqual([['2024-01-01 00:00:00'], ['2024-01-02 10:00:00']]);
    expect(normalizeRows([['2024-01-01 00:00:00'], [new Date(2024, 0, 2)]], columns)).toEqual([['2024-01-01'], ['2024-01-02']]);
  });

  it('reads plain dates (yyyy-MM-dd) as their midnight, shown with a time only when the column has times', () => {
    const detail = [col('c0', 'date', { role: 'detail' })];
    expect(normalizeRows([['2024-01-01'], ['2024-01-02 10:00:00'], [' 2024-01-03 ']], detail)).toEqual([['2024-01-01 00:00:00'], ['2024-01-02 10:00:00'], ['2024-01-03 00:00:00']]);
    expect(normalizeRows([['2024-01-01'], ['2024-01-02T00:00:00'], [null]], detail)).toEqual([['2024-01-01'], ['2024-01-02'], [null]]);
    const month = [col('d0', 'date', { role: 'dimension', granularity: 'month' })];
    expect(normalizeRows([['2024-03-01'], ['2024-04-01 10:00:00']], month)).toEqual([['2024-03-01'], ['2024-04-01']]);
  });
});
