import type { GlobalFilterValue, RangeFilter, RelativeDatePreset } from '@bi/chart-model';

const MAX_VALUES = 1000;
const MAX_VALUE_CHARS = 1000;
const NUMBER_OPTIONS: readonly NonNullable<RangeFilter['numberOption']>[] = ['all', 'custom', 'equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'range'];
export const RELATIVE_PRESETS: readonly RelativeDatePreset[] = ['today', 'thisWeek', 'thisMonth', 'thisQuarter', 'thisYear', 'lastDays'];

/**
 * The picked part of a filter read from a page URL (?gf=, ?inner=): range, granularity, numberOption, relative —
 * known members only, every size bounded; null when there is no range array.
 */
export function pickedValueOf(raw: unknown): GlobalFilterValue | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.range)) return null;
  const range = r.range.filter((v): v is string | number => (typeof v === 'string' && v.length <= MAX_VALUE_CHARS) || (typeof v === 'number' && Number.isFinite(v))).slice(0, MAX_VALUES);
  const out: GlobalFilterValue = { range };
  if (typeof r.granularity === 'number' && Number.isInteger(r.granularity) && r.granularity >= 0 && r.granularity <= 5) out.granularity = r.granularity as GlobalFilterValue['granularity'];
  if (NUMBER_OPTIONS.includes(r.numberOption as never)) out.numberOption = r.numberOption as GlobalFilterValue['numberOption'];
  const rel = r.relative as { preset?: unknown; days?: unknown } | undefined;
  if (rel && typeof rel === 'object' && RELATIVE_PRESETS.includes(rel.preset as never)) {
    out.relative = rel.preset === 'lastDays' ? { preset: 'lastDays', days: Number.isInteger(rel.days) && (rel.days as number) >= 1 && (rel.days as number) <= 3660 ? (rel.days as number) : 7 } : { preset: rel.preset as RelativeDatePreset };
  }
  return out;
}
