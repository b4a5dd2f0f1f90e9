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

const ICONS: Record<string, ComponentType<{ className?: string }>> = {
  table: TableOutlined,
  bar: BarChartOutlined,
  stack_bar: BarChartOutlined,
  line: LineChartOutlined,
  scatter: DotChartOutlined,
  pie: PieChartOutlined,
  gauge: DashboardOutlined,
  funnel: FundOutlined,
  card: IdcardOutlined,
  doubleaxis: AreaChartOutlined,
  nav: SlidersOutlined,
  map: GlobalOutlined,
  tw_map: GlobalOutlined,
};

/** Icon of a chart kind (spec 01 §1). */
export function ChartTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[type] ?? BarChartOutlined;
  return <Icon className={className} />;
}
