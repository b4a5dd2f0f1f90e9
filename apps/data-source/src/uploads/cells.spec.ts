import { NaiveDate, convertCell, excelSerialDate, formatDate, inferType, parseDateText, parseNumber, columnLetter } from './cells.js';
import { SheetShape } from './shape.js';

describe('upload cells', () => {
  it('reads numbers written as text, leaving codes with leading zeros alone', () => {
    expect(parseNumber('1234')).toBe(1234);
    expect(parseNumber(' -1,234.50 ')).toBe(-1234.5);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('1e6')).toBe(1_000_000);
    expect(parseNumber('12%')).toBeCloseTo(0.12);
    expect(parseNumber('¥1,200')).toBe(1200);
    expect(parseNumber('0.25')).toBe(0.25);
    for (const bad of ['007', 'abc', '1,23', '12a', '', '1.2.3', '--1']) expect(parseNumber(bad)).toBeUndefined();
  });

  it('reads dates with year, month and day (time optional) and refuses the rest', () => {
    const d = (t: string) => {
      const v = parseDateText(t);
      return v && formatDate(v);
    };
    expect(d('2024-01-05')).toBe('2024-01-05');
    expect(d('2024/1/5')).toBe('2024-01-05');
    expect(d('2024.01.05')).toBe('2024-01-05');
    expect(d('2024年1月5日')).toBe('2024-01-05');
    expect(d('20240105')).toBe('2024-01-05');
    expect(d('2024-01-05 13:45')).toBe('2024-01-05 13:45:00');
    expect(d('2024-01-05T13:45:10.250Z')).toBe('2024-01-05 13:45:10');
    expect(parseDateText('2024-01-05 00:00:00')!.hasTime).toBe(false);
    expect(d('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-01', '05/01/2024', 'Jan 5 2024', '2024-01-05 25:00', '999-01-01', 'garbage']) expect(parseDateText(bad)).toBeUndefined();
  });

  it('converts Excel serials (1900 and 1904 systems)', () => {
    expect(formatDate(excelSerialDate(45296)!)).toBe('2024-01-05');
    expect(formatDate(excelSerialDate(45296.5)!)).toBe('2024-01-05 12:00:00');
    expect(formatDate(excelSerialDate(43834, true)!)).toBe('2024-01-05');
    expect(excelSerialDate(-1)).toBeUndefined();
    expect(excelSerialDate(3_000_000)).toBeUndefined();
  });

  it('converts cells to the chosen type, failing on values of another kind', () => {
    const day = new NaiveDate(Date.UTC(2024, 0, 5), false);
    expect(convertCell('12.5', 'number', false)).toEqual({ ok: true, value: 12.5 });
    expect(convertCell('  ', 'number', false)).toEqual({ ok: true, value: null });
    expect(convertCell(null, 'date', true)).toEqual({ ok: true, value: null });
    expect(convertCell('x', 'number', false)).toEqual({ ok: false });
    expect(convertCell('007', 'number', false)).toEqual({ ok: true, value: 7 });
    expect(convertCell(day, 'number', true)).toEqual({ ok: false });
    expect(convertCell(3, 'string', false)).toEqual({ ok: true, value: '3' });
    expect(convertCell(0.1 + 0.2, 'string', true)).toEqual({ ok: true, value: '0.3' });
    expect(convertCell(day, 'string', true)).toEqual({ ok: true, value: '2024-01-05' });
    expect(convertCell(true, 'string', true)).toEqual({ ok: true, value: 'true' });
    // numbers as dates: yyyyMMdd anywhere, serials only from a workbook
    expect(convertCell(20240105, 'date', false)).toMatchObject({ ok: true });
    expect(convertCell(45296, 'date', true)).toMatchObject({ ok: true, value: { ms: Date.UTC(2024, 0, 5) } });
    expect(convertCell(45296, 'date', false)).toEqual({ ok: false });
    expect(convertCell('45296', 'date', false)).toEqual({ ok: false });
    expect(convertCell('2024-01-05', 'date', false)).toEqual({ ok: true, value: day });
  });

  it('infers a column type from its first values', () => {
    const day = new NaiveDate(0, false);
    expect(inferType([1, '2', null, ' '])).toBe('number');
    expect(inferType(['2024-01-01', day, ''])).toBe('date');
    expect(inferType(['2024-01-01', 'x'])).toBe('string');
    expect(inferType([1, day])).toBe('string');
    expect(inferType(['007', '008'])).toBe('string');
    expect(inferType(['20240101'])).toBe('number');
    expect(inferType([])).toBe('string');
    expect(inferType([true])).toBe('string');
  });

  it('names columns by letter', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

describe('sheet shape (standard one-dimensional table)', () => {
  it('takes the first non-empty row as header and pads short rows', () => {
    const s = new SheetShape('S');
    expect(s.accept(1, [null, ''])).toBeNull();
    expect(s.accept(2, ['a', 'b', 'c', null])).toBeNull();
    expect(s.header).toEqual(['a', 'b', 'c']);
    expect(s.accept(3, ['1'])).toEqual(['1', null, null]);
    expect(s.accept(4, ['1', '2', '3', ''])).toEqual(['1', '2', '3']);
    expect(s.accept(5, [])).toBeNull();
    expect(s.finish()).toBeNull();
  });

  it('refuses empty sheets, unnamed and duplicate headers, and values right of the header', () => {
    expect(new SheetShape('E').finish()).toEqual({ key: 'excel.sheet_empty', params: { sheet: 'E' } });
    const unnamed = new SheetShape('U');
    unnamed.accept(1, ['a', null, 'c']);
    expect(unnamed.problem).toEqual({ key: 'excel.header_empty', params: { sheet: 'U', row: 1, column: 'B' } });
    const dup = new SheetShape('D');
    dup.accept(1, ['Amount', 'amount']);
    expect(dup.problem).toEqual({ key: 'excel.header_duplicate', params: { sheet: 'D', name: 'amount' } });
    const wide = new SheetShape('W');
    wide.accept(1, ['a']);
    wide.accept(2, ['1', 'x']);
    expect(wide.problem).toEqual({ key: 'excel.not_tabular', params: { sheet: 'W', row: 2, column: 'B' } });
  });
});
