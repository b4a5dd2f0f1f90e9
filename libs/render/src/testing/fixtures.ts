/** Charts and their rows for the specs and the benchmark's look (not part of the build): every kind, Chinese names, numbers in the ten thousands and millions. */
import { CHART_TYPES, emptyChart, type Chart, type ChartField, type ChartType } from '@bi/chart-model';
import type { CellValue, ChartColumn, ChartResult, ColumnRole } from '@bi/charts';

function column(alias: string, role: ColumnRole, title: string, overrides: Partial<ChartField> = {}): ChartColumn {
  const dataType = role === 'dimension' || role === 'series' ? 'string' : 'number';
  return { alias, role, field: { name: alias, title, dataType, ...(role === 'measure' || role === 'measure2' ? { aggregator: 'sum' } : {}), ...overrides } };
}

export function chartOf(type: ChartType, overrides: Partial<Chart> = {}): Chart {
  return { ...emptyChart(`c-${type}`, `销售额 ${type}`, 'ds-1', type), ...overrides };
}

const MONTHS = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'];
const REGIONS = ['华东', '华南', '华北', '西南', '东北'];

/** Rows for a kind: amounts (销售额) by month, region, province or county. */
export function kindResult(type: ChartType, chart: Partial<Chart> = {}): ChartResult {
  const c = chartOf(type, chart);
  const amount = column('amount', 'measure', '销售额');
  switch (type) {
    case 'pie':
    case 'funnel':
      return { chart: c, columns: [column('region', 'dimension', '区域'), amount], rows: REGIONS.map((region, i) => ({ region, amount: 5_200_000 - i * 900_000 })) };
    case 'gauge':
    case 'card':
      return { chart: c, columns: [column('region', 'dimension', '区域'), amount], rows: REGIONS.map((region, i) => ({ region, amount: 1_230_000 + i * 10_000 })), totals: { amount: 6_250_000 } };
    case 'nav':
      return { chart: c, columns: [column('region', 'dimension', '区域'), column('done', 'measure', '完成'), column('goal', 'measure', '目标')], rows: REGIONS.map((region, i) => ({ region, done: 600_000 + i * 150_000, goal: 1_000_000 })) };
    case 'map':
      return { chart: c, columns: [column('province', 'dimension', '省份'), amount], rows: [{ province: '广东省', amount: 5_200_000 }, { province: '浙江省', amount: 3_100_000 }, { province: '四川省', amount: 1_800_000 }, { province: '北京市', amount: 2_600_000 }] };
    case 'tw_map':
      return { chart: c, columns: [column('county', 'dimension', '縣市'), amount], rows: [{ county: '臺北市', amount: 300_000 }, { county: '新北市', amount: 520_000 }, { county: '桃園市', amount: 210_000 }, { county: '高雄市', amount: 330_000 }] };
    case 'doubleaxis':
      return { chart: c, columns: [column('month', 'dimension', '月份'), amount, column('profit', 'measure2', '利润')], rows: MONTHS.map((month, i) => ({ month, amount: 12_345_678 + i * 2_100_000, profit: 820_000 + i * 95_000 })) };
    default: {
      const rows: Record<string, CellValue>[] = MONTHS.map((month, i) => ({ month, amount: 12_345_678 + i * 2_100_000, profit: 820_000 + (i % 3) * 395_000 }));
      return { chart: c, columns: [column('month', 'dimension', '月份'), amount, column('profit', 'measure', '利润')], rows };
    }
  }
}

export const ALL_KINDS: readonly ChartType[] = CHART_TYPES;
