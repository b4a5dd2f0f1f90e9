import type { Tab } from '@bi/rules';
import { http } from '../../../shared/api/http';
import { RunBatcher, postBatchRun } from './run-batcher';
import type { ChartAnswer, RunBody, RunFilters, TablePage } from '../types';

const id = (value: string) => encodeURIComponent(value);

/** POST /api/dashboard/chart/{tab}/{chartId}: runs the chart and answers {option, chart, meta}. */
const runOne = (tab: string, chartId: string, body: RunBody, signal?: AbortSignal) => http.post<ChartAnswer>(`/api/dashboard/chart/${tab}/${id(chartId)}`, body, { signal });

const runs = new RunBatcher<RunBody, ChartAnswer>(runOne, postBatchRun);

/** The chart calls of docs/api/chart.md used by the dashboard. */
export const chartApi = {
  /** Runs the chart; runs asked for together (boxes that came into view together) go out as one batch run. */
  run: (tab: Tab, chartId: string, body: RunBody, signal?: AbortSignal) => runs.run(tab, chartId, body, signal),
  /** Runs these charts now, as one batch run (before their boxes are drawn); a promise per chart, in order. */
  runNow: (tab: Tab, charts: readonly { chartId: string; body: RunBody }[]) => runs.runNow(tab, charts),
};

/** Query keys of chart runs; invalidate `chartKeys.all` after a chart edit. */
export const chartKeys = {
  all: ['chart'] as const,
  runs: (tab: Tab, chartId: string) => ['chart', 'run', tab, chartId] as const,
  /** the answer's texts (statistics labels, error messages) are in the request's language */
  run: (tab: Tab, chartId: string, page: TablePage | undefined, language: string, filters?: RunFilters) =>
    ['chart', 'run', tab, chartId, page ? `${page.index}/${page.size}` : 'all', language, filters ? JSON.stringify(filters) : ''] as const,
};
