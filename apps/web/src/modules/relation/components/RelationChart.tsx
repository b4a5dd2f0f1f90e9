import { GraphChart, TreeChart } from 'echarts/charts';
import { EChart } from '../../chart/components/EChart';
import { echarts, type EChartsCoreOption } from '../../chart/echarts/core';
import type { AppTheme } from '../../chart/types';

// the relation map's two series kinds, on the chart module's ECharts core (loaded with this component only)
echarts.use([GraphChart, TreeChart]);

interface RelationChartProps {
  option: EChartsCoreOption;
  appTheme: AppTheme;
  ariaLabel: string;
  /** a click on a node: its id */
  onNodeClick: (nodeId: string) => void;
  /** the drawing finished (the e2e and screenshots wait for it) */
  onRendered?: () => void;
}

/** The map drawn by the chart module's EChart (graph for the force layout, tree for the two tree layouts); a click on a node reports its id. */
export default function RelationChart({ option, appTheme, ariaLabel, onNodeClick, onRendered }: RelationChartProps) {
  return (
    <div className="bi-relation-chart">
      <EChart option={option} appTheme={appTheme} ariaLabel={ariaLabel} onRendered={onRendered} onPointClick={(point) => point.id && onNodeClick(point.id)} />
    </div>
  );
}
