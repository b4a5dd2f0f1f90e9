import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tab } from '@bi/rules';
import { chartApi, chartKeys } from '../api/chart';
import type { RunFilters, TablePage } from '../types';

/** Answers stay fresh for a minute (the chart-query service caches them for the source's interval anyway). */
const CHART_STALE_MS = 60_000;

interface ChartDataOptions {
  tab: Tab;
  chartId: string;
  /** the box has been visible (spec 01 §4 lazy loading) or an export needs it */
  enabled: boolean;
  /** changes when the chart must reload (its refresh button, the full-screen auto refresh) */
  refreshKey: number;
  isFullScreen: boolean;
  /** kind table: the page to fetch */
  page?: TablePage;
  /** the filters of this view beside the chart's own (global filters, linkage); each change is another run */
  filters?: RunFilters;
}

/**
 * Runs a chart: POST /api/dashboard/chart/{tab}/{chartId} with {isFullScreen, isFirstRequest} and the
 * view's `filters` — what chartFilters (@bi/chart-model, the one rule) gives the chart: the global filter
 * items and linkage filters that apply to it, and the viewer's inner filter values (absent: the chart's
 * stored inner filters apply; docs/api/chart.md). The filters are part of the query key, so a chart
 * whose filters did not change keeps its answer. The previous answer stays on screen while another
 * table page loads.
 */
export function useChartData({ tab, chartId, enabled, refreshKey, isFullScreen, page, filters }: ChartDataOptions) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const queryKey = chartKeys.run(tab, chartId, page, i18n.language, filters);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      chartApi.run(
        tab,
        chartId,
        {
          isFullScreen,
          // the spec's run body always names globalFilters (empty when none applies to this chart)
          globalFilters: [],
          ...filters,
          // first: no answer of this chart yet (any table page)
          isFirstRequest: !queryClient.getQueriesData({ queryKey: chartKeys.runs(tab, chartId) }).some(([, data]) => data !== undefined),
          ...(page ? { page } : {}),
        },
        signal,
      ),
    enabled,
    staleTime: CHART_STALE_MS,
    placeholderData: keepPreviousData,
  });

  // a new refresh key reloads the chart (only once it loads at all)
  const { refetch } = query;
  const lastKey = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === lastKey.current) return;
    lastKey.current = refreshKey;
    if (enabled) void refetch();
  }, [refreshKey, enabled, refetch]);

  return query;
}
