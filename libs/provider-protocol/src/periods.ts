/**
 * Periods of the indicator calls (UTC calendar days): labels, bounds, the same period a year earlier
 * (compare 1) and the previous period (compare 2). Shared by providers, the conformance kit and the
 * platform's adapters so all of them agree on what "2025-Q1" spans.
 */
import type { PeriodDimension } from './wire.js';

const DAY = 86_400_000;

export function parseDay(s: string): Date {
  return new Date(`${s}T00:00:00Z`);
}
export function formatDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
export function addDays(s: string, n: number): string {
  return formatDay(new Date(parseDay(s).getTime() + n * DAY));
}
/** whole days from a to b (b − a) */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDay(b).getTime() - parseDay(a).getTime()) / DAY);
}

export interface Period {
  label: string;
  start: string;
  end: string;
}

/** The period of `dimension` that holds `day`. */
export function periodOf(day: string, dimension: PeriodDimension): Period {
  const d = parseDay(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const pad = (n: number) => String(n).padStart(2, '0');
  const span = (sy: number, sm: number, months: number): { start: string; end: string } => ({
    start: formatDay(new Date(Date.UTC(sy, sm, 1))),
    end: formatDay(new Date(Date.UTC(sy, sm + months, 0))),
  });
  switch (dimension) {
    case 1:
      return { label: day, start: day, end: day };
    case 2:
      return { label: `${y}-${pad(m + 1)}`, ...span(y, m, 1) };
    case 3: {
      const q = Math.floor(m / 3);
      return { label: `${y}-Q${q + 1}`, ...span(y, q * 3, 3) };
    }
    case 4:
      return { label: String(y), ...span(y, 0, 12) };
  }
}

/** The periods that touch [from, to], in order (the first and last may reach outside it). */
export function periodsIn(from: string, to: string, dimension: PeriodDimension): Period[] {
  const out: Period[] = [];
  let day = from;
  while (day <= to) {
    const p = periodOf(day, dimension);
    out.push(p);
    day = addDays(p.end, 1);
  }
  return out;
}

/** The same period one year earlier (compare 1); 29 February maps to 28 February. */
export function samePeriodLastYear(p: Period, dimension: PeriodDimension): Period {
  const d = parseDay(p.start);
  const y = d.getUTCFullYear() - 1;
  const m = d.getUTCMonth();
  const day = Math.min(d.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return periodOf(formatDay(new Date(Date.UTC(y, m, day))), dimension);
}

/** The period just before (compare 2). */
export function previousPeriod(p: Period, dimension: PeriodDimension): Period {
  return periodOf(addDays(p.start, -1), dimension);
}

/** (value − base) / |base|, null when either is missing or base is 0. */
export function changeRate(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return (value - base) / Math.abs(base);
}
