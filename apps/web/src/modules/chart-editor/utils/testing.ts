import { emptyChart, type Chart } from '@bi/chart-model';
import type { SchemaField } from '../types';

/** Fields of a sales source and an empty chart over it, for the specs. */
export const SALES_FIELDS: SchemaField[] = [
  { name: 'day', title: 'Day', dataType: 'date', aggregator: '', calculated: false },
  { name: 'province', title: 'Province', dataType: 'string', aggregator: '', calculated: false },
  { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum', calculated: false },
  { name: 'profit', title: 'Profit', dataType: 'number', aggregator: 'avg', calculated: true },
];

export const field = (name: string) => SALES_FIELDS.find((f) => f.name === name)!;

export function salesChart(parts: Partial<Chart> = {}): Chart {
  return { ...emptyChart('c1', 'Sales', 'ds1'), ...parts };
}
