import { App, Form, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import type { Project } from '../types';
import { nameError } from '../utils/names';
import { useDbTranslation } from '../i18n';

function folderOptions(projects: readonly Project[]) {
  return projects.map((p) => ({ value: p.projectId, label: p.name, 'data-testid': `folder-option-${p.projectId}` }));
}

interface MoveDialogProps {
  open: boolean;
  /** Folders the dashboard can go to (its own folder excluded). */
  projects: readonly Project[];
  onSubmit: (projectId: string) => Promise<void>;
  onClose: () => void;
}

/** "Move to": a folder picker; a target folder is required (spec 01 §5). */
export function MoveDashboardDialog({ open, projects, onSubmit, onClose }: MoveDialogProps) {
  const { db, t } = useDbTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ projectId?: string }>();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    let projectId: string | undefined;
    try {
      ({ projectId } = await form.validateFields());
    } catch {
      return;
    }
    if (!projectId) return;
    busy.current = true;
    setPending(true);
    try {
      await onSubmit(projectId);
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
      title={db('item.moveTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      width={450}
    >
      <Form form={form} component={false} preserve={false}>
        <Form.Item name="projectId" label={db('item.targetFolder')} rules={[{ required: true, message: db('item.chooseFolder') }]}>
          <Select data-testid="folder-select" placeholder={db('item.chooseFolder')} options={folderOptions(projects)} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}

interface CopyDialogProps {
  open: boolean;
  projects: readonly Project[];
  initialName: string;
  initialProjectId: string;
  onSubmit: (value: { name: string; projectId: string }) => Promise<void>;
  onClose: () => void;
}

/** "Copy": a name for the copy and the folder it goes to. */
export function CopyDashboardDialog({ open, projects, initialName, initialProjectId, onSubmit, onClose }: CopyDialogProps) {
  const { db, t } = useDbTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; projectId: string }>();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    let values: { name: string; projectId: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    busy.current = true;
    setPending(true);
    try {
      await onSubmit({ name: values.name.trim(), projectId: values.projectId });
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
      title={db('item.copyTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      width={450}
    >
      <Form form={form} component={false} preserve={false} initialValues={{ name: initialName, projectId: initialProjectId }} layout="vertical">
        <Form.Item
          name="name"
          label={db('names.label')}
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
        <Form.Item name="projectId" label={db('item.targetFolder')} rules={[{ required: true, message: db('item.chooseFolder') }]}>
          <Select data-testid="folder-select" options={folderOptions(projects)} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
