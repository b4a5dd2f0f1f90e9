import { KeyOutlined, PlusOutlined, ReloadOutlined, SafetyOutlined, SearchOutlined, StopOutlined, TeamOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatTime } from '../../../shared/format/time';
import { useAdminRoles, useAdminUsers, useUserMutations } from '../hooks/useAdmin';
import { useAdTranslation } from '../i18n';
import type { AdminUser } from '../types';
import { filterUsers } from '../utils/admin';
import { GrantsDrawer } from './GrantsDrawer';
import { CreateUserDialog, PasswordDialog, RolesDialog } from './UserDialogs';

type Dialog = { kind: 'create' } | { kind: 'roles'; user: AdminUser } | { kind: 'password'; user: AdminUser } | { kind: 'grants'; user: AdminUser };

/** Users: list, create, disable / enable, reset password, assign roles, see a user's grants. */
export function UsersTab() {
  const { ad, t } = useAdTranslation();
  const { message, modal } = App.useApp();
  const users = useAdminUsers();
  const roles = useAdminRoles();
  const mutations = useUserMutations();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const shown = useMemo(() => filterUsers(users.data ?? [], search), [users.data, search]);
  const roleList = roles.data ?? [];
  const showError = (error: unknown) => void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));

  const toggleDisabled = (user: AdminUser) => {
    const disabled = !user.disabled;
    modal.confirm({
      title: disabled ? ad('users.disable') : ad('users.enable'),
      content: disabled ? ad('users.disableConfirm', { name: user.userName }) : ad('users.enableConfirm', { name: user.userName }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: disabled, 'data-testid': 'dialog-ok' } as never,
      onOk: async () => {
        try {
          await mutations.setDisabled.mutateAsync({ userId: user.id, disabled });
          void message.success(disabled ? ad('form.disabledDone') : ad('form.enabledDone'));
        } catch (error) {
          showError(error);
        }
      },
    });
  };

  if (users.isError) return <Alert type="error" showIcon title={ad('users.loadFailed')} description={users.error.message} data-testid="admin-users-error" />;

  return (
    <div className="bi-admin__tab">
      <Space wrap className="bi-admin__bar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })} data-testid="admin-create-user">
          {ad('users.create')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void users.refetch()} loading={users.isRefetching} data-testid="admin-users-refresh">
          {ad('users.refresh')}
        </Button>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={ad('users.search')}
          aria-label={ad('users.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="bi-admin__search"
          data-testid="admin-users-search"
        />
        <Typography.Text type="secondary">{ad('users.count', { count: shown.length })}</Typography.Text>
      </Space>
      <Table<AdminUser>
        size="small"
        rowKey="id"
        data-testid="admin-users"
        loading={users.isPending}
        pagination={false}
        dataSource={shown}
        onRow={(row) => ({ 'data-testid': `admin-user-${row.userName}` }) as never}
        columns={[
          { key: 'userName', dataIndex: 'userName', title: ad('users.userName'), render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
          { key: 'displayName', dataIndex: 'displayName', title: ad('users.displayName') },
          {
            key: 'roles',
            dataIndex: 'roles',
            title: ad('users.roles'),
            render: (list: AdminUser['roles']) =>
              list.length === 0 ? (
                <Typography.Text type="secondary">{ad('users.noRoles')}</Typography.Text>
              ) : (
                list.map((r) => (
                  <Tag key={r.id} color={r.id === 'admin' ? 'gold' : 'blue'}>
                    {r.name}
                  </Tag>
                ))
              ),
          },
          {
            key: 'status',
            title: ad('users.status'),
            render: (_v, row) => (
              <Space size={4} wrap>
                {row.disabled ? <Tag color="default">{ad('users.disabled')}</Tag> : <Tag color="green">{ad('users.enabled')}</Tag>}
                {row.mustChangePassword ? <Tag color="orange">{ad('users.mustChange')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'createdAt', dataIndex: 'createdAt', title: ad('users.createdAt'), width: 170, render: (at: string) => formatTime(at) },
          {
            key: 'actions',
            title: ad('users.actions'),
            width: 200,
            render: (_v, row) => (
              <Space size={0}>
                <Tooltip title={ad('users.editRoles')}>
                  <Button type="text" icon={<TeamOutlined />} aria-label={ad('users.editRoles')} data-testid="admin-edit-roles" onClick={() => setDialog({ kind: 'roles', user: row })} />
                </Tooltip>
                <Tooltip title={ad('users.resetPassword')}>
                  <Button type="text" icon={<KeyOutlined />} aria-label={ad('users.resetPassword')} data-testid="admin-reset-password" onClick={() => setDialog({ kind: 'password', user: row })} />
                </Tooltip>
                <Tooltip title={ad('users.grants')}>
                  <Button type="text" icon={<SafetyOutlined />} aria-label={ad('users.grants')} data-testid="admin-grants-open" onClick={() => setDialog({ kind: 'grants', user: row })} />
                </Tooltip>
                <Tooltip title={row.disabled ? ad('users.enable') : ad('users.disable')}>
                  <Button
                    type="text"
                    danger={!row.disabled}
                    icon={row.disabled ? <CheckCircleOutlined /> : <StopOutlined />}
                    aria-label={row.disabled ? ad('users.enable') : ad('users.disable')}
                    data-testid="admin-toggle-disabled"
                    onClick={() => toggleDisabled(row)}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <CreateUserDialog
        open={dialog?.kind === 'create'}
        roles={roleList}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          await mutations.create.mutateAsync(body);
          void message.success(ad('form.created'));
        }}
      />
      {dialog?.kind === 'roles' ? (
        <RolesDialog
          user={dialog.user}
          roles={roleList}
          onClose={() => setDialog(null)}
          onSubmit={async (roleIds) => {
            await mutations.setRoles.mutateAsync({ userId: dialog.user.id, roleIds });
            void message.success(ad('form.rolesSaved'));
          }}
        />
      ) : null}
      {dialog?.kind === 'password' ? (
        <PasswordDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onSubmit={async (password) => {
            await mutations.resetPassword.mutateAsync({ userId: dialog.user.id, password });
            void message.success(ad('form.passwordReset'));
          }}
        />
      ) : null}
      <GrantsDrawer user={dialog?.kind === 'grants' ? dialog.user : null} onClose={() => setDialog(null)} />
    </div>
  );
}
