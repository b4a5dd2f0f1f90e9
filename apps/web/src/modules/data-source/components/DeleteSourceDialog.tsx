import { Alert, App, Form, Select, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { DialogModal } from '../../../shared/components/DialogModal';
import { buildPath } from '../../../shared/routing/routes';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDataSourceProjects, useDeleteSource } from '../hooks/useProjects';
import { useDsTranslation } from '../i18n';
import type { DependentChart } from '../types';
import { errorText } from './common';

/** Where a chart using the source is shown: its dashboard in its tab. */
function dashboardPath(c: DependentChart): string {
  return buildPath(c.tab === 'template' ? 'template' : 'dashboard', { project: c.projectId, dashboard: c.dashboardId });
}

/**
 * The confirmation before a source is deleted (issue 27): names the source and what uses it — the
 * charts (folder › dashboard › chart, each a link to its dashboard) and the joined tables (which must
 * be changed or deleted first: the server refuses the delete while a join reads the source) — and
 * offers to put the charts on another source first (POST repoint/{id}), so none is left without one.
 */
export function DeleteSourceDialog({ source, onClose, onDeleted }: { source: { dataSourceId: string; name: string }; onClose: () => void; onDeleted: () => void }) {
  const { ds } = useDsTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useDeleteSource();
  const [replacement, setReplacement] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const dependents = useQuery({
    queryKey: dataSourceKeys.dependents(source.dataSourceId),
    queryFn: () => dataSourceApi.dependents(source.dataSourceId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const projects = useDataSourceProjects();
  const charts = dependents.data?.charts ?? [];
  const joins = dependents.data?.joins ?? [];
  const blocked = joins.length > 0;
  const options = useMemo(
    () =>
      (projects.data ?? [])
        .map((p) => ({
          label: p.name,
          title: p.name,
          options: p.dataSources.filter((s) => s.dataSourceId !== source.dataSourceId).map((s) => ({ value: s.dataSourceId, label: s.name, title: s.name })),
        }))
        .filter((g) => g.options.length > 0),
    [projects.data, source.dataSourceId],
  );
  const replacementName = options.flatMap((g) => g.options).find((o) => o.value === replacement)?.label ?? '';

  const submit = async () => {
    if (busy.current || blocked || !dependents.data) return;
    busy.current = true;
    setPending(true);
    try {
      if (replacement && charts.length > 0) {
        const moved = await dataSourceApi.repoint(source.dataSourceId, replacement);
        void message.success(ds('source.delete.repointed', { count: moved.charts.length, name: replacementName }));
        // the dashboards read their charts again
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        void queryClient.invalidateQueries({ queryKey: ['chart'] });
      }
      await remove.mutateAsync(source.dataSourceId);
      void message.success(ds('source.deleted'));
      onDeleted();
    } catch (error) {
      void message.error(errorText(error));
      void dependents.refetch();
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <DialogModal
      open
      title={<span data-testid="ds-delete-title">{ds('source.delete.title', { name: source.name })}</span>}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okText={replacement && charts.length > 0 ? ds('source.delete.okRepoint') : ds('source.delete.ok')}
      okButtonProps={{ danger: true, disabled: !dependents.data || blocked }}
      width={620}
    >
      <div className="bi-ds-delete" data-testid="ds-delete-dialog" data-charts={charts.length} data-joins={joins.length}>
        <Typography.Paragraph data-testid="confirm-content">{ds('source.delete.what', { name: source.name })}</Typography.Paragraph>
        {dependents.isPending ? (
          <Spin size="small" description={ds('source.delete.checking')}>
            <div className="bi-ds-delete__spin" />
          </Spin>
        ) : dependents.isError ? (
          <Alert type="error" showIcon title={ds('source.delete.checkFailed')} description={errorText(dependents.error)} data-testid="ds-delete-check-failed" />
        ) : (
          <>
            {joins.length > 0 ? (
              <Alert
                type="error"
                showIcon
                className="bi-ds-delete__block"
                title={ds('source.delete.joins', { count: joins.length })}
                description={
                  <ul className="bi-ds-delete__list" data-testid="ds-delete-joins">
                    {joins.map((j) => (
                      <li key={j.dataSourceId} data-testid={`ds-delete-join-${j.dataSourceId}`}>
                        <Link to={buildPath('join_table', { project: j.projectId, data_source: j.dataSourceId })} onClick={onClose}>
                          {j.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                }
              />
            ) : null}
            {charts.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                className="bi-ds-delete__block"
                title={ds('source.delete.charts', { count: charts.length })}
                description={
                  <ul className="bi-ds-delete__list" data-testid="ds-delete-charts">
                    {charts.map((c) => (
                      <li key={c.chartId} data-testid={`ds-delete-chart-${c.chartId}`}>
                        <Typography.Text type="secondary">
                          {c.tab === 'template' ? `${ds('source.delete.templateTab')} › ` : ''}
                          {c.projectName} › <Link to={dashboardPath(c)} onClick={onClose}>{c.dashboardName}</Link> ›{' '}
                        </Typography.Text>
                        <Typography.Text strong>{c.title}</Typography.Text>
                      </li>
                    ))}
                  </ul>
                }
              />
            ) : null}
            {dependents.data.hiddenCharts > 0 ? <Typography.Paragraph type="secondary">{ds('source.delete.hiddenCharts', { count: dependents.data.hiddenCharts })}</Typography.Paragraph> : null}
            {charts.length === 0 && joins.length === 0 && dependents.data.hiddenCharts === 0 ? (
              <Typography.Paragraph type="secondary" data-testid="ds-delete-unused">
                {ds('source.delete.unused')}
              </Typography.Paragraph>
            ) : null}
            {charts.length > 0 && !blocked ? (
              <Form layout="vertical" component="div">
                <Form.Item label={ds('source.delete.repointLabel')} extra={ds('source.delete.repointHint')}>
                  <Select
                    allowClear
                    showSearch
                    optionFilterProp="title"
                    value={replacement}
                    onChange={(v: string | undefined) => setReplacement(v)}
                    placeholder={ds('source.delete.repointPlaceholder')}
                    loading={projects.isLoading}
                    options={options}
                    optionRender={(o) => <span data-testid={`ds-delete-repoint-option-${String(o.value)}`}>{o.label}</span>}
                    data-testid="ds-delete-repoint"
                  />
                </Form.Item>
              </Form>
            ) : null}
          </>
        )}
      </div>
    </DialogModal>
  );
}
