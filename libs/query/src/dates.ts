/**
 * Calendar arithmetic for date filters: a filter value read at a granularity becomes a half-open
 * range [start, end) on the raw column, so the database compares the column itself (indexes,
 * DuckDB zone maps) instead of truncating every row. Pure; the Gregorian calendar in UTC terms.
 */
export type DateGranularity = 'year' | 'quarter' | 'month' | 'week' | 'day';
export type GranularityName = 'normal' | DateGranularity;

/** A wall-clock date (and time when hasTime); no zone. */
export interface DateTimeValue {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  hasTime: boolean;
}

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function fromUtc(ms: number, time?: Pick<DateTimeValue, 'hour' | 'minute' | 'second'>): DateTimeValue {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: time?.hour ?? 0,
    minute: time?.minute ?? 0,
    second: time?.second ?? 0,
    hasTime: time !== undefined,
  };
}

/** Milliseconds of a UTC midnight; month and day may overflow (13th month = next January). Years below 100 stay as written. */
function utc(year: number, month0: number, day: number): number {
  const t = new Date(0);
  t.setUTCFullYear(year, month0, day);
  return t.getTime();
}

const dayMs = (v: Pick<DateTimeValue, 'year' | 'month' | 'day'>) => utc(v.year, v.month - 1, v.day);

function date(year: number, month: number, day: number): DateTimeValue | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const v = fromUtc(utc(year, month - 1, day));
  return v.month === month ? v : null; // 31 April, 29 February of a common year
}

/** Monday of ISO week `week` of `year` (the week holding 4 January is week 1). */
function isoWeekMonday(year: number, week: number): DateTimeValue | null {
  const jan4 = utc(year, 0, 4);
  const mondayWeek1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const monday = fromUtc(mondayWeek1 + (week - 1) * 7 * DAY_MS);
  // week 53 exists only in years whose week 53 still holds a Thursday of that ISO year
  const thursday = fromUtc(mondayWeek1 + (week - 1) * 7 * DAY_MS + 3 * DAY_MS);
  return week >= 1 && thursday.year === year ? monday : null;
}

/**
 * Reads a filter value: yyyy-MM-dd (also with / separators), yyyy-MM-dd HH:mm[:ss[.fff]] (or a T),
 * yyyy-MM (a month), yyyy (a year, also as a number), yyyy-Qn / yyyyQn (a quarter), yyyy-Www (an
 * ISO week). Answers null for anything else, including texts with a zone (wall time only).
 */
export function parseDateValue(input: unknown): DateTimeValue | null {
  if (typeof input === 'number') return Number.isInteger(input) ? date(input, 1, 1) : null;
  if (typeof input !== 'string') return null;
  const s = input.trim();
  let m = /^(\d{4})$/.exec(s);
  if (m) return date(+m[1], 1, 1);
  m = /^(\d{4})\s*-?\s*Q([1-4])$/i.exec(s);
  if (m) return date(+m[1], (+m[2] - 1) * 3 + 1, 1);
  m = /^(\d{4})-?W(\d{1,2})$/i.exec(s);
  if (m) return isoWeekMonday(+m[1], +m[2]);
  m = /^(\d{4})[-/](\d{1,2})$/.exec(s);
  if (m) return date(+m[1], +m[2], 1);
  m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/.exec(s);
  if (!m) return null;
  const d = date(+m[1], +m[2], +m[3]);
  if (!d || m[4] === undefined) return d;
  const [hour, minute, second] = [+m[4], +m[5], m[6] === undefined ? 0 : +m[6]];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { ...d, hour, minute, second, hasTime: true };
}

/** The first day of the period holding the value (weeks start on Monday, as ISO weeks do). */
export function periodStart(v: DateTimeValue, g: DateGranularity): DateTimeValue {
  switch (g) {
    case 'year':
      return date(v.year, 1, 1)!;
    case 'quarter':
      return date(v.year, Math.floor((v.month - 1) / 3) * 3 + 1, 1)!;
    case 'month':
      return date(v.year, v.month, 1)!;
    case 'week': {
      const ms = dayMs(v);
      return fromUtc(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
    }
    case 'day':
      return date(v.year, v.month, v.day)!;
  }
}

/** The start of the period `n` periods after the period starting at `start`. */
export function addPeriods(start: DateTimeValue, g: DateGranularity, n: number): DateTimeValue {
  switch (g) {
    case 'year':
      return fromUtc(utc(start.year + n, 0, 1));
    case 'quarter':
      return fromUtc(utc(start.year, start.month - 1 + 3 * n, 1));
    case 'month':
      return fromUtc(utc(start.year, start.month - 1 + n, 1));
    case 'week':
      return fromUtc(dayMs(start) + 7 * n * DAY_MS);
    case 'day':
      return fromUtc(dayMs(start) + n * DAY_MS);
  }
}

/** Negative, zero or positive as `a` is before, at or after `b` (a date without time is its midnight). */
export function compareDateValues(a: DateTimeValue, b: DateTimeValue): number {
  const key = (v: DateTimeValue) => [v.year, v.month, v.day, v.hour, v.minute, v.second];
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
  return 0;
}

/** yyyy-MM-dd, or yyyy-MM-dd HH:mm:ss when the value has a time. */
export function formatDateValue(v: DateTimeValue): string {
  const d = `${pad(v.year, 4)}-${pad(v.month)}-${pad(v.day)}`;
  return v.hasTime ? `${d} ${pad(v.hour)}:${pad(v.minute)}:${pad(v.second)}` : d;
}

export interface DateBounds {
  /** column >= lower */
  lower?: DateTimeValue;
  /** column < upper (exclusive) or column <= upper (inclusive) */
  upper?: { value: DateTimeValue; inclusive: boolean };
}

/**
 * The range a pair of filter values covers. At a granularity, the whole periods holding `from` and
 * `to`: [start(from), start(to) + 1 period). Without one (normal), `from` as written and `to`
 * through the end of its day when it is a date, or up to and including its time when it has one.
 */
export function dateBounds(from: DateTimeValue | undefined, to: DateTimeValue | undefined, g: GranularityName): DateBounds {
  const out: DateBounds = {};
  if (g === 'normal') {
    if (from) out.lower = from;
    if (to) out.upper = to.hasTime ? { value: to, inclusive: true } : { value: addPeriods(to, 'day', 1), inclusive: false };
  } else {
    if (from) out.lower = periodStart(from, g);
    if (to) out.upper = { value: addPeriods(periodStart(to, g), g, 1), inclusive: false };
  }
  return out;
}

// ---- the product's clock: relative presets in BI_TIME_ZONE (issue 15 #2) ----

/** The wall-clock date and time of an instant in an IANA time zone. */
export function zonedDateTime(now: Date, timeZone: string): DateTimeValue {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(now);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute'), second: n('second'), hasTime: true };
}

/**
 * The instant a wall-clock time of a zone names (the earlier one when a DST change repeats it; a time
 * a DST change skips moves forward by the gap). Shows how long a period of wall-clock time really is.
 */
export function zonedInstant(v: DateTimeValue, timeZone: string): Date {
  const wall = Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute, v.second);
  const offsetAt = (ms: number) => {
    const z = zonedDateTime(new Date(ms), timeZone);
    return Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, z.second) - ms;
  };
  // the offset at the first guess, then at the corrected instant (a guess on the other side of a change)
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

export type RelativePreset = 'today' | 'thisWeek' | 'thisMonth' | 'thisQuarter' | 'thisYear' | 'lastDays';
export const RELATIVE_PRESETS: readonly RelativePreset[] = ['today', 'thisWeek', 'thisMonth', 'thisQuarter', 'thisYear', 'lastDays'];
/** The most days "last N days" may span (ten years). */
export const MAX_RELATIVE_DAYS = 3660;

const PRESET_PERIOD: Record<Exclude<RelativePreset, 'lastDays'>, DateGranularity> = { today: 'day', thisWeek: 'week', thisMonth: 'month', thisQuarter: 'quarter', thisYear: 'year' };

/**
 * A relative preset at the instant `now`, read in `timeZone`: the first and last period it covers at
 * its granularity (today: this day; this week/month/quarter/year: that period; last N days: the N days
 * ending today). dateBounds turns it into the half-open interval [start, end) the query compares.
 * Answers null for an unknown preset or a day count outside 1–MAX_RELATIVE_DAYS.
 */
export function relativeDateRange(preset: unknown, days: unknown, now: Date, timeZone: string): { from: DateTimeValue; to: DateTimeValue; granularity: DateGranularity } | null {
  const today = periodStart(zonedDateTime(now, timeZone), 'day');
  if (preset === 'lastDays') {
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_RELATIVE_DAYS) return null;
    return { from: addPeriods(today, 'day', 1 - days), to: today, granularity: 'day' };
  }
  if (typeof preset !== 'string' || !Object.hasOwn(PRESET_PERIOD, preset)) return null;
  const g = PRESET_PERIOD[preset as keyof typeof PRESET_PERIOD];
  const start = periodStart(today, g);
  return { from: start, to: start, granularity: g };
}

/** The half-open interval [start, end) of a relative preset at `now` in `timeZone` (null: not a preset). */
export function relativeDateBounds(preset: unknown, days: unknown, now: Date, timeZone: string): { start: DateTimeValue; end: DateTimeValue } | null {
  const r = relativeDateRange(preset, days, now, timeZone);
  if (!r) return null;
  const b = dateBounds(r.from, r.to, r.granularity);
  return { start: b.lower!, end: b.upper!.value };
}
