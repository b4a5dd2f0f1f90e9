/**
 * The member lists and value rules the filter schemas (filters.ts) are built from, without zod: the web's
 * first screen reads page-URL values with these (pickedValueOf) instead of carrying zod in its entry chunk
 * (about 26 KB gzip); schemas.spec.ts holds each predicate equal to its schema.
 */
import { filterValueProblem } from './text-rules.js';

export const DATA_TYPES = ['string', 'number', 'date'] as const;
/** 0 normal, 1 year, 2 quarter, 3 month, 4 week, 5 day */
export const GRANULARITIES = [0, 1, 2, 3, 4, 5] as const;
export const NUMBER_OPTIONS = ['all', 'custom', 'equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'range'] as const;
export const RELATIVE_DATE_PRESETS = ['today', 'thisWeek', 'thisMonth', 'thisQuarter', 'thisYear', 'lastDays'] as const;
/** lastDays: at most this many days, today included */
export const MAX_RELATIVE_DAYS = 3660;

/** One value of a stored or picked range (the schema rangeValue): a storable text of bounded length, or a finite number. */
export function isRangeValue(v: unknown): v is string | number {
  return (typeof v === 'string' && filterValueProblem(v) === null) || (typeof v === 'number' && Number.isFinite(v));
}
/** A granularity code (the schema granularitySchema). */
export const isGranularity = (v: unknown): v is (typeof GRANULARITIES)[number] => (GRANULARITIES as readonly unknown[]).includes(v);
/** A number option (the schema numberOptionSchema). */
export const isNumberOption = (v: unknown): v is (typeof NUMBER_OPTIONS)[number] => (NUMBER_OPTIONS as readonly unknown[]).includes(v);
/** A relative date preset (the schema relativePresetSchema). */
export const isRelativePreset = (v: unknown): v is (typeof RELATIVE_DATE_PRESETS)[number] => (RELATIVE_DATE_PRESETS as readonly unknown[]).includes(v);
/** A day count of lastDays (the schema relativeDaysSchema). */
export const isRelativeDays = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_RELATIVE_DAYS;
