import type { Tab } from '@bi/rules';
import { useQueries } from '@tanstack/react-query';
import { Alert, Form, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { usePermission } from '../../auth/hooks/usePermission';
import type { ChartSummary } from '../../chart/types';
import { linkageApi } from '../api/linkage';
import { useLinkageTranslation } from '../i18n';

/** A folder with its dashboards as GET /api/dashboard/projects/{tab} answers it. */
export interface CopyTargetFolder {
  projectId: string;
  name: string;
  dashboards: { dashboardId: string; name: string }[];
}

interface CopyChartDialogProps {
  tab: Tab;
  chart: ChartSummary;
  /** the dashboard the chart is on */
  dashboardId: string;
  /** the folders with dashboards of a tab (the dashboard module's projects call) */
  loadFolders: (tab: Tab) => Promise<CopyTargetFolder[]>;
  onClose: () => void;
  /** the copy exists: on this dashboard (here) or on another one */
  onCopied: (copy: ChartSummary, target: { tab: Tab; dashboardId: string; name: string; here: boolean }) => void;
}

/**
 * Copy chart (spec 01 §2 "more" menu, editAuth): beside itself on this dashboard, or to another
 * dashboard the user may edit — the dashboard tab with dashboard:edit, templates only with
 * template:edit (spec 01 §5; the server refuses it anyway). POST /api/dashboard/copy_chart/{tab}/{chartId}.
 */
export function CopyChartDialog({ tab, chart, dashboardId, loadFolders, onClose, onCopied }: CopyChartDialogProps) {
  const { lk } = useLinkageTranslation();
  const { can } = usePermission();
  const { pending, run } = useSubmit();
  const tabs: Tab[] = [...(can('dashboard:edit') ? (['dashboard'] as const) : []), ...(can('template:edit') ? (['template'] as const) : [])];
  const folders = useQueries({ queries: tabs.map((t) => ({ queryKey: ['dashboard-linkage', 'copy-targets', t], queryFn: () => loadFolders(t), staleTime: 0 })) });
  const [where, setWhere] = useState<'here' | 'other'>('here');
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [tried, setTried] = useState(false);

  const groups = tabs.flatMap((t, i) =>
    (folders[i]?.data ?? []).map((folder) => ({
      label: `${t === 'template' ? lk('copy.templates') : lk('copy.dashboards')} / ${folder.name}`,
      title: folder.name,
      options: folder.dashboards
        .filter((d) => !(t === tab && d.dashboardId === dashboardId))
        .map((d) => ({ value: `${t}:${d.dashboardId}`, label: d.name, 'data-testid': `copy-target-${d.dashboardId}` })),
    })),
  ).filter((g) => g.options.length > 0);
  const loading = folders.some((q) => q.isPending);
  const failed = folders.find((q) => q.isError)?.error;

  const submit = () =>
    run(async () => {
      setTried(true);
      const [targetTab, targetId] = where === 'here' ? [tab, dashboardId] : ((target?.split(':') ?? []) as [Tab?, string?]);
      if (!targetTab || !targetId) return;
      const copy = await linkageApi.copy(tab, chart.chartId, { dashboardId: targetId, targetTab });
      const name = groups.flatMap((g) => g.options).find((o) => o.value === target)?.label ?? '';
      onCopied(copy, { tab: targetTab, dashboardId: targetId, name, here: where === 'here' });
      onClose();
    });

  return (
    <DialogModal
      open
      title={lk('copy.title', { title: chart.title })}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={lk('copy.submit')}
      cancelText={lk('copy.cancel')}
      confirmLoading={pending}
      width={520}
    >
      <Form layout="vertical" component={false}>
        <div data-testid="copy-chart-dialog">
          <Form.Item label={lk('copy.where')}>
            <Radio.Group value={where} onChange={(e) => setWhere(e.target.value as 'here' | 'other')} data-testid="copy-where">
              <Radio value="here" data-testid="copy-here">{lk('copy.here')}</Radio>
              <Radio value="other" data-testid="copy-other">{lk('copy.other')}</Radio>
            </Radio.Group>
          </Form.Item>
          {where === 'other' ? (
            <Form.Item
              label={lk('copy.dashboard')}
              required
              validateStatus={tried && !target ? 'error' : undefined}
              help={tried && !target ? lk('copy.pick') : !can('template:edit') ? lk('copy.templateHint') : undefined}
            >
              {failed ? <Alert type="error" showIcon message={failed.message} /> : null}
              <Select
                data-testid="copy-target-select"
                showSearch
                optionFilterProp="label"
                loading={loading}
                value={target}
                onChange={(value: string) => setTarget(value)}
                placeholder={lk('copy.pick')}
                notFoundContent={loading ? undefined : <Typography.Text type="secondary">{lk('copy.noTargets')}</Typography.Text>}
                options={groups}
              />
            </Form.Item>
          ) : null}
        </div>
      </Form>
    </DialogModal>
  );
}
