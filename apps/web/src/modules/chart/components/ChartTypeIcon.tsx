import type { ChartIconKey, ChartType } from '@bi/chart-model';
import { chartKind } from '@bi/chart-model';
import {
  AreaChartOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DotChartOutlined,
  FundOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LineChartOutlined,
  PieChartOutlined,
  SlidersOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** One icon per icon key of the kind registry; the mapped type makes a missing key a compile error. */
const ICONS: { readonly [K in ChartIconKey]: ComponentType<{ className?: string }> } = {
  table: TableOutlined,
  bar: BarChartOutlined,
  line: LineChartOutlined,
  scatter: DotChartOutlined,
  pie: PieChartOutlined,
  gauge: DashboardOutlined,
  funnel: FundOutlined,
  card: IdcardOutlined,
  area: AreaChartOutlined,
  progress: SlidersOutlined,
  globe: GlobalOutlined,
};

/** Icon of a chart kind (spec 01 §1). */
export function ChartTypeIcon({ type, className }: { type: ChartType; className?: string }) {
  const Icon = ICONS[chartKind(type).icon];
  return <Icon className={className} />;
}
