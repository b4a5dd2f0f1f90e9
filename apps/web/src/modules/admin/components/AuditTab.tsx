import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { formatTime } from '../../../shared/format/time';
import { useAuditLog, useTargetNames } from '../hooks/useAdmin';
import { useAdTranslation } from '../i18n';
import type { AuditEntry } from '../types';
import { auditActionKey, detailText } from '../utils/admin';
import { TargetText } from './TargetText';

/** The audit log, newest first: who changed which grant, user or role, and when. */
export function AuditTab({ active }: { active: boolean }) {
  const { ad } = useAdTranslation();
  const query = useAuditLog(active);
  const names = useTargetNames();
  const entries = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);

  if (query.isError) return <Alert type="error" showIcon title={ad('audit.loadFailed')} description={query.error.message} data-testid="admin-audit-error" />;

  return (
    <div className="bi-admin__tab">
      <Space className="bi-admin__bar">
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isRefetching} data-testid="admin-audit-refresh">
          {ad('users.refresh')}
        </Button>
      </Space>
      <Table<AuditEntry>
        size="small"
        rowKey="id"
        data-testid="admin-audit"
        loading={query.isPending && active}
        pagination={false}
        dataSource={entries}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ad('audit.empty')} /> }}
        columns={[
          { key: 'at', dataIndex: 'at', title: ad('audit.at'), width: 170, render: (at: string) => formatTime(at) },
          { key: 'actor', dataIndex: 'actorName', title: ad('audit.actor'), width: 140, render: (name: string) => name || ad('audit.system') },
          {
            key: 'action',
            dataIndex: 'action',
            title: ad('audit.action'),
            width: 190,
            render: (action: string) => {
              const key = auditActionKey(action);
              return <Tag color={action.startsWith('grant') ? 'blue' : 'purple'}>{key ? ad(key) : action}</Tag>;
            },
          },
          { key: 'target', dataIndex: 'target', title: ad('audit.target'), render: (target: string) => <TargetText target={target} names={names} /> },
          {
            key: 'detail',
            dataIndex: 'detail',
            title: ad('audit.detail'),
            render: (detail: AuditEntry['detail']) => (
              <Typography.Text type="secondary" ellipsis={{ tooltip: detailText(detail) }} className="bi-admin__detail">
                {detailText(detail)}
              </Typography.Text>
            ),
          },
        ]}
      />
      {entries.length > 0 ? (
        <div className="bi-admin__more">
          {query.hasNextPage ? (
            <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid="admin-audit-more">
              {ad('audit.loadMore')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{ad('audit.noMore')}</Typography.Text>
          )}
        </div>
      ) : null}
    </div>
  );
}
