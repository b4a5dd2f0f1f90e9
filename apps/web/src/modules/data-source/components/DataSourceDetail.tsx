import { DeleteOutlined, DownloadOutlined, EditOutlined, MoreOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Dropdown, Empty, Space, Tabs, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { isUploadSyntheticField, SOURCE_TYPE, UPLOAD_REFERENCE } from '@bi/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../shared/api/http';
import { LOGIN_PATH } from '../../auth/utils/guard';
import { RowRulesButton, useShareDialog } from '../../sharing';
import { SourceHistoryButton } from '../../history/components/SourceHistoryButton';
import { dataSourceKeys, exportSource } from '../api/dataSource';
import { saveBlob } from '../../../shared/api/download';
import { useDataSource } from '../hooks/useDataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDetailExtensions } from '../hooks/useDetailExtensions';
import { DeleteSourceDialog } from './DeleteSourceDialog';
import { useDsTranslation } from '../i18n';
import { detailActions, editPath } from '../utils/permissions';
import { ChartsTab, HistoryTab, PreviewTab } from './DetailTabs';
import { FieldsTab } from './FieldsTab';
import { SyncPanel } from './SyncPanel';
import { RollupsTab, useRollups } from './RollupsTab';
import { formatTime } from '../../../shared/format/time';
import { cacheLabel, errorText, menuLabel, typeLabel } from './common';
import { PendingSpin } from '../../../shared/components/PendingSpin';

type TabKey = 'preview' | 'fields' | 'history' | 'charts' | 'rollups';


/** Data-source detail page (spec 02 §2 screen 2): toolbar and the tabs preview, fields, history, related charts. */
export function DataSourceDetail({ dataSourceId, basePath }: { dataSourceId: string; basePath: string }) {
  const { ds } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useDataSourceAuth();
  const query = useDataSource(dataSourceId);
  // a source in the analytics store keeps rollups (issue 31): its page has their tab
  const rollups = useRollups(dataSourceId);
  const [tab, setTab] = useState<TabKey>('preview');
  const [exporting, setExporting] = useState(false);
  const [addFieldRequest, setAddFieldRequest] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const { openShare, shareDialog } = useShareDialog();
  // an uploaded source: append / replace in the toolbar, row delete in the preview, column removal in the fields
  const extensions = useDetailExtensions();

  if (query.isPending) {
    return <PendingSpin />;
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.httpStatus === 404) {
      return <Empty className="bi-ds-empty" description={<span data-testid="ds-not-found">{ds('source.notFound')}</span>} />;
    }
    return <Alert type="error" showIcon title={ds('source.loadFailed')} description={query.error.message} data-testid="ds-load-error" />;
  }

  const source = query.data;
  const actions = detailActions(source, auth);
  const upload = extensions !== null && extensions.appliesTo(source);
  const uploaded = source.reference === UPLOAD_REFERENCE;
  const changeUpload = upload && actions.editFields;

  const onExport = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { blob, fileName } = await exportSource(source.dataSourceId, source.name);
      saveBlob(blob, fileName);
      void message.success(ds('detail.exported'));
    } catch (error) {
      void message.error(errorText(error));
      if (error instanceof ApiError && error.httpStatus === 401) void navigate(LOGIN_PATH, { replace: true });
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = () => setDeleting(true);

  // add field (spec 02 screen 2: read-only sources without a reference): the fields tab, editing, with a new calculated field
  const openAddField = () => {
    setTab('fields');
    setAddFieldRequest((n) => n + 1);
  };
  const more: MenuProps['items'] = actions.addField ? [{ key: 'add-field', label: menuLabel('ds-add-field', ds('detail.addField')), onClick: openAddField }] : [];

  const tabLabel = (key: TabKey, text: string) => <span data-testid={`tab-${key}`}>{text}</span>;

  return (
    <article className="bi-ds-detail" data-testid="ds-detail" data-data-source={source.dataSourceId}>
      <header className="bi-ds-detail__head">
        <div className="bi-ds-detail__title">
          <Typography.Title level={4} className="bi-ds-page__title" data-testid="ds-title">
            {source.name}
          </Typography.Title>
          <Tag color="blue" data-testid="ds-type">
            {typeLabel(ds, source.type)}
          </Tag>
        </div>
        <Space wrap className="bi-ds-detail__toolbar" role="toolbar" aria-label={ds('detail.toolbar')}>
          {changeUpload ? <extensions.ToolbarActions dataSource={source} /> : null}
          {actions.edit ? (
            <Button icon={<EditOutlined />} onClick={() => void navigate(editPath(source))} data-testid="ds-edit">
              {ds('detail.edit')}
            </Button>
          ) : null}
          {actions.share ? (
            <Button icon={<ShareAltOutlined />} onClick={() => openShare({ dataSourceId: source.dataSourceId, name: source.name })} data-testid="ds-share">
              {ds('detail.share')}
            </Button>
          ) : null}
          {auth.isAdmin ? <RowRulesButton source={{ dataSourceId: source.dataSourceId, name: source.name, fields: source.fields.filter((f) => !isUploadSyntheticField(source.reference, f.name)) }} /> : null}
          {/* versions of the field settings, row rules and a join's definition (issue 33): who may change the source */}
          {actions.editFields ? (
            <SourceHistoryButton
              source={{ dataSourceId: source.dataSourceId, name: source.name }}
              isJoin={source.type === SOURCE_TYPE.join}
              isAdmin={auth.isAdmin}
              canRestore={actions.editFields}
              onRestored={() => void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all })}
            />
          ) : null}
          {actions.export ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()} data-testid="ds-export">
              {ds('detail.export')}
            </Button>
          ) : null}
          {more.length > 0 ? (
            <Dropdown trigger={['click']} menu={{ items: more }} destroyOnHidden>
              <Tooltip title={ds('detail.more')}>
                <Button icon={<MoreOutlined />} aria-label={ds('detail.more')} data-testid="ds-more" />
              </Tooltip>
            </Dropdown>
          ) : null}
          {actions.delete ? (
            <Button danger type="primary" icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="ds-delete">
              {ds('detail.delete')}
            </Button>
          ) : null}
        </Space>
      </header>
      <Descriptions
        size="small"
        className="bi-ds-detail__facts"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'folder', label: ds('detail.folder'), children: source.projectName },
          // an uploaded source's store, table and key column are the product's own: its origin is said instead
          ...(uploaded
            ? [{ key: 'origin', label: ds('detail.origin'), children: <span data-testid="ds-origin">{ds('detail.uploaded')}</span> }]
            : [
                { key: 'connection', label: ds('detail.connection'), children: <Typography.Text code data-testid="ds-connection-string">{source.connectionString}</Typography.Text> },
                ...(source.tableName ? [{ key: 'table', label: ds('detail.table'), children: source.tableSchema ? `${source.tableSchema}.${source.tableName}` : source.tableName }] : []),
              ]),
          { key: 'cache', label: ds('detail.cacheInterval'), children: cacheLabel(ds, source.cacheInterval ?? 0) },
          { key: 'updated', label: ds('detail.updated'), children: formatTime(source.updateTime) },
          { key: 'createdBy', label: ds('detail.createdBy'), children: source.createdBy },
          ...(source.description ? [{ key: 'description', label: ds('detail.description'), children: source.description }] : []),
        ]}
      />
      {/* a synced source (issue 29): its last sync and "Refresh now" for who may change it */}
      <SyncPanel dataSourceId={source.dataSourceId} canRefresh={actions.editFields} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'preview', label: tabLabel('preview', ds('detail.tabs.preview')), children: <PreviewTab source={source} deletable={changeUpload} /> },
          { key: 'fields', label: tabLabel('fields', ds('detail.tabs.fields')), children: <FieldsTab source={source} canEdit={actions.editFields} removableColumns={changeUpload} addRequest={addFieldRequest} /> },
          { key: 'history', label: tabLabel('history', ds('detail.tabs.history')), children: <HistoryTab dataSourceId={source.dataSourceId} active={tab === 'history'} /> },
          { key: 'charts', label: tabLabel('charts', ds('detail.tabs.charts')), children: <ChartsTab dataSourceId={source.dataSourceId} active={tab === 'charts'} /> },
          ...(rollups.data?.applies ? [{ key: 'rollups', label: tabLabel('rollups', ds('rollups.tab')), children: <RollupsTab dataSourceId={source.dataSourceId} /> }] : []),
        ]}
      />
      {shareDialog}
      {deleting ? (
        <DeleteSourceDialog
          source={source}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            void navigate(`${basePath}/${encodeURIComponent(source.projectId)}`);
          }}
        />
      ) : null}
    </article>
  );
}
