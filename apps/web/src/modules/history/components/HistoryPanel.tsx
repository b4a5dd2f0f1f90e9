import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Drawer, Empty, List, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../../shared/format/time';
import { changedBoxes, historyApi, shortValue, type Change, type HistoryKind, type HistoryTab, type RevisionItem } from '../api/history';
import { useHsTranslation } from '../i18n';
import { LayoutPicture } from './LayoutPicture';
import '../history.css';

export const historyKeys = {
  list: (tab: HistoryTab, kind: HistoryKind, id: string) => ['history', tab, kind, id] as const,
  diff: (tab: HistoryTab, kind: HistoryKind, id: string, rev: number) => ['history', tab, kind, id, 'diff', rev] as const,
  trash: (tab: HistoryTab) => ['history', 'trash', tab] as const,
};

interface HistoryPanelProps {
  tab: HistoryTab;
  kind: HistoryKind;
  objectId: string;
  /** the object's name now (the title and the restore confirmation name it) */
  name: string;
  /** may restore (the writer of the object) */
  canRestore: boolean;
  onClose: () => void;
  /** after a restore: the page reloads what it shows */
  onRestored: () => void;
}

/** The history of a dashboard or chart (issue 33): who changed what when, the diff of a version, restore as a new version. */
export function HistoryPanel({ tab, kind, objectId, name, canRestore, onClose, onRestored }: HistoryPanelProps) {
  const { hs } = useHsTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number | null>(null);
  const history = useQuery({ queryKey: historyKeys.list(tab, kind, objectId), queryFn: () => historyApi.list(tab, kind, objectId) });
  const revisions = history.data?.revisions ?? [];
  const current = revisions[0]?.rev;
  const chosen = selected ?? current ?? null;
  const diff = useQuery({ queryKey: historyKeys.diff(tab, kind, objectId, chosen ?? 0), queryFn: () => historyApi.diff(tab, kind, objectId, chosen!), enabled: chosen !== null });
  const restore = useMutation({
    mutationFn: (rev: number) => historyApi.restore(tab, kind, objectId, rev),
    onSuccess: (answer) => {
      queryClient.setQueryData(historyKeys.list(tab, kind, objectId), answer);
      setSelected(null);
      void message.success(hs('restored', { name }));
      onRestored();
    },
    onError: (error) => void message.error(error instanceof Error ? error.message : hs('loadFailed')),
  });

  const confirmRestore = (r: RevisionItem) =>
    modal.confirm({
      title: hs('restore'),
      content: <span data-testid="history-restore-confirm">{hs('restoreConfirm', { name, rev: r.rev })}</span>,
      okText: hs('ok'),
      cancelText: hs('cancel'),
      okButtonProps: { 'data-testid': 'history-restore-ok' } as never,
      onOk: () => restore.mutateAsync(r.rev),
    });

  const columns = [
    { title: hs('field'), dataIndex: 'path', key: 'path', width: '30%', render: (v: string) => <span className="bi-history__value">{v}</span> },
    { title: hs('before'), dataIndex: 'before', key: 'before', render: (v: unknown) => <span className="bi-history__value">{shortValue(v)}</span> },
    { title: hs('after'), dataIndex: 'after', key: 'after', render: (v: unknown) => <span className="bi-history__value">{shortValue(v)}</span> },
  ];
  const chosenItem = revisions.find((r) => r.rev === chosen);
  const layout = diff.data?.layout;
  const changed = layout ? changedBoxes(layout.before, layout.after) : new Set<string>();
  // the layout's changes are the picture above; the table lists the other fields
  const fieldChanges = (diff.data?.changes ?? []).filter((c) => !(layout && c.path.startsWith('aspects')));

  return (
    <Drawer open width={560} title={<span data-testid="history-title">{hs(`title.${kind}`, { name })}</span>} onClose={onClose} destroyOnHidden data-testid="history-panel">
      {history.isError ? <Alert type="error" showIcon message={history.error instanceof Error ? history.error.message : hs('loadFailed')} /> : null}
      <List
        loading={history.isLoading}
        dataSource={revisions}
        locale={{ emptyText: <Empty description={hs('empty')} /> }}
        renderItem={(r) => (
          <List.Item
            className={`bi-history__item${r.rev === chosen ? ' bi-history__item--selected' : ''}`}
            data-testid={`history-rev-${r.rev}`}
            onClick={() => setSelected(r.rev)}
            actions={
              canRestore && r.rev !== current && !r.deleted
                ? [
                    <Button key="restore" size="small" data-testid={`history-restore-${r.rev}`} loading={restore.isPending && restore.variables === r.rev} onClick={(e) => (e.stopPropagation(), confirmRestore(r))}>
                      {hs('restore')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space size={6} wrap>
                  <Typography.Text strong>{hs('version', { rev: r.rev })}</Typography.Text>
                  {r.rev === current ? <Tag color="blue">{hs('current')}</Tag> : null}
                  {r.restoredFrom ? <Tag>{hs('restoredFrom', { rev: r.restoredFrom })}</Tag> : null}
                  <Typography.Text type="secondary">
                    {r.actorName || hs('system')} · {formatTime(r.at)}
                  </Typography.Text>
                </Space>
              }
              description={<span className="bi-history__summary" data-testid={`history-summary-${r.rev}`}>{r.summaryText}</span>}
            />
          </List.Item>
        )}
      />
      {chosenItem && diff.data ? (
        <div data-testid="history-diff">
          <Typography.Title level={5}>
            {hs('diff')} · {hs('version', { rev: chosenItem.rev })}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {diff.data.against ? hs('diffAgainst', { rev: diff.data.against }) : hs('diffCreated')}
            </Typography.Text>
          </Typography.Title>
          {layout && changed.size > 0 ? (
            <div className="bi-history__layouts" style={{ marginBottom: 12 }}>
              <div className="bi-history__layout">
                <Typography.Text type="secondary">{hs('layoutBefore')}</Typography.Text>
                <LayoutPicture boxes={layout.before} changed={changed} testId="history-layout-before" />
              </div>
              <div className="bi-history__layout">
                <Typography.Text type="secondary">{hs('layoutAfter')}</Typography.Text>
                <LayoutPicture boxes={layout.after} changed={changed} testId="history-layout-after" />
              </div>
            </div>
          ) : null}
          {fieldChanges.length > 0 || changed.size === 0 ? (
            <Table<Change>
              size="small"
              rowKey="path"
              pagination={fieldChanges.length > 20 ? { pageSize: 20, size: 'small' } : false}
              columns={columns}
              dataSource={fieldChanges}
              locale={{ emptyText: hs('noChanges') }}
            />
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
