import { Form, Input, Select, Typography } from 'antd';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { useAdTranslation } from '../i18n';
import type { AdminRole, AdminUser, CreateUserBody } from '../types';
import { validDisplayName, validPassword, validUserName } from '../utils/admin';

const roleOptions = (roles: AdminRole[]) => roles.map((r) => ({ value: r.id, label: r.name, 'data-testid': `admin-role-option-${r.id}` }));

/** Validates the form; answers null when a field is wrong (the form shows why). */
async function valuesOf<T>(form: { validateFields: () => Promise<T> }): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}

interface CreateProps {
  open: boolean;
  roles: AdminRole[];
  onSubmit: (body: CreateUserBody) => Promise<void>;
  onClose: () => void;
}

/** New user: user name, display name, initial password (to be changed at the first sign-in), roles. */
export function CreateUserDialog({ open, roles, onSubmit, onClose }: CreateProps) {
  const { ad } = useAdTranslation();
  const [form] = Form.useForm<{ userName: string; displayName?: string; password: string; roleIds: string[] }>();
  const { pending, run } = useSubmit();
  const submit = () =>
    run(async () => {
      const values = await valuesOf(form);
      if (!values) return;
      const displayName = values.displayName?.trim();
      await onSubmit({ userName: values.userName.trim(), ...(displayName ? { displayName } : {}), password: values.password, roleIds: values.roleIds ?? [] });
      onClose();
    });
  return (
    <DialogModal open={open} title={ad('form.createTitle')} onOk={() => void submit()} onCancel={onClose} confirmLoading={pending} width={520}>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ roleIds: [] }} data-testid="admin-create-form">
        <Form.Item
          name="userName"
          label={ad('form.userName')}
          rules={[{ validator: async (_r, value: unknown) => { if (!validUserName(typeof value === 'string' ? value.trim() : value)) throw new Error(ad('form.userNameRule')); } }]}
        >
          <Input data-testid="admin-user-name" placeholder={ad('form.userNamePlaceholder')} autoComplete="off" maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item name="displayName" label={ad('form.displayName')} rules={[{ validator: async (_r, value: unknown) => { if (!validDisplayName(value)) throw new Error(ad('form.displayNameRule')); } }]}>
          <Input data-testid="admin-display-name" placeholder={ad('form.displayNamePlaceholder')} maxLength={64} />
        </Form.Item>
        <Form.Item
          name="password"
          label={ad('form.password')}
          extra={ad('form.passwordHint')}
          rules={[{ validator: async (_r, value: unknown) => { if (!validPassword(value)) throw new Error(ad('form.passwordRule')); } }]}
        >
          <Input.Password data-testid="admin-password" autoComplete="new-password" maxLength={256} />
        </Form.Item>
        <Form.Item name="roleIds" label={ad('form.roles')}>
          <Select mode="multiple" data-testid="admin-roles" placeholder={ad('form.rolesPlaceholder')} options={roleOptions(roles)} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}

interface UserDialogProps<T> {
  user: AdminUser;
  onSubmit: (value: T) => Promise<void>;
  onClose: () => void;
}

/** The user's roles become exactly the chosen ones. */
export function RolesDialog({ user, roles, onSubmit, onClose }: UserDialogProps<string[]> & { roles: AdminRole[] }) {
  const { ad } = useAdTranslation();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const { pending, run } = useSubmit();
  const submit = () =>
    run(async () => {
      const values = await valuesOf(form);
      if (!values) return;
      await onSubmit(values.roleIds ?? []);
      onClose();
    });
  return (
    <DialogModal open title={ad('form.rolesTitle', { name: user.userName })} onOk={() => void submit()} onCancel={onClose} confirmLoading={pending} width={450}>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ roleIds: user.roles.map((r) => r.id) }}>
        <Form.Item name="roleIds" label={ad('form.roles')}>
          <Select mode="multiple" data-testid="admin-roles" placeholder={ad('form.rolesPlaceholder')} options={roleOptions(roles)} autoFocus />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}

/** A new password, to be changed by the user at the next sign-in. */
export function PasswordDialog({ user, onSubmit, onClose }: UserDialogProps<string>) {
  const { ad } = useAdTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const { pending, run } = useSubmit();
  const submit = () =>
    run(async () => {
      const values = await valuesOf(form);
      if (!values) return;
      await onSubmit(values.password);
      onClose();
    });
  return (
    <DialogModal open title={ad('form.passwordTitle', { name: user.userName })} onOk={() => void submit()} onCancel={onClose} confirmLoading={pending} width={450}>
      <Form form={form} layout="vertical" preserve={false}>
        <Typography.Paragraph type="secondary">{ad('form.passwordHint')}</Typography.Paragraph>
        <Form.Item name="password" label={ad('form.newPassword')} rules={[{ validator: async (_r, value: unknown) => { if (!validPassword(value)) throw new Error(ad('form.passwordRule')); } }]}>
          <Input.Password data-testid="admin-new-password" autoComplete="new-password" maxLength={256} autoFocus onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
