import { QueryError } from './errors.js';
import { allOf } from './filters.js';
import type { ChartQueryIR, FilterNode } from './ir.js';
import { FieldCatalog, type QuerySource, type SourceField } from './source.js';
import { INPUT_BOUNDS } from '@bi/rules';

/** A text field offers at most this many values at once (a filter selects at most as many); more are found by searching. */
export const FIELD_RANGE_MAX_VALUES = INPUT_BOUNDS.filterValues;

export interface FieldRangeOptions {
  /** text fields: only values containing this text ('' or absent: every value) */
  search?: string;
  /** text fields: at most this many values (1 … FIELD_RANGE_MAX_VALUES; default the most) */
  limit?: number;
  /** the caller's row-level rules (rowRuleFilter) */
  rowFilter?: FilterNode;
}

export interface FieldRangePlan {
  field: SourceField;
  /** text fields: rows d0 (the value) and m0 (its rows), ordered by value, one more than `limit` (tells "more");
   *  number and date fields: one row m0 (min), m1 (max) */
  query: ChartQueryIR;
  limit: number;
}

/**
 * What a filter field offers its picker (the inner filter bar, global filter items): a text field's
 * distinct values (no empty value) with their row counts, alphabetically, optionally only those
 * containing `search`; a number or date field's smallest and largest value. Expressed as chart
 * queries (one dimension and a count, or min and max), so every dialect writes it with the chart's
 * own SQL and the values stay bound parameters.
 */
export function buildFieldRangeQuery(source: QuerySource, fields: readonly SourceField[], name: string, options: FieldRangeOptions = {}): FieldRangePlan {
  const field = new FieldCatalog(fields).resolve(name);
  const limit = options.limit ?? FIELD_RANGE_MAX_VALUES;
  if (!Number.isInteger(limit) || limit < 1 || limit > FIELD_RANGE_MAX_VALUES) throw new QueryError('invalid_option', { name: 'limit', value: String(limit) });
  return { field, limit, query: { kind: 'chart', source, ...(field.dataType === 'string' ? valuesQuery(field, limit, options) : minMaxQuery(field, options)) } };
}

type QueryParts = Omit<ChartQueryIR, 'kind' | 'source'>;

/** A number or date field: one row, its smallest (m0) and largest (m1) value. */
function minMaxQuery(field: SourceField, options: FieldRangeOptions): QueryParts {
  return {
    dimensions: [],
    measures: [
      { field, aggregator: 'min', alias: 'm0', axis: 1, title: 'min', trendline: false },
      { field, aggregator: 'max', alias: 'm1', axis: 1, title: 'max', trendline: false },
    ],
    filters: allOf([options.rowFilter]),
    order: [],
  };
}

/** A text field: its values (d0, no empty value, optionally containing `search`) and their rows (m0), one more than `limit`. */
function valuesQuery(field: SourceField, limit: number, options: FieldRangeOptions): QueryParts {
  const search = options.search ?? '';
  if (search.length > INPUT_BOUNDS.filterValueChars) throw new QueryError('value_too_long', { name: field.name, max: INPUT_BOUNDS.filterValueChars });
  return {
    dimensions: [{ field, granularity: 'normal', alias: 'd0', title: field.name }],
    measures: [{ field, aggregator: 'count', alias: 'm0', axis: 1, title: 'count', trendline: false }],
    filters: allOf([{ kind: 'isNull', field, negated: true }, search ? { kind: 'contains', field, text: search, negated: false } : null, options.rowFilter]),
    order: [{ ref: 'd0', dir: 'asc' }],
    limit: limit + 1,
  };
}

export type FieldRange =
  | { name: string; dataType: 'string'; values: { value: string; count: number }[]; more: boolean }
  | { name: string; dataType: 'number' | 'date'; min: string | number | null; max: string | number | null };

/** The answer from the plan's rows (objects keyed by alias, normalised by normalizeRows). */
export function fieldRangeOf(plan: FieldRangePlan, rows: readonly Record<string, unknown>[]): FieldRange {
  const { field } = plan;
  if (field.dataType === 'string') {
    const values = rows.slice(0, plan.limit).map((r) => ({ value: String(r.d0 ?? ''), count: Number(r.m0 ?? 0) }));
    return { name: field.name, dataType: 'string', values, more: rows.length > plan.limit };
  }
  const row = rows[0] ?? {};
  const cell = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'number' ? v : String(v));
  return { name: field.name, dataType: field.dataType, min: cell(row.m0), max: cell(row.m1) };
}
