import { isUploadSyntheticField, UPLOAD_KEY_COLUMN } from '@bi/rules';
import { Alert, Empty, Table, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useState } from 'react';
import { useDsTranslation } from '../i18n';
import { useRelatedCharts, useSourceHistory, useSourcePreview } from '../hooks/useDataSource';
import { useDetailExtensions } from '../hooks/useDetailExtensions';
import type { DataSource, HistoryEntry, RelatedChart } from '../types';
import { PreviewTable } from './PreviewTable';
import { formatTime } from '../../../shared/format/time';
import { errorText } from './common';
import { PendingSpin } from '../../../shared/components/PendingSpin';

function Loading() {
  return <PendingSpin />;
}

/**
 * Data preview tab: the first 500 rows (GET topds/{id}/500). `deletable` (an uploaded source the
 * caller may change) adds row checkboxes keyed by key_id and the delete button (spec 02 §2 screen 2).
 */
export function PreviewTab({ source, deletable = false }: { source: DataSource; deletable?: boolean }) {
  const { ds } = useDsTranslation();
  const extensions = useDetailExtensions();
  const query = useSourcePreview(source.dataSourceId);
  const [selected, setSelected] = useState<string[]>([]);
  const rows = query.data?.rows;
  const reference = source.reference;
  const hideColumn = useCallback((name: string) => isUploadSyntheticField(reference, name), [reference]);
  // rows gone from the preview (deleted, replaced) leave the selection
  useEffect(() => {
    if (!rows) return;
    const present = new Set(rows.map((row) => String(row[UPLOAD_KEY_COLUMN])));
    setSelected((keys) => (keys.every((k) => present.has(k)) ? keys : keys.filter((k) => present.has(k))));
  }, [rows]);
  if (query.isPending) return <Loading />;
  if (query.isError) return <Alert type="error" showIcon title={ds('preview.loadFailed')} description={<span data-testid="preview-error">{errorText(query.error)}</span>} />;
  const withKeys = deletable && query.data.columns.some((c) => c.name === UPLOAD_KEY_COLUMN);
  return (
    <div className={query.isFetching ? 'bi-ds-fetching' : undefined}>
      {deletable && extensions ? (
        <div className="bi-ds-preview__bar">
          <extensions.DeleteRowsButton dataSource={source} keyIds={selected} onDeleted={() => setSelected([])} />
        </div>
      ) : null}
      <PreviewTable preview={query.data} maxHeight={520} hideColumn={hideColumn} selection={withKeys ? { rowKey: UPLOAD_KEY_COLUMN, selectedKeys: selected, onChange: setSelected } : undefined} />
    </div>
  );
}

/** History tab: update time and update log, newest first. */
export function HistoryTab({ dataSourceId, active }: { dataSourceId: string; active: boolean }) {
  const { ds } = useDsTranslation();
  const query = useSourceHistory(dataSourceId, active);
  if (query.isPending) return <Loading />;
  if (query.isError) return <Alert type="error" showIcon title={errorText(query.error)} />;
  return (
    <Table<HistoryEntry & { key: number }>
      size="small"
      data-testid="ds-history"
      rowKey="key"
      dataSource={query.data.map((entry, key) => ({ ...entry, key }))}
      pagination={query.data.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: ds('history.empty') }}
      columns={[
        { key: 'updateTime', title: ds('history.updateTime'), width: 190, render: (_v, entry) => formatTime(entry.updateTime) },
        { key: 'updateLog', title: ds('history.updateLog'), dataIndex: 'updateLog' },
        { key: 'userName', title: ds('history.userName'), dataIndex: 'userName', width: 160 },
      ]}
    />
  );
}

function toTree(nodes: readonly RelatedChart[]): DataNode[] {
  return nodes.map((node) => ({ key: node.key, title: node.title, isLeaf: node.kind === 'chart', children: toTree(node.children ?? []) }));
}

/** Related charts tab: folders → dashboards → charts using the source (empty until charts reference sources). */
export function ChartsTab({ dataSourceId, active }: { dataSourceId: string; active: boolean }) {
  const { ds } = useDsTranslation();
  const query = useRelatedCharts(dataSourceId, active);
  if (query.isPending) return <Loading />;
  if (query.isError) return <Alert type="error" showIcon title={errorText(query.error)} />;
  if (query.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="ds-charts-empty">{ds('charts.empty')}</span>} />;
  }
  return <Tree data-testid="ds-charts" showLine defaultExpandAll treeData={toTree(query.data)} />;
}
