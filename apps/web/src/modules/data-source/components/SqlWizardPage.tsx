import { ApiSourceWizardPage } from './ApiSourcePage';
import { ApiOutlined, EyeOutlined, SaveOutlined, TableOutlined } from '@ant-design/icons';
import { PROBE_MAX_ROWS, checkName, defaultTitle } from '@bi/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Result, Segmented, Space, Steps, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { STORAGE_KEYS, browserStorages } from '../../../shared/storage/keys';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDsTranslation } from '../i18n';
import { isDataError, type ConnectionInput, type Preview, type SourceType, type TableRef } from '../types';
import { recallConnection, rememberConnection, sourceEngine, toConnectionInput, wizardTypeCode, type ConnectionFormValues } from '../utils/connection';
import { ConnectionFields } from './ConnectionFields';
import { ProbePreview } from './PreviewTable';
import { NameCacheRow, DescriptionItem } from './SourceFormFields';
import { errorText, typeLabel } from './common';
import { PageHead } from '../../../shared/components/PageHead';
import '../data-source.css';

type Mode = 'table' | 'sql';

interface SaveValues {
  name: string;
  description?: string;
  cacheInterval: number;
}

const tableKey = (t: TableRef) => `${t.schema}\u0000${t.name}`;

/** SQL source create wizard (spec 02 §2 screen 5, §4): step 1 connection, step 2 table or SQL, preview and save. */
export function SqlWizardPage() {
  const { ds } = useDsTranslation();
  const { project = '', type: segment } = useParams();
  const type = wizardTypeCode(segment);
  const auth = useDataSourceAuth();

  // the HTTP API source's wizard (libs/rules source-kinds.ts: its create route is this one with its key)
  if (segment === 'api') return <ApiSourceWizardPage key={project} projectId={project} />;

  if (type === null) {
    return (
      <section className="bi-page" data-testid="page-data_source_sql">
        <Result status="404" title={ds('wizard.unknownType')} />
      </section>
    );
  }
  if (!auth.canEdit) {
    return (
      <section className="bi-page" data-testid="page-data_source_sql">
        <Result status="403" title={ds('edit.notAllowed')} />
      </section>
    );
  }
  return <SqlWizard key={`${project}:${type}`} projectId={project} type={type} />;
}

function SqlWizard({ projectId, type }: { projectId: string; type: SourceType }) {
  const { ds, t } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [connForm] = Form.useForm<ConnectionFormValues>();
  const [saveForm] = Form.useForm<SaveValues>();
  const initialConnection = useMemo(() => recallConnection(browserStorages().local, type), [type]);

  const [step, setStep] = useState(0);
  const [connection, setConnection] = useState<ConnectionInput | null>(null);
  const [tables, setTables] = useState<TableRef[]>([]);
  const [connectError, setConnectError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('table');
  const [filter, setFilter] = useState('');
  const [table, setTable] = useState<TableRef | null>(null);
  const [sql, setSql] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const back = () => void navigate(`/data_source/${encodeURIComponent(projectId)}`);

  const connect = useMutation({
    mutationFn: (input: ConnectionInput) => dataSourceApi.probe({ type, connection: input }),
  });
  const probe = useMutation({
    mutationFn: (body: { tableName?: string; tableSchema?: string; content?: string }) =>
      dataSourceApi.probe({ type, connection: connection ?? undefined, count: PROBE_MAX_ROWS, ...body }),
  });
  const save = useMutation({ mutationFn: dataSourceApi.create });

  const onConnect = async (values: ConnectionFormValues) => {
    const input = toConnectionInput(type, values);
    setConnectError(null);
    try {
      const answer = await connect.mutateAsync(input);
      if (isDataError(answer)) {
        setConnectError(answer.error);
        return;
      }
      rememberConnection(browserStorages().local, type, values);
      setConnection(input);
      setTables('tables' in answer ? answer.tables : []);
      setTable(null);
      setPreview(null);
      setPreviewError(null);
      setSaveError(null);
      setStep(1);
    } catch (error) {
      setConnectError(errorText(error));
    }
  };

  const runPreview = async (body: { tableName?: string; tableSchema?: string; content?: string }) => {
    setPreviewError(null);
    try {
      const answer = await probe.mutateAsync(body);
      if (isDataError(answer)) {
        setPreview(null);
        setPreviewError(answer.error);
      } else if ('columns' in answer) {
        setPreview(answer);
      }
    } catch (error) {
      setPreview(null);
      setPreviewError(errorText(error));
    }
  };

  const chooseTable = (ref: TableRef) => {
    setTable(ref);
    setSaveError(null);
    const current = saveForm.getFieldValue('name') as string | undefined;
    if (!current?.trim()) {
      const suggestion = defaultTitle(ref.name);
      if (!checkName(suggestion)) saveForm.setFieldValue('name', suggestion);
    }
    void runPreview({ tableName: ref.name, tableSchema: ref.schema });
  };

  const previewSql = () => {
    if (!sql.trim()) {
      setPreviewError(ds('wizard.sqlRequired'));
      return;
    }
    void runPreview({ content: sql });
  };

  const onSave = async (values: SaveValues) => {
    if (!connection) return;
    const content = mode === 'sql' ? sql.trim() : '';
    if (mode === 'table' ? !table : !content) {
      setSaveError(ds('wizard.chooseTableOrSql'));
      return;
    }
    setSaveError(null);
    try {
      const answer = await save.mutateAsync({
        projectId,
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        type,
        connection,
        cacheInterval: values.cacheInterval ?? 0,
        ...(mode === 'table' && table ? { tableName: table.name, tableSchema: table.schema } : { content }),
      });
      if (isDataError(answer)) {
        setSaveError(answer.error);
        return;
      }
      // the answer's permission holds the new source's grant; the app keeps it like the login permission
      browserStorages().local.setItem(STORAGE_KEYS.permission, JSON.stringify(answer.permission ?? null));
      queryClient.setQueryData(dataSourceKeys.source(answer.dataSource.dataSourceId), answer.dataSource);
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects });
      void message.success(ds('wizard.saved'));
      void navigate(`/data_source/${encodeURIComponent(answer.dataSource.projectId)}/${encodeURIComponent(answer.dataSource.dataSourceId)}`);
    } catch (error) {
      setSaveError(errorText(error));
    }
  };

  const shownTables = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? tables.filter((x) => x.name.toLowerCase().includes(needle) || x.schema.toLowerCase().includes(needle)) : tables;
  }, [tables, filter]);

  const title = ds('wizard.title', { type: typeLabel(ds, type) });

  return (
    <section className="bi-page bi-ds-wizard" data-testid="page-data_source_sql" data-type={type} aria-label={title}>
      <PageHead block="bi-ds-page" title={title} onBack={back} backLabel={t('common.cancel')} backTestId="ds-wizard-back" />
      <Steps className="bi-ds-wizard__steps" current={step} items={[{ title: ds('wizard.step1') }, { title: ds('wizard.step2') }]} />

      {/* both steps stay mounted once reached, so going back keeps what was typed (the password too) */}
      <div hidden={step !== 0} data-testid="ds-step-connection">
        <Card className="bi-ds-wizard__card" title={ds('conn.title')}>
          <Form form={connForm} layout="vertical" initialValues={initialConnection} onFinish={(values) => void onConnect(values)} data-testid="ds-conn-form" requiredMark>
            <ConnectionFields type={type} />
            {connectError ? <Alert className="bi-ds-alert" type="error" showIcon title={<span data-testid="conn-error">{connectError}</span>} /> : null}
            <Space>
              <Button onClick={back}>{ds('wizard.cancel')}</Button>
              <Button type="primary" htmlType="submit" icon={<ApiOutlined />} loading={connect.isPending} data-testid="conn-connect">
                {ds('conn.connect')}
              </Button>
            </Space>
          </Form>
        </Card>
      </div>
      {connection ? (
        <div className="bi-ds-wizard__data" hidden={step !== 1} data-testid="ds-step-data">
          <Card
            className="bi-ds-wizard__source"
            title={
              <Segmented
                data-testid="ds-mode"
                value={mode}
                onChange={(value) => {
                  setMode(value as Mode);
                  setPreview(null);
                  setPreviewError(null);
                  setSaveError(null);
                }}
                options={[
                  { value: 'table', label: <span data-testid="ds-mode-table">{ds('wizard.modeTable')}</span> },
                  { value: 'sql', label: <span data-testid="ds-mode-sql">{ds('wizard.modeSql')}</span> },
                ]}
              />
            }
          >
            {mode === 'table' ? (
              <>
                <Typography.Text type="secondary" data-testid="ds-table-count">
                  {ds('wizard.connected', { count: tables.length })}
                </Typography.Text>
                <Input className="bi-ds-wizard__filter" allowClear placeholder={ds('wizard.tableFilter')} value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="ds-table-filter" />
                {tables.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ds('wizard.noTables')} />
                ) : (
                  <ul className="bi-ds-tables" aria-label={ds('wizard.tables')} data-testid="ds-tables">
                    {shownTables.map((ref) => {
                      const active = table !== null && tableKey(table) === tableKey(ref);
                      return (
                        <li key={tableKey(ref)}>
                          <button
                            type="button"
                            className={['bi-ds-tables__item', active ? 'is-active' : ''].join(' ')}
                            data-testid={`table-${ref.name}`}
                            data-schema={ref.schema}
                            aria-pressed={active}
                            onClick={() => chooseTable(ref)}
                          >
                            <TableOutlined aria-hidden="true" />
                            <span className="bi-ds-tables__name">{ref.schema ? `${ref.schema}.${ref.name}` : ref.name}</span>
                            {ref.kind === 'view' ? <Tag>{ds('wizard.view')}</Tag> : null}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </>
            ) : (
              <>
                <Typography.Text strong>{ds('wizard.sql')}</Typography.Text>
                <Input.TextArea
                  className="bi-ds-sql"
                  data-testid="ds-sql"
                  value={sql}
                  onChange={(e) => setSql(e.target.value)}
                  placeholder={ds('wizard.sqlPlaceholder')}
                  autoSize={{ minRows: 8, maxRows: 20 }}
                  spellCheck={false}
                />
                {sourceEngine(type) === 'mssql' ? <Typography.Text type="secondary">{ds('wizard.sqlOrderBy')}</Typography.Text> : null}
                <div>
                  <Button icon={<EyeOutlined />} onClick={previewSql} loading={probe.isPending} data-testid="ds-preview">
                    {ds('wizard.preview')}
                  </Button>
                </div>
              </>
            )}
          </Card>

          <div className="bi-ds-wizard__main">
            <Card className="bi-ds-wizard__preview" title={mode === 'table' && table ? ds('wizard.selectedTable', { name: table.name }) : ds('wizard.preview')}>
              <ProbePreview pending={probe.isPending} error={previewError} preview={preview} emptyText={ds('wizard.chooseTableOrSql')} />
            </Card>

            <Card className="bi-ds-wizard__save">
              <Form form={saveForm} layout="vertical" initialValues={{ name: '', description: '', cacheInterval: 0 }} onFinish={(values) => void onSave(values)} data-testid="ds-save-form">
                <NameCacheRow testIdPrefix="ds" />
                <DescriptionItem testIdPrefix="ds" />
                {saveError ? <Alert className="bi-ds-alert" type="error" showIcon title={<span data-testid="save-error">{saveError}</span>} /> : null}
                <Space>
                  <Button onClick={() => setStep(0)} data-testid="ds-previous">
                    {ds('wizard.previous')}
                  </Button>
                  <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="ds-save">
                    {ds('wizard.save')}
                  </Button>
                </Space>
              </Form>
            </Card>
          </div>
        </div>
      ) : null}
    </section>
  );
}
