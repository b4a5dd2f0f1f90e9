/**
 * Schedules in the product's time zone (BI_TIME_ZONE), pure (no I/O, no clock): which windows of a
 * schedule are due at an instant, with catch-up since the previous round. A window is a text naming
 * one run of the schedule: the claims and run records are keyed by it, so a window runs once.
 */

/**
 * every: a run per interval (window: the interval's start as an ISO instant, intervals aligned to
 * the epoch); a down time coalesces into the interval of now (an interval job catches up once).
 * daily: once a day at a local clock hour 0–23 (window `<local date>T<HH>`), on the given weekdays
 * only when set (0 Sunday … 6 Saturday, of the window's local date).
 */
export type Schedule = { every: number } | { daily: { hour: number; weekdays?: readonly number[] } };

export interface LocalParts {
  /** yyyy-MM-dd */
  date: string;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Local date (yyyy-MM-dd), hour and minute of an instant in a time zone. */
export function localParts(at: Date, timeZone: string): LocalParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

/** The weekday (0 Sunday … 6 Saturday) of a local date yyyy-MM-dd. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The window a daily schedule at local clock hour `hour` is due in at `now`, or null. It is due during
 * the first local hour at or after its hour on the local day — so a day whose hour is skipped by a DST
 * change runs it in the hour after the gap, and a repeated hour (DST end) gives one window (the claim
 * lets it run once). The window is `<local date>T<HH>` of the hour.
 *
 * `since` (the previous round of any replica, kept in the database): catch-up after a down time — a
 * window of this local day whose hour was not over yet at `since` is due now, so a run whose whole
 * hour passed while no replica ran happens once when one comes back (the claim per window keeps it to
 * once); windows of earlier days are not caught up.
 */
export function dailyWindow(hour: number, now: Date, timeZone: string, since?: Date, weekdays?: readonly number[]): string | null {
  const here = localParts(now, timeZone);
  if (here.hour < hour) return null;
  if (weekdays && !weekdays.includes(weekdayOf(here.date))) return null;
  const window = `${here.date}T${String(hour).padStart(2, '0')}`;
  if (here.hour === hour) return window;
  if (since) {
    const from = localParts(since, timeZone);
    if (from.date < here.date || (from.date === here.date && from.hour <= hour)) return window;
  }
  // later hour: due only when it is the first hour of the day at or after the target (the target was skipped)
  const startOfThisHour = new Date(now.getTime() - here.minute * 60_000);
  const before = localParts(new Date(startOfThisHour.getTime() - 60_000), timeZone);
  const skipped = before.date === here.date && before.hour < hour;
  return skipped ? window : null;
}

/** The window of an interval schedule at `now`: the start of the interval (aligned to the epoch) as an ISO instant. */
export function intervalWindow(everyMs: number, now: Date): string {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
}

/** The windows of a schedule due at `now` (catch-up since the previous round `since`, see dailyWindow). */
export function dueWindows(schedule: Schedule, now: Date, timeZone: string, since?: Date): string[] {
  if ('every' in schedule) return [intervalWindow(schedule.every, now)];
  const w = dailyWindow(schedule.daily.hour, now, timeZone, since, schedule.daily.weekdays);
  return w ? [w] : [];
}

/** Refuses a schedule that can never run (or runs all the time): bounds checked once, at registration. */
export function assertSchedule(schedule: Schedule): Schedule {
  if ('every' in schedule) {
    if (!Number.isInteger(schedule.every) || schedule.every < 1000) throw new Error(`jobs: an interval must be a whole number of ms ≥ 1000 (${schedule.every})`);
    return schedule;
  }
  const { hour, weekdays } = schedule.daily;
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new Error(`jobs: a daily hour must be 0–23 (${hour})`);
  if (weekdays && (!weekdays.length || weekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6))) throw new Error('jobs: weekdays must be 0–6');
  return schedule;
}
