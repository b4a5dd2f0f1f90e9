import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useErrorText } from '../../../shared/folder-tree';
import { chartEditorApi } from '../../chart-editor/api/chartEditor';
import { useSourceFields } from '../../chart-editor/hooks/useSourceFields';
import { SwitchSourceDialog } from '../../chart-editor/panels/components/DataSourcePanel';
import { toSourceField } from '../../chart-editor/utils/fields';
import { useDbTranslation } from '../i18n';
import type { TabType } from '../types';
import { useChartSourceRefresh } from '../hooks/useChartSourceRefresh';

/**
 * The chart box's "modify data source" (spec 01 §2 chart box more menu): the chart editor's switch
 * dialog on the stored chart — pick a source, see the fields kept and removed, confirm; the server
 * moves and saves the chart (POST /api/chart-edit/change/{tab}/{id}, docs/api/chart.md) and the
 * dashboard's views of it are read again.
 */
export function ChartSourceDialog({ tab, chartId, dashboardId, onClose }: { tab: TabType; chartId: string; dashboardId: string; onClose: () => void }) {
  const { db } = useDbTranslation();
  const errorText = useErrorText();
  const refresh = useChartSourceRefresh(tab);
  // the stored chart as the editor reads it (no filters of this view)
  const stored = useQuery({
    queryKey: ['dashboard', 'stored-chart', tab, chartId],
    queryFn: ({ signal }) => chartEditorApi.run(tab, chartId, {}, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const chart = stored.data?.chart;
  // a chart whose source was deleted: its stored fields are shown, the gone source's are not asked for
  const sourceMissing = stored.data?.sourceMissing === true;
  const schema = useSourceFields(tab, chartId, sourceMissing ? undefined : chart?.dataSourceId);
  const fields = useMemo(() => (schema.data ?? []).map(toSourceField), [schema.data]);

  if (chart && (sourceMissing || !schema.isPending)) {
    return <SwitchSourceDialog tab={tab} chart={chart} fields={fields} sourceMissing={sourceMissing} onClose={onClose} onReload={() => void refresh([dashboardId], [chartId])} />;
  }
  return (
    <DialogModal open title={db('sourceSwitch.chartTitle')} onCancel={onClose} okButtonProps={{ disabled: true }} width={680}>
      <div data-testid="chart-source-loading">
        {stored.isError || (stored.data && !stored.data.chart) ? (
          <Alert type="error" showIcon title={db('sourceSwitch.loadFailed')} description={stored.isError ? errorText(stored.error) : stored.data?.message} data-testid="chart-source-load-failed" />
        ) : (
          <PendingSpin />
        )}
      </div>
    </DialogModal>
  );
}
