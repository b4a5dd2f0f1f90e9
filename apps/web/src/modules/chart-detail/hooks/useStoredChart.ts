import type { Chart } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chartKeys } from '../../chart/api/chart';
import type { ChartAnswer } from '../../chart/types';

/**
 * The chart as stored (its inner filters, points), as the box's last run answered it (every run answer
 * carries the stored chart): read from the run cache, so opening the filter bar asks the server nothing.
 */
export function useStoredChart(tab: Tab, chartId: string): Chart | undefined {
  const queryClient = useQueryClient();
  const find = () => {
    for (const [, data] of queryClient.getQueriesData<ChartAnswer>({ queryKey: chartKeys.runs(tab, chartId) })) if (data?.chart) return data.chart;
    return undefined;
  };
  const [chart, setChart] = useState<Chart | undefined>(find);
  useEffect(() => {
    setChart(find());
    return queryClient.getQueryCache().subscribe(() => setChart(find()));
  }, [queryClient, tab, chartId]);
  return chart;
}
