/** Sample charts and query results for the specs (not part of the build). */
import { emptyChart, type Chart, type ChartField, type ChartType, type Formatter } from '@bi/chart-model';
import type { CellValue, ChartColumn, ChartResult, ColumnRole } from '../types.js';

export const WAN_2: Formatter = { type: 1, isCustomizeUnit: false, unit: 1, customUnit: '', decimalPlaces: 2, useThousandth: true };
export const PLAIN_0: Formatter = { type: 1, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: true };

export function field(name: string, overrides: Partial<ChartField> = {}): ChartField {
  return { name, dataType: 'number', ...overrides };
}

export function column(alias: string, role: ColumnRole, overrides: Partial<ChartField> = {}): ChartColumn {
  const dataType = role === 'dimension' || role === 'series' ? 'string' : 'number';
  return { alias, role, field: field(alias, { dataType, ...overrides }) };
}

export function chartOf(type: ChartType, overrides: Partial<Chart> = {}): Chart {
  return { ...emptyChart(`c-${type}`, `${type} chart`, 'ds-1', type), ...overrides };
}

/** Monthly amounts (万, 2 decimals) and profits. */
export function monthlyResult(type: ChartType, chart: Partial<Chart> = {}): ChartResult {
  const rows: Record<string, CellValue>[] = [
    { month: '2024-01', amount: 1234567, profit: 120000 },
    { month: '2024-02', amount: 2345678, profit: 98000 },
    { month: '2024-03', amount: 1800000, profit: -15000 },
    { month: '2024-04', amount: null, profit: 40000 },
    { month: '2024-05', amount: 3100000, profit: 210000 },
    { month: '2024-06', amount: '2900000.5', profit: 190000 },
  ];
  return {
    chart: chartOf(type, chart),
    columns: [
      column('month', 'dimension', { title: 'Month', dataType: 'date' }),
      column('amount', 'measure', { title: 'Amount', aggregator: 'sum', formatter: WAN_2 }),
      column('profit', type === 'doubleaxis' ? 'measure2' : 'measure', { title: 'Profit', aggregator: 'sum', formatter: PLAIN_0 }),
    ],
    rows,
  };
}

/** Amounts by month and channel (a compare column). */
export function compareResult(type: ChartType, chart: Partial<Chart> = {}): ChartResult {
  const rows: Record<string, CellValue>[] = [];
  for (const month of ['2024-01', '2024-02', '2024-03']) {
    rows.push({ month, channel: 'Online', amount: 100 + rows.length * 10 });
    rows.push({ month, channel: 'Store', amount: 300 - rows.length * 10 });
  }
  return {
    chart: chartOf(type, chart),
    columns: [column('month', 'dimension', { title: 'Month' }), column('channel', 'series', { title: 'Channel' }), column('amount', 'measure', { title: 'Amount' })],
    rows,
  };
}

/** Amounts by channel: pie and funnel. */
export function channelResult(type: ChartType, chart: Partial<Chart> = {}): ChartResult {
  return {
    chart: chartOf(type, chart),
    columns: [column('channel', 'dimension', { title: 'Channel' }), column('amount', 'measure', { title: 'Amount', formatter: WAN_2 })],
    rows: [
      { channel: 'Online', amount: 500000 },
      { channel: 'Store', amount: 300000 },
      { channel: 'Partner', amount: 150000 },
      { channel: 'Phone', amount: 50000 },
    ],
  };
}

/** One figure (gauge, card): amount over three regions, with a query total. */
export function figureResult(type: ChartType, chart: Partial<Chart> = {}): ChartResult {
  return {
    chart: chartOf(type, chart),
    columns: [column('region', 'dimension', { title: 'Region' }), column('amount', 'measure', { title: 'Amount', aggregator: 'sum', formatter: WAN_2 })],
    rows: [
      { region: 'North', amount: 250000 },
      { region: 'South', amount: 420000 },
      { region: 'West', amount: 130000 },
    ],
    totals: { amount: 800000 },
  };
}

/** Done against goal per team: nav. */
export function navResult(chart: Partial<Chart> = {}): ChartResult {
  return {
    chart: chartOf('nav', chart),
    columns: [column('team', 'dimension', { title: 'Team' }), column('done', 'measure', { title: 'Done' }), column('goal', 'measure', { title: 'Goal' })],
    rows: [
      { team: 'Alpha', done: 75, goal: 100 },
      { team: 'Beta', done: 30, goal: 120 },
      { team: 'Gamma', done: 130, goal: 100 },
    ],
  };
}

/** Amounts by province as a database names them (full names). */
export function provinceResult(chart: Partial<Chart> = {}): ChartResult {
  return {
    chart: chartOf('map', chart),
    columns: [column('province', 'dimension', { title: 'Province' }), column('amount', 'measure', { title: 'Amount', formatter: WAN_2 })],
    rows: [
      { province: '广东省', amount: 5200000 },
      { province: '广西壮族自治区', amount: 1800000 },
      { province: '湖南省', amount: 2600000 },
    ],
  };
}

export function cityResult(chart: Partial<Chart> = {}): ChartResult {
  return {
    chart: chartOf('map', { mapConfig: { granularity: 0, visualMapShow: true }, ...chart }),
    columns: [column('city', 'dimension', { title: 'City' }), column('amount', 'measure', { title: 'Amount' })],
    rows: [
      { city: '广州市', amount: 900 },
      { city: '深圳市', amount: 1200 },
      { city: '佛山市', amount: 400 },
    ],
  };
}

/** Taiwan counties in traditional characters. */
export function taiwanResult(chart: Partial<Chart> = {}): ChartResult {
  return {
    chart: chartOf('tw_map', chart),
    columns: [column('county', 'dimension', { title: 'County' }), column('amount', 'measure', { title: 'Amount' })],
    rows: [
      { county: '臺北市', amount: 300 },
      { county: '新北市', amount: 500 },
      { county: '桃園市', amount: 200 },
    ],
  };
}

/** 45 rows of orders: table. */
export function tableResult(chart: Partial<Chart> = {}, rowCount = 45): ChartResult {
  const rows: Record<string, CellValue>[] = Array.from({ length: rowCount }, (_, i) => ({ product: `P${String(i + 1).padStart(2, '0')}`, qty: i + 1, amount: (i + 1) * 10000 }));
  return {
    chart: chartOf('table', chart),
    columns: [column('product', 'dimension', { title: 'Product' }), column('qty', 'measure', { title: 'Quantity', formatter: PLAIN_0 }), column('amount', 'measure', { title: 'Amount', formatter: WAN_2 })],
    rows,
  };
}

/** A long daily series (for down-sampling) with a spike. */
export function longResult(type: ChartType, points: number, chart: Partial<Chart> = {}): ChartResult {
  const start = Date.UTC(2000, 0, 1);
  const rows: Record<string, CellValue>[] = Array.from({ length: points }, (_, i) => ({
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    value: i === Math.floor(points / 3) ? 10_000 : Math.round(100 + 50 * Math.sin(i / 20)),
  }));
  return {
    chart: chartOf(type, chart),
    columns: [column('day', 'dimension', { title: 'Day', dataType: 'date' }), column('value', 'measure', { title: 'Value' })],
    rows,
  };
}

/** A representative result for each kind. */
export function sampleResult(type: ChartType, chart: Partial<Chart> = {}): ChartResult {
  switch (type) {
    case 'table':
      return tableResult(chart);
    case 'pie':
    case 'funnel':
      return channelResult(type, chart);
    case 'gauge':
    case 'card':
      return figureResult(type, chart);
    case 'nav':
      return navResult(chart);
    case 'map':
      return provinceResult(chart);
    case 'tw_map':
      return taiwanResult(chart);
    default:
      return monthlyResult(type, chart);
  }
}
