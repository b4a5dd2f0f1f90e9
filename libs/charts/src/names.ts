/**
 * The name a value field shows under (legend, series, axis name, table header, tooltips): its title —
 * and, while that title is the default one (none, the field's name or the source field's title), the
 * aggregator it shows when that is not the field's default ('金额 (平均)', '金額 (平均)', '金额 (Average)'):
 * changing a value's aggregator to average no longer leaves it named as the sum. A title the user set
 * (an alias) is kept as it is.
 */
import type { Aggregator, ChartField } from '@bi/chart-model';

/** Longest alias (spec 01 §5): a default title is the source title cut to it. */
const ALIAS_MAX = 20;

/** What the source says of a field: its title and its default aggregator for charts ('' none). */
export interface SourceFieldNaming {
  title?: string;
  aggregator?: string;
}

/** The aggregator a value field gets by default: the source's, else sum for numbers and count otherwise. */
export function defaultAggregatorOf(field: Pick<ChartField, 'dataType'>, source?: SourceFieldNaming): string {
  return source?.aggregator || (field.dataType === 'number' ? 'sum' : 'count');
}

/** True when the field's title is the one it got by default (not an alias the user set). */
export function hasDefaultTitle(field: Pick<ChartField, 'name' | 'title'>, source?: SourceFieldNaming): boolean {
  const title = typeof field.title === 'string' ? field.title.trim() : '';
  if (!title || title === field.name) return true;
  const sourceTitle = (source?.title ?? '').trim();
  return sourceTitle !== '' && (title === sourceTitle || title === [...sourceTitle].slice(0, ALIAS_MAX).join(''));
}

/**
 * The title of a value field as its chart names it: `title (aggregator)` for a default title and an
 * aggregator other than the default, else the title (or name).
 */
export function measureTitle(field: ChartField, source: SourceFieldNaming | undefined, aggregatorLabel: (aggregator: Aggregator) => string): string {
  const title = (typeof field.title === 'string' && field.title.trim()) || field.name;
  const aggregator = field.aggregator;
  if (!aggregator || aggregator === defaultAggregatorOf(field, source) || !hasDefaultTitle(field, source)) return title;
  const label = aggregatorLabel(aggregator);
  return label ? `${title} (${label})` : title;
}
