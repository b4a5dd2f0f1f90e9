import { Alert, AutoComplete, Empty, Form, Input, Radio, Select, Typography, type SelectProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useNameRule, useTreeFeedback } from '../../../shared/folder-tree';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { useProjects } from '../../dashboard/hooks/useProjects';
import { PrincipalPickers, useAudience } from '../../sharing';
import { templateApi } from '../api/template';
import { usePublishMenu, useTemplateRefresh, useTemplateRolesUsers } from '../hooks/useTemplates';
import { useTpTranslation } from '../i18n';
import type { PublishKind, PublishMenuFolder } from '../types';
import { publishDefaults, publishedText } from '../utils/publish';
import '../template.css';

export interface PublishOrigin {
  kind: PublishKind;
  id: string;
}

interface PublishDialogProps {
  open: boolean;
  /** the dashboard or folder the menu entry was chosen on; without it the user chooses in the dialog */
  origin?: PublishOrigin;
  onClose: () => void;
}

interface PublishValues {
  kind: PublishKind;
  originId?: string;
  name: string;
  folder?: string;
}

/**
 * Publish a dashboard or a whole folder of the dashboard tab as a template (spec 02 §2 screen 11, §3
 * Template form, §7): what to publish (from publish_menu), the template's name (3–20), for a dashboard
 * the template folder it is filed under, and the roles and users it is published to (roles_users). The
 * answer's text is shown as a message (spec 02 §8); publishing the same dashboard again makes a new version.
 */
export function PublishDialog({ open, origin, onClose }: PublishDialogProps) {
  const { tp } = useTpTranslation();
  const menu = usePublishMenu(open);
  const templateFolders = useProjects('template');
  const [form] = Form.useForm<PublishValues>();
  const kind = Form.useWatch('kind', form) ?? origin?.kind ?? 'dash';
  const originId = Form.useWatch('originId', form) ?? origin?.id;
  const current = originId ? { kind, id: originId } : undefined;
  const people = useTemplateRolesUsers(current, open && Boolean(current));
  const nameRule = useNameRule();
  const { pending, run } = useSubmit();
  const feedback = useTreeFeedback();
  const refresh = useTemplateRefresh();
  // who the template is published to now (nobody for a first publish), then the user's choice
  const audience = useAudience(people.data, open);
  const [audienceError, setAudienceError] = useState(false);

  const folders: PublishMenuFolder[] = useMemo(() => menu.data ?? [], [menu.data]);

  // defaults of the chosen dashboard or folder: its name, its folder's name as the template folder
  useEffect(() => {
    if (!originId || !menu.data) return;
    const defaults = publishDefaults(menu.data, kind, originId);
    if (defaults) form.setFieldsValue(defaults);
  }, [form, kind, originId, menu.data]);

  const submit = () =>
    run(async () => {
      // every problem at once: the audience is checked beside the fields
      const noAudience = audience.empty;
      setAudienceError(noAudience);
      let values: PublishValues;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      if (noAudience) return;
      if (!values.originId) return;
      const answer = await templateApi.publish(values.kind, values.originId, values.name.trim(), values.kind === 'dash' ? (values.folder ?? '').trim() : '-', audience.body);
      await refresh();
      feedback.success(publishedText(answer) || tp('publish.success'));
      onClose();
    });

  const dashboardOptions = folders
    .filter((f) => f.dashboards.length > 0)
    .map((f) => ({ label: f.name, options: f.dashboards.map((d) => ({ value: d.dashboardId, label: d.name, 'data-testid': `publish-option-${d.dashboardId}` })) }));
  const folderOptions = folders.map((f) => ({ value: f.projectId, label: f.name, 'data-testid': `publish-option-${f.projectId}` }));
  const templateFolderOptions = (templateFolders.data ?? []).map((p) => ({ value: p.name }));

  let body;
  if (menu.isPending) body = <PendingSpin className="bi-template__status" />;
  else if (menu.isError) body = <Alert type="error" showIcon title={tp('publish.loadFailed')} description={menu.error.message} data-testid="publish-load-error" />;
  else if (folders.every((f) => f.dashboards.length === 0)) body = <Empty description={<span data-testid="publish-nothing">{tp('publish.nothing')}</span>} />;
  else
    body = (
      <Form form={form} layout="vertical" component="div" className="bi-template__form" initialValues={{ kind: origin?.kind ?? 'dash', originId: origin?.id }} preserve={false}>
        <Typography.Paragraph type="secondary" className="bi-template__hint">
          {tp('publish.hint')}
        </Typography.Paragraph>
        <Form.Item name="kind" label={tp('publish.kind')}>
          <Radio.Group
            data-testid="publish-kind"
            optionType="button"
            options={[
              { value: 'dash', label: tp('publish.kindDash') },
              { value: 'proj', label: tp('publish.kindProj') },
            ]}
            onChange={() => form.setFieldsValue({ originId: undefined })}
          />
        </Form.Item>
        <Form.Item name="originId" label={kind === 'dash' ? tp('publish.source') : tp('publish.sourceProj')} rules={[{ required: true, message: tp('publish.sourceRequired') }]}>
          <Select
            data-testid="publish-source"
            placeholder={tp('publish.sourcePlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(kind === 'dash' ? dashboardOptions : folderOptions) as SelectProps['options']}
          />
        </Form.Item>
        <Form.Item name="name" label={tp('publish.name')} validateFirst rules={[nameRule]}>
          <Input data-testid="publish-name" maxLength={40} onPressEnter={() => void submit()} />
        </Form.Item>
        {kind === 'dash' ? (
          <Form.Item name="folder" label={tp('publish.folder')} validateFirst rules={[nameRule]}>
            <AutoComplete
              data-testid="publish-folder"
              options={templateFolderOptions}
              placeholder={tp('publish.folderPlaceholder')}
              filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
            />
          </Form.Item>
        ) : null}
        <Typography.Text strong className="bi-template__label">
          {tp('publish.audience')}
        </Typography.Text>
        {people.isError ? <Alert type="error" showIcon title={tp('publish.loadFailed')} description={people.error.message} /> : null}
        <PrincipalPickers
          roles={people.data?.roles ?? []}
          users={people.data?.users ?? []}
          roleIds={audience.roleIds}
          userIds={audience.userIds}
          onRoles={(ids) => {
            audience.setRoleIds(ids);
            setAudienceError(false);
          }}
          onUsers={(ids) => {
            audience.setUserIds(ids);
            setAudienceError(false);
          }}
          disabled={pending || !people.data}
          testIdPrefix="publish"
        />
        {audienceError ? (
          <Typography.Text type="danger" data-testid="publish-audience-error">
            {tp('publish.audienceRequired')}
          </Typography.Text>
        ) : null}
      </Form>
    );

  return (
    <DialogModal
      open={open}
      title={<span data-testid="publish-dialog-title">{tp('publish.title')}</span>}
      okText={tp('publish.submit')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !menu.data || folders.every((f) => f.dashboards.length === 0) }}
      width={600}
    >
      <div data-testid="publish-dialog">{body}</div>
    </DialogModal>
  );
}
