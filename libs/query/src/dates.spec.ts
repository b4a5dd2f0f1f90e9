import { addPeriods, dateBounds, formatDateValue, parseDateValue, periodStart, type DateGranularity } from './dates.js';

const f = (s: string | number) => {
  const v = parseDateValue(s);
  return v ? formatDateValue(v) : null;
};

describe('parseDateValue', () => {
  it('reads the forms filters send', () => {
    expect(f('2024-03-05')).toBe('2024-03-05');
    expect(f('2024/3/5')).toBe('2024-03-05');
    expect(f(' 2024-03-05 ')).toBe('2024-03-05');
    expect(f('2024-03-05 7:08')).toBe('2024-03-05 07:08:00');
    expect(f('2024-03-05T07:08:09.123')).toBe('2024-03-05 07:08:09');
    expect(f('2024-03')).toBe('2024-03-01');
    expect(f('2024')).toBe('2024-01-01');
    expect(f(2024)).toBe('2024-01-01');
    expect(f('2024-Q3')).toBe('2024-07-01');
    expect(f('2024q4')).toBe('2024-10-01');
    expect(f('2024-W01')).toBe('2024-01-01');
    expect(f('2021-W01')).toBe('2021-01-04');
    expect(f('2020-W53')).toBe('2020-12-28');
    expect(f('0099-12-31')).toBe('0099-12-31');
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of ['2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '2024-03-05 24:00', '2024-03-05T10:00:00Z', '2024-03-05T10:00:00+08:00', '2021-W53', '2024-Q5', 'yesterday', '', '1e3', 2024.5]) {
      expect({ bad, parsed: parseDateValue(bad) }).toEqual({ bad, parsed: null });
    }
    expect(parseDateValue(null)).toBeNull();
    expect(parseDateValue({})).toBeNull();
    expect(f('2024-02-29')).toBe('2024-02-29');
    expect(f('2000-02-29')).toBe('2000-02-29');
    expect(parseDateValue('1900-02-29')).toBeNull();
  });
});

describe('periods', () => {
  const cases: [DateGranularity, string, string, string][] = [
    ['year', '2024-08-15', '2024-01-01', '2025-01-01'],
    ['quarter', '2024-08-15', '2024-07-01', '2024-10-01'],
    ['quarter', '2024-12-31', '2024-10-01', '2025-01-01'],
    ['month', '2024-01-31', '2024-01-01', '2024-02-01'],
    ['month', '2024-12-02', '2024-12-01', '2025-01-01'],
    ['week', '2024-03-03', '2024-02-26', '2024-03-04'], // a Sunday belongs to the week of the Monday before
    ['week', '2024-03-04', '2024-03-04', '2024-03-11'],
    ['week', '2024-12-31', '2024-12-30', '2025-01-06'],
    ['day', '2024-02-28 13:00', '2024-02-28', '2024-02-29'],
    ['day', '2024-02-29', '2024-02-29', '2024-03-01'],
  ];
  it.each(cases)('%s of %s starts %s, the next starts %s', (g, value, start, next) => {
    const s = periodStart(parseDateValue(value)!, g);
    expect(formatDateValue(s)).toBe(start);
    expect(formatDateValue(addPeriods(s, g, 1))).toBe(next);
  });
});

describe('dateBounds', () => {
  const b = (from: string | undefined, to: string | undefined, g: Parameters<typeof dateBounds>[2]) => {
    const r = dateBounds(from ? parseDateValue(from)! : undefined, to ? parseDateValue(to)! : undefined, g);
    return { lower: r.lower && formatDateValue(r.lower), upper: r.upper && `${r.upper.inclusive ? '<=' : '<'} ${formatDateValue(r.upper.value)}` };
  };

  it('covers whole periods at a granularity, end exclusive', () => {
    expect(b('2024-02', '2024-04', 'month')).toEqual({ lower: '2024-02-01', upper: '< 2024-05-01' });
    expect(b('2024-02-17', '2024-04-03', 'month')).toEqual({ lower: '2024-02-01', upper: '< 2024-05-01' });
    expect(b('2023', '2024', 'year')).toEqual({ lower: '2023-01-01', upper: '< 2025-01-01' });
    expect(b('2024-Q2', '2024-Q2', 'quarter')).toEqual({ lower: '2024-04-01', upper: '< 2024-07-01' });
    expect(b('2024-W10', '2024-W10', 'week')).toEqual({ lower: '2024-03-04', upper: '< 2024-03-11' });
    expect(b('2024-01-01 10:00', '2024-01-01 11:00', 'day')).toEqual({ lower: '2024-01-01', upper: '< 2024-01-02' });
  });

  it('without a granularity: through the end of the last day, or up to its time', () => {
    expect(b('2024-01-01', '2024-01-31', 'normal')).toEqual({ lower: '2024-01-01', upper: '< 2024-02-01' });
    expect(b('2024-01-01 08:00', '2024-01-31 18:00', 'normal')).toEqual({ lower: '2024-01-01 08:00:00', upper: '<= 2024-01-31 18:00:00' });
  });

  it('leaves a missing end open', () => {
    expect(b('2024-01-01', undefined, 'month')).toEqual({ lower: '2024-01-01', upper: undefined });
    expect(b(undefined, '2024-01-01', 'year')).toEqual({ lower: undefined, upper: '< 2025-01-01' });
  });
});
