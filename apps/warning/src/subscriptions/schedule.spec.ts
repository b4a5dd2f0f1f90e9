import { parseCron, subscriptionScheduleSchema } from '@bi/chart-model';
import { dueSubscriptionWindows } from './schedule.js';

const s = (v: Record<string, unknown>) => subscriptionScheduleSchema.parse(v);
const SH = 'Asia/Shanghai';

describe('subscription schedules', () => {
  it('daily at 09:00 local: due in that minute only, window named by the local minute', () => {
    const daily = s({ frequency: 'daily', hour: 9, minute: 0 });
    expect(dueSubscriptionWindows(daily, SH, new Date('2026-03-02T01:00:20Z'))).toEqual(['2026-03-02T09:00']);
    expect(dueSubscriptionWindows(daily, SH, new Date('2026-03-02T01:01:00Z'))).toEqual([]);
    // a round that came 30 s later still sees the window since the previous round
    expect(dueSubscriptionWindows(daily, SH, new Date('2026-03-02T01:00:40Z'), new Date('2026-03-02T00:59:50Z'))).toEqual(['2026-03-02T09:00']);
    // same window when read in another zone: not due
    expect(dueSubscriptionWindows(daily, 'UTC', new Date('2026-03-02T01:00:20Z'))).toEqual([]);
  });
  it('catch-up after a down time: each missed window once, at most a day back', () => {
    const hourly = s({ frequency: 'hourly', minute: 30 });
    expect(dueSubscriptionWindows(hourly, 'UTC', new Date('2026-03-02T03:40:00Z'), new Date('2026-03-02T01:00:00Z'))).toEqual(['2026-03-02T01:30', '2026-03-02T02:30', '2026-03-02T03:30']);
    expect(dueSubscriptionWindows(hourly, 'UTC', new Date('2026-03-05T03:40:00Z'), new Date('2026-03-01T01:00:00Z'))).toHaveLength(24);
  });
  it('weekly, monthly (short months on their last day) and cron', () => {
    expect(dueSubscriptionWindows(s({ frequency: 'weekly', weekday: 1, hour: 8 }), 'UTC', new Date('2026-03-02T08:00:00Z'))).toEqual(['2026-03-02T08:00']); // a Monday
    expect(dueSubscriptionWindows(s({ frequency: 'weekly', weekday: 2, hour: 8 }), 'UTC', new Date('2026-03-02T08:00:00Z'))).toEqual([]);
    expect(dueSubscriptionWindows(s({ frequency: 'monthly', monthDay: 31, hour: 0 }), 'UTC', new Date('2026-02-28T00:00:00Z'))).toEqual(['2026-02-28T00:00']);
    expect(dueSubscriptionWindows(s({ frequency: 'monthly', monthDay: 31, hour: 0 }), 'UTC', new Date('2026-03-30T00:00:00Z'))).toEqual([]);
    const cron = s({ frequency: 'cron', cron: '*/15 9-17 * * 1-5' });
    expect(dueSubscriptionWindows(cron, 'UTC', new Date('2026-03-02T09:45:00Z'))).toEqual(['2026-03-02T09:45']);
    expect(dueSubscriptionWindows(cron, 'UTC', new Date('2026-03-01T09:45:00Z'))).toEqual([]); // Sunday
    expect(dueSubscriptionWindows(cron, 'UTC', new Date('2026-03-02T09:50:00Z'))).toEqual([]);
  });
  it('cron expressions that are not well formed are refused', () => {
    expect(parseCron('60 * * * *')).toBeNull();
    expect(parseCron('* * *')).toBeNull();
    expect(parseCron('5-1 * * * *')).toBeNull();
    expect(parseCron('0 9 * * 7')?.weekdays.has(0)).toBe(true);
    expect(subscriptionScheduleSchema.safeParse({ frequency: 'cron' }).success).toBe(false);
  });
});
