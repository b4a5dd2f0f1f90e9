import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { changeOwnPassword } from '../api/admin';
import { useAdTranslation } from '../i18n';
import { validPassword } from '../utils/admin';

interface ChangePasswordDialogProps {
  open: boolean;
  /** the password the user just signed in with */
  currentPassword: string;
  onChanged: () => void;
  onCancel: () => void;
}

/**
 * A user whose password was set by an administrator (created or reset) must choose a new one before
 * anything else works (docs/api/identity-admin.md "Changing one's own password"): asked right after
 * signing in.
 */
export function ChangePasswordDialog({ open, currentPassword, onChanged, onCancel }: ChangePasswordDialogProps) {
  const { ad, t } = useAdTranslation();
  const [form] = Form.useForm<{ newPassword: string; confirm: string }>();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (pending) return;
    let values: { newPassword: string; confirm: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setPending(true);
    setError(null);
    try {
      await changeOwnPassword(currentPassword, values.newPassword);
      onChanged();
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : t('errors.operationFailed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogModal open={open} title={ad('ownPassword.title')} onOk={() => void submit()} onCancel={onCancel} confirmLoading={pending} width={450} maskClosable={false}>
      <Form form={form} layout="vertical" preserve={false} data-testid="change-password-form">
        <Typography.Paragraph type="secondary">{ad('ownPassword.hint')}</Typography.Paragraph>
        <Form.Item
          name="newPassword"
          label={ad('ownPassword.newPassword')}
          rules={[
            {
              validator: async (_r, value: unknown) => {
                if (!validPassword(value)) throw new Error(ad('form.passwordRule'));
                if (value === currentPassword) throw new Error(ad('ownPassword.sameAsOld'));
              },
            },
          ]}
        >
          <Input.Password data-testid="change-password-new" autoComplete="new-password" maxLength={256} autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={ad('ownPassword.confirm')}
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: unknown) => {
                if (value !== getFieldValue('newPassword')) throw new Error(ad('ownPassword.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password data-testid="change-password-confirm" autoComplete="new-password" maxLength={256} onPressEnter={() => void submit()} />
        </Form.Item>
        {error ? (
          <Typography.Text type="danger" data-testid="change-password-error">
            {error}
          </Typography.Text>
        ) : null}
      </Form>
    </DialogModal>
  );
}
