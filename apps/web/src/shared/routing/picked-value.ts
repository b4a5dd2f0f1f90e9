import { RELATIVE_DATE_PRESETS, isGranularity, isNumberOption, isRangeValue, isRelativeDays, isRelativePreset, type GlobalFilterValue, type RelativeDatePreset } from '@bi/chart-model';

const MAX_VALUES = 1000;
export const RELATIVE_PRESETS: readonly RelativeDatePreset[] = RELATIVE_DATE_PRESETS;
/** A lastDays preset without a day count in bounds reads as the last 7 days. */
const DEFAULT_LAST_DAYS = 7;

/**
 * The picked part of a filter read from a page URL (?gf=, ?inner=): range, granularity, numberOption, relative —
 * each member read with the rules of the wire schema globalFilterValueSchema (@bi/chart-model schemas/values.ts,
 * without zod on the first screen: known members only, storable texts of bounded size, finite numbers); what does
 * not fit is left out, never refused; null when there is no range array.
 */
export function pickedValueOf(raw: unknown): GlobalFilterValue | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.range)) return null;
  const out: GlobalFilterValue = { range: r.range.filter(isRangeValue).slice(0, MAX_VALUES) };
  if (isGranularity(r.granularity)) out.granularity = r.granularity;
  if (isNumberOption(r.numberOption)) out.numberOption = r.numberOption;
  const rel = r.relative as { preset?: unknown; days?: unknown } | undefined;
  if (rel && typeof rel === 'object' && isRelativePreset(rel.preset)) {
    out.relative = rel.preset === 'lastDays' ? { preset: 'lastDays', days: isRelativeDays(rel.days) ? rel.days : DEFAULT_LAST_DAYS } : { preset: rel.preset };
  }
  return out;
}
