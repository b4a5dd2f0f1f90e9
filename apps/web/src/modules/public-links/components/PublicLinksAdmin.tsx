import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { formatTime } from '../../../shared/format/time';
import { DIALOG_CANCEL, DIALOG_OK } from '../../../shared/components/testIds';
import { publicLinksApi, type PublicLink } from '../api/public-links';
import { usePlTranslation } from '../i18n';
import { publicLinkKeys } from './ShareLinkDialog';

const STATUS_COLOR = { live: 'green', expired: 'default', revoked: 'red' } as const;

/** Every user's public links for administrators (the admin page's tab): revoke one, or all at once. */
export function PublicLinksAdmin() {
  const { pl, t } = usePlTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [...publicLinkKeys.all, 'admin'], queryFn: publicLinksApi.all, retry: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: publicLinkKeys.all });
  const revoke = useMutation({ mutationFn: publicLinksApi.revoke, onSuccess: () => (void message.success(pl('revoked')), refresh()), onError: (e: Error) => void message.error(e.message) });
  const revokeAll = useMutation({
    mutationFn: publicLinksApi.revokeAll,
    onSuccess: (r) => (void message.success(pl('admin.revokedAll', { count: r.revoked })), refresh()),
    onError: (e: Error) => void message.error(e.message),
  });
  const confirm = (title: string, content: string, onOk: () => Promise<unknown>) =>
    modal.confirm({ title, content: <span data-testid="confirm-content">{content}</span>, okText: pl('revoke'), cancelText: t('common.cancel'), okButtonProps: { ...DIALOG_OK, danger: true }, cancelButtonProps: DIALOG_CANCEL, onOk });

  return (
    <div data-testid="admin-public-links">
      <Space className="bi-share-link__bar">
        <Button danger data-testid="public-links-revoke-all" onClick={() => confirm(pl('admin.revokeAllTitle'), pl('admin.revokeAllContent'), () => revokeAll.mutateAsync())}>
          {pl('admin.revokeAll')}
        </Button>
      </Space>
      <Table<PublicLink>
        rowKey="id"
        size="small"
        loading={query.isPending}
        dataSource={query.data ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.isError ? pl('loadFailed') : pl('empty') }}
        columns={[
          { title: pl('columns.dashboard'), key: 'dashboard', render: (_, l) => <Typography.Text>{l.dashboardName}</Typography.Text> },
          { title: pl('columns.link'), key: 'link', render: (_, l) => <Typography.Text code>{l.url}</Typography.Text> },
          { title: pl('columns.creator'), dataIndex: 'creatorName' },
          { title: pl('columns.createdAt'), key: 'createdAt', render: (_, l) => formatTime(l.createdAt) },
          { title: pl('columns.expiresAt'), key: 'expiresAt', render: (_, l) => formatTime(l.expiresAt) },
          { title: pl('columns.lastOpened'), key: 'lastOpened', render: (_, l) => (l.lastOpenedAt ? formatTime(l.lastOpenedAt) : pl('never')) },
          { title: pl('columns.status'), key: 'status', render: (_, l) => <Tag color={STATUS_COLOR[l.state]}>{pl(`status.${l.state}`)}</Tag> },
          {
            title: pl('columns.actions'),
            key: 'actions',
            render: (_, l) =>
              l.state === 'live' ? (
                <Button type="link" danger size="small" onClick={() => confirm(pl('revokeTitle'), pl('revokeContent', { name: l.dashboardName }), () => revoke.mutateAsync(l))}>
                  {pl('revoke')}
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
