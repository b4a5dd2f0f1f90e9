import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tab } from '@bi/rules';
import { chartApi, chartKeys } from '../api/chart';
import type { ChartAnswer, RunBody, RunFilters, TablePage } from '../types';

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

/** The run body of a chart (docs/api/chart.md): the view's filters, whether it is the chart's first answer, the table page. */
function runBody(queryClient: QueryClient, tab: Tab, chartId: string, isFullScreen: boolean, filters: RunFilters | undefined, page: TablePage | undefined): RunBody {
  return {
    isFullScreen,
    // the spec's run body always names globalFilters (empty when none applies to this chart)
    globalFilters: [],
    ...filters,
    // first: no answer of this chart yet (any table page)
    isFirstRequest: !queryClient.getQueriesData({ queryKey: chartKeys.runs(tab, chartId) }).some(([, data]) => data !== undefined),
    ...(page ? { page } : {}),
  };
}

/**
 * Asks for the answers of charts whose boxes are about to be drawn (a dashboard that just opened: the
 * boxes in view), now, as one batch run: the answers are computed while the page builds its boxes, and
 * each box's useChartData finds its answer under its own query key (or the run in flight) instead of
 * sending it only once the box was laid out and seen. Charts with an answer or a run under way are left
 * out; a table is left out (its page size comes from its box's height).
 */
export function prefetchChartRuns(queryClient: QueryClient, tab: Tab, language: string, charts: readonly { chartId: string; filters?: RunFilters }[]): void {
  const due = charts.filter(({ chartId, filters }) => {
    const state = queryClient.getQueryState(chartKeys.run(tab, chartId, undefined, language, filters));
    return state?.data === undefined && state?.fetchStatus !== 'fetching';
  });
  if (due.length === 0) return;
  const answers = chartApi.runNow(
    tab,
    due.map(({ chartId, filters }) => ({ chartId, body: runBody(queryClient, tab, chartId, false, filters, undefined) })),
  );
  due.forEach(({ chartId, filters }, i) => {
    void queryClient.prefetchQuery({ queryKey: chartKeys.run(tab, chartId, undefined, language, filters), queryFn: () => answers[i]!, staleTime: CHART_STALE_MS });
  });
}

/**
 * Runs a chart: POST /api/dashboard/chart/{tab}/{chartId} with {isFullScreen, isFirstRequest} and the
 * view's `filters` — what chartFilters (@bi/chart-model, the one rule) gives the chart: the global filter
 * items and linkage filters that apply to it, and the viewer's inner filter values (absent: the chart's
 * stored inner filters apply; docs/api/chart.md). The filters are part of the query key, so a chart
 * whose filters did not change keeps its answer. The previous answer stays on screen while another
 * table page loads.
 */
/**
 * Where a view's charts run: the product's chart route (none given), or another reader's route with the
 * same answers — the public link page (modules/public-links) runs the same boxes through its link.
 */
export type ChartRunner = (tab: Tab, chartId: string, body: RunBody, signal?: AbortSignal) => Promise<ChartAnswer>;
export const ChartRunnerContext = createContext<ChartRunner | null>(null);

export function useChartData({ tab, chartId, enabled, refreshKey, isFullScreen, page, filters }: ChartDataOptions) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const runner = useContext(ChartRunnerContext);
  const queryKey = chartKeys.run(tab, chartId, page, i18n.language, filters);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => (runner ?? chartApi.run)(tab, chartId, runBody(queryClient, tab, chartId, isFullScreen, filters, page), signal),
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
