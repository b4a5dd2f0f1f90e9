import type { ChartAnswer, ChartViewState } from '../types';

export interface StateInput {
  /** the box has been visible (or must load for an export) */
  enabled: boolean;
  isError: boolean;
  answer: ChartAnswer | undefined;
}

const count = (list: unknown): number => (Array.isArray(list) ? list.length : 0);

/**
 * No source, or no dimensions and no values yet: the server's `meta.empty`, or the chart itself when
 * the answer carries no meta.
 */
export function isUnconfigured(answer: ChartAnswer): boolean {
  if (answer.meta?.empty === true) return true;
  const chart = answer.chart;
  if (!chart) return false;
  if (!chart.dataSourceId) return true;
  return count(chart.points) === 0 && count(chart.values) === 0 && count(chart.secondValues) === 0;
}

/** The query found nothing to draw: no rows at all (or, without rowCount, no points before and after sampling). */
export function isEmptyResult(answer: ChartAnswer): boolean {
  const meta = answer.meta;
  if (!meta) return false;
  if (typeof meta.rowCount === 'number') return meta.rowCount === 0;
  return meta.pointCount === 0 && meta.originalPointCount === 0;
}

/**
 * What the chart box shows: waiting (not visible yet), loading, error (also when a refresh failed:
 * the old picture would pass for current figures), no permission (the caller may not see the chart's
 * source: `dataSourceAuth: false`, spec 01 §2), unconfigured, empty, or the chart.
 */
export function deriveChartState({ enabled, isError, answer }: StateInput): ChartViewState {
  if (isError) return 'error';
  if (!answer) return enabled ? 'loading' : 'waiting';
  if (answer.dataSourceAuth === false) return 'noPermission';
  if (answer.sourceMissing === true) return 'sourceMissing';
  if (isUnconfigured(answer)) return 'unconfigured';
  if (isEmptyResult(answer)) return 'empty';
  return 'ready';
}

/** States in which the box is done loading (the dashboard's export waits for the others). */
export function isSettled(state: ChartViewState): boolean {
  return state === 'error' || state === 'noPermission' || state === 'sourceMissing' || state === 'unconfigured' || state === 'empty';
}

/** The "showing N of M points" hint when the server down-sampled the series (LTTB). */
export function downsampleHint(answer: ChartAnswer | undefined): { shown: number; total: number } | null {
  const meta = answer?.meta;
  if (!meta?.downsampled) return null;
  return { shown: meta.pointCount, total: meta.originalPointCount };
}
