import { excerpt } from '@bi/rules';

/**
 * Why a chart could not be turned into a query. The codes are stable (services map them to their
 * own error catalogue); params name the offending field, value or limit. Nothing about a refused
 * input ever reaches the SQL text.
 */
export type QueryErrorCode =
  /** a field name that is not one of the source's known fields */
  | 'unknown_field'
  /** sum / avg on a field that is not a number (spec 01 §5) */
  | 'aggregator_not_allowed'
  /** a filter operator the field's type does not offer (spec 01 §5) */
  | 'operator_not_allowed'
  /** a filter value that does not read as the field's type */
  | 'invalid_value'
  /** a range whose start lies after its end */
  | 'range_reversed'
  /** an IN list longer than MAX_IN_VALUES */
  | 'too_many_values'
  /** a filter value longer than INPUT_BOUNDS.filterValueChars (@bi/rules) */
  | 'value_too_long'
  /** a number or date filter value of only spaces (a text one is compared as it is) */
  | 'blank_value'
  /** a filter value with a NUL character or a lone surrogate (@bi/rules textProblem) */
  | 'invalid_characters'
  /** the source SQL is not one read-only SELECT / WITH statement */
  | 'invalid_sql'
  /** more than one compare (second points) field */
  | 'too_many_series'
  /** a chart without points and values */
  | 'empty_chart'
  /** a join type the engine does not have (MySQL has no FULL OUTER JOIN) */
  | 'join_type_unsupported'
  /** top-N, paging or row-limit numbers out of range */
  | 'invalid_option'
  /** a row-level rule that names neither one role nor one user, or lacks its value (row-rules.ts) */
  | 'row_rule_target'
  | 'row_rule_value_required'
  /** more row-level rules on one source than MAX_ROW_RULES */
  | 'too_many_row_rules'
  /** a drill path that does not fit the chart's drill hierarchy (drill.ts) */
  | 'drill_invalid';

/** Text params are cut to a short excerpt: a message never echoes a whole input (issue 12 #1). */
export class QueryError extends Error {
  readonly params: Readonly<Record<string, string | number>>;

  constructor(
    readonly code: QueryErrorCode,
    params: Readonly<Record<string, string | number>> = {},
  ) {
    const short = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? excerpt(v) : v]));
    super(`${code}${Object.keys(short).length ? ' ' + JSON.stringify(short) : ''}`);
    this.params = short;
    this.name = 'QueryError';
  }
}
