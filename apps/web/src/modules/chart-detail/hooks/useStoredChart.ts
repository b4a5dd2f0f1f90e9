import type { Chart } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chartKeys } from '../../chart/api/chart';
import type { ChartAnswer } from '../../chart/types';

/**
 * The chart as stored (its inner filters, points) in the newest cached run answer of the chart (every run
 * answer carries the stored chart). The chart has one cached answer per filter set it ran with: an older
 * one (e.g. the answer from before the viewer's inner values) may hold the chart as it was before a save,
 * whatever its place in the cache.
 */
export function storedChartOf(queryClient: QueryClient, tab: Tab, chartId: string): Chart | undefined {
  let newest: { chart: Chart; at: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: chartKeys.runs(tab, chartId) })) {
    const data = query.state.data as ChartAnswer | undefined;
    if (data?.chart && (!newest || query.state.dataUpdatedAt > newest.at)) newest = { chart: data.chart, at: query.state.dataUpdatedAt };
  }
  return newest?.chart;
}

/**
 * The chart as stored, as the box's last run answered it (storedChartOf): read from the run cache, so
 * opening the filter bar asks the server nothing; it follows every new answer.
 */
export function useStoredChart(tab: Tab, chartId: string): Chart | undefined {
  const queryClient = useQueryClient();
  const find = () => storedChartOf(queryClient, tab, chartId);
  const [chart, setChart] = useState<Chart | undefined>(find);
  useEffect(() => {
    setChart(find());
    return queryClient.getQueryCache().subscribe(() => setChart(find()));
  }, [queryClient, tab, chartId]);
  return chart;
}
