/**
 * When a subscription runs (pure: no I/O, no clock): its schedule — hourly, daily, weekly, monthly
 * or a 5-field cron expression — read at local minutes of its time zone. A run's window is the local
 * minute it is due at, `yyyy-MM-ddTHH:mm`: the claim of @bi/jobs is keyed by it, so each window runs
 * once across replicas and restarts.
 */
import { localParts, weekdayOf } from '@bi/jobs';
import { parseCron, type CronSpec, type SubscriptionSchedule } from '@bi/chart-model';

const MINUTE = 60_000;
/** After a down time, windows of at most this long ago are still run (once each); older ones are not. */
export const CATCH_UP_MS = 24 * 3_600_000;

interface LocalMinute {
  date: string;
  hour: number;
  minute: number;
  /** day of month 1–31 */
  day: number;
  month: number;
  weekday: number;
  /** the number of days of the local month */
  daysInMonth: number;
}

function localMinute(at: Date, timeZone: string): LocalMinute {
  const p = localParts(at, timeZone);
  const [y, m, d] = p.date.split('-').map(Number) as [number, number, number];
  return { date: p.date, hour: p.hour, minute: p.minute, day: d, month: m, weekday: weekdayOf(p.date), daysInMonth: new Date(Date.UTC(y, m, 0)).getUTCDate() };
}

/** Whether a schedule is due at a local minute. */
function matches(s: SubscriptionSchedule, t: LocalMinute, cron: CronSpec | null): boolean {
  switch (s.frequency) {
    case 'hourly':
      return t.minute === s.minute;
    case 'daily':
      return t.hour === s.hour && t.minute === s.minute;
    case 'weekly':
      return t.weekday === s.weekday && t.hour === s.hour && t.minute === s.minute;
    case 'monthly':
      // a month shorter than the day runs on its last day
      return t.day === Math.min(s.monthDay, t.daysInMonth) && t.hour === s.hour && t.minute === s.minute;
    case 'cron': {
      if (!cron) return false;
      if (!cron.minutes.has(t.minute) || !cron.hours.has(t.hour) || !cron.months.has(t.month)) return false;
      const day = cron.days.has(t.day);
      const weekday = cron.weekdays.has(t.weekday);
      return cron.dayOr ? day || weekday : day && weekday;
    }
  }
}

const windowOf = (t: LocalMinute) => `${t.date}T${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

/**
 * The windows of a schedule due in (since, now] (local minutes in `timeZone`), oldest first; without
 * `since` only the minute of now. Catch-up after a down time: every window since the previous round,
 * at most CATCH_UP_MS back. A local minute that occurs twice (DST end) is one window; a skipped one
 * (DST start) does not occur.
 */
export function dueSubscriptionWindows(schedule: SubscriptionSchedule, timeZone: string, now: Date, since?: Date): string[] {
  const cron = schedule.frequency === 'cron' ? parseCron(schedule.cron ?? '') : null;
  const end = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const start = since ? Math.max(Math.floor(since.getTime() / MINUTE) * MINUTE + MINUTE, end - CATCH_UP_MS) : end;
  const out: string[] = [];
  for (let t = start; t <= end; t += MINUTE) {
    const local = localMinute(new Date(t), timeZone);
    if (matches(schedule, local, cron)) {
      const w = windowOf(local);
      if (!out.includes(w)) out.push(w);
    }
  }
  return out;
}
