import type { dashboardV1, dataSourceQueryV1 } from '@bi/proto';
import type { SourceDescription } from './chart-plan.js';

/** The downstream calls of chart-query; an interface so unit tests can hand in fakes. */
export interface ChartQueryBackends {
  getChart(tab: string, chartId: string): Promise<dashboardV1.ChartRecord>;
  describe(dataSourceId: string): Promise<SourceDescription>;
  runQuery(req: dataSourceQueryV1.RunQueryRequest): Promise<dataSourceQueryV1.RunQueryReply>;
}

export const BACKENDS = Symbol('CHART_QUERY_BACKENDS');
