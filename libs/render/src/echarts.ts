/**
 * ECharts through `echarts/core` with the parts the 13 chart kinds use, as the web's
 * (apps/web chart/echarts/core.ts), drawn by the SVG renderer: the full build cost the renderer
 * process 88 MB more.
 */
import { BarChart, FunnelChart, GaugeChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  DatasetComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  PieChart,
  GaugeChart,
  FunnelChart,
  MapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DataZoomComponent,
  VisualMapComponent,
  MarkLineComponent,
  MarkPointComponent,
  MarkAreaComponent,
  DatasetComponent,
  GraphicComponent,
  LabelLayout,
  SVGRenderer,
]);

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
