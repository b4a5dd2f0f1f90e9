import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Input, Radio, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DialogModal } from '../../../shared/components/DialogModal';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useNameRule, useTreeFeedback } from '../../../shared/folder-tree';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { useEditAuth } from '../../dashboard/hooks/useEditAuth';
import { useProjects } from '../../dashboard/hooks/useProjects';
import type { Project } from '../../dashboard/types';
import { templateApi } from '../api/template';
import { useTemplateRefresh, useTemplateSources } from '../hooks/useTemplates';
import { useTpTranslation } from '../i18n';
import type { PublishKind, TargetTab, TemplateFile, TemplateSource } from '../types';
import { candidateFields, initialMapping, rankCandidates, sourceMaps, unmapped } from '../utils/remap';
import '../template.css';

/** What is copied: a template dashboard or folder of the template tab, or a template file being imported. */
export type CopySubject =
  | { kind: PublishKind; id: string; name: string }
  | { kind: 'import'; file: TemplateFile; token: string };

interface CopyValues {
  targetTab: TargetTab;
  projectId?: string;
  name: string;
}

/** The kind of what lands: one dashboard (into a chosen folder) or a whole new folder. */
const landsAs = (subject: CopySubject): PublishKind => (subject.kind === 'import' ? subject.file.kind : subject.kind);
const subjectName = (subject: CopySubject) => (subject.kind === 'import' ? subject.file.name : subject.name);

/** The sources of the subject with the caller's candidates. */
function useSubjectSources(subject: CopySubject) {
  const template = useTemplateSources(subject.kind === 'import' ? 'dash' : subject.kind, subject.kind === 'import' ? '' : subject.id, subject.kind !== 'import');
  const imported = useQuery({
    queryKey: ['template', 'import-sources', subject.kind === 'import' ? subject.token : ''],
    queryFn: () => templateApi.importSources((subject as { file: TemplateFile }).file),
    enabled: subject.kind === 'import',
    staleTime: 0,
  });
  return subject.kind === 'import' ? imported : template;
}

/** The copy's dashboard in the folder the server answered: by name (the newest such), else the folder's first. */
function landedDashboard(project: Project, name: string, kind: PublishKind) {
  if (kind === 'dash') {
    const named = project.dashboards.filter((d) => d.name === name).sort((a, b) => b.order - a.order)[0];
    if (named) return named;
  }
  return project.dashboards[0];
}

/** One source of the template: the user's choice among their own sources, and which used fields it has. */
function SourceRow({ source, value, onChange, invalid }: { source: TemplateSource; value: string | undefined; onChange: (id: string) => void; invalid: boolean }) {
  const { tp } = useTpTranslation();
  const fields = value ? candidateFields(source, value) : null;
  const complete = source.candidates.some((c) => c.missing.length === 0);
  return (
    <div className="bi-template__source" data-testid={`remap-${source.dataSourceId}`}>
      <div className="bi-template__source-head">
        <Typography.Text strong ellipsis={{ tooltip: source.name }} className="bi-template__source-name">
          {source.name}
        </Typography.Text>
        <Typography.Text type="secondary">{tp('copy.charts', { count: source.charts })}</Typography.Text>
      </div>
      <Select
        className="bi-template__source-select"
        data-testid={`remap-select-${source.dataSourceId}`}
        aria-label={tp('copy.yourSource')}
        placeholder={tp('copy.choose')}
        status={invalid ? 'error' : undefined}
        value={value}
        onChange={onChange}
        showSearch={{ optionFilterProp: 'label' }}
        options={rankCandidates(source).map((c) => ({
          value: c.dataSourceId,
          disabled: c.missing.length > 0,
          label: c.missing.length > 0 ? `${c.name} · ${c.projectName} — ${tp('copy.missing', { fields: c.missing.join(', ') })}` : `${c.name} · ${c.projectName}`,
          'data-testid': `remap-option-${c.dataSourceId}`,
        }))}
        notFoundContent={tp('copy.noCandidate')}
      />
      {!complete ? (
        <Typography.Text type="warning" className="bi-template__source-note" data-testid={`remap-none-${source.dataSourceId}`}>
          {tp('copy.noCandidate')}
        </Typography.Text>
      ) : null}
      {invalid ? (
        <Typography.Text type="danger" className="bi-template__source-note">
          {tp('copy.chooseRequired', { name: source.name })}
        </Typography.Text>
      ) : null}
      <div className="bi-template__fields" aria-label={tp('copy.fieldsTitle')}>
        {fields ? (
          <Typography.Text type="secondary" className="bi-template__fields-count" data-testid={`remap-matched-${source.dataSourceId}`}>
            {fields.missing.length === 0 ? tp('copy.allMatched', { total: source.fields.length }) : tp('copy.matched', { count: fields.matched.length, total: source.fields.length })}
          </Typography.Text>
        ) : null}
        {source.fields.map((f) => {
          const missing = fields?.missing.includes(f.name);
          const icon = fields ? missing ? <CloseOutlined /> : <CheckOutlined /> : null;
          return (
            <Tag key={f.name} color={fields ? (missing ? 'error' : 'success') : undefined} icon={icon} data-testid={`remap-field-${f.name}`}>
              {f.name}
            </Tag>
          );
        })}
      </div>
    </div>
  );
}

interface CopyDialogProps {
  subject: CopySubject | null;
  onClose: () => void;
}

/**
 * Copy a template into the caller's dashboards (or, with template:edit, into the template library;
 * spec 01 §5): a template dashboard lands in a chosen folder, a template folder (projCopy) or a
 * folder file becomes a new folder named 3–20. Each source the template uses is remapped to a source
 * of the caller's with the used fields (proposed by the server, changeable; the dialog shows which
 * fields match). The same dialog finishes an import. After the copy the new dashboard opens.
 */
export function CopyDialog({ subject, onClose }: CopyDialogProps) {
  if (!subject) return null;
  return <CopyForm subject={subject} onClose={onClose} />;
}

function CopyForm({ subject, onClose }: { subject: CopySubject; onClose: () => void }) {
  const { tp } = useTpTranslation();
  const navigate = useNavigate();
  const feedback = useTreeFeedback();
  const refresh = useTemplateRefresh();
  const nameRule = useNameRule();
  const { canEditTemplate } = useEditAuth('template');
  const { pending, run } = useSubmit();
  const [form] = Form.useForm<CopyValues>();
  const targetTab: TargetTab = Form.useWatch('targetTab', form) ?? 'dashboard';
  const folders = useProjects(targetTab);
  const sources = useSubjectSources(subject);
  const [mapping, setMapping] = useState<Record<string, string | undefined>>({});
  const [checked, setChecked] = useState(false);
  const kind = landsAs(subject);
  const name = subjectName(subject);

  useEffect(() => {
    if (sources.data) setMapping(initialMapping(sources.data));
  }, [sources.data]);

  const initialName = subject.kind === 'proj' ? tp('copyFolder.defaultName', { name }) : name;
  const title = subject.kind === 'import' ? tp('copy.importTitle', { name }) : subject.kind === 'proj' ? tp('copyFolder.title', { name }) : tp('copy.title', { name });

  const submit = () =>
    run(async () => {
      setChecked(true);
      let values: CopyValues;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      if (!sources.data || unmapped(sources.data, mapping).length > 0) return;
      const body = { targetTab: values.targetTab, sources: sourceMaps(mapping) };
      const copyName = values.name.trim();
      let project: Project;
      if (subject.kind === 'import') project = await templateApi.importFile({ ...body, file: subject.file, name: copyName, projectId: kind === 'dash' ? values.projectId : undefined });
      else if (subject.kind === 'proj') project = await templateApi.projCopy(subject.id, { ...body, name: copyName });
      else project = await templateApi.copy(subject.id, { ...body, name: copyName, projectId: values.projectId ?? '' });
      await refresh();
      feedback.success(subject.kind === 'import' ? tp('copy.imported') : subject.kind === 'proj' ? tp('copyFolder.success') : tp('copy.success'));
      onClose();
      const landed = landedDashboard(project, copyName, kind);
      void navigate(landed ? `/${values.targetTab}/${encodeURIComponent(project.projectId)}/${encodeURIComponent(landed.dashboardId)}` : `/${values.targetTab}`);
    });

  let sourcesBody;
  if (sources.isPending) sourcesBody = <PendingSpin className="bi-template__status" />;
  else if (sources.isError) sourcesBody = <Alert type="error" showIcon title={tp('copy.loadFailed')} description={sources.error.message} data-testid="remap-load-error" />;
  else if (sources.data.length === 0) sourcesBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tp('copy.noSources')} />;
  else
    sourcesBody = sources.data.map((source) => (
      <SourceRow
        key={source.dataSourceId}
        source={source}
        value={mapping[source.dataSourceId]}
        invalid={checked && !mapping[source.dataSourceId]}
        onChange={(id) => setMapping((m) => ({ ...m, [source.dataSourceId]: id }))}
      />
    ));

  const folderList = folders.data ?? [];
  return (
    <DialogModal
      open
      title={<span data-testid="copy-dialog-title">{title}</span>}
      okText={subject.kind === 'import' ? tp('copy.importSubmit') : tp('copy.submit')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !sources.data }}
      width={680}
    >
      <div data-testid="copy-dialog">
        <Form form={form} layout="vertical" component="div" className="bi-template__form" initialValues={{ targetTab: 'dashboard', name: initialName }} preserve={false}>
          <Form.Item name="targetTab" label={subject.kind === 'import' ? tp('copy.importInto') : tp('copy.targetTab')} extra={canEditTemplate ? undefined : tp('copyFolder.noPermission')}>
            <Radio.Group
              data-testid="copy-target-tab"
              optionType="button"
              options={[
                { value: 'dashboard', label: tp('copy.toDashboards') },
                { value: 'template', label: tp('copy.toTemplates'), disabled: !canEditTemplate },
              ]}
              onChange={() => form.setFieldsValue({ projectId: undefined })}
            />
          </Form.Item>
          {kind === 'dash' ? (
            <Form.Item
              name="projectId"
              label={tp('copy.target')}
              rules={[{ required: true, message: tp('copy.targetRequired') }]}
              extra={folders.data && folderList.length === 0 ? <span data-testid="copy-no-folders">{tp('copy.noFolders')}</span> : undefined}
            >
              <Select
                data-testid="copy-folder"
                placeholder={tp('copy.targetPlaceholder')}
                loading={folders.isPending}
                showSearch={{ optionFilterProp: 'label' }}
                options={folderList.map((p) => ({ value: p.projectId, label: p.name, 'data-testid': `copy-folder-option-${p.projectId}` }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="name" label={kind === 'dash' ? tp('copy.name') : tp('copy.folderName')} validateFirst rules={[nameRule]}>
            <Input data-testid="copy-name" maxLength={40} onPressEnter={() => void submit()} />
          </Form.Item>
        </Form>
        <Typography.Text strong className="bi-template__label">
          {tp('copy.sources')}
        </Typography.Text>
        <Typography.Paragraph type="secondary" className="bi-template__hint">
          {tp('copy.sourcesHint')}
        </Typography.Paragraph>
        <div className="bi-template__sources">{sourcesBody}</div>
      </div>
    </DialogModal>
  );
}
