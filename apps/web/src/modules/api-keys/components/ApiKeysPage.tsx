import { KeyOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../auth/hooks/usePermission';
import { formatTime } from '../../../shared/format/time';
import { API_KEY_SCOPES, DEFAULT_EXPIRY_DAYS, EXPIRY_DAYS, apiKeysApi, keyStatus, type ApiKey, type ApiKeyScope, type CreateApiKeyBody } from '../api/api-keys';
import { useAkTranslation } from '../i18n';
import '../api-keys.css';

/** A test id on an antd button's props (its types name no data- attributes). */
const testId = (id: string) => ({ 'data-testid': id }) as { 'data-testid': string } & Record<`data-${string}`, string>;

/** The catalogue key of a scope's text (i18next reads ':' as a namespace separator). */
const SCOPE_TEXT = { read: 'scope.read', 'dashboards:write': 'scope.dashboardsWrite', 'sources:manage': 'scope.sourcesManage', admin: 'scope.admin' } as const satisfies Record<ApiKeyScope, string>;

const STATUS_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;

/** The user's API keys (docs/api/api-keys.md): make one (its secret shown once), see last use, revoke; administrators see every user's. */
export function ApiKeysPage() {
  const { ak } = useAkTranslation();
  const { isAdmin } = usePermission();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [view, setView] = useState<'mine' | 'everyone'>('mine');
  const everyone = isAdmin && view === 'everyone';
  const query = useQuery({ queryKey: ['api-keys', everyone ? 'all' : 'mine'], queryFn: everyone ? apiKeysApi.all : apiKeysApi.mine });
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ key: ApiKey; secret: string } | null>(null);
  const [form] = Form.useForm<CreateApiKeyBody>();

  const create = useMutation({
    mutationFn: apiKeysApi.create,
    onSuccess: (r) => {
      setCreating(false);
      form.resetFields();
      setMade(r);
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => apiKeysApi.revoke(key, everyone),
    onSuccess: (key) => {
      void message.success(ak('revoke.done', { name: key.name }));
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (e: Error) => void message.error(e.message),
  });

  const scopes = API_KEY_SCOPES.filter((s) => s !== 'admin' || isAdmin);

  return (
    <section className="bi-page bi-api-keys" data-testid="page-api-keys">
      <Typography.Title level={4} className="bi-api-keys__title">
        <KeyOutlined aria-hidden="true" /> {ak('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{ak('intro')}</Typography.Paragraph>
      <Space className="bi-api-keys__bar" wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-keys-create">
          {ak('create')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isRefetching} data-testid="api-keys-refresh">
          {ak('refresh')}
        </Button>
        {isAdmin ? (
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'mine' | 'everyone')}
            options={[
              { value: 'mine', label: ak('mine') },
              { value: 'everyone', label: <span data-testid="api-keys-everyone">{ak('everyone')}</span> },
            ]}
          />
        ) : null}
      </Space>
      {query.isError ? <Alert type="error" showIcon title={ak('loadFailed')} description={query.error.message} /> : null}
      <Table<ApiKey>
        size="small"
        rowKey="id"
        data-testid="api-keys-table"
        loading={query.isPending}
        pagination={false}
        scroll={{ x: 960 }}
        dataSource={query.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ak('empty')} /> }}
        onRow={(key) => ({ 'data-testid': `api-key-row-${key.name}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'name', dataIndex: 'name', title: ak('columns.name'), render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
          ...(everyone ? [{ key: 'user', dataIndex: 'userName', title: ak('columns.user') }] : []),
          { key: 'hint', dataIndex: 'hint', title: ak('columns.key'), render: (hint: string) => <Typography.Text code>{hint}…</Typography.Text> },
          {
            key: 'scopes',
            dataIndex: 'scopes',
            title: ak('columns.scopes'),
            render: (list: ApiKeyScope[]) => (
              <span className="bi-api-keys__scopes">
                {list.map((s) => (
                  <Tag key={s} color={s === 'admin' ? 'volcano' : 'blue'}>
                    {ak(SCOPE_TEXT[s])}
                  </Tag>
                ))}
              </span>
            ),
          },
          { key: 'createdAt', dataIndex: 'createdAt', title: ak('columns.createdAt'), width: 170, render: (at: string) => formatTime(at) },
          { key: 'expiresAt', dataIndex: 'expiresAt', title: ak('columns.expiresAt'), width: 170, render: (at: string) => formatTime(at) },
          {
            key: 'lastUsed',
            title: ak('columns.lastUsed'),
            width: 180,
            render: (_: unknown, key) =>
              key.lastUsedAt ? (
                <span data-testid={`api-key-last-used-${key.name}`}>
                  {formatTime(key.lastUsedAt)}
                  <br />
                  <Typography.Text type="secondary">{key.lastUsedIp}</Typography.Text>
                </span>
              ) : (
                <Typography.Text type="secondary">{ak('never')}</Typography.Text>
              ),
          },
          {
            key: 'status',
            title: ak('columns.status'),
            width: 100,
            render: (_: unknown, key) => {
              const status = keyStatus(key);
              return (
                <Tag color={STATUS_COLOR[status]} data-testid={`api-key-status-${key.name}`}>
                  {ak(`status.${status}`)}
                </Tag>
              );
            },
          },
          {
            key: 'actions',
            title: ak('columns.actions'),
            width: 100,
            render: (_: unknown, key) =>
              keyStatus(key) === 'active' ? (
                <Popconfirm
                  title={ak('revoke.confirm', { name: key.name })}
                  okText={ak('revoke.ok')}
                  cancelText={ak('revoke.cancel')}
                  okButtonProps={{ danger: true, ...testId('api-key-revoke-ok') }}
                  onConfirm={() => revoke.mutateAsync(key)}
                >
                  <Button size="small" danger data-testid={`api-key-revoke-${key.name}`}>
                    {ak('revoke.action')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />

      <Modal
        open={creating}
        title={ak('dialog.title')}
        okText={ak('dialog.ok')}
        confirmLoading={create.isPending}
        onOk={() => void form.validateFields().then((values) => create.mutate(values))}
        onCancel={() => setCreating(false)}
        okButtonProps={testId('api-key-dialog-ok')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ scopes: ['read'], expiresInDays: DEFAULT_EXPIRY_DAYS }} data-testid="api-key-dialog">
          <Form.Item name="name" label={ak('dialog.name')} rules={[{ required: true, whitespace: true, max: 64, message: ak('dialog.nameRequired') }]}>
            <Input maxLength={64} placeholder={ak('dialog.namePlaceholder')} data-testid="api-key-name" />
          </Form.Item>
          <Form.Item name="scopes" label={ak('dialog.scopes')} rules={[{ required: true, type: 'array', min: 1, message: ak('dialog.scopesRequired') }]}>
            <Checkbox.Group className="bi-api-keys__scope-list">
              {scopes.map((s) => (
                <Checkbox key={s} value={s} data-testid={`api-key-scope-${s}`}>
                  {ak(SCOPE_TEXT[s])}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="expiresInDays" label={ak('dialog.expiry')}>
            <Select data-testid="api-key-expiry" options={EXPIRY_DAYS.map((d) => ({ value: d, label: ak('dialog.days', { count: d }) }))} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={!!made}
        title={made ? ak('secret.title', { name: made.key.name }) : ''}
        closable={false}
        destroyOnHidden
        maskClosable={false}
        keyboard={false}
        footer={
          <Button type="primary" onClick={() => setMade(null)} data-testid="api-key-secret-done">
            {ak('secret.done')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={ak('secret.warning')} className="bi-api-keys__warning" />
        {made ? (
          <Typography.Paragraph
            code
            className="bi-api-keys__secret"
            data-testid="api-key-secret"
            copyable={{ text: made.secret, tooltips: [ak('secret.copy'), ak('secret.copied')] }}
          >
            {made.secret}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </section>
  );
}
