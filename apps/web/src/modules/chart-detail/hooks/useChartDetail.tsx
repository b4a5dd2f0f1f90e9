import type { RangeFilter } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { chartKeys } from '../../chart/api/chart';
import type { ChartSummary } from '../../chart/types';
import { chartEditorApi } from '../../chart-editor/api/chartEditor';
import { useUrlState } from '../../../shared/routing/url-state';
import { DetailDialog } from '../components/DetailDialog';
import { InnerFilterBar } from '../components/InnerFilterBar';
import { useChartDetailTranslation } from '../i18n';
import { INNER_PARAM, innerCodec, withChartValues } from '../states/innerUrl';
import type { ViewFilters } from '../types';
import { activeCount } from '../utils/innerValues';
import { useExportRows } from './useExportRows';
import { useStoredChart } from './useStoredChart';

interface ChartDetailOptions {
  tab: Tab;
  /** the detail dialog offers the export (default: yes) */
  canExport?: boolean;
}

/** Every filter a chart's box runs with (chartFilters of @bi/chart-model, with innerValuesOf of this hook). */
type FiltersOf = (chart: ChartSummary) => ViewFilters | undefined;

/**
 * What the dashboard page needs of this module for its chart boxes (issue 15 items 3 and 4): the
 * viewer's inner filter values per chart (this view only), each box's filter bar, the detail dialog
 * (all rows, or the rows behind a clicked point) and the export of a chart's rows. The inner values
 * live in the page URL (?inner=), so a copied link reopens the same view.
 */
export function useChartDetail({ tab, canExport = true }: ChartDetailOptions) {
  const [innerInUrl, setInner] = useUrlState(INNER_PARAM, innerCodec);
  const inner = useMemo(() => innerInUrl ?? {}, [innerInUrl]);
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
  const setValues = (chartId: string, values: RangeFilter[] | undefined) => setInner((current) => withChartValues(current, chartId, values));
  /** `canEdit`: the bar offers to store the values as the chart's own (PUT /api/chart-edit/{tab}). */
  const barOf = (chart: ChartSummary, canEdit = false): ReactNode =>
    open.has(chart.chartId) ? (
      <StoredInnerFilterBar tab={tab} chartId={chart.chartId} applied={inner[chart.chartId]} canEdit={canEdit} onApply={(values) => setValues(chart.chartId, values)} onSaved={() => setValues(chart.chartId, undefined)} onClose={() => toggleBar(chart.chartId)} />
    ) : null;

  const exportRows = useExportRows(tab);

  const renderDialogs = (filtersOf: FiltersOf): ReactNode =>
    dialog ? <DetailDialog tab={tab} chartId={dialog.chart.chartId} title={dialog.chart.title} filters={filtersOf(dialog.chart) ?? {}} pointKey={dialog.pointKey} canExport={canExport} onClose={() => setDialog(null)} /> : null;

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
    exportRows: (chart: ChartSummary, filters: ViewFilters | undefined) => void exportRows(chart.chartId, { filters: filters ?? {} }, chart.title),
    /** the detail dialog, reading the view's filters of its chart */
    renderDialogs,
  };
}

interface StoredBarProps {
  tab: Tab;
  chartId: string;
  applied: RangeFilter[] | undefined;
  canEdit: boolean;
  onApply: (values: RangeFilter[] | undefined) => void;
  onSaved: () => void;
  onClose: () => void;
}

function StoredInnerFilterBar({ tab, chartId, applied, canEdit, onApply, onSaved, onClose }: StoredBarProps) {
  const { cd, t } = useChartDetailTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const chart = useStoredChart(tab, chartId);
  const stored = chart?.innerFilters ?? [];
  const saveDefault = async (values: RangeFilter[]) => {
    if (!chart) return;
    try {
      await chartEditorApi.save(tab, { ...chart, innerFilters: values });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: chartKeys.runs(tab, chartId) });
      void message.success(cd('bar.savedDefault'));
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
    }
  };
  // the bar starts from the stored filters once the box's answer brought them (and again after a save)
  return (
    <InnerFilterBar
      key={JSON.stringify(stored)}
      tab={tab}
      chartId={chartId}
      stored={stored}
      applied={applied}
      onApply={onApply}
      onSaveDefault={canEdit && chart ? saveDefault : undefined}
      onClose={onClose}
    />
  );
}
