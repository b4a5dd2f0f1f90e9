import { Checkbox, Empty, Form, Select } from 'antd';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { useDsTranslation } from '../i18n';
import type { Project } from '../types';

interface MoveDialogProps {
  open: boolean;
  /** The folder whose sources move. */
  project: Project;
  /** Every folder (the source folder is left out of the targets). */
  projects: readonly Project[];
  /** Sources the caller may move. */
  movable: ReadonlySet<string>;
  onSubmit: (value: { to: string; dataSourceIds: string[] }) => Promise<void>;
  onClose: () => void;
}

/** Batch adjust (spec 02 §2 screen 1): move sources of a folder to another folder; a target is required. */
export function MoveSourcesDialog({ open, project, projects, movable, onSubmit, onClose }: MoveDialogProps) {
  const { ds } = useDsTranslation();
  const [form] = Form.useForm<{ to?: string; ids: string[] }>();
  const { pending, run } = useSubmit();
  const sources = project.dataSources.filter((s) => movable.has(s.dataSourceId));
  const targets = projects.filter((p) => p.projectId !== project.projectId);

  const submit = () =>
    run(async () => {
      let values: { to?: string; ids: string[] };
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      if (!values.to) return;
      await onSubmit({ to: values.to, dataSourceIds: values.ids });
      onClose();
    });

  return (
    <DialogModal
      open={open}
      title={ds('folder.moveTitle', { name: project.name })}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: sources.length === 0 || targets.length === 0 }}
      width={520}
    >
      {sources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ds('folder.moveEmpty')} />
      ) : (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ ids: sources.map((s) => s.dataSourceId) }}>
          <Form.Item name="to" label={ds('folder.moveTarget')} rules={[{ required: true, message: ds('folder.moveChoose') }]}>
            <Select
              data-testid="ds-move-target"
              placeholder={ds('folder.moveChoose')}
              showSearch={{ optionFilterProp: 'label' }}
              options={targets.map((p) => ({ value: p.projectId, label: p.name, 'data-testid': `ds-move-option-${p.projectId}` }))}
            />
          </Form.Item>
          <Form.Item name="ids" label={ds('folder.moveSources')} rules={[{ type: 'array', min: 1, message: ds('folder.moveNone') }]}>
            <Checkbox.Group
              className="bi-ds-move__list"
              options={sources.map((s) => ({ value: s.dataSourceId, label: <span data-testid={`ds-move-source-${s.dataSourceId}`}>{s.name}</span> }))}
            />
          </Form.Item>
        </Form>
      )}
    </DialogModal>
  );
}
