import { emptyChart, type Chart, type ChartType } from '@bi/chart-model';
import type { SourceField } from '../contract';

/** A chart over the sales demo fields: month × amount (sum) and profit, for the panel rules' tests. */
export function salesChart(type: ChartType = 'bar', patch: Partial<Chart> = {}): Chart {
  return {
    ...emptyChart('c1', 'Sales', 'ds1', type),
    points: [{ name: 'month', dataType: 'date', granularity: 3 }],
    values: [
      { name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' },
      { name: 'profit', dataType: 'number', aggregator: 'avg' },
    ],
    ...patch,
  };
}

export const SALES_FIELDS: SourceField[] = [
  { name: 'month', title: 'Month', dataType: 'date' },
  { name: 'region', title: 'Region', dataType: 'string' },
  { name: 'amount', title: 'Amount', dataType: 'number' },
  { name: 'profit', dataType: 'number' },
];
