import { RELATIVE_DATE_PRESETS, granularitySchema, numberOptionSchema, rangeValue, relativeDaysSchema, relativePresetSchema, type GlobalFilterValue, type RelativeDatePreset } from '@bi/chart-model';

const MAX_VALUES = 1000;
export const RELATIVE_PRESETS: readonly RelativeDatePreset[] = RELATIVE_DATE_PRESETS;
/** A lastDays preset without a day count in bounds reads as the last 7 days. */
const DEFAULT_LAST_DAYS = 7;

/**
 * The picked part of a filter read from a page URL (?gf=, ?inner=): range, granularity, numberOption, relative —
 * each member read with the wire schema of @bi/chart-model (globalFilterValueSchema's parts: known members only,
 * storable texts of bounded size, finite numbers); what does not fit is left out, never refused; null when there is
 * no range array.
 */
export function pickedValueOf(raw: unknown): GlobalFilterValue | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.range)) return null;
  const range = r.range.filter((v): v is string | number => rangeValue.safeParse(v).success).slice(0, MAX_VALUES);
  const out: GlobalFilterValue = { range };
  const granularity = granularitySchema.safeParse(r.granularity);
  if (granularity.success) out.granularity = granularity.data;
  const numberOption = numberOptionSchema.safeParse(r.numberOption);
  if (numberOption.success) out.numberOption = numberOption.data;
  const rel = r.relative as { preset?: unknown; days?: unknown } | undefined;
  const preset = rel && typeof rel === 'object' ? relativePresetSchema.safeParse(rel.preset) : undefined;
  if (preset?.success) {
    const days = relativeDaysSchema.safeParse(rel!.days);
    out.relative = preset.data === 'lastDays' ? { preset: 'lastDays', days: days.success ? days.data : DEFAULT_LAST_DAYS } : { preset: preset.data };
  }
  return out;
}
