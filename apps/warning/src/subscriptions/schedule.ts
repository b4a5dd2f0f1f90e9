/**
 * When a subscription runs (pure: no I/O, no clock): its schedule — hourly, daily, weekly, monthly
 * or a 5-field cron expression — read at local minutes of its time zone. A run's window is the local
 * minute it is due at, `yyyy-MM-ddTHH:mm`: the claim of @bi/jobs is keyed by it, so each window runs
 * once across replicas and restarts.
 */
import { localParts, weekdayOf } from '@bi/jobs';
import type { SubscriptionSchedule } from '@bi/chart-model';

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

/** One cron field as the set of values it allows (min…max), or null when it is not well formed. */
export function cronField(text: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const step = m[4] ? Number(m[4]) : 1;
    let from = min;
    let to = max;
    if (m[2] !== undefined) {
      from = Number(m[2]);
      to = m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    }
    if (step < 1 || from < min || to > max || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

export interface CronSpec {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** both day fields restricted: a day matching either runs (cron's rule) */
  dayOr: boolean;
}

/** A 5-field cron expression (minute hour day month weekday; 7 is Sunday too), or null when it is not well formed. */
export function parseCron(expr: string): CronSpec | null {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 5) return null;
  const minutes = cronField(f[0]!, 0, 59);
  const hours = cronField(f[1]!, 0, 23);
  const days = cronField(f[2]!, 1, 31);
  const months = cronField(f[3]!, 1, 12);
  const weekdays = cronField(f[4]!, 0, 7);
  if (!minutes || !hours || !days || !months || !weekdays) return null;
  if (weekdays.delete(7)) weekdays.add(0);
  return { minutes, hours, days, months, weekdays, dayOr: f[2] !== '*' && f[4] !== '*' };
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
