import { chartFilters, type GlobalFilterItem, type RangeFilter } from '@bi/chart-model';
import { MAX_BATCH_CHARTS, startsWithin } from '@bi/rules';
import type { dashboardV1 } from '@bi/proto';

/** A dashboard's content as the BFF reads it: the charts, their places and the stored global filter items. */
export interface FirstScreenContent {
  charts: readonly Pick<dashboardV1.ChartSummary, 'chartId' | 'type' | 'dataSourceId' | 'hide'>[];
  aspects: readonly Pick<dashboardV1.GridItem, 'chartId' | 'row'>[];
  globalFilter: readonly unknown[];
}

/**
 * The runs the web sends for a dashboard that just opened with nothing picked in its URL (no global
 * filter values, linkage selection or inner filter values): the shown charts whose boxes start within
 * `height` pixels of the grid's top (startsWithin, the web's placedWithin), tables left out (their page
 * size comes from the box), each with the filters the web works out (chartFilters of @bi/chart-model
 * with the stored items' own values) and the body the web's first run carries. A chart without a
 * stored place is left out (the web places it under everything else); at most MAX_BATCH_CHARTS.
 */
export function firstScreenRuns(content: FirstScreenContent, height: number): { chartId: string; run: { isFullScreen: boolean; globalFilters: RangeFilter[]; isFirstRequest: boolean } }[] {
  const rowOf = new Map(content.aspects.map((a) => [a.chartId, a.row]));
  const items = content.globalFilter as GlobalFilterItem[];
  return content.charts
    .filter((c) => !c.hide && c.type !== 'table' && rowOf.has(c.chartId) && startsWithin(rowOf.get(c.chartId)!, height))
    .slice(0, MAX_BATCH_CHARTS)
    .map((c) => {
      const { globalFilters } = chartFilters({ chart: { chartId: c.chartId, dataSourceId: c.dataSourceId }, globalFilters: items });
      return { chartId: c.chartId, run: { isFullScreen: false, globalFilters, isFirstRequest: true } };
    });
}
