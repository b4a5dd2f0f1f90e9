import { formatDateValue, relativeDateBounds, zonedDateTime, zonedInstant, type DateTimeValue } from './dates.js';
import { resolveRelativeDates } from './filters.js';

const at = (iso: string) => new Date(iso);
const bounds = (preset: string, now: string, zone: string, days?: number) => {
  const b = relativeDateBounds(preset, days, at(now), zone);
  return b && [formatDateValue(b.start), formatDateValue(b.end)];
};
const hours = (start: DateTimeValue, end: DateTimeValue, zone: string) => (zonedInstant(end, zone).getTime() - zonedInstant(start, zone).getTime()) / 3_600_000;

describe('relative date presets in the product time zone', () => {
  it.each([
    // [preset, instant (UTC), zone, days, [start, end)]
    ['today', '2026-03-29T22:30:00Z', 'Europe/Berlin', undefined, ['2026-03-30', '2026-03-31']], // already Monday in Berlin (CEST, +2)
    ['today', '2026-03-29T22:30:00Z', 'UTC', undefined, ['2026-03-29', '2026-03-30']],
    ['today', '2026-10-25T22:30:00Z', 'Europe/Berlin', undefined, ['2026-10-25', '2026-10-26']], // still Sunday (CET, +1 after the change)
    ['thisWeek', '2026-03-29T22:30:00Z', 'Europe/Berlin', undefined, ['2026-03-30', '2026-04-06']],
    ['thisWeek', '2026-03-29T21:30:00Z', 'Europe/Berlin', undefined, ['2026-03-23', '2026-03-30']],
    ['thisYear', '2026-12-31T23:30:00Z', 'Europe/Berlin', undefined, ['2027-01-01', '2028-01-01']], // the year boundary
    ['thisYear', '2026-12-31T23:30:00Z', 'America/New_York', undefined, ['2026-01-01', '2027-01-01']],
    ['thisQuarter', '2026-12-31T23:30:00Z', 'Asia/Shanghai', undefined, ['2027-01-01', '2027-04-01']],
    ['thisMonth', '2026-02-28T16:00:00Z', 'Asia/Shanghai', undefined, ['2026-03-01', '2026-04-01']],
    ['lastDays', '2027-01-01T08:00:00Z', 'Europe/Berlin', 7, ['2026-12-26', '2027-01-02']],
    ['lastDays', '2026-03-31T10:00:00Z', 'Europe/Berlin', 3, ['2026-03-29', '2026-04-01']],
  ] as const)('%s at %s in %s (%s days) is [%j)', (preset, now, zone, days, expected) => {
    expect(bounds(preset, now, zone, days)).toEqual(expected);
  });

  it('refuses unknown presets and day counts out of bounds', () => {
    expect(bounds('yesterday', '2026-01-01T00:00:00Z', 'UTC')).toBeNull();
    expect(bounds('lastDays', '2026-01-01T00:00:00Z', 'UTC', 0)).toBeNull();
    expect(bounds('lastDays', '2026-01-01T00:00:00Z', 'UTC', 3661)).toBeNull();
    expect(bounds('lastDays', '2026-01-01T00:00:00Z', 'UTC', 1.5)).toBeNull();
  });

  it('a day of wall-clock time across a DST change is 23 or 25 hours long', () => {
    const day = (s: string) => relativeDateBounds('today', undefined, at(s), 'Europe/Berlin')!;
    const spring = day('2026-03-29T12:00:00Z');
    expect(hours(spring.start, spring.end, 'Europe/Berlin')).toBe(23);
    const autumn = day('2026-10-25T12:00:00Z');
    expect(hours(autumn.start, autumn.end, 'Europe/Berlin')).toBe(25);
    const week = relativeDateBounds('thisWeek', undefined, at('2026-03-26T12:00:00Z'), 'Europe/Berlin')!;
    expect(hours(week.start, week.end, 'Europe/Berlin')).toBe(7 * 24 - 1);
    expect(zonedInstant(spring.start, 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedInstant(autumn.end, 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('reads the wall clock of an instant in a zone', () => {
    expect(formatDateValue(zonedDateTime(at('2026-10-25T00:59:59Z'), 'Europe/Berlin'))).toBe('2026-10-25 02:59:59');
    expect(formatDateValue(zonedDateTime(at('2026-10-25T01:00:00Z'), 'Europe/Berlin'))).toBe('2026-10-25 02:00:00');
  });

  it('turns a preset filter into a plain range at its granularity (the dates are in the query, so in its cache key)', () => {
    const now = at('2026-12-31T23:30:00Z');
    expect(resolveRelativeDates([{ id: 'g', name: 'd', dataType: 'date', range: [], relative: { preset: 'thisYear' } }], now, 'Europe/Berlin')).toEqual([
      { id: 'g', name: 'd', dataType: 'date', range: ['2027-01-01', '2027-01-01'], granularity: 1 },
    ]);
    expect(resolveRelativeDates([{ name: 'd', dataType: 'date', range: ['2020-01-01', '2020-02-01'], granularity: 5, relative: { preset: 'lastDays', days: 2 } }], now, 'UTC')).toEqual([
      { name: 'd', dataType: 'date', range: ['2026-12-30', '2026-12-31'], granularity: 5 },
    ]);
    const plain = { name: 'r', dataType: 'string' as const, range: ['East'] };
    expect(resolveRelativeDates([plain], now, 'UTC')[0]).toBe(plain);
    expect(() => resolveRelativeDates([{ name: 'd', dataType: 'date', range: [], relative: { preset: 'lastDays', days: -1 } }], now, 'UTC')).toThrow(/invalid_value|fit/);
  });
});
