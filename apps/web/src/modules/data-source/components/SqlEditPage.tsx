import { API_SOURCE_REFERENCE } from '@bi/rules';
import { ApiSourceEditForm } from './ApiSourcePage';
import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { PROBE_MAX_ROWS } from '@bi/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Result, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/http';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDataSource } from '../hooks/useDataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDsTranslation } from '../i18n';
import { isDataError, type DataSource, type Preview, type UpdateRequest } from '../types';
import { fromConnection, hasConnectionForm, sourceEngine, toConnectionInput, type ConnectionFormValues } from '../utils/connection';
import { canEditSettings } from '../utils/permissions';
import { ConnectionFields } from './ConnectionFields';
import { ProbePreview } from './PreviewTable';
import { errorText, typeLabel, useCacheOptions } from './common';
import { PageHead } from '../../../shared/components/PageHead';
import '../data-source.css';

interface EditValues {
  connection: ConnectionFormValues;
  content: string;
  description: string;
  cacheInterval: number;
}

/** SQL edit screen `/data_source_edit/:data_source` (spec 02 §2 screen 5, §5, §8). */
export function SqlEditPage() {
  const { ds } = useDsTranslation();
  const { data_source: dataSourceId } = useParams();
  const auth = useDataSourceAuth();
  const query = useDataSource(dataSourceId);

  let body;
  if (query.isPending) {
    body = <PendingSpin />;
  } else if (query.isError) {
    body =
      query.error instanceof ApiError && query.error.httpStatus === 404 ? (
        <Result status="404" title={<span data-testid="ds-not-found">{ds('source.notFound')}</span>} />
      ) : (
        <Alert type="error" showIcon title={ds('source.loadFailed')} description={query.error.message} />
      );
  } else if (!canEditSettings(query.data, auth)) {
    body = <Result status="403" title={<span data-testid="ds-edit-not-allowed">{ds('edit.notAllowed')}</span>} />;
  } else if (query.data.reference === API_SOURCE_REFERENCE) {
    body = <ApiSourceEditForm key={query.data.dataSourceId} source={query.data} />;
  } else {
    body = <SqlEditForm key={`${query.data.dataSourceId}:${query.data.dataVersion}`} source={query.data} />;
  }

  return (
    <section className="bi-page bi-ds-wizard" data-testid="page-data_source_edit" data-data-source={dataSourceId ?? ''}>
      {body}
    </section>
  );
}

function SqlEditForm({ source }: { source: DataSource }) {
  const { ds } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cacheOptions = useCacheOptions();
  const [form] = Form.useForm<EditValues>();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const withConnection = hasConnectionForm(source.type);
  const initialValues = useMemo<EditValues>(
    () => ({
      connection: fromConnection(source.type, source.connection),
      content: source.content,
      description: source.description,
      cacheInterval: source.cacheInterval ?? 0,
    }),
    [source],
  );
  const detailPath = `/data_source/${encodeURIComponent(source.projectId)}/${encodeURIComponent(source.dataSourceId)}`;
  const back = () => void navigate(detailPath);

  const probe = useMutation({ mutationFn: dataSourceApi.probe });
  const update = useMutation({ mutationFn: dataSourceApi.update });

  const runPreview = async () => {
    let values: EditValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setPreviewError(null);
    try {
      const answer = await probe.mutateAsync({
        type: source.type,
        dataSourceId: source.dataSourceId,
        connection: withConnection ? toConnectionInput(source.type, values.connection) : undefined,
        content: values.content,
        count: PROBE_MAX_ROWS,
      });
      if (isDataError(answer)) {
        setPreview(null);
        setPreviewError(answer.error);
      } else if ('columns' in answer) setPreview(answer);
    } catch (error) {
      setPreview(null);
      setPreviewError(errorText(error));
    }
  };

  const onSave = async (values: EditValues) => {
    const body: UpdateRequest = {
      dataSourceId: source.dataSourceId,
      description: values.description?.trim() ?? '',
      cacheInterval: values.cacheInterval ?? 0,
      content: values.content,
    };
    // unchanged SQL keeps the chosen table; new SQL is free SQL (docs: content sets tableName to what is sent with it)
    if (values.content === source.content) {
      body.tableName = source.tableName;
      body.tableSchema = source.tableSchema;
    }
    if (withConnection) body.connection = toConnectionInput(source.type, values.connection);
    setSaveError(null);
    try {
      const answer = await update.mutateAsync(body);
      if (isDataError(answer)) {
        setSaveError(answer.error);
        void message.error(answer.error);
        return;
      }
      queryClient.setQueryData(dataSourceKeys.source(source.dataSourceId), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.preview(source.dataSourceId) }),
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.history(source.dataSourceId) }),
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects }),
      ]);
      void message.success(ds('edit.saved'));
      back();
    } catch (error) {
      setSaveError(errorText(error));
      void message.error(errorText(error));
    }
  };

  return (
    <>
      <PageHead block="bi-ds-page" title={ds('edit.title', { name: source.name })} onBack={back} backLabel={ds('edit.cancel')} backTestId="ds-edit-back" />
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void onSave(values)} data-testid="ds-edit-form">
        <div className="bi-ds-edit">
          <Card className="bi-ds-wizard__card" title={withConnection ? ds('conn.title') : typeLabel(ds, source.type)}>
            <Form.Item label={ds('edit.name')}>
              <Input data-testid="ds-name" value={source.name} readOnly disabled />
            </Form.Item>
            <Form.Item label={ds('edit.connectionString')}>
              <Input data-testid="ds-connection-string" value={source.connectionString} readOnly disabled />
            </Form.Item>
            {withConnection ? <ConnectionFields type={source.type} prefix={['connection']} stored={source.connection} /> : null}
            <Form.Item name="cacheInterval" label={ds('wizard.cacheInterval')}>
              <Select data-testid="ds-cache-interval" options={cacheOptions} style={{ maxWidth: 240 }} />
            </Form.Item>
            <Form.Item name="description" label={ds('wizard.description')} rules={[{ max: 500 }]}>
              <Input.TextArea data-testid="ds-description" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
            </Form.Item>
          </Card>
          <div className="bi-ds-wizard__main">
            <Card title={ds('edit.content')}>
              <Form.Item name="content" rules={[{ required: true, whitespace: true, message: ds('edit.contentRequired') }]}>
                <Input.TextArea className="bi-ds-sql" data-testid="ds-sql" autoSize={{ minRows: 8, maxRows: 20 }} spellCheck={false} />
              </Form.Item>
              {sourceEngine(source.type) === 'mssql' ? <Typography.Paragraph type="secondary">{ds('wizard.sqlOrderBy')}</Typography.Paragraph> : null}
              {saveError ? <Alert className="bi-ds-alert" type="error" showIcon title={<span data-testid="save-error">{saveError}</span>} /> : null}
              <Space wrap>
                <Button onClick={back} data-testid="ds-edit-cancel">
                  {ds('edit.cancel')}
                </Button>
                <Button icon={<EyeOutlined />} onClick={() => void runPreview()} loading={probe.isPending} data-testid="ds-preview">
                  {ds('edit.test')}
                </Button>
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending} data-testid="ds-save">
                  {ds('edit.save')}
                </Button>
              </Space>
            </Card>
            <Card title={ds('wizard.preview')}>
              <ProbePreview pending={probe.isPending} error={previewError} preview={preview} />
            </Card>
          </div>
        </div>
      </Form>
    </>
  );
}
