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
  /** an IN list longer than MAX_IN_VALUES */
  | 'too_many_values'
  /** the source SQL is not one read-only SELECT / WITH statement */
  | 'invalid_sql'
  /** more than one compare (second points) field */
  | 'too_many_series'
  /** a chart without points and values */
  | 'empty_chart'
  /** top-N, paging or row-limit numbers out of range */
  | 'invalid_option';

export class QueryError extends Error {
  constructor(
    readonly code: QueryErrorCode,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`${code}${Object.keys(params).length ? ' ' + JSON.stringify(params) : ''}`);
    this.name = 'QueryError';
  }
}
