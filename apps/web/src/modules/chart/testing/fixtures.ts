/** Charts and query results for the specs: options come from the real builder of @bi/charts. */
import { emptyChart, type Chart, type ChartField, type ChartType, type Formatter } from '@bi/chart-model';
import { buildOption, type CellValue, type ChartColumn, type ColumnRole } from '@bi/charts';
import type { ChartAnswer } from '../types';

export const WAN_1: Formatter = { type: 1, isCustomizeUnit: false, unit: 1, customUnit: '', decimalPlaces: 1, useThousandth: true };
export const PERCENT_1: Formatter = { type: 2, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 1, useThousandth: false };

function column(alias: string, role: ColumnRole, overrides: Partial<ChartField> = {}): ChartColumn {
  const dataType = role === 'dimension' || role === 'series' ? 'string' : 'number';
  return { alias, role, field: { name: alias, title: alias, dataType, ...overrides } };
}

/** A chart of `type` over region × amount (and profit as second values for doubleaxis) run through buildOption. */
export function answerOf(type: ChartType, chart: Partial<Chart> = {}, rows?: Record<string, CellValue>[], locale?: 'zh-CN' | 'zh-TW' | 'en'): ChartAnswer {
  const full: Chart = {
    ...emptyChart(`c-${type}`, `${type} chart`, 'ds-1', type),
    points: [{ name: 'region', dataType: 'string' }],
    values: [{ name: 'amount', dataType: 'number', aggregator: 'sum', formatter: WAN_1 }],
    ...chart,
  };
  const columns = [
    column('region', 'dimension', { title: 'Region' }),
    column('amount', 'measure', { title: 'Amount', aggregator: 'sum', formatter: WAN_1 }),
    ...(type === 'doubleaxis' ? [column('margin', 'measure2', { title: 'Margin', formatter: PERCENT_1 })] : []),
  ];
  const data = rows ?? [
    { region: '广东省', amount: 1234567, margin: 0.125 },
    { region: '北京市', amount: 2345678, margin: 0.2 },
    { region: '上海市', amount: 987654.5, margin: 0.05 },
  ];
  const { option, meta } = buildOption({ chart: full, columns, rows: data }, locale ? { locale } : undefined);
  return { option, chart: full, meta: { ...meta, rowCount: data.length, truncated: false, empty: false }, dataSourceName: 'Sales' };
}
