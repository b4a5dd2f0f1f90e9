import { checkName } from '@bi/rules';
import { Form, Input, Select } from 'antd';
import { DialogModal } from '../../components/DialogModal';
import { useSubmit } from '../../hooks/useSubmit';
import { useFolderTreeTranslation } from '../i18n';

/** The form rule of a folder or item name (spec 01 §5 / 02 §5: required, 3 to 20 characters). */
export function useNameRule() {
  const { ft } = useFolderTreeTranslation();
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const problem = checkName(value);
      if (problem === 'required') throw new Error(ft('names.required'));
      if (problem === 'length') throw new Error(ft('names.length'));
      if (problem === 'line_break') throw new Error(ft('names.lineBreak'));
    },
  };
}

/** The name field of the tree's dialogs; Enter submits. */
export function NameField({ testId, onEnter }: { testId: string; onEnter: () => void }) {
  const { ft } = useFolderTreeTranslation();
  const rule = useNameRule();
  return (
    <Form.Item name="name" label={ft('names.label')} validateFirst rules={[rule]}>
      <Input data-testid={testId} placeholder={ft('names.placeholder')} autoFocus onPressEnter={onEnter} maxLength={40} />
    </Form.Item>
  );
}

interface NameDialogProps {
  open: boolean;
  title: string;
  initialName?: string;
  /** Test id of the name input (default name-input). */
  inputTestId?: string;
  /** Saves the name; a thrown error's message is shown as an error toast and the dialog stays open. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Create or rename a folder or an item: one name, trimmed. Enter submits. */
export function NameDialog({ open, title, initialName = '', inputTestId = 'name-input', onSubmit, onClose }: NameDialogProps) {
  const [form] = Form.useForm<{ name: string }>();
  const { pending, run } = useSubmit();
  const submit = () =>
    run(async () => {
      let name: string;
      try {
        ({ name } = await form.validateFields());
      } catch {
        return;
      }
      await onSubmit(name.trim());
      onClose();
    });

  return (
    <DialogModal open={open} title={title} onOk={() => void submit()} onCancel={onClose} confirmLoading={pending} width={450}>
      <Form form={form} component={false} initialValues={{ name: initialName }} preserve={false}>
        <NameField testId={inputTestId} onEnter={() => void submit()} />
      </Form>
    </DialogModal>
  );
}

export interface FolderChoice {
  id: string;
  name: string;
}

interface FolderPickerDialogProps {
  open: boolean;
  title: string;
  /** Folders to choose from. */
  folders: readonly FolderChoice[];
  initialFolderId?: string;
  /** With a name: the dialog also asks for one (e.g. "Copy": the copy's name and its folder). */
  initialName?: string;
  onSubmit: (value: { folderId: string; name: string }) => Promise<void>;
  onClose: () => void;
}

/** "Move to" / "Copy": a target folder (required), and a name when `initialName` is given. */
export function FolderPickerDialog({ open, title, folders, initialFolderId, initialName, onSubmit, onClose }: FolderPickerDialogProps) {
  const { ft } = useFolderTreeTranslation();
  const [form] = Form.useForm<{ name?: string; folderId?: string }>();
  const { pending, run } = useSubmit();
  const withName = initialName !== undefined;
  const submit = () =>
    run(async () => {
      let values: { name?: string; folderId?: string };
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      if (!values.folderId) return;
      await onSubmit({ folderId: values.folderId, name: (values.name ?? '').trim() });
      onClose();
    });

  return (
    <DialogModal open={open} title={title} onOk={() => void submit()} onCancel={onClose} confirmLoading={pending} width={450}>
      <Form form={form} component={false} preserve={false} initialValues={{ name: initialName, folderId: initialFolderId }} layout={withName ? 'vertical' : undefined}>
        {withName ? <NameField testId="name-input" onEnter={() => void submit()} /> : null}
        <Form.Item name="folderId" label={ft('folders.target')} rules={[{ required: true, message: ft('folders.choose') }]}>
          <Select
            data-testid="folder-select"
            placeholder={ft('folders.choose')}
            options={folders.map((f) => ({ value: f.id, label: f.name, 'data-testid': `folder-option-${f.id}` }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
