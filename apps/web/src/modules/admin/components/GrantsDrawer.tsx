import { Alert, Drawer, Empty, Spin, Table, Tag, Typography } from 'antd';
import { useTargetNames, useUserGrants } from '../hooks/useAdmin';
import { useAdTranslation } from '../i18n';
import type { AdminUser, UserGrant } from '../types';
import { areaPermissions } from '../utils/admin';
import { TargetText } from './TargetText';

/** What a user may do (effective permissions) and see (grants, directly or through a role). */
export function GrantsDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { ad } = useAdTranslation();
  const query = useUserGrants(user?.id);
  const names = useTargetNames();
  let body;
  if (!user) body = null;
  else if (query.isPending) body = <Spin />;
  else if (query.isError) body = <Alert type="error" showIcon title={ad('grants.loadFailed')} description={query.error.message} />;
  else
    body = (
      <>
        <Typography.Title level={5} className="bi-admin__subtitle">
          {ad('grants.permissions')}
        </Typography.Title>
        <div className="bi-admin__tags" data-testid="admin-grants-permissions">
          {areaPermissions(query.data).length === 0 ? <Typography.Text type="secondary">{ad('grants.none')}</Typography.Text> : null}
          {areaPermissions(query.data).map((p) => (
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
            { key: 'target', dataIndex: 'target', title: ad('grants.target'), render: (target: string) => <TargetText target={target} names={names} /> },
            {
              key: 'via',
              width: 160,
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
