/** Data-source constants and field rules of spec 02 §3, §5, §9 (docs/api/data-source.md). */
import { CHART_AGGREGATORS, isNumberOnlyAggregator } from '@bi/chart-model';
import { ALIAS_MAX, ALIAS_MIN, charLength, checkName, type NameProblem } from './names.js';

/** The kinds of source (type codes, modules, engines, connection defaults): source-kinds.ts. */
export const CONNECTION_TYPES = ['Basic', 'TNS'] as const;
export const ORACLE_ROLES = ['Default', 'SYSDBA', 'SYSOPER'] as const;

/** Cache interval options in minutes; 0 = no cache (the default; null counts as 0). */
export const CACHE_INTERVALS = [0, 5, 10, 30, 60, 180, 300, 720, 1440] as const;
export function isCacheInterval(v: unknown): boolean {
  return (CACHE_INTERVALS as readonly unknown[]).includes(v);
}

export const FIELD_DATA_TYPES = ['string', 'number', 'date'] as const;
export type FieldDataType = (typeof FIELD_DATA_TYPES)[number];
/** A source field's default aggregator: none ('') or one of the chart's (CHART_AGGREGATORS of @bi/chart-model, the one list). */
export const AGGREGATORS = ['', ...CHART_AGGREGATORS] as const;
export type Aggregator = (typeof AGGREGATORS)[number];

/** sum and avg only for number fields (spec 01 §5 / 02 §5). */
export function aggregatorAllowed(aggregator: string, dataType: string): boolean {
  if (!(AGGREGATORS as readonly string[]).includes(aggregator)) return false;
  return !isNumberOnlyAggregator(aggregator) || dataType === 'number';
}

/** Field alias: required, 1 to 20 characters after trimming. */
export function checkAlias(title: unknown): NameProblem | null {
  return checkName(title, ALIAS_MIN, ALIAS_MAX);
}

/** The default alias of a column: its name cut to 20 characters. */
export function defaultTitle(name: string): string {
  const t = name.trim() || name;
  return charLength(t) <= ALIAS_MAX ? t : [...t].slice(0, ALIAS_MAX).join('');
}

export const CALCULATED_NAME_MAX = 50;

/** Rows the detail page loads, the most a preview shows, and the export limit (spec 02 §8–§9). */
export const SOURCE_PAGE_ROWS = 500;
export const PROBE_MAX_ROWS = 500;
export const SOURCE_EXPORT_MAX_ROWS = 99_999;
/** A chart's detail rows: the dialog shows 500 per page; an export holds at most 9999 rows (spec 01 §9). */
export const CHART_DETAIL_PAGE_ROWS = 500;
export const CHART_DETAIL_EXPORT_MAX_ROWS = 9_999;
