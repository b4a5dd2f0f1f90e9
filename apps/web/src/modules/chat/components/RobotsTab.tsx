import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { formatTime } from '../../../shared/format/time';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { ROBOT_BOUNDS, ROBOT_VENDOR_NAMES, robotKeys, robotsApi, type Robot, type RobotForm } from '../api/robots';
import { useChatTranslation } from '../i18n';

type Dialog = { kind: 'create' } | { kind: 'edit'; robot: Robot };

/**
 * The administration's chat robots (docs/api/robots.md): name, platform, webhook URL and signing secret.
 * The URL and the secret are write-only: a robot shows its URL's host and whether it has a secret.
 */
export function RobotsTab() {
  const { ct, t } = useChatTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const robots = useQuery({ queryKey: robotKeys.list, queryFn: robotsApi.list, staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: robotKeys.all });
  const remove = useMutation({ mutationFn: (robotId: string) => robotsApi.remove(robotId), onSettled: refresh });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const showError = (error: unknown) => void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));

  const confirmDelete = (robot: Robot) =>
    modal.confirm({
      title: ct('admin.delete'),
      content: ct('admin.deleteConfirm', { name: robot.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'dialog-ok' } as never,
      onOk: async () => {
        try {
          await remove.mutateAsync(robot.id);
          void message.success(ct('admin.deleted'));
        } catch (error) {
          showError(error);
        }
      },
    });

  if (robots.isError) return <Alert type="error" showIcon title={ct('admin.loadFailed')} description={robots.error.message} data-testid="robots-error" />;

  return (
    <div className="bi-admin__tab" data-testid="robots-tab">
      <Typography.Paragraph type="secondary">{ct('admin.intro')}</Typography.Paragraph>
      <Space wrap className="bi-admin__bar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })} data-testid="robots-add">
          {ct('admin.add')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void robots.refetch()} loading={robots.isRefetching} data-testid="robots-refresh">
          {ct('admin.refresh')}
        </Button>
      </Space>
      <Table<Robot>
        size="small"
        rowKey="id"
        data-testid="robots-table"
        loading={robots.isPending}
        pagination={false}
        dataSource={robots.data ?? []}
        locale={{ emptyText: ct('admin.empty') }}
        onRow={(row) => ({ 'data-testid': `robot-row-${row.name}` }) as never}
        columns={[
          { key: 'name', dataIndex: 'name', title: ct('admin.name'), render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
          { key: 'vendor', dataIndex: 'vendor', title: ct('admin.vendor'), width: 140, render: (v: Robot['vendor']) => <Tag color="blue">{ct(`vendors.${v}`)}</Tag> },
          { key: 'urlHint', dataIndex: 'urlHint', title: ct('admin.address'), ellipsis: true, render: (hint: string) => <Typography.Text type="secondary">{hint}</Typography.Text> },
          {
            key: 'secret',
            dataIndex: 'hasSecret',
            title: ct('admin.secret'),
            width: 150,
            render: (has: boolean) => (has ? <Tag color="green">{ct('admin.hasSecret')}</Tag> : <Tag>{ct('admin.noSecret')}</Tag>),
          },
          { key: 'updatedAt', dataIndex: 'updatedAt', title: ct('admin.updatedAt'), width: 170, render: (at: string) => formatTime(at) },
          {
            key: 'actions',
            title: ct('admin.actions'),
            width: 110,
            render: (_v, row) => (
              <Space size={0}>
                <Tooltip title={ct('admin.edit')}>
                  <Button type="text" icon={<EditOutlined />} aria-label={ct('admin.edit')} data-testid="robot-edit" onClick={() => setDialog({ kind: 'edit', robot: row })} />
                </Tooltip>
                <Tooltip title={ct('admin.delete')}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={ct('admin.delete')} data-testid="robot-delete" onClick={() => confirmDelete(row)} />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      {dialog ? (
        <RobotDialog
          robot={dialog.kind === 'edit' ? dialog.robot : undefined}
          onClose={() => setDialog(null)}
          onSubmit={async (form) => {
            if (dialog.kind === 'edit') await robotsApi.edit(dialog.robot.id, form);
            else await robotsApi.create(form);
            await refresh();
            void message.success(ct('admin.saved'));
          }}
        />
      ) : null}
    </div>
  );
}

/** Add or edit a robot; an edit leaves the URL and the secret empty to keep them. */
function RobotDialog({ robot, onSubmit, onClose }: { robot?: Robot; onSubmit: (form: RobotForm) => Promise<void>; onClose: () => void }) {
  const { ct, t } = useChatTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RobotForm>();
  const { pending, run } = useSubmit();
  const submit = () =>
    run(async () => {
      let values: RobotForm;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      try {
        await onSubmit({ name: values.name.trim(), vendor: values.vendor, webhookUrl: (values.webhookUrl ?? '').trim(), secret: values.secret ?? '' });
        onClose();
      } catch (error) {
        void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
      }
    });
  return (
    <DialogModal
      open
      title={robot ? ct('form.editTitle', { name: robot.name }) : ct('form.createTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={ct('form.ok')}
      cancelText={ct('form.cancel')}
      confirmLoading={pending}
      width={560}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ name: robot?.name ?? '', vendor: robot?.vendor ?? 'wecom', webhookUrl: '', secret: '' }} data-testid="robot-form">
        <Form.Item name="name" label={ct('form.name')} rules={[{ required: true, whitespace: true, message: ct('form.nameRequired') }]}>
          <Input data-testid="robot-name" placeholder={ct('form.namePlaceholder')} maxLength={ROBOT_BOUNDS.name} autoFocus />
        </Form.Item>
        <Form.Item name="vendor" label={ct('form.vendor')}>
          <Select data-testid="robot-vendor" options={ROBOT_VENDOR_NAMES.map((v) => ({ value: v, label: ct(`vendors.${v}`), 'data-testid': `robot-vendor-${v}` }))} />
        </Form.Item>
        <Form.Item
          name="webhookUrl"
          label={ct('form.webhookUrl')}
          extra={robot ? ct('form.webhookUrlKeep', { hint: robot.urlHint }) : undefined}
          rules={robot ? [] : [{ required: true, whitespace: true, message: ct('form.webhookUrlRequired') }]}
        >
          <Input data-testid="robot-url" placeholder={ct('form.webhookUrlPlaceholder')} maxLength={ROBOT_BOUNDS.url} autoComplete="off" />
        </Form.Item>
        <Form.Item name="secret" label={ct('form.secret')} extra={robot?.hasSecret ? ct('form.secretKeep') : ct('form.secretHelp')}>
          <Input.Password data-testid="robot-secret" maxLength={ROBOT_BOUNDS.secret} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
