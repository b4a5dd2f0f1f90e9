import { EyeOutlined, SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { splitErpConnection } from '@bi/chart-model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Result, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHead } from '../../../shared/components/PageHead';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { ErpAccountDialog, erpAccountApi, erpAccountKeys } from '../../erp';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDsTranslation } from '../i18n';
import type { ErpPreview, ErpProgramDetail, ErpReportPayload, Preview } from '../types';
import { PreviewTable } from './PreviewTable';
import { PeriodItem, NameCacheRow, DescriptionItem } from './SourceFormFields';
import { errorText } from './common';
import '../data-source.css';

interface Values {
  programId?: string;
  conditionProjectId?: string;
  dateConditionField: string;
  periodNumber: number | null;
  periodDimension: 1 | 2;
  cacheInterval: number;
  name: string;
  description?: string;
}

/** The second-generation ERP kind's type code (libs/rules source-kinds.ts `e10`). */
const E10_TYPE = 10 as const;
const NO_DATE = 'null';
const newHash = () => Math.random().toString(36).slice(2, 10);

function asPreview(p: ErpPreview): Preview {
  const dataType = (t: ErpPreview['columns'][number]['type']) => (t === 'whole' || t === 'decimal' ? 'number' : t === 'date' || t === 'datetime' ? 'date' : 'string');
  return { columns: p.columns.map((c) => ({ name: c.name, title: c.title, dataType: dataType(c.type) })), rows: p.data, truncated: p.data.length >= 100 } as Preview;
}

/**
 * The second-generation ERP source (spec 02 §1, §2 routes data_source_e10 and data_source_e10_edit;
 * docs/adr/0017): one page instead of the report wizard's two steps. The account is the one chosen in
 * the ERP account manager (isSelected, else the default account) — not typed or picked on the form; the
 * programs load at once; the preview shows under the form; a save syncs the rows and opens the source
 * (no share step: the spec ties the share dialog to the report wizard). In edit mode (`project` holds
 * the source id, spec 02 §2) the stored settings load and the stored account is kept.
 */
export function ErpE10Page({ mode }: { mode: 'create' | 'edit' }) {
  const { ds } = useDsTranslation();
  const { project = '' } = useParams();
  const auth = useDataSourceAuth();
  if (!auth.canEdit) {
    return (
      <section className="bi-page" data-testid="page-data_source_e10">
        <Result status="403" title={ds('edit.notAllowed')} />
      </section>
    );
  }
  return <E10Form key={`${mode}:${project}`} id={project} edit={mode === 'edit'} />;
}

function E10Form({ id, edit }: { id: string; edit: boolean }) {
  const { ds, t } = useDsTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useDataSourceAuth();
  const [form] = Form.useForm<Values>();
  const [hash] = useState(newHash);
  const [detail, setDetail] = useState<ErpProgramDetail | null>(null);
  const [preview, setPreview] = useState<ErpPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);

  const settings = useQuery({ queryKey: ['data-source', 'erp-settings', id], queryFn: () => dataSourceApi.erpSettings(id), enabled: edit });
  const accounts = useQuery({ queryKey: erpAccountKeys.list, queryFn: erpAccountApi.list, enabled: !edit });
  const stored = settings.data;
  // the account of the form: the stored one (edit), else the account chosen in the manager, else the default one
  const chosen = useMemo(() => {
    const list = accounts.data ?? [];
    return list.find((a) => a.isSelected) ?? list.find((a) => a.isPrimary) ?? list[0];
  }, [accounts.data]);
  const accountId = edit ? stored?.account.id : chosen?.id;
  const accountText = edit ? (stored ? `${stored.account.ip}:${stored.account.port}` : '') : chosen ? `${chosen.name ?? chosen.userName} (${chosen.ip}:${chosen.port})` : '';
  const projectId = edit ? (stored?.projectId ?? '') : id;
  const back = (sourceId?: string) => void navigate(projectId ? `/data_source/${encodeURIComponent(projectId)}${sourceId ? `/${encodeURIComponent(sourceId)}` : ''}` : '/data_source');

  const programs = useQuery({
    queryKey: ['data-source', 'e10-programs', accountId ?? ''],
    queryFn: () => dataSourceApi.erpPrograms(accountId!),
    enabled: !!accountId && (!edit || !!stored),
    retry: false,
  });
  const loadProgram = useMutation({ mutationFn: (programId: string) => dataSourceApi.erpProgram(hash, programId, accountId!) });
  const runPreview = useMutation({ mutationFn: dataSourceApi.erpPreview });
  const save = useMutation({ mutationFn: (p: ErpReportPayload) => (edit ? dataSourceApi.erpUpdate(p) : dataSourceApi.erpSave(hash, p)) });

  const chooseProgram = async (programId: string, keep = false) => {
    setDetail(null);
    setPreview(null);
    if (!keep) form.setFieldsValue({ conditionProjectId: undefined, dateConditionField: NO_DATE });
    try {
      const d = await loadProgram.mutateAsync(programId);
      setDetail(d);
      if (!keep && d.conditionProjects.length > 0) form.setFieldValue('conditionProjectId', d.conditionProjects[0]!.id);
    } catch (e) {
      setError(errorText(e));
    }
  };

  // edit: the stored settings (the connection string split: 4 program, 5 condition project, 6 date field or null)
  useEffect(() => {
    if (!stored) return;
    const parts = splitErpConnection(stored.connection);
    form.setFieldsValue({
      programId: parts.programId,
      conditionProjectId: parts.conditionProjectId,
      dateConditionField: parts.dateConditionField ?? NO_DATE,
      periodNumber: stored.periodNumber,
      periodDimension: stored.periodDimension,
      cacheInterval: stored.cacheInterval,
      name: stored.name,
      description: stored.description,
    });
    // the program's condition projects and date fields, the stored choices kept: once per load
    void chooseProgram(parts.programId, true);
  }, [stored]);

  const payloadOf = (v: Values): ErpReportPayload => ({
    ...(edit ? { dataSourceId: id } : {}),
    type: E10_TYPE,
    name: v.name?.trim() ?? '',
    description: v.description?.trim() ?? '',
    programId: v.programId ?? '',
    conditionProjectId: v.conditionProjectId ?? '',
    dateConditionField: v.dateConditionField && v.dateConditionField !== NO_DATE ? v.dateConditionField : null,
    periodNumber: v.periodNumber ?? 1,
    periodDimension: v.periodDimension ?? 1,
    cacheInterval: v.cacheInterval ?? 0,
    ...(edit ? {} : { account: accountId }),
    projectId,
    status: edit ? 'edit' : 'create',
  });

  /** The checks of spec 02 §5 (name, program, condition project; the date-parameter confirm); the values, or null. */
  const checked = async (): Promise<Values | null> => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    let v = form.getFieldsValue(true) as Values;
    if (v.dateConditionField && v.dateConditionField !== NO_DATE && !v.periodNumber) {
      const confirmed = await new Promise<boolean>((resolve) =>
        modal.confirm({ title: ds('erp.dateParamTitle'), content: ds('erp.dateParamBody'), okText: ds('erp.ok'), cancelText: ds('erp.cancel'), onOk: () => resolve(true), onCancel: () => resolve(false) }),
      );
      if (!confirmed) return null;
      form.setFieldValue('periodNumber', 1);
      v = { ...v, periodNumber: 1 };
    }
    return v;
  };

  const onPreview = async () => {
    const v = await checked();
    if (!v) return;
    setError(null);
    try {
      setPreview(await runPreview.mutateAsync(payloadOf(v)));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const onSave = async () => {
    const v = await checked();
    if (!v) return;
    setError(null);
    try {
      const source = await save.mutateAsync(payloadOf(v));
      queryClient.setQueryData(dataSourceKeys.source(source.dataSourceId), source);
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects });
      void message.success(ds('e10.saved'));
      back(source.dataSourceId);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const dateField = Form.useWatch('dateConditionField', form);
  const dateOptions = useMemo(() => [{ value: NO_DATE, label: ds('erp.dateNone') }, ...(detail?.dateConditions ?? []).map((d) => ({ value: d.name, label: d.displayName }))], [detail, ds]);
  const title = edit ? ds('e10.editTitle') : ds('e10.title');
  const noDate = !dateField || dateField === NO_DATE;

  if ((edit && settings.isPending) || (!edit && accounts.isPending)) return <PendingSpin />;
  if (edit && settings.isError) {
    return (
      <section className="bi-page" data-testid="page-data_source_e10">
        <Result status="warning" title={errorText(settings.error)} />
      </section>
    );
  }

  const problem = error ?? (programs.isError ? errorText(programs.error) : null);
  return (
    <section className="bi-page bi-ds-wizard bi-e10-form" data-testid="page-data_source_e10" data-mode={edit ? 'edit' : 'create'} aria-label={title}>
      <PageHead block="bi-ds-page" title={title} onBack={() => back(edit ? id : undefined)} backLabel={t('common.cancel')} backTestId="e10-back" />
      {problem ? <Alert className="bi-ds-alert" type="error" showIcon title={<span data-testid="e10-error">{problem}</span>} /> : null}

      <Card className="bi-ds-wizard__card" title={ds('e10.account')}>
        {accountId ? (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={ds('e10.account')}>
              <span data-testid="e10-account">{accountText}</span>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert type="info" showIcon title={<span data-testid="e10-no-account">{ds('e10.noAccount')}</span>} />
        )}
        <Space className="bi-e10-form__account">
          <Typography.Text type="secondary">{ds('e10.accountHint')}</Typography.Text>
          {!edit ? (
            <Button size="small" icon={<SettingOutlined />} onClick={() => setManaging(true)} data-testid="e10-manage-accounts">
              {ds('e10.manageAccounts')}
            </Button>
          ) : null}
        </Space>
      </Card>

      <Form
        form={form}
        layout="vertical"
        requiredMark
        data-testid="e10-settings"
        initialValues={{ dateConditionField: NO_DATE, periodNumber: 1, periodDimension: 1, cacheInterval: 0, name: '', description: '' }}
        onValuesChange={(changed: Partial<Values>) => {
          // spec 02 §5: choosing no date field resets the period number to 1
          if (changed.dateConditionField === NO_DATE) form.setFieldValue('periodNumber', 1);
          setPreview(null);
        }}
      >
        <Card className="bi-ds-wizard__card" title={ds('erp.step1')}>
          <div className="bi-ds-conn__row">
            <Form.Item name="programId" label={ds('erp.program')} className="bi-ds-conn__half" rules={[{ required: true, message: ds('erp.programRequired') }]}>
              <Select
                data-testid="e10-program"
                showSearch
                optionFilterProp="label"
                placeholder={ds('erp.programPlaceholder')}
                options={(programs.data ?? (stored ? [{ typeKey: splitErpConnection(stored.connection).programId, displayName: splitErpConnection(stored.connection).programId }] : [])).map((p) => ({ value: p.typeKey, label: p.displayName }))}
                loading={programs.isFetching || loadProgram.isPending}
                disabled={edit || !accountId}
                onChange={(value: string) => void chooseProgram(value)}
              />
            </Form.Item>
            <Form.Item name="conditionProjectId" label={ds('erp.conditionProject')} className="bi-ds-conn__half" rules={[{ required: true, message: ds('erp.conditionRequired') }]}>
              <Select data-testid="e10-condition" placeholder={ds('erp.conditionPlaceholder')} options={(detail?.conditionProjects ?? []).map((c) => ({ value: c.id, label: c.displayName }))} />
            </Form.Item>
          </div>
          <div className="bi-ds-conn__row">
            <Form.Item name="dateConditionField" label={ds('erp.dateField')} className="bi-ds-conn__half">
              <Select data-testid="e10-date-field" options={dateOptions} />
            </Form.Item>
            <PeriodItem testIdPrefix="e10" disabled={noDate} />
          </div>
          <NameCacheRow testIdPrefix="e10" />
          <DescriptionItem testIdPrefix="e10" />
          <Space>
            <Button onClick={() => back(edit ? id : undefined)}>{ds('e10.cancel')}</Button>
            <Button icon={<EyeOutlined />} onClick={() => void onPreview()} loading={runPreview.isPending} disabled={!accountId} data-testid="e10-preview">
              {ds('e10.preview')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} onClick={() => void onSave()} loading={save.isPending} disabled={!accountId} data-testid="e10-save">
              {ds('e10.save')}
            </Button>
          </Space>
        </Card>
      </Form>

      <Card className="bi-ds-wizard__preview" title={ds('erp.step2')} data-testid="e10-preview-card">
        {runPreview.isPending ? <PendingSpin /> : null}
        {preview ? (
          <>
            <Typography.Paragraph type="secondary" data-testid="e10-preview-range">
              {preview.range?.from ? ds('erp.range', { from: preview.range.from, to: preview.range.to ?? '' }) : ds('erp.noRange')} · {ds('erp.rows', { count: preview.data.length })}
            </Typography.Paragraph>
            <PreviewTable preview={asPreview(preview)} maxHeight={420} testId="e10-preview-table" />
          </>
        ) : !runPreview.isPending ? (
          <Typography.Text type="secondary">{ds('e10.previewEmpty')}</Typography.Text>
        ) : null}
      </Card>
      {managing ? (
        <ErpAccountDialog
          open
          canEdit={auth.canEdit}
          onClose={() => {
            setManaging(false);
            void queryClient.invalidateQueries({ queryKey: erpAccountKeys.list });
          }}
          onChoose={() => void queryClient.invalidateQueries({ queryKey: erpAccountKeys.list })}
        />
      ) : null}
    </section>
  );
}
