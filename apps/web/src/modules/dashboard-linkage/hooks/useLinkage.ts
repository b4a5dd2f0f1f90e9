import type { ChartFiltersInput, DashboardLinkage } from '@bi/chart-model';
import { useCallback, useMemo } from 'react';
import { useUrlState } from '../../../shared/routing/url-state';
import type { ChartSummary, PointClickHandler } from '../../chart/types';
import { clearSelection, clickPoint, SELECTION_PARAM, selectionCodec } from '../states/selection';

/** One chip on a filtered chart: the source chart and its selected points. */
export interface LinkageChip {
  sourceChartId: string;
  source: string;
  points: string[];
}

/**
 * The dashboard's cross-filter state: what is clicked lives in the page URL (?link=, so a copied link
 * reopens the same view). `input` is the linkage input of chartFilters (@bi/chart-model), the one
 * function that says which filters apply to a chart: a chart nobody filters gets none, so its run
 * (and its query key) stays as it was, and a click runs only the targets again, together (the chart
 * module's run batcher sends them as one batch run).
 */
export function useLinkage(settings: readonly DashboardLinkage[] | undefined, charts: readonly ChartSummary[]) {
  const [selected, setSelected] = useUrlState(SELECTION_PARAM, selectionCodec);
  const list = useMemo(() => settings ?? [], [settings]);
  const selections = useMemo(() => selected ?? [], [selected]);
  const titles = useMemo(() => new Map(charts.map((c) => [c.chartId, c.title])), [charts]);

  const input = useMemo<NonNullable<ChartFiltersInput['linkage']>>(
    () => ({ settings: list, selections, dimensions: (chartId) => list.find((l) => l.chartId === chartId)?.dimensions ?? [] }),
    [list, selections],
  );

  const chipsOf = useCallback(
    (chartId: string): LinkageChip[] =>
      selections
        .filter((s) => list.some((l) => l.chartId === s.chartId && l.targets.some((t) => t.chartId === chartId)))
        .map((s) => ({ sourceChartId: s.chartId, source: titles.get(s.chartId) ?? '', points: s.points })),
    [list, selections, titles],
  );

  /** The click handler of a chart that filters others (undefined for the rest). */
  const clickHandlerOf = useCallback(
    (chartId: string): PointClickHandler | undefined =>
      list.some((l) => l.chartId === chartId && l.targets.length > 0)
        ? (point, event) => setSelected((current) => clickPoint(current ?? [], chartId, point.category, event.ctrlKey || event.metaKey))
        : undefined,
    [list, setSelected],
  );

  const clear = useCallback((sourceChartId: string) => setSelected((current) => clearSelection(current ?? [], sourceChartId)), [setSelected]);
  /** What is selected on a source chart, and how many charts it filters (its own chip); null when nothing is. */
  const selectionOn = useCallback(
    (chartId: string): { points: string[]; targets: number } | null => {
      const points = selections.find((s) => s.chartId === chartId)?.points ?? [];
      const targets = list.find((l) => l.chartId === chartId)?.targets.length ?? 0;
      return points.length > 0 && targets > 0 ? { points, targets } : null;
    },
    [list, selections],
  );

  return { input, chipsOf, clickHandlerOf, clear, selectionOn };
}
