import type { ChartField, WarnCondition } from '@bi/chart-model';
import { clockHour, conditionHolds, evaluateRule, shouldFire, timedWindow, type ResultColumn } from './evaluate.js';

const amount: ChartField = { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' };
const region: ChartField = { name: 'region', dataType: 'string', aggregator: 'max' };
const columns: ResultColumn[] = [
  { alias: 'd0', role: 'dimension', field: { name: 'city', dataType: 'string' } },
  { alias: 'm0', role: 'measure', field: amount },
  { alias: 'm1', role: 'measure', field: region },
];
const rows = [
  { d0: 'Berlin', m0: 50, m1: 'north' },
  { d0: 'Paris', m0: 150, m1: 'west' },
];
const cond = (compare: WarnCondition['compare'], v?: number | string, l?: number, r?: number): WarnCondition => ({
  axisField: { axisName: 'amount', aggregator: 'sum' },
  compare,
  compareValue: v,
  compareValueLeft: l,
  compareValueRight: r,
});

describe('conditionHolds', () => {
  it.each([
    ['>', 10, 5, false],
    ['>', 10, 11, true],
    ['<', 10, 5, true],
    ['=', 10, 10, true],
    ['!=', 10, 10, false],
    ['>=', 10, 10, true],
    ['<=', 10, 11, false],
  ] as const)('number %s %d against %d → %s', (op, x, v, want) => {
    expect(conditionHolds(cond(op, x), v, 'number')).toBe(want);
  });
  it('between is inclusive', () => {
    expect(conditionHolds(cond('between', undefined, 1, 5), 1, 'number')).toBe(true);
    expect(conditionHolds(cond('between', undefined, 1, 5), 5, 'number')).toBe(true);
    expect(conditionHolds(cond('between', undefined, 1, 5), 6, 'number')).toBe(false);
  });
  it('text operators and null values', () => {
    expect(conditionHolds({ compare: 'like', compareValue: 'OR' }, 'north', 'string')).toBe(true);
    expect(conditionHolds({ compare: 'notLike', compareValue: 'or' }, 'north', 'string')).toBe(false);
    expect(conditionHolds({ compare: '=', compareValue: 'west' }, 'west', 'string')).toBe(true);
    expect(conditionHolds(cond('>', 1), null, 'number')).toBe(false);
  });
});

describe('evaluateRule', () => {
  const fields = [amount, region];
  it('any: some row meets one condition; the value found names the row', () => {
    const out = evaluateRule({ logic: 0, warnConditions: [cond('>', 100)] }, fields, columns, rows);
    expect(out).toEqual({ met: true, found: { category: 'Paris', values: { Amount: 150 } } });
  });
  it('all: one row must meet every condition', () => {
    const west = { axisField: { axisName: 'region', aggregator: 'max' as const }, compare: '=' as const, compareValue: 'north' };
    expect(evaluateRule({ logic: 1, warnConditions: [cond('>', 100), west] }, fields, columns, rows).met).toBe(false);
    expect(evaluateRule({ logic: 0, warnConditions: [cond('>', 100), west] }, fields, columns, rows).met).toBe(true);
    expect(evaluateRule({ logic: 1, warnConditions: [cond('<', 100), west] }, fields, columns, rows).met).toBe(true);
  });
  it('a condition on a field no longer in the chart never holds', () => {
    expect(evaluateRule({ logic: 0, warnConditions: [cond('>', 0)] }, [region], columns, rows).met).toBe(false);
  });
});

describe('shouldFire (transition)', () => {
  it('fires on false → true only', () => {
    expect(shouldFire(false, true)).toBe(true);
    expect(shouldFire(true, true)).toBe(false);
    expect(shouldFire(true, false)).toBe(false);
    expect(shouldFire(false, false)).toBe(false);
  });
});

describe('timedWindow', () => {
  it('hours 0–23 stand for 1:00–24:00', () => {
    expect(clockHour(0)).toBe(1);
    expect(clockHour(23)).toBe(0);
  });
  it('is due during its clock hour in the zone only', () => {
    // 08:30 UTC = 16:30 in Shanghai; hour 15 stands for 16:00
    expect(timedWindow(15, new Date('2026-06-01T08:30:00Z'), 'Asia/Shanghai')).toBe('2026-06-01T16');
    expect(timedWindow(14, new Date('2026-06-01T08:30:00Z'), 'Asia/Shanghai')).toBeNull();
    expect(timedWindow(16, new Date('2026-06-01T08:30:00Z'), 'Asia/Shanghai')).toBeNull();
    // 24:00 is midnight, the window carries the new day
    expect(timedWindow(23, new Date('2026-06-01T16:10:00Z'), 'Asia/Shanghai')).toBe('2026-06-02T00');
  });
  it('a skipped hour (DST start) runs in the hour after the gap, once', () => {
    // Europe/Berlin 2026-03-29: 02:00 local does not exist (01:59 CET → 03:00 CEST); hour 1 stands for 2:00
    expect(timedWindow(1, new Date('2026-03-29T01:10:00Z'), 'Europe/Berlin')).toBe('2026-03-29T02'); // 03:10 CEST
    expect(timedWindow(1, new Date('2026-03-29T02:10:00Z'), 'Europe/Berlin')).toBeNull(); // 04:10 CEST
    expect(timedWindow(1, new Date('2026-03-30T01:10:00Z'), 'Europe/Berlin')).toBeNull(); // a normal day, 03:10
  });
  it('catches up a window of the day whose hour passed since the previous round (down time), not earlier days', () => {
    // Asia/Shanghai; hour 9 stands for 10:00; down from 09:30 to 13:20 local
    const at = new Date('2026-06-01T05:20:00Z'); // 13:20
    expect(timedWindow(9, at, 'Asia/Shanghai')).toBeNull(); // no previous round known: its hour only
    expect(timedWindow(9, at, 'Asia/Shanghai', new Date('2026-06-01T01:30:00Z'))).toBe('2026-06-01T10'); // last round 09:30
    expect(timedWindow(9, at, 'Asia/Shanghai', new Date('2026-06-01T02:40:00Z'))).toBe('2026-06-01T10'); // last round 10:40, in its hour
    expect(timedWindow(9, at, 'Asia/Shanghai', new Date('2026-06-01T03:00:00Z'))).toBeNull(); // last round 11:00: its hour was over
    expect(timedWindow(13, at, 'Asia/Shanghai', new Date('2026-06-01T01:30:00Z'))).toBeNull(); // 14:00 is still to come
    // down since the day before: today's passed hours are due, yesterday's are not (the window is today's)
    expect(timedWindow(9, at, 'Asia/Shanghai', new Date('2026-05-30T20:00:00Z'))).toBe('2026-06-01T10');
    // 24:00 (hour 23) is 0:00 of the day: caught up later that day
    expect(timedWindow(23, at, 'Asia/Shanghai', new Date('2026-05-31T15:50:00Z'))).toBe('2026-06-01T00');
  });
  it('a repeated hour (DST end) keeps one window for both passes', () => {
    // Europe/Berlin 2026-10-25: 02:00–02:59 happens twice; hour 1 stands for 2:00
    const first = timedWindow(1, new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin'); // 02:30 CEST
    const second = timedWindow(1, new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin'); // 02:30 CET
    expect(first).toBe('2026-10-25T02');
    expect(second).toBe(first);
  });
});
