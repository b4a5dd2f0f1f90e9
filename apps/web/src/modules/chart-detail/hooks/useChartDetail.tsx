import type { RangeFilter } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { App } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api/http';
import { saveBlob } from '../../../shared/api/download';
import type { ChartSummary } from '../../chart/types';
import { detailApi } from '../api/detail';
import { DetailDialog } from '../components/DetailDialog';
import { InnerFilterBar } from '../components/InnerFilterBar';
import { useChartDetailTranslation } from '../i18n';
import type { ViewFilters } from '../types';
import { activeCount } from '../utils/innerValues';
import { useStoredChart } from './useStoredChart';

interface ChartDetailOptions {
  tab: Tab;
}

/** Every filter a chart's box runs with (chartFilters of @bi/chart-model, with innerValuesOf of this hook). */
type FiltersOf = (chart: ChartSummary) => ViewFilters | undefined;

/**
 * What the dashboard page needs of this module for its chart boxes (issue 15 items 3 and 4): the
 * viewer's inner filter values per chart (this view only), each box's filter bar, the detail dialog
 * (all rows, or the rows behind a clicked point) and the export of a chart's rows.
 */
export function useChartDetail({ tab }: ChartDetailOptions) {
  const { cd } = useChartDetailTranslation();
  const { message } = App.useApp();
  const [inner, setInner] = useState<Readonly<Record<string, RangeFilter[] | undefined>>>({});
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ chart: ChartSummary; pointKey?: string } | null>(null);

  const innerValuesOf = useCallback((chartId: string) => inner[chartId], [inner]);
  const toggleBar = (chartId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(chartId)) next.delete(chartId);
      else next.add(chartId);
      return next;
    });
  const barOf = (chart: ChartSummary): ReactNode =>
    open.has(chart.chartId) ? (
      <StoredInnerFilterBar tab={tab} chartId={chart.chartId} applied={inner[chart.chartId]} onApply={(values) => setInner((current) => ({ ...current, [chart.chartId]: values }))} onClose={() => toggleBar(chart.chartId)} />
    ) : null;

  const exportRows = async (chart: ChartSummary, filters: ViewFilters | undefined) => {
    try {
      const { blob, fileName } = await detailApi.exportXlsx(tab, chart.chartId, { filters: filters ?? {} }, chart.title);
      saveBlob(blob, fileName);
      void message.success(cd('detail.exported', { name: fileName }));
    } catch (error) {
      const text = error instanceof Error ? error.message : cd('detail.loadFailed');
      // more than 9999 rows: the spec's informational hint
      if (error instanceof ApiError && error.httpStatus === 400) void message.info(text);
      else void message.error(text);
    }
  };

  const renderDialogs = (filtersOf: FiltersOf): ReactNode =>
    dialog ? <DetailDialog tab={tab} chartId={dialog.chart.chartId} title={dialog.chart.title} filters={filtersOf(dialog.chart) ?? {}} pointKey={dialog.pointKey} onClose={() => setDialog(null)} /> : null;

  return {
    /** the viewer's inner filter values of a chart (the innerValues of chartFilters); undefined: its stored ones apply */
    innerValuesOf,
    /** how many of a chart's inner filters the viewer set (the filter button's mark) */
    activeInnerOf: (chartId: string) => activeCount(inner[chartId]),
    isBarOpen: (chartId: string) => open.has(chartId),
    toggleBar,
    barOf,
    /** the detail dialog: every row under the view's filters, or those behind one point (its category) */
    openDetails: (chart: ChartSummary, pointKey?: string) => setDialog({ chart, ...(pointKey ? { pointKey } : {}) }),
    /** the chart's rows under its filters as .xlsx (more than 9999 rows: the server's hint) */
    exportRows: (chart: ChartSummary, filters: ViewFilters | undefined) => void exportRows(chart, filters),
    /** the detail dialog, reading the view's filters of its chart */
    renderDialogs,
  };
}

function StoredInnerFilterBar(props: { tab: Tab; chartId: string; applied: RangeFilter[] | undefined; onApply: (values: RangeFilter[] | undefined) => void; onClose: () => void }) {
  const stored = useStoredChart(props.tab, props.chartId)?.innerFilters ?? [];
  // the bar starts from the stored filters once the box's answer brought them
  return <InnerFilterBar key={stored.length} {...props} stored={stored} />;
}
