import { ApiOutlined, ExportOutlined, RightOutlined, SaveOutlined } from '@ant-design/icons';
import { splitErpConnection } from '@bi/chart-model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Result, Select, Space, Steps, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHead } from '../../../shared/components/PageHead';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useShareDialog } from '../../sharing';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDsTranslation } from '../i18n';
import type { DataSource, ErpAccount, ErpAccountRef, ErpPreview, ErpProgramDetail, ErpReportPayload, Preview } from '../types';
import { PreviewTable } from './PreviewTable';
import { PeriodItem, NameCacheRow, DescriptionItem } from './SourceFormFields';
import { errorText } from './common';
import '../data-source.css';

interface SettingsValues {
  accountId?: string;
  ip: string;
  port: number | null;
  userName: string;
  identity?: string;
  programId?: string;
  conditionProjectId?: string;
  dateConditionField: string;
  periodNumber: number | null;
  periodDimension: 1 | 2;
  cacheInterval: number;
  name: string;
  description?: string;
}

/** The text the form's date select uses for "no date field" (the connection string's `null`). */
const NO_DATE = 'null';
/** The path token of POST /api/data_source/{hash}[/{programId}]. */
const newHash = () => Math.random().toString(36).slice(2, 10);

/** The provider rows of a preview as the preview table shows them. */
function asPreview(p: ErpPreview): Preview {
  const dataType = (t: ErpPreview['columns'][number]['type']) => (t === 'whole' || t === 'decimal' ? 'number' : t === 'date' || t === 'datetime' ? 'date' : 'string');
  return { columns: p.columns.map((c) => ({ name: c.name, title: c.title, dataType: dataType(c.type) })), rows: p.data, truncated: p.data.length >= 100 } as Preview;
}

/**
 * The ERP report source wizard (spec 02 §2 screen 3, §5): step 1 settings (account, report program,
 * condition project, date field, period, cache interval, name), step 2 preview, save; in create mode
 * the share dialog follows the save, and leaving without sharing asks first. In edit mode the route's
 * `project` holds the source id and the settings come from the stored connection string.
 */
export function ErpReportWizardPage({ mode }: { mode?: 'create' | 'edit' }) {
  const { ds } = useDsTranslation();
  const { project = '', action = mode ?? 'create' } = useParams();
  const auth = useDataSourceAuth();
  if (!auth.canEdit) {
    return (
      <section className="bi-page" data-testid="page-data_source_e10_report">
        <Result status="403" title={ds('edit.notAllowed')} />
      </section>
    );
  }
  return <ErpReportWizard key={`${project}:${action}`} id={project} edit={action === 'edit'} />;
}

function ErpReportWizard({ id, edit }: { id: string; edit: boolean }) {
  const { ds, t } = useDsTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsValues>();
  const [step, setStep] = useState(0);
  const [hash] = useState(newHash);
  const [programs, setPrograms] = useState<{ value: string; label: string }[]>([]);
  const [detail, setDetail] = useState<ErpProgramDetail | null>(null);
  const [preview, setPreview] = useState<ErpPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<DataSource | null>(null);

  const settings = useQuery({ queryKey: ['data-source', 'erp-settings', id], queryFn: () => dataSourceApi.erpSettings(id), enabled: edit });
  // the accounts store (/api/e10account/list) when the server has it; otherwise the account is typed in
  const accounts = useQuery({ queryKey: ['data-source', 'erp-accounts'], queryFn: dataSourceApi.erpAccounts, retry: false });
  const accountList: ErpAccount[] = Array.isArray(accounts.data) ? accounts.data : [];
  const hasStore = accounts.isSuccess && accountList.length > 0;

  const stored = settings.data;
  const projectId = edit ? (stored?.projectId ?? '') : id;
  const back = () => void navigate(projectId ? `/data_source/${encodeURIComponent(projectId)}${saved ? `/${encodeURIComponent(saved.dataSourceId)}` : ''}` : '/data_source');

  const { openShare, shareDialog } = useShareDialog((target) => {
    // spec 02 §4: leaving a new source unshared asks first
    void dataSourceApi
      .sharedWith(target.dataSourceId)
      .then((s) => s.selectRoles.length + s.selectUsers.length > 0)
      .catch(() => false)
      .then((shared) => {
        if (shared) return back();
        modal.confirm({
          title: ds('erp.unsharedTitle'),
          content: ds('erp.unsharedBody'),
          okText: ds('erp.leave'),
          cancelText: ds('erp.share'),
          onOk: back,
          onCancel: () => openShare(target),
        });
      });
  });

  /** The account of the form: the chosen account's id, the typed fields, or (edit, nothing typed) none: the stored one. */
  const accountOf = (v: SettingsValues): ErpAccountRef | undefined => {
    if (hasStore && v.accountId) return v.accountId;
    if (edit && !v.identity && stored && v.ip === stored.account.ip && v.port === stored.account.port && v.userName === stored.account.userName) return undefined;
    return { ip: v.ip?.trim() ?? '', port: Number(v.port), userName: v.userName?.trim() ?? '', identity: v.identity ?? '' };
  };
  const accountComplete = (v: SettingsValues) => {
    const a = accountOf(v);
    if (a === undefined || typeof a === 'string') return a !== undefined || edit;
    return !!a.ip && a.port > 0 && !!a.userName && !!a.identity;
  };

  const loadPrograms = useMutation({ mutationFn: (a: ErpAccountRef) => dataSourceApi.erpPrograms(a) });
  const loadProgram = useMutation({ mutationFn: ({ a, programId }: { a: ErpAccountRef; programId: string }) => dataSourceApi.erpProgram(hash, programId, a) });
  const runPreview = useMutation({ mutationFn: dataSourceApi.erpPreview });
  const save = useMutation({ mutationFn: (p: ErpReportPayload) => (edit ? dataSourceApi.erpUpdate(p) : dataSourceApi.erpSave(hash, p)) });

  const fetchPrograms = async (): Promise<boolean> => {
    const v = form.getFieldsValue(true) as SettingsValues;
    const a = accountOf(v);
    if (!accountComplete(v) || a === undefined) {
      setError(ds('erp.accountRequired'));
      return false;
    }
    setError(null);
    try {
      const list = await loadPrograms.mutateAsync(a);
      setPrograms(list.map((p) => ({ value: p.typeKey, label: p.displayName })));
      // edit: the stored program's condition projects and date fields, the choices kept
      if (edit && v.programId) setDetail(await loadProgram.mutateAsync({ a, programId: v.programId }));
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };

  const chooseProgram = async (programId: string) => {
    const v = form.getFieldsValue(true) as SettingsValues;
    const a = accountOf(v);
    setDetail(null);
    form.setFieldsValue({ conditionProjectId: undefined, dateConditionField: NO_DATE });
    if (a === undefined) return;
    try {
      const d = await loadProgram.mutateAsync({ a, programId });
      setDetail(d);
      if (d.conditionProjects.length === 1) form.setFieldValue('conditionProjectId', d.conditionProjects[0]!.id);
    } catch (e) {
      setError(errorText(e));
    }
  };

  // edit: the stored settings (the connection string split: 4 program, 5 condition project, 6 date field or null)
  useEffect(() => {
    if (!stored) return;
    const parts = splitErpConnection(stored.connection);
    form.setFieldsValue({
      ip: stored.account.ip,
      port: stored.account.port,
      userName: stored.account.userName,
      programId: parts.programId,
      conditionProjectId: parts.conditionProjectId,
      dateConditionField: parts.dateConditionField ?? NO_DATE,
      periodNumber: stored.periodNumber,
      periodDimension: stored.periodDimension,
      cacheInterval: stored.cacheInterval,
      name: stored.name,
      description: stored.description,
    });
    // the program's names come from the provider once the account is given again (its password is never sent back)
    setPrograms([{ value: parts.programId, label: parts.programId }]);
  }, [stored, form]);

  const payloadOf = (v: SettingsValues): ErpReportPayload => ({
    ...(edit ? { dataSourceId: id } : {}),
    name: v.name?.trim() ?? '',
    description: v.description?.trim() ?? '',
    programId: v.programId ?? '',
    conditionProjectId: v.conditionProjectId ?? '',
    dateConditionField: v.dateConditionField && v.dateConditionField !== NO_DATE ? v.dateConditionField : null,
    periodNumber: v.periodNumber ?? 1,
    periodDimension: v.periodDimension ?? 1,
    cacheInterval: v.cacheInterval ?? 0,
    ...(accountOf(v) !== undefined ? { account: accountOf(v) } : {}),
    projectId,
    status: edit ? 'edit' : 'create',
    ...(edit ? { updateItems: ['name', 'description', 'programId', 'conditionProjectId', 'dateConditionField', 'periodNumber', 'periodDimension', 'cacheInterval'] } : {}),
  });

  /** Step 1 → 2: the checks of spec 02 §5, the date-parameter confirm, then the preview. */
  const next = async () => {
    let v: SettingsValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    v = form.getFieldsValue(true) as SettingsValues;
    if (!accountComplete(v)) {
      setError(ds('erp.accountRequired'));
      return;
    }
    const hasDate = v.dateConditionField && v.dateConditionField !== NO_DATE;
    if (hasDate && !v.periodNumber) {
      const confirmed = await new Promise<boolean>((resolve) =>
        modal.confirm({ title: ds('erp.dateParamTitle'), content: ds('erp.dateParamBody'), okText: ds('erp.ok'), cancelText: ds('erp.cancel'), onOk: () => resolve(true), onCancel: () => resolve(false) }),
      );
      if (!confirmed) return;
      form.setFieldValue('periodNumber', 1);
      v = { ...v, periodNumber: 1 };
    }
    setError(null);
    setPreview(null);
    setStep(1);
    try {
      setPreview(await runPreview.mutateAsync(payloadOf(v)));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const onSave = async () => {
    const v = form.getFieldsValue(true) as SettingsValues;
    setError(null);
    try {
      const source = await save.mutateAsync(payloadOf(v));
      queryClient.setQueryData(dataSourceKeys.source(source.dataSourceId), source);
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects });
      void message.success(ds('erp.saved'));
      setSaved(source);
      if (edit) void navigate(`/data_source/${encodeURIComponent(source.projectId)}/${encodeURIComponent(source.dataSourceId)}`);
      else openShare({ dataSourceId: source.dataSourceId, name: source.name });
    } catch (e) {
      // spec 02 §8: the failure's message shown, loading stops
      setError(errorText(e));
    }
  };

  const openInErp = async () => {
    try {
      const { url } = await dataSourceApi.erpReportUrl(id);
      window.open(url, '_blank', 'noopener');
    } catch (e) {
      setError(errorText(e));
    }
  };

  const dateField = Form.useWatch('dateConditionField', form);
  const dateOptions = useMemo(() => [{ value: NO_DATE, label: ds('erp.dateNone') }, ...(detail?.dateConditions ?? []).map((d) => ({ value: d.name, label: d.displayName }))], [detail, ds]);
  const title = edit ? ds('erp.editTitle') : ds('erp.title');

  if (edit && settings.isPending) return <PendingSpin />;
  if (edit && settings.isError) {
    return (
      <section className="bi-page" data-testid="page-data_source_e10_report">
        <Result status="warning" title={errorText(settings.error)} />
      </section>
    );
  }

  return (
    <section className="bi-page bi-ds-wizard bi-erp-wizard" data-testid="page-data_source_e10_report" data-mode={edit ? 'edit' : 'create'} aria-label={title}>
      <PageHead block="bi-ds-page" title={title} onBack={back} backLabel={t('common.cancel')} backTestId="erp-back" />
      <Steps className="bi-ds-wizard__steps" current={step} items={[{ title: ds('erp.step1') }, { title: ds('erp.step2') }]} />
      {error ? <Alert className="bi-ds-alert" type="error" showIcon title={<span data-testid="erp-error">{error}</span>} /> : null}

      <Form
        form={form}
        layout="vertical"
        requiredMark
        hidden={step !== 0}
        data-testid="erp-settings"
        initialValues={{ ip: '', port: null, userName: '', identity: '', dateConditionField: NO_DATE, periodNumber: 1, periodDimension: 1, cacheInterval: 0, name: '', description: '' }}
        onValuesChange={(changed: Partial<SettingsValues>) => {
          // spec 02 §5: choosing no date field resets the period number to 1
          if (changed.dateConditionField === NO_DATE) form.setFieldValue('periodNumber', 1);
        }}
      >
        <Card className="bi-ds-wizard__card" title={ds('erp.account')}>
          {hasStore ? (
            <Form.Item name="accountId" label={ds('erp.accountSelect')} rules={[{ required: true, message: ds('erp.accountRequired') }]}>
              <Select data-testid="erp-account" options={accountList.map((a) => ({ value: String(a.id), label: `${a.name ?? a.userName} (${a.ip}:${a.port})` }))} />
            </Form.Item>
          ) : (
            <>
              <Typography.Paragraph type="secondary">{ds('erp.accountHint')}</Typography.Paragraph>
              <div className="bi-ds-conn__row">
                <Form.Item name="ip" label={ds('erp.ip')} className="bi-ds-conn__half" required>
                  <Input data-testid="erp-ip" maxLength={255} />
                </Form.Item>
                <Form.Item name="port" label={ds('erp.port')} className="bi-ds-conn__half" required>
                  <InputNumber data-testid="erp-port" min={1} max={65535} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </div>
              <div className="bi-ds-conn__row">
                <Form.Item name="userName" label={ds('erp.userName')} className="bi-ds-conn__half" required>
                  <Input data-testid="erp-user" maxLength={200} autoComplete="off" />
                </Form.Item>
                <Form.Item name="identity" label={ds('erp.identity')} className="bi-ds-conn__half" required={!edit} extra={edit ? ds('erp.identityKeep') : undefined}>
                  <Input.Password data-testid="erp-identity" maxLength={500} autoComplete="new-password" />
                </Form.Item>
              </div>
            </>
          )}
          <Space>
            <Button icon={<ApiOutlined />} onClick={() => void fetchPrograms()} loading={loadPrograms.isPending} data-testid="erp-load-programs">
              {ds('erp.loadPrograms')}
            </Button>
            {programs.length && !edit ? <Typography.Text type="secondary">{ds('erp.programs', { count: programs.length })}</Typography.Text> : null}
            {edit && stored ? (
              <Typography.Text type="secondary" data-testid="erp-connection">
                {ds('erp.connection')}: {stored.connection}
              </Typography.Text>
            ) : null}
          </Space>
        </Card>

        <Card className="bi-ds-wizard__card" title={ds('erp.step1')}>
          <div className="bi-ds-conn__row">
            <Form.Item name="programId" label={ds('erp.program')} className="bi-ds-conn__half" rules={[{ required: true, message: ds('erp.programRequired') }]}>
              <Select
                data-testid="erp-program"
                showSearch
                optionFilterProp="label"
                placeholder={ds('erp.programPlaceholder')}
                options={programs}
                disabled={edit}
                loading={loadProgram.isPending}
                onChange={(value: string) => void chooseProgram(value)}
              />
            </Form.Item>
            <Form.Item name="conditionProjectId" label={ds('erp.conditionProject')} className="bi-ds-conn__half" rules={[{ required: true, message: ds('erp.conditionRequired') }]}>
              <Select
                data-testid="erp-condition"
                placeholder={ds('erp.conditionPlaceholder')}
                options={(detail?.conditionProjects ?? (stored ? [{ id: stored.conditionProjectId, displayName: stored.conditionProjectId }] : [])).map((c) => ({ value: c.id, label: c.displayName }))}
              />
            </Form.Item>
          </div>
          <div className="bi-ds-conn__row">
            <Form.Item name="dateConditionField" label={ds('erp.dateField')} className="bi-ds-conn__half">
              <Select data-testid="erp-date-field" options={detail || !stored?.dateConditionField ? dateOptions : [...dateOptions, { value: stored.dateConditionField, label: stored.dateConditionField }]} />
            </Form.Item>
            <PeriodItem testIdPrefix="erp" disabled={!dateField || dateField === NO_DATE} />
          </div>
          <NameCacheRow testIdPrefix="erp" />
          <DescriptionItem testIdPrefix="erp" />
          <Space>
            <Button onClick={back}>{ds('erp.cancel')}</Button>
            {edit ? (
              <Button icon={<ExportOutlined />} onClick={() => void openInErp()} data-testid="erp-open">
                {ds('erp.openInErp')}
              </Button>
            ) : null}
            <Button type="primary" icon={<RightOutlined />} onClick={() => void next()} data-testid="erp-next">
              {ds('erp.next')}
            </Button>
          </Space>
        </Card>
      </Form>

      {step === 1 ? (
        <Card className="bi-ds-wizard__preview" title={ds('erp.step2')} data-testid="erp-step-preview">
          {runPreview.isPending ? <PendingSpin /> : null}
          {preview ? (
            <>
              <Typography.Paragraph type="secondary" data-testid="erp-preview-range">
                {preview.range?.from ? ds('erp.range', { from: preview.range.from, to: preview.range.to ?? '' }) : ds('erp.noRange')} · {ds('erp.rows', { count: preview.data.length })}
              </Typography.Paragraph>
              <PreviewTable preview={asPreview(preview)} maxHeight={420} testId="erp-preview-table" />
            </>
          ) : null}
          <Space className="bi-erp-wizard__actions">
            <Button onClick={() => setStep(0)} data-testid="erp-previous">
              {ds('erp.previous')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} disabled={!preview || !!saved} onClick={() => void onSave()} data-testid="erp-save">
              {ds('erp.save')}
            </Button>
          </Space>
        </Card>
      ) : null}
      {shareDialog}
    </section>
  );
}
