import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { formatTime } from '../../../shared/format/time';
import { useAuditLog, useTargetNames } from '../hooks/useAdmin';
import { useAdTranslation } from '../i18n';
import type { AuditEntry } from '../types';
import { auditActionKey, auditTargetName, describeDetail, isDeletion } from '../utils/admin';

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
              return <Tag color={isDeletion(action) ? 'red' : action.startsWith('grant') ? 'blue' : 'purple'}>{key ? ad(key) : action}</Tag>;
            },
          },
          {
            key: 'target',
            dataIndex: 'target',
            title: ad('audit.target'),
            render: (target: string, entry) => {
              const name = auditTargetName(entry, names);
              return (
                <span className="bi-admin__target" data-testid={`admin-audit-target-${entry.id}`}>
                  {name ? <Typography.Text strong>{name}</Typography.Text> : null}
                  <Typography.Text type="secondary" className="bi-admin__target-id">
                    {target}
                  </Typography.Text>
                </span>
              );
            },
          },
          {
            key: 'detail',
            dataIndex: 'detail',
            title: ad('audit.detail'),
            render: (_detail: AuditEntry['detail'], entry) => {
              const text = describeDetail(entry, ad);
              return (
                <Typography.Text type="secondary" ellipsis={{ tooltip: text }} className="bi-admin__detail" data-testid={`admin-audit-detail-${entry.id}`}>
                  {text}
                </Typography.Text>
              );
            },
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
