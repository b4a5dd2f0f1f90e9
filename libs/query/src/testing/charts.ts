/** Test fixtures shared by the unit and integration specs (not part of the build). */
import { emptyChart, type Aggregator, type Chart, type ChartField, type ChartType, type Granularity } from '@bi/chart-model';
import type { QuerySource, SourceField } from '../source.js';

/** The fields of the generated sales table (see sales-data.ts). */
export const SALES_FIELDS: SourceField[] = [
  { name: 'id', dataType: 'number' },
  { name: 'order_date', dataType: 'date' },
  { name: 'created_at', dataType: 'date' },
  { name: 'region', dataType: 'string' },
  { name: 'category', dataType: 'string' },
  { name: 'product', dataType: 'string' },
  { name: 'amount', dataType: 'number' },
  { name: 'qty', dataType: 'number' },
];

export const SALES_TABLE: QuerySource = { kind: 'table', table: 'sales' };

const typeOf = (name: string) => SALES_FIELDS.find((f) => f.name === name)?.dataType ?? 'string';

/** A point (dimension) of the chart editor. */
export function point(name: string, extra: Partial<ChartField> = {}): ChartField {
  return { name, title: name, dataType: typeOf(name), granularity: 0, orderBy: '', ...extra };
}

/** A date point at a granularity (0 normal … 5 day). */
export function datePoint(name: string, granularity: Granularity, extra: Partial<ChartField> = {}): ChartField {
  return point(name, { granularity, ...extra });
}

/** A value (measure). */
export function value(name: string, aggregator?: Aggregator, extra: Partial<ChartField> = {}): ChartField {
  return { name, title: name, dataType: typeOf(name), orderBy: '', ...(aggregator ? { aggregator } : {}), ...extra };
}

export function chart(parts: Partial<Chart> & { type?: ChartType } = {}): Chart {
  return { ...emptyChart('c1', 'test', 'ds1', parts.type ?? 'bar'), ...parts };
}
