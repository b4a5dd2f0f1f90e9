import { Alert, Drawer, Empty, Spin, Table, Tag, Typography } from 'antd';
import { useUserGrants } from '../hooks/useAdmin';
import { useAdTranslation } from '../i18n';
import type { AdminUser, UserGrant } from '../types';

/** What a user may do (effective permissions) and see (grants, directly or through a role). */
export function GrantsDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { ad } = useAdTranslation();
  const query = useUserGrants(user?.id);
  let body;
  if (!user) body = null;
  else if (query.isPending) body = <Spin />;
  else if (query.isError) body = <Alert type="error" showIcon title={ad('grants.loadFailed')} description={query.error.message} />;
  else
    body = (
      <>
        <Typography.Title level={5}>{ad('grants.permissions')}</Typography.Title>
        <div className="bi-admin__tags" data-testid="admin-grants-permissions">
          {query.data.permissions.length === 0 ? <Typography.Text type="secondary">{ad('grants.none')}</Typography.Text> : null}
          {query.data.permissions.map((p) => (
            <Tag key={p}>{p}</Tag>
          ))}
        </div>
        <Table<UserGrant & { key: string }>
          size="small"
          data-testid="admin-grants-table"
          pagination={false}
          dataSource={query.data.grants.map((g, i) => ({ ...g, key: `${g.target}-${g.via}-${g.roleId ?? ''}-${i}` }))}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ad('grants.noGrants')} /> }}
          columns={[
            { key: 'target', dataIndex: 'target', title: ad('grants.target'), render: (target: string) => <Typography.Text code>{target}</Typography.Text> },
            {
              key: 'via',
              dataIndex: 'via',
              title: ad('grants.via'),
              render: (via: UserGrant['via'], row) => (via === 'user' ? ad('grants.viaUser') : ad('grants.viaRole', { role: row.roleId ?? '' })),
            },
          ]}
        />
      </>
    );
  return (
    <Drawer open={user !== null} onClose={onClose} title={user ? ad('grants.title', { name: user.userName }) : ''} size={520} destroyOnHidden data-testid="admin-grants">
      {body}
    </Drawer>
  );
}
