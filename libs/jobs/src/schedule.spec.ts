import { assertSchedule, dailyWindow, dueWindows, intervalWindow, weekdayOf } from './schedule.js';

describe('schedules in the time zone', () => {
  it('an interval window is its aligned start; a down time coalesces into the interval of now', () => {
    expect(intervalWindow(30_000, new Date('2026-06-01T01:30:29.999Z'))).toBe('2026-06-01T01:30:00.000Z');
    expect(dueWindows({ every: 3_600_000 }, new Date('2026-06-01T05:20:00Z'), 'UTC', new Date('2026-06-01T01:00:00Z'))).toEqual(['2026-06-01T05:00:00.000Z']);
  });
  it('a daily window is due in its local hour, caught up later that day only when its hour passed since the previous round', () => {
    const at = new Date('2026-06-01T05:20:00Z'); // 13:20 in Asia/Shanghai
    expect(dailyWindow(13, at, 'Asia/Shanghai')).toBe('2026-06-01T13');
    expect(dailyWindow(10, at, 'Asia/Shanghai')).toBeNull();
    expect(dailyWindow(10, at, 'Asia/Shanghai', new Date('2026-06-01T01:30:00Z'))).toBe('2026-06-01T10');
    expect(dailyWindow(10, at, 'Asia/Shanghai', new Date('2026-06-01T03:00:00Z'))).toBeNull();
    expect(dueWindows({ daily: { hour: 10 } }, at, 'Asia/Shanghai', new Date('2026-05-31T10:00:00Z'))).toEqual(['2026-06-01T10']);
  });
  it('a daily window on some weekdays only (of the local date)', () => {
    expect(weekdayOf('2026-06-01')).toBe(1); // a Monday
    // 2026-05-31T16:30Z is Monday 00:30 in Shanghai but Sunday in UTC
    expect(dailyWindow(0, new Date('2026-05-31T16:30:00Z'), 'Asia/Shanghai', undefined, [1])).toBe('2026-06-01T00');
    expect(dailyWindow(16, new Date('2026-05-31T16:30:00Z'), 'UTC', undefined, [1])).toBeNull();
  });
  it('refuses schedules that cannot run', () => {
    expect(() => assertSchedule({ every: 10 })).toThrow();
    expect(() => assertSchedule({ daily: { hour: 24 } })).toThrow();
    expect(() => assertSchedule({ daily: { hour: 1, weekdays: [7] } })).toThrow();
    expect(assertSchedule({ daily: { hour: 0, weekdays: [0, 6] } })).toEqual({ daily: { hour: 0, weekdays: [0, 6] } });
  });
});
