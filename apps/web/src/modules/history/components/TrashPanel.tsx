import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../../shared/format/time';
import { historyApi, type HistoryTab, type TrashItem } from '../api/history';
import { useHsTranslation } from '../i18n';
import { historyKeys } from './HistoryPanel';
import '../history.css';

/** The deleted charts and dashboards of a tab (issue 33): who deleted them, the days left, restore. */
export function TrashPanel({ tab, onClose, onRestored }: { tab: HistoryTab; onClose: () => void; onRestored: (item: TrashItem) => void }) {
  const { hs } = useHsTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const trash = useQuery({ queryKey: historyKeys.trash(tab), queryFn: () => historyApi.trash(tab) });
  const restore = useMutation({
    mutationFn: (item: TrashItem) => historyApi.restoreFromTrash(tab, item.kind, item.objectId),
    onSuccess: (_answer, item) => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.trash(tab) });
      void message.success(hs('trash.restored', { name: item.label }));
      onRestored(item);
    },
    onError: (error) => void message.error(error instanceof Error ? error.message : hs('loadFailed')),
  });
  const confirm = (item: TrashItem) =>
    modal.confirm({
      title: hs('trash.restore'),
      content: <span data-testid="trash-restore-confirm">{hs('trash.restoreConfirm', { kind: hs(`trash.kind.${item.kind}`), name: item.label })}</span>,
      okText: hs('ok'),
      cancelText: hs('cancel'),
      okButtonProps: { 'data-testid': 'trash-restore-ok' } as never,
      onOk: () => restore.mutateAsync(item),
    });

  return (
    <Drawer open width={480} title={<span data-testid="trash-title">{hs('trashTitle')}</span>} onClose={onClose} destroyOnHidden data-testid="trash-panel">
      <Typography.Paragraph type="secondary">{hs('trash.intro')}</Typography.Paragraph>
      {trash.isError ? <Alert type="error" showIcon message={trash.error instanceof Error ? trash.error.message : hs('loadFailed')} /> : null}
      <List
        loading={trash.isLoading}
        dataSource={trash.data ?? []}
        locale={{ emptyText: <Empty description={hs('trash.empty')} /> }}
        renderItem={(item) => (
          <List.Item
            data-testid={`trash-item-${item.objectId}`}
            actions={[
              <Button key="restore" size="small" data-testid={`trash-restore-${item.objectId}`} loading={restore.isPending && restore.variables?.objectId === item.objectId} onClick={() => confirm(item)}>
                {hs('trash.restore')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={6} wrap>
                  <Tag>{hs(`trash.kind.${item.kind}`)}</Tag>
                  <Typography.Text strong>{item.label}</Typography.Text>
                </Space>
              }
              description={
                <Space size={6} wrap>
                  <span>{hs('trash.deletedBy', { name: item.actorName || hs('system'), time: formatTime(item.deletedAt) })}</span>
                  <Tag color={item.daysLeft <= 3 ? 'red' : 'default'}>{hs('trash.daysLeft', { count: item.daysLeft })}</Tag>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
