import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { parseErpConnection } from '@bi/chart-model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHead } from '../../../shared/components/PageHead';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDsTranslation } from '../i18n';
import type { ErpPreview, ErpReportPayload, Preview } from '../types';
import { PreviewTable } from './PreviewTable';
import { PeriodItem, CacheIntervalItem, DescriptionItem } from './SourceFormFields';
import { errorText } from './common';
import '../data-source.css';

interface Values {
  connection: string;
  periodNumber: number | null;
  periodDimension: 1 | 2;
  cacheInterval: number;
  description?: string;
}

/** The SBEP kind's type code (libs/rules source-kinds.ts `sbep`). */
const SBEP_TYPE = 6 as const;

function asPreview(p: ErpPreview): Preview {
  const dataType = (t: ErpPreview['columns'][number]['type']) => (t === 'whole' || t === 'decimal' ? 'number' : t === 'date' || t === 'datetime' ? 'date' : 'string');
  return { columns: p.columns.map((c) => ({ name: c.name, title: c.title, dataType: dataType(c.type) })), rows: p.data, truncated: p.data.length >= 100 } as Preview;
}

/**
 * The SBEP edit screen (spec 02 §2 route data_source_sbep_edit, §5 "SQL and SBEP edit screens"; docs/adr/0017):
 * like the SQL edit screen, the name is read-only and the connection string must not be empty. An SBEP source
 * copies a report program of an ERP account; its connection string `sbep://ip:port/account/program/project/date|null`
 * is edited as text (split on '/': 4 program, 5 condition project, 6 date field or null), with the period and
 * cache interval; a preview shows the rows the string reads, a save syncs them again.
 */
export function SbepEditPage() {
  const { ds } = useDsTranslation();
  const { data_source: id = '' } = useParams();
  const auth = useDataSourceAuth();
  if (!auth.canEdit) {
    return (
      <section className="bi-page" data-testid="page-data_source_sbep_edit">
        <Result status="403" title={ds('edit.notAllowed')} />
      </section>
    );
  }
  return <SbepForm key={id} id={id} />;
}

function SbepForm({ id }: { id: string }) {
  const { ds, t } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<ErpPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const settings = useQuery({ queryKey: ['data-source', 'erp-settings', id], queryFn: () => dataSourceApi.erpSettings(id) });
  const stored = settings.data;
  const back = () => void navigate(stored ? `/data_source/${encodeURIComponent(stored.projectId)}/${encodeURIComponent(id)}` : '/data_source');
  const runPreview = useMutation({ mutationFn: dataSourceApi.erpPreview });
  const save = useMutation({ mutationFn: dataSourceApi.erpUpdate });

  useEffect(() => {
    if (!stored) return;
    form.setFieldsValue({ connection: stored.connection, periodNumber: stored.periodNumber, periodDimension: stored.periodDimension, cacheInterval: stored.cacheInterval, description: stored.description });
  }, [stored, form]);

  const connection = Form.useWatch('connection', form) ?? '';
  const parsed = parseErpConnection(connection, SBEP_TYPE);

  const payloadOf = (v: Values): ErpReportPayload => ({
    dataSourceId: id,
    type: SBEP_TYPE,
    connection: v.connection.trim(),
    name: stored?.name ?? '',
    description: v.description?.trim() ?? '',
    // read from the connection string by the service; sent as parsed here for the payload's shape
    programId: parsed?.programId ?? '',
    conditionProjectId: parsed?.conditionProjectId ?? '',
    dateConditionField: parsed?.dateConditionField ?? null,
    periodNumber: v.periodNumber ?? 1,
    periodDimension: v.periodDimension ?? 1,
    cacheInterval: v.cacheInterval ?? 0,
    projectId: stored?.projectId ?? '',
    status: 'edit',
    updateItems: ['description', 'connection', 'periodNumber', 'periodDimension', 'cacheInterval'],
  });

  const valid = async (): Promise<Values | null> => {
    try {
      return await form.validateFields();
    } catch {
      return null;
    }
  };

  const onPreview = async () => {
    const v = await valid();
    if (!v) return;
    setError(null);
    try {
      setPreview(await runPreview.mutateAsync(payloadOf(v)));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const onSave = async () => {
    const v = await valid();
    if (!v) return;
    setError(null);
    try {
      const source = await save.mutateAsync(payloadOf(v));
      queryClient.setQueryData(dataSourceKeys.source(source.dataSourceId), source);
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects });
      void message.success(ds('sbep.saved'));
      void navigate(`/data_source/${encodeURIComponent(source.projectId)}/${encodeURIComponent(source.dataSourceId)}`);
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (settings.isPending) return <PendingSpin />;
  if (settings.isError || !stored) {
    return (
      <section className="bi-page" data-testid="page-data_source_sbep_edit">
        <Result status="warning" title={errorText(settings.error)} />
      </section>
    );
  }
  const noDate = !parsed || parsed.dateConditionField === null;

  return (
    <section className="bi-page bi-ds-wizard bi-sbep-edit" data-testid="page-data_source_sbep_edit" aria-label={ds('sbep.title')}>
      <PageHead block="bi-ds-page" title={ds('sbep.title')} onBack={back} backLabel={t('common.cancel')} backTestId="sbep-back" />
      {error ? <Alert className="bi-ds-alert" type="error" showIcon title={<span data-testid="sbep-error">{error}</span>} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        data-testid="sbep-form"
        initialValues={{ connection: '', periodNumber: 1, periodDimension: 1, cacheInterval: 0, description: '' }}
        onValuesChange={() => setPreview(null)}
      >
        <Card className="bi-ds-wizard__card">
          <Typography.Paragraph type="secondary">{ds('sbep.hint')}</Typography.Paragraph>
          <Form.Item label={ds('sbep.name')}>
            <Input data-testid="sbep-name" value={stored.name} readOnly disabled />
          </Form.Item>
          <Form.Item
            name="connection"
            label={ds('sbep.connection')}
            required
            validateFirst
            rules={[
              { required: true, whitespace: true, message: ds('sbep.connectionRequired') },
              {
                validator: async (_rule, value: string) => {
                  if (!parseErpConnection(value ?? '', SBEP_TYPE)) throw new Error(ds('sbep.connectionInvalid'));
                },
              },
            ]}
          >
            <Input.TextArea data-testid="sbep-connection" autoSize={{ minRows: 1, maxRows: 3 }} maxLength={2000} spellCheck={false} />
          </Form.Item>
          {parsed ? (
            <Space wrap size={[16, 4]} className="bi-sbep-edit__parts" data-testid="sbep-parts" style={{ marginBottom: 16 }}>
              {(
                [
                  ['sbep.program', parsed.programId],
                  ['sbep.conditionProject', parsed.conditionProjectId],
                  ['sbep.dateField', parsed.dateConditionField ?? ds('erp.dateNone')],
                ] as const
              ).map(([label, value]) => (
                <span key={label}>
                  <Typography.Text type="secondary">{ds(label)} </Typography.Text>
                  <Typography.Text code>{value}</Typography.Text>
                </span>
              ))}
            </Space>
          ) : null}
          <div className="bi-ds-conn__row">
            <PeriodItem testIdPrefix="sbep" disabled={noDate} />
            <CacheIntervalItem testIdPrefix="sbep" />
          </div>
          <DescriptionItem testIdPrefix="sbep" />
          <Space>
            <Button onClick={back}>{ds('sbep.cancel')}</Button>
            <Button icon={<EyeOutlined />} onClick={() => void onPreview()} loading={runPreview.isPending} data-testid="sbep-preview">
              {ds('sbep.preview')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} onClick={() => void onSave()} loading={save.isPending} data-testid="sbep-save">
              {ds('sbep.save')}
            </Button>
          </Space>
        </Card>
      </Form>
      {preview ? (
        <Card className="bi-ds-wizard__preview" title={ds('erp.step2')} data-testid="sbep-preview-card">
          <Typography.Paragraph type="secondary" data-testid="sbep-preview-range">
            {preview.range?.from ? ds('erp.range', { from: preview.range.from, to: preview.range.to ?? '' }) : ds('erp.noRange')} · {ds('erp.rows', { count: preview.data.length })}
          </Typography.Paragraph>
          <PreviewTable preview={asPreview(preview)} maxHeight={420} testId="sbep-preview-table" />
        </Card>
      ) : null}
    </section>
  );
}
