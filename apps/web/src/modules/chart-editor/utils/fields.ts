import type { Aggregator, ChartField, DataType, Granularity, SortOrder } from '@bi/chart-model';
import { ALIAS_MAX, checkAlias, type NameProblem } from '@bi/rules';
import type { SchemaField, SourceField, ZoneKey } from '../types';

/** Zones whose fields are dimensions (grouped) and zones whose fields are measures (aggregated). */
export const POINT_ZONES: readonly ZoneKey[] = ['points', 'secondPoints'];
export const VALUE_ZONES: readonly ZoneKey[] = ['values', 'secondValues'];
export const isPointZone = (zone: ZoneKey) => zone === 'points' || zone === 'secondPoints';
export const isValueZone = (zone: ZoneKey) => zone === 'values' || zone === 'secondValues';

/** Every aggregator in menu order; sum and avg are for number fields only (spec 01 §5). */
export const AGGREGATORS: readonly Aggregator[] = ['sum', 'avg', 'count', 'countDistinct', 'max', 'min'];
const NUMBER_ONLY: readonly Aggregator[] = ['sum', 'avg'];

/** The aggregators a field of this type may use. */
export function aggregatorsFor(dataType: DataType): Aggregator[] {
  return AGGREGATORS.filter((a) => dataType === 'number' || !NUMBER_ONLY.includes(a));
}

export function aggregatorAllowed(aggregator: string | undefined, dataType: DataType): aggregator is Aggregator {
  return aggregator !== undefined && (aggregatorsFor(dataType) as string[]).includes(aggregator);
}

/** The aggregator of a new value field: the source's default when the type allows it, else sum for numbers and count otherwise. */
export function defaultAggregator(dataType: DataType, sourceDefault?: string): Aggregator {
  if (sourceDefault && aggregatorAllowed(sourceDefault, dataType)) return sourceDefault;
  return dataType === 'number' ? 'sum' : 'count';
}

/** Date granularities in menu order: 0 normal, 1 year, 2 quarter, 3 month, 4 week, 5 day. */
export const GRANULARITIES: readonly Granularity[] = [0, 1, 2, 3, 4, 5];
export const GRANULARITY_NAMES: Readonly<Record<Granularity, 'normal' | 'year' | 'quarter' | 'month' | 'week' | 'day'>> = {
  0: 'normal',
  1: 'year',
  2: 'quarter',
  3: 'month',
  4: 'week',
  5: 'day',
};
export const SORT_ORDERS: readonly SortOrder[] = ['', 'asc', 'desc'];

/** What the field shows: its alias, else its name. */
export function fieldLabel(field: { name: string; title?: string }): string {
  return field.title && field.title.trim() ? field.title : field.name;
}

/** A display title that is a valid alias (1–20 characters): the source's title or the name, cut. */
export function aliasFrom(text: string): string {
  const trimmed = text.trim();
  return [...trimmed].slice(0, ALIAS_MAX).join('');
}

/** The source field as the editor's field list and the panels know it. */
export function toSourceField(field: SchemaField): SourceField {
  return { name: field.name, title: field.title || field.name, dataType: field.dataType };
}

/**
 * A chart field made from a source field for a zone: dimensions of date type start at granularity
 * normal, measures take the default aggregator of their type.
 */
export function newChartField(source: SchemaField | SourceField, zone: ZoneKey): ChartField {
  const title = aliasFrom(source.title || source.name) || undefined;
  const base: ChartField = { name: source.name, dataType: source.dataType, orderBy: '' };
  if (title) base.title = title;
  const sourceDefault = 'aggregator' in source ? source.aggregator : undefined;
  return fitToZone(base, zone, sourceDefault);
}

/**
 * A field moved into a zone keeps its alias, order and filter; a dimension loses the measure's
 * settings (aggregator, trendline, formatter) and a date dimension gets a granularity; a measure
 * loses the granularity and gets an aggregator its type allows.
 */
export function fitToZone(field: ChartField, zone: ZoneKey, sourceDefault?: string): ChartField {
  const next: ChartField = { ...field };
  if (isPointZone(zone)) {
    delete next.aggregator;
    delete next.showTrendline;
    delete next.formatter;
    if (next.dataType === 'date') next.granularity = next.granularity ?? 0;
    else delete next.granularity;
  } else {
    delete next.granularity;
    if (!aggregatorAllowed(next.aggregator, next.dataType)) next.aggregator = defaultAggregator(next.dataType, sourceDefault);
  }
  return next;
}

/** The alias rule of spec 01 §5: required, 1 to 20 characters (after trimming). */
export function aliasProblem(text: unknown): NameProblem | null {
  return checkAlias(text);
}

/** Fields of the list matching a search text (name or title, case-insensitive); all for an empty text. */
export function searchFields<T extends { name: string; title?: string }>(fields: readonly T[], text: string): T[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...fields];
  return fields.filter((f) => f.name.toLowerCase().includes(q) || (f.title ?? '').toLowerCase().includes(q));
}
