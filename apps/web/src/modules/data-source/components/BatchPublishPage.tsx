import { ArrowLeftOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Modal, Select, Space, Spin, Table, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { buildPath } from '../../../shared/routing/routes';
import { formatTime } from '../../../shared/format/time';
import { typeLabel } from './common';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDataSourceProjects } from '../hooks/useProjects';
import { useDsTranslation } from '../i18n';
import type { DataSourceSummary } from '../types';
import { canChange } from '../utils/permissions';
import { useBatchPublish, useShareForm } from '../../sharing/hooks/useSharing';
import { usePublishOutcome } from '../../sharing/hooks/usePublishOutcome';
import { useShTranslation } from '../../sharing/i18n';
import type { PublishFailure, PublishType } from '../../sharing/types';
import { batchProblem, invertSelection, keepSelectable, selectAll } from '../../sharing/utils/selection';
import { FailureTable } from '../../sharing/components/FailureTable';
import { PrincipalPickers } from '../../sharing/components/PrincipalPickers';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import '../../sharing/sharing.css';

/**
 * Share and batch publish screen (spec 02 §2 screen 7): a folder's sources with checkboxes, select all /
 * invert / select none, the roles and users pickers, add share / remove share; a loading dialog while it
 * runs, then the failure table (dataSourceName, failedMessage), or 'operate success' when it is empty.
 * Route data_source_publish (/data_source_publish/:project) or data_source_batch_publish
 * (/data_source/batch_publish?project=…).
 */
export function BatchPublishPage({ routeName }: { routeName: 'data_source_publish' | 'data_source_batch_publish' }) {
  const { sh } = useShTranslation();
  const { ds } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const auth = useDataSourceAuth();
  const projectsQuery = useDataSourceProjects();
  const formQuery = useShareForm(undefined, auth.canEdit);
  const batch = useBatchPublish();
  const outcome = usePublishOutcome();

  const projects = useMemo(() => projectsQuery.data ?? [], [projectsQuery.data]);
  const requested = (routeName === 'data_source_publish' ? params.project : search.get('project')) ?? '';
  const projectId = requested || projects[0]?.projectId || '';
  const project = projects.find((p) => p.projectId === projectId);
  const sources = useMemo(() => project?.dataSources ?? [], [project]);
  const selectable = useMemo(() => sources.filter((s) => canChange(s, auth)).map((s) => s.dataSourceId), [sources, auth]);

  const [checked, setChecked] = useState<string[]>([]);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [running, setRunning] = useState<PublishType | null>(null);
  const [failures, setFailures] = useState<PublishFailure[] | null>(null);

  // a folder change or a reload keeps only rows still there
  useEffect(() => setChecked((current) => keepSelectable(selectable, current)), [selectable]);

  const chooseFolder = (next: string) => {
    setChecked([]);
    setFailures(null);
    if (routeName === 'data_source_publish') void navigate(buildPath('data_source_publish', { project: next }));
    else setSearch({ project: next }, { replace: true });
  };

  const run = async (publishType: PublishType) => {
    if (running) return;
    const problem = batchProblem({ dataSourceIds: checked, roleIds, userIds });
    if (problem) {
      void message.warning(sh(problem === 'noneChecked' ? 'batch.noneChecked' : 'batch.noneChosen'));
      return;
    }
    setRunning(publishType);
    setFailures(null);
    let result: PublishFailure[];
    try {
      result = await batch.mutateAsync({ dataSourceIds: checked, roleIds, userIds, publishType, projectId });
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : sh('result.operateFailed'));
      setRunning(null);
      return;
    }
    setRunning(null);
    setFailures(result);
    outcome(result);
  };

  if (!auth.canEdit) {
    return (
      <section className="bi-page" data-testid={`page-${routeName}`}>
        <Empty description={<span data-testid="batch-no-permission">{sh('batch.noPermission')}</span>} />
      </section>
    );
  }

  let table;
  if (projectsQuery.isPending) {
    table = <PendingSpin className="bi-share__status" />;
  } else if (projectsQuery.isError) {
    table = <Alert type="error" showIcon title={ds('sidebar.loadFailed')} description={projectsQuery.error.message} />;
  } else {
    table = (
      <Table<DataSourceSummary>
        size="small"
        rowKey="dataSourceId"
        data-testid="batch-table"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={sources}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={project ? sh('batch.noSources') : sh('batch.chooseFolder')} /> }}
        rowSelection={{
          selectedRowKeys: checked,
          onChange: (keys) => setChecked(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: !selectable.includes(row.dataSourceId), 'data-testid': `batch-check-${row.dataSourceId}` }) as never,
          columnTitle: <span />,
        }}
        onRow={(row) => ({ 'data-testid': `batch-row-${row.dataSourceId}` }) as never}
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: sh('batch.name'),
            render: (name: string, row) =>
              selectable.includes(row.dataSourceId) ? (
                name
              ) : (
                <Tooltip title={sh('batch.notShareable')}>
                  <Typography.Text type="secondary">{name}</Typography.Text>
                </Tooltip>
              ),
          },
          { key: 'type', dataIndex: 'type', title: sh('batch.type'), width: 160, render: (type: number) => typeLabel(ds, type) },
          { key: 'updated', dataIndex: 'updateTime', title: sh('batch.updated'), width: 200, render: (time: string) => formatTime(time) },
        ]}
      />
    );
  }

  return (
    <section className="bi-page bi-batch" data-testid={`page-${routeName}`} data-project={projectId}>
      <div className="bi-ds-page__head">
        <Tooltip title={sh('batch.back')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={sh('batch.back')}
            data-testid="batch-back"
            onClick={() => void navigate(buildPath('data_source', { project: projectId || undefined }))}
          />
        </Tooltip>
        <Typography.Title level={4} className="bi-ds-page__title" data-testid="batch-title">
          {sh('batch.title')}
        </Typography.Title>
      </div>

      <Card size="small" className="bi-batch__card">
        <Space wrap className="bi-batch__bar">
          <Select
            className="bi-batch__folder"
            data-testid="batch-folder"
            aria-label={sh('batch.folder')}
            placeholder={sh('batch.folderPlaceholder')}
            value={project ? projectId : undefined}
            onChange={chooseFolder}
            showSearch={{ optionFilterProp: 'label' }}
            options={projects.map((p) => ({ value: p.projectId, label: p.name, 'data-testid': `batch-folder-option-${p.projectId}` }))}
          />
          <Button data-testid="batch-select-all" onClick={() => setChecked(selectAll(selectable))} disabled={selectable.length === 0}>
            {sh('batch.selectAll')}
          </Button>
          <Button data-testid="batch-invert" onClick={() => setChecked((current) => invertSelection(selectable, current))} disabled={selectable.length === 0}>
            {sh('batch.invert')}
          </Button>
          <Button data-testid="batch-select-none" onClick={() => setChecked([])} disabled={checked.length === 0}>
            {sh('batch.selectNone')}
          </Button>
          <Typography.Text type="secondary" data-testid="batch-count">
            {sh('batch.selected', { count: checked.length, total: sources.length })}
          </Typography.Text>
        </Space>
        {table}
      </Card>

      <Card size="small" className="bi-batch__card">
        {formQuery.isError ? (
          <Alert type="error" showIcon title={sh('share.loadFailed')} description={formQuery.error.message} />
        ) : (
          <Form layout="vertical" component="div" className="bi-batch__pickers">
            <PrincipalPickers
              roles={formQuery.data?.roles ?? []}
              users={formQuery.data?.users ?? []}
              roleIds={roleIds}
              userIds={userIds}
              onRoles={setRoleIds}
              onUsers={setUserIds}
              disabled={Boolean(running) || formQuery.isPending}
              testIdPrefix="batch"
            />
          </Form>
        )}
        <Space>
          <Button type="primary" icon={<PlusCircleOutlined />} data-testid="batch-add" onClick={() => void run('add')} loading={running === 'add'} disabled={Boolean(running)}>
            {sh('batch.add')}
          </Button>
          <Button danger icon={<MinusCircleOutlined />} data-testid="batch-remove" onClick={() => void run('remove')} loading={running === 'remove'} disabled={Boolean(running)}>
            {sh('batch.remove')}
          </Button>
        </Space>
      </Card>

      {failures && failures.length > 0 ? (
        <Card size="small" className="bi-batch__card" title={sh('batch.lastResult')} data-testid="batch-result">
          <Alert type="error" showIcon className="bi-share__alert" title={sh('result.publishFailed')} description={sh('result.failedCount', { count: failures.length })} />
          <FailureTable failures={failures} />
        </Card>
      ) : null}

      <Modal open={running !== null} closable={false} footer={null} maskClosable={false} keyboard={false} width={320} centered>
        <div className="bi-share__loading" data-testid="batch-loading" role="status">
          <Spin />
          <Typography.Text>{running === 'remove' ? sh('batch.removing') : sh('batch.running')}</Typography.Text>
        </div>
      </Modal>
    </section>
  );
}
