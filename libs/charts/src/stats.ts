/** Statistics over result columns: totals, single values, least-squares trendlines. */
import type { Aggregator } from '@bi/chart-model';
import { toNumber } from './format.js';
import type { ChartColumn, ChartResult } from './types.js';
import { chartWarning, type ChartWarning } from './warnings.js';

export type StatKey = 'sum' | 'avg' | 'max' | 'min';
export const STAT_KEYS: readonly StatKey[] = ['sum', 'avg', 'max', 'min'];

/** sum, avg, max or min of the numbers among `values` (null when there are none). */
export function aggregate(values: readonly (number | null)[], key: StatKey): number | null {
  const nums = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (nums.length === 0) return null;
  switch (key) {
    case 'sum':
      return nums.reduce((a, b) => a + b, 0);
    case 'avg':
      return nums.reduce((a, b) => a + b, 0) / nums.length;
    case 'max':
      return nums.reduce((a, b) => (b > a ? b : a), nums[0]!);
    case 'min':
      return nums.reduce((a, b) => (b < a ? b : a), nums[0]!);
  }
}

/** The numbers of one column over all rows. */
export function columnValues(result: ChartResult, column: ChartColumn): (number | null)[] {
  return result.rows.map((row) => toNumber(row[column.alias]));
}

/** How rows of a measure combine into one figure, by the field's aggregator. */
function combineKey(aggregator: Aggregator | undefined): StatKey {
  if (aggregator === 'avg') return 'avg';
  if (aggregator === 'max') return 'max';
  if (aggregator === 'min') return 'min';
  return 'sum';
}

/**
 * One figure for a measure (gauge, card, nav): the query's total when it sent one, the only row's value,
 * or the rows combined by the field's aggregator (sum, count → sum; avg of rows is the mean of the group
 * figures, an approximation the result says in a warning).
 */
export function singleValue(result: ChartResult, column: ChartColumn, warnings?: ChartWarning[]): number | null {
  const total = result.totals?.[column.alias];
  if (typeof total === 'number' && Number.isFinite(total)) return total;
  const values = columnValues(result, column);
  if (values.length <= 1) return values[0] ?? null;
  const key = combineKey(column.field.aggregator);
  if (warnings && (key === 'avg' || column.field.aggregator === 'countDistinct')) {
    const title = typeof column.field.title === 'string' ? column.field.title.trim() : '';
    warnings.push(chartWarning('approximateFigure', { field: title || column.field.name || column.alias, rows: values.length }));
  }
  return aggregate(values, key);
}

/** Statistic of a column for card and table: the query's total stands for the sum when present. */
export function columnStat(result: ChartResult, column: ChartColumn, key: StatKey): number | null {
  if (key === 'sum') {
    const total = result.totals?.[column.alias];
    if (typeof total === 'number' && Number.isFinite(total)) return total;
  }
  return aggregate(columnValues(result, column), key);
}

export interface LinearFit {
  slope: number;
  intercept: number;
}

/** Ordinary least squares y = slope·x + intercept over the points whose y is a number; null under 2 points. */
export function leastSquares(xs: readonly number[], ys: readonly (number | null)[]): LinearFit | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const y = ys[i];
    const x = xs[i]!;
    if (y === null || y === undefined || !Number.isFinite(y) || !Number.isFinite(x)) continue;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  if (n < 2) return null;
  const denominator = n * sxx - sx * sx;
  if (denominator === 0) return null;
  const slope = (n * sxy - sx * sy) / denominator;
  return { slope, intercept: (sy - slope * sx) / n };
}
