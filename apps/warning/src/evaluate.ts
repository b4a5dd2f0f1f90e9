/**
 * Pure alert evaluation (no I/O, no clock): a rule's conditions over the rows of the chart's own query,
 * the transition rule, and the hours of timed rules in the product's time zone.
 */
import { findWarnField, warnValueType, type ChartField, type WarnCondition, type WarnItem } from '@bi/chart-model';
import { dailyWindow } from '@bi/jobs';

export interface ResultColumn {
  alias: string;
  /** dimension, series, measure, measure2 */
  role: string;
  field: ChartField;
}

export type Row = Record<string, string | number | null>;

export interface RuleOutcome {
  met: boolean;
  /** the first row that met the rule: its category label and the compared values by field title */
  found?: { category: string; values: Record<string, string | number | null> };
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/** One condition against one value (null never meets a condition). */
export function conditionHolds(c: Pick<WarnCondition, 'compare' | 'compareValue' | 'compareValueLeft' | 'compareValueRight'>, value: string | number | null, type: 'number' | 'string' | 'date'): boolean {
  if (value === null || value === undefined) return false;
  if (type === 'number') {
    const v = num(value);
    if (!Number.isFinite(v)) return false;
    switch (c.compare) {
      case '>':
        return v > num(c.compareValue);
      case '<':
        return v < num(c.compareValue);
      case '=':
        return v === num(c.compareValue);
      case '!=':
        return v !== num(c.compareValue);
      case '>=':
        return v >= num(c.compareValue);
      case '<=':
        return v <= num(c.compareValue);
      case 'between':
        return v >= num(c.compareValueLeft) && v <= num(c.compareValueRight);
      default:
        return false;
    }
  }
  const v = String(value);
  const x = String(c.compareValue ?? '');
  switch (c.compare) {
    case '=':
      return v === x;
    case '!=':
      return v !== x;
    case 'like':
      return v.toLowerCase().includes(x.toLowerCase());
    case 'notLike':
      return !v.toLowerCase().includes(x.toLowerCase());
    case '>':
      return v > x;
    case '<':
      return v < x;
    case '>=':
      return v >= x;
    case '<=':
      return v <= x;
    case 'between':
      return v >= String(c.compareValueLeft ?? '') && v <= String(c.compareValueRight ?? '');
    default:
      return false;
  }
}

/**
 * A rule over the chart's rows: met when some row meets its conditions — any of them (logic 0) or all
 * of them (logic 1). A condition whose field is not in the result (the chart changed) never holds.
 * `fields` are the value fields the rule's list names (values or secondValues).
 */
export function evaluateRule(item: Pick<WarnItem, 'logic' | 'warnConditions'>, fields: readonly ChartField[], columns: readonly ResultColumn[], rows: readonly Row[]): RuleOutcome {
  const measures = columns.filter((c) => c.role === 'measure' || c.role === 'measure2');
  const dims = columns.filter((c) => c.role === 'dimension' || c.role === 'series');
  const resolved = item.warnConditions.map((c) => {
    const field = findWarnField(fields, c.axisField);
    const column = field && measures.find((m) => m.field.name === field.name && (m.field.aggregator ?? '') === (field.aggregator ?? ''));
    return { c, column, type: field ? warnValueType(field) : ('number' as const), title: c.axisField.axisTitle || field?.title || c.axisField.axisName };
  });
  for (const row of rows) {
    const holds = resolved.map((r) => (r.column ? conditionHolds(r.c, row[r.column.alias] ?? null, r.type) : false));
    const met = item.logic === 1 ? holds.length > 0 && holds.every(Boolean) : holds.some(Boolean);
    if (met) {
      const values: Record<string, string | number | null> = {};
      resolved.forEach((r, i) => {
        if (r.column && (item.logic === 1 || holds[i])) values[r.title] = row[r.column.alias] ?? null;
      });
      return { met: true, found: { category: dims.map((d) => String(row[d.alias] ?? '')).join(' / '), values } };
    }
  }
  return { met: false };
}

/** The transition rule: fire when the condition becomes true; not again while it stays true. */
export function shouldFire(wasTrue: boolean, isTrue: boolean): boolean {
  return isTrue && !wasTrue;
}

/** yyyy-MM-dd HH:mm:ss in a time zone (warning message times, spec 02 §9). */
export function formatLocal(at: Date, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The clock hour a stored hour stands for: 0–23 are 1:00–24:00, and 24:00 is 0:00 of the next day. */
export function clockHour(warnExactTime: number): number {
  return (warnExactTime + 1) % 24;
}

/**
 * The evaluation window a timed rule is due in at `now`, or null. A rule is due during the first
 * local hour at or after its clock hour on the local day — so a day whose hour is skipped by a DST
 * change runs it in the hour after the gap, and a repeated hour (DST end) gives one window (the
 * claim lets it run once). The window is `<local date>T<HH>` of the clock hour (@bi/jobs' dailyWindow).
 *
 * `since` (the scheduler's previous round, kept in the database): catch-up after a down time — a
 * window of this local day whose hour was not over yet at `since` is due now, so a rule whose whole
 * hour passed while no warning service ran runs once when one comes back (the claim per window keeps
 * it to once); windows of earlier days are not caught up.
 */
export function timedWindow(warnExactTime: number, now: Date, timeZone: string, since?: Date): string | null {
  return dailyWindow(clockHour(warnExactTime), now, timeZone, since);
}
