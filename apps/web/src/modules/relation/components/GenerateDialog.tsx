import { Alert, Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useNameRule } from '../../../shared/folder-tree';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { useTreeFeedback } from '../../../shared/folder-tree';
import { useProjects } from '../../dashboard/hooks/useProjects';
import { useRelationMutations } from '../hooks/useRelations';
import { useRelationTranslation } from '../i18n';
import type { RelationFolder, RelationLayout, RelationMap, RelationTab } from '../types';
import { LayoutPicker } from './LayoutPicker';

interface GenerateForm {
  dashboardId: string;
  name: string;
  chartType: RelationLayout;
}

/**
 * "Generate from dashboard" (issue 19 item 5): a dashboard of the tab, a name and a layout; the server
 * builds the map from the dashboard's charts in layout order (POST generate/{tab}/{dashboardId}).
 */
export function GenerateDialog({ tab, folder, onClose, onGenerated }: { tab: RelationTab; folder: RelationFolder; onClose: () => void; onGenerated: (map: RelationMap) => void }) {
  const { rl } = useRelationTranslation();
  const [form] = Form.useForm<GenerateForm>();
  const nameRule = useNameRule();
  const dashboards = useProjects(tab);
  const mutations = useRelationMutations(tab);
  const feedback = useTreeFeedback();
  const { pending, run } = useSubmit();
  const options = useMemo(
    () =>
      (dashboards.data ?? [])
        .filter((p) => p.dashboards.length > 0)
        .map((p) => ({ label: p.name, title: p.name, options: p.dashboards.map((d) => ({ value: d.dashboardId, label: d.name, 'data-testid': `generate-dashboard-${d.dashboardId}` })) })),
    [dashboards.data],
  );
  const submit = () =>
    run(async () => {
      let values: GenerateForm;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      const map = await mutations.generate.mutateAsync({ dashboardId: values.dashboardId, projectId: folder.projectId, name: values.name.trim(), chartType: values.chartType });
      feedback.success(rl('generate.done'));
      onClose();
      onGenerated(map);
    });

  return (
    <DialogModal open title={rl('generate.title')} onOk={() => void submit()} onCancel={onClose} confirmLoading={pending} width={520}>
      <div data-testid="generate-dialog">
        <Typography.Paragraph type="secondary">{rl('generate.hint')}</Typography.Paragraph>
        {dashboards.isError ? <Alert type="error" showIcon title={dashboards.error.message} /> : null}
        <Form form={form} layout="vertical" initialValues={{ chartType: 1, name: '' }} preserve={false}>
          <Form.Item name="dashboardId" label={rl('generate.dashboard')} rules={[{ required: true, message: rl('generate.dashboardRequired') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={dashboards.isPending}
              placeholder={rl('generate.dashboardPlaceholder')}
              notFoundContent={rl('generate.noDashboards')}
              options={options}
              data-testid="generate-dashboard"
              aria-label={rl('generate.dashboard')}
              onChange={(dashboardId: string) => {
                // the dashboard's name as a starting name
                if (!form.getFieldValue('name')) {
                  const name = dashboards.data?.flatMap((p) => p.dashboards).find((d) => d.dashboardId === dashboardId)?.name;
                  if (name) form.setFieldValue('name', name);
                }
              }}
            />
          </Form.Item>
          <Form.Item name="name" label={rl('generate.name')} validateFirst rules={[nameRule]}>
            <Input data-testid="generate-name" maxLength={40} onPressEnter={() => void submit()} />
          </Form.Item>
          <Form.Item name="chartType" label={rl('generate.layout')}>
            <LayoutField />
          </Form.Item>
        </Form>
      </div>
    </DialogModal>
  );
}

/** The layout picker as a form control. */
function LayoutField({ value, onChange }: { value?: RelationLayout; onChange?: (layout: RelationLayout) => void }) {
  return <LayoutPicker value={value ?? 1} onChange={(layout) => onChange?.(layout)} testId="generate-layout" />;
}
