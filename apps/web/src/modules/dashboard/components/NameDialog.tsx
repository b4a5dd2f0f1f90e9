import { App, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { nameError } from '../utils/names';
import { useDbTranslation } from '../i18n';

interface NameDialogProps {
  open: boolean;
  title: string;
  initialName?: string;
  /** Saves the name; a thrown error's message is shown as an error toast and the dialog stays open. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Dialog asking for a folder or dashboard name (spec 01 §5: required, 3 to 20 characters). Enter submits. */
export function NameDialog({ open, title, initialName = '', onSubmit, onClose }: NameDialogProps) {
  const { db, t } = useDbTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    let name: string;
    try {
      ({ name } = await form.validateFields());
    } catch {
      return;
    }
    busy.current = true;
    setPending(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <DialogModal
      open={open}
      title={title}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      width={450}
    >
      <Form form={form} component={false} initialValues={{ name: initialName }} preserve={false}>
        <Form.Item
          name="name"
          label={db('names.label')}
          validateFirst
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const key = nameError(value);
                if (key) throw new Error(db(key));
              },
            },
          ]}
        >
          <Input data-testid="name-input" placeholder={db('names.placeholder')} autoFocus onPressEnter={() => void submit()} maxLength={40} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
