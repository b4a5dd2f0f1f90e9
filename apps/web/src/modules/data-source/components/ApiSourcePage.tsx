import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Input, InputNumber, Radio, Result, Select, Space, Steps, Table, Tabs, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHead } from '../../../shared/components/PageHead';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { apiSourceApi, emptyApiSettings, type ApiColumn, type ApiPreview, type ApiSettings } from '../api/apiSource';
import { dataSourceKeys } from '../api/dataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDataSourceProjects } from '../hooks/useProjects';
import { useDsTranslation, type DsT } from '../i18n';
import type { DataSource } from '../types';
import { errorText } from './common';

const COLUMN_TYPES = ['text', 'whole', 'decimal', 'date', 'datetime'] as const;
const AUTH_KINDS = ['none', 'basic', 'bearer', 'hmac'] as const;
const PAGING_MODES = ['none', 'page', 'offset', 'cursor', 'link'] as const;
/** The variables a URL, query value, header value or body may hold (docs/api/data-source.md "HTTP API sources"). */
const VARIABLES = '${today} ${yesterday} ${weekStart} ${monthStart} ${monthEnd} ${lastMonthStart} ${lastMonthEnd} ${yearStart} ${now} ${daysAgo:N} ${watermark}';

type Patch = (change: Partial<ApiSettings>) => void;
interface Included extends ApiColumn {
  include: boolean;
}

const sourcePath = (s: DataSource) => `/data_source/${encodeURIComponent(s.projectId)}/${encodeURIComponent(s.dataSourceId)}`;

/** /data_source_sql/:project/api — the HTTP API source wizard (module flag `api`): request settings with a test, then columns, name and folder. */
export function ApiSourceWizardPage({ projectId }: { projectId: string }) {
  const { ds } = useDsTranslation();
  const auth = useDataSourceAuth();
  if (!auth.canEdit)
    return (
      <section className="bi-page" data-testid="page-data_source_api">
        <Result status="403" title={ds('edit.notAllowed')} />
      </section>
    );
  return <Wizard projectId={projectId} />;
}

function Wizard({ projectId }: { projectId: string }) {
  const { ds, t, i18n } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projects = useDataSourceProjects();
  const [settings, setSettings] = useState<ApiSettings>(emptyApiSettings);
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<ApiPreview | null>(null);
  const [columns, setColumns] = useState<Included[]>([]);
  const [name, setName] = useState('');
  const [folder, setFolder] = useState(projectId);
  const [problem, setProblem] = useState<string | null>(null);
  const test = useMutation({ mutationFn: () => apiSourceApi.preview(settings) });
  const save = useMutation({ mutationFn: (body: { name: string; settings: ApiSettings }) => apiSourceApi.create(folder, body.name, body.settings) });
  const patch: Patch = (change) => {
    setSettings((s) => ({ ...s, ...change }));
    setPreview(null);
  };

  const runTest = async () => {
    setProblem(null);
    try {
      const answer = await test.mutateAsync();
      setPreview(answer);
      setColumns(answer.columns.map((c) => ({ ...c, include: true })));
      if (!name) setName(hostName(settings.url));
    } catch (error) {
      setPreview(null);
      setProblem(errorText(error));
    }
  };

  const chosen = columns.filter((c) => c.include).map(({ include: _include, ...c }) => c);
  const saveProblem = !name.trim() ? ds('api.nameRequired') : chosen.length === 0 ? ds('api.columnsRequired') : settings.sync.mode === 'incremental' && !chosen.some((c) => c.path === settings.sync.watermark) ? ds('api.watermarkRequired') : null;

  const commit = async () => {
    if (saveProblem) return setProblem(saveProblem);
    setProblem(null);
    try {
      const answer = await save.mutateAsync({ name: name.trim(), settings: { ...settings, columns: chosen } });
      queryClient.setQueryData(dataSourceKeys.source(answer.dataSource.dataSourceId), answer.dataSource);
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects });
      void message.success(ds('api.created', { count: answer.rowCount.toLocaleString(i18n.language) }));
      void navigate(sourcePath(answer.dataSource));
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <section className="bi-page bi-api" data-testid="page-data_source_api" aria-label={ds('api.title.create')}>
      <PageHead block="bi-api" title={ds('api.title.create')} onBack={() => void navigate(`/data_source/${encodeURIComponent(projectId)}`)} backLabel={t('common.cancel')} backTestId="api-back" />
      <Steps className="bi-api__steps" current={step} items={[{ title: ds('api.steps.request') }, { title: ds('api.steps.columns') }]} />
      {step === 0 ? (
        <>
          <RequestForm settings={settings} patch={patch} ds={ds} editing={false} />
          <PreviewBlock preview={preview} ds={ds} />
        </>
      ) : (
        <Card className="bi-api__card" size="small">
          <Form layout="vertical" component="div">
            <Space wrap size="large" align="start">
              <Form.Item label={ds('api.sourceName')} required>
                <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={50} data-testid="api-name" className="bi-api__name" />
              </Form.Item>
              <Form.Item label={ds('api.folder')} required>
                <Select value={folder} onChange={setFolder} className="bi-api__name" data-testid="api-folder" options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }))} />
              </Form.Item>
              <SyncFields settings={settings} patch={patch} columns={chosen} ds={ds} />
            </Space>
          </Form>
          <ColumnsTable columns={columns} onChange={setColumns} ds={ds} />
        </Card>
      )}
      {problem ? <Alert className="bi-api__problem" type="error" showIcon title={problem} data-testid="api-error" /> : null}
      <div className="bi-api__actions">
        {step === 0 ? (
          <>
            <Button onClick={() => void runTest()} loading={test.isPending} disabled={!settings.url.trim()} data-testid="api-test">
              {ds('api.test')}
            </Button>
            <Button type="primary" disabled={!preview || preview.columns.length === 0} onClick={() => setStep(1)} data-testid="api-next">
              {ds('api.next')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep(0)} data-testid="api-prev">
              {ds('api.prev')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={() => void commit()} data-testid="api-save">
              {ds('api.save')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

/** The edit screen of an HTTP API source (data_source_edit of a source with reference 'api'): its request settings, a test, save. */
export function ApiSourceEditForm({ source }: { source: DataSource }) {
  const { ds } = useDsTranslation();
  const stored = useQuery({ queryKey: [...dataSourceKeys.source(source.dataSourceId), 'api'], queryFn: () => apiSourceApi.get(source.dataSourceId) });
  if (stored.isPending) return <PendingSpin />;
  if (stored.isError) return <Alert type="error" showIcon title={ds('source.loadFailed')} description={stored.error.message} />;
  return <EditForm key={source.dataVersion} source={source} initial={stored.data.settings} />;
}

function EditForm({ source, initial }: { source: DataSource; initial: ApiSettings }) {
  const { ds, t } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<ApiSettings>(initial);
  const [preview, setPreview] = useState<ApiPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const test = useMutation({ mutationFn: () => apiSourceApi.preview(settings, source.dataSourceId) });
  const save = useMutation({ mutationFn: () => apiSourceApi.update(source.dataSourceId, settings) });
  const patch: Patch = (change) => setSettings((s) => ({ ...s, ...change }));
  const run = async (what: 'test' | 'save') => {
    setProblem(null);
    try {
      if (what === 'test') setPreview(await test.mutateAsync());
      else {
        const answer = await save.mutateAsync();
        queryClient.setQueryData(dataSourceKeys.source(source.dataSourceId), answer.dataSource);
        await queryClient.invalidateQueries({ queryKey: dataSourceKeys.ofSource(source.dataSourceId) });
        void message.success(ds('api.saved'));
        void navigate(sourcePath(source));
      }
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  return (
    <div className="bi-api" data-testid="api-edit">
      <PageHead block="bi-api" title={`${ds('api.title.edit')} · ${source.name}`} onBack={() => void navigate(sourcePath(source))} backLabel={t('common.cancel')} backTestId="api-back" />
      <RequestForm settings={settings} patch={patch} ds={ds} editing />
      <Card className="bi-api__card" size="small" title={ds('api.steps.columns')}>
        <Form layout="vertical" component="div">
          <SyncFields settings={settings} patch={patch} columns={settings.columns} ds={ds} />
        </Form>
        <Typography.Paragraph type="secondary">{ds('api.columnsFixed')}</Typography.Paragraph>
        <Table<ApiColumn>
          size="small"
          rowKey="path"
          pagination={false}
          dataSource={settings.columns}
          columns={[
            { title: ds('api.columns.path'), dataIndex: 'path' },
            { title: ds('api.columns.name'), dataIndex: 'name' },
            { title: ds('api.columns.type'), dataIndex: 'type', render: (v: ApiColumn['type']) => ds(`api.types.${v}`) },
          ]}
        />
      </Card>
      <PreviewBlock preview={preview} ds={ds} />
      {problem ? <Alert className="bi-api__problem" type="error" showIcon title={problem} data-testid="api-error" /> : null}
      <div className="bi-api__actions">
        <Button onClick={() => void run('test')} loading={test.isPending} data-testid="api-test">
          {ds('api.test')}
        </Button>
        <Button type="primary" onClick={() => void run('save')} loading={save.isPending} data-testid="api-save">
          {ds('api.save')}
        </Button>
      </div>
    </div>
  );
}

function hostName(url: string): string {
  try {
    return new URL(url).hostname.slice(0, 50);
  } catch {
    return '';
  }
}

/** Step 1: URL and method, then tabs for query, headers, body, authentication, rows and paging. */
function RequestForm({ settings, patch, ds, editing }: { settings: ApiSettings; patch: Patch; ds: DsT; editing: boolean }) {
  const s = settings;
  const paging = (change: Partial<ApiSettings['paging']>) => patch({ paging: { ...s.paging, ...change } });
  const auth = (change: Partial<ApiSettings['auth']>) => patch({ auth: { ...s.auth, ...change } });
  const secretLabel = s.auth.kind === 'basic' ? ds('api.password') : s.auth.kind === 'bearer' ? ds('api.token') : ds('api.hmacSecret');
  const keptHint = editing && s.auth.secretSet ? ds('api.secretKept') : undefined;
  const paramLabel = s.paging.mode === 'page' ? ds('api.pageParam') : s.paging.mode === 'offset' ? ds('api.offsetParam') : ds('api.cursorParam');
  const tabs = [
    { key: 'query', label: ds('api.query'), children: <Pairs rows={s.query} onChange={(query) => patch({ query })} ds={ds} testId="api-query" /> },
    {
      key: 'headers',
      label: ds('api.headers'),
      children: <Pairs rows={s.headers} onChange={(headers) => patch({ headers: headers.map((h) => ({ ...h, secret: h.secret ?? false })) })} ds={ds} testId="api-headers" secret editing={editing} />,
    },
    ...(s.method === 'POST'
      ? [{ key: 'body', label: ds('api.body'), children: <Input.TextArea value={s.body} onChange={(e) => patch({ body: e.target.value })} rows={5} maxLength={64_000} className="bi-api__code" data-testid="api-body" /> }]
      : []),
    {
      key: 'auth',
      label: ds('api.auth'),
      children: (
        <Space wrap align="start" size="middle">
          <Form.Item label={ds('api.auth')}>
            <Select value={s.auth.kind} onChange={(kind) => auth({ kind, secret: '' })} className="bi-api__select" data-testid="api-auth-kind" options={AUTH_KINDS.map((k) => ({ value: k, label: ds(`api.authKinds.${k}`), 'data-testid': `api-auth-${k}` }))} />
          </Form.Item>
          {s.auth.kind === 'basic' || s.auth.kind === 'hmac' ? (
            <Form.Item label={s.auth.kind === 'basic' ? ds('api.user') : ds('api.keyId')}>
              <Input value={s.auth.user} onChange={(e) => auth({ user: e.target.value })} data-testid="api-auth-user" />
            </Form.Item>
          ) : null}
          {s.auth.kind !== 'none' ? (
            <Form.Item label={secretLabel} extra={keptHint ? <span data-testid="api-secret-kept">{keptHint}</span> : undefined}>
              <Input.Password value={s.auth.secret} onChange={(e) => auth({ secret: e.target.value })} autoComplete="new-password" className="bi-api__name" data-testid="api-auth-secret" />
            </Form.Item>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'rows',
      label: ds('api.rowsAndPaging'),
      children: (
        <Space wrap align="start" size="middle">
          <Form.Item label={ds('api.rowsPath')} extra={ds('api.rowsPathHelp')}>
            <Input value={s.rowsPath} onChange={(e) => patch({ rowsPath: e.target.value })} className="bi-api__code" data-testid="api-rows-path" />
          </Form.Item>
          <Form.Item label={ds('api.paging')}>
            <Select value={s.paging.mode} onChange={(mode) => paging({ mode, param: mode === 'page' ? 'page' : mode === 'offset' ? 'offset' : mode === 'cursor' ? 'cursor' : '' })} className="bi-api__select" data-testid="api-paging-mode" options={PAGING_MODES.map((m) => ({ value: m, label: ds(`api.pagingModes.${m}`), 'data-testid': `api-paging-${m}` }))} />
          </Form.Item>
          {s.paging.mode === 'page' || s.paging.mode === 'offset' || s.paging.mode === 'cursor' ? (
            <Form.Item label={paramLabel}>
              <Input value={s.paging.param} onChange={(e) => paging({ param: e.target.value })} data-testid="api-paging-param" />
            </Form.Item>
          ) : null}
          {s.paging.mode === 'page' || s.paging.mode === 'offset' ? (
            <>
              <Form.Item label={ds('api.sizeParam')}>
                <Input value={s.paging.sizeParam} onChange={(e) => paging({ sizeParam: e.target.value })} data-testid="api-paging-size-param" />
              </Form.Item>
              <Form.Item label={ds('api.size')}>
                <InputNumber min={1} max={10_000} value={s.paging.size} onChange={(v) => paging({ size: v ?? 100 })} data-testid="api-paging-size" />
              </Form.Item>
            </>
          ) : null}
          {s.paging.mode === 'page' ? (
            <Form.Item label={ds('api.start')}>
              <Radio.Group value={s.paging.start} onChange={(e) => paging({ start: e.target.value as number })} options={[0, 1].map((v) => ({ value: v, label: String(v) }))} />
            </Form.Item>
          ) : null}
          {s.paging.mode === 'cursor' ? (
            <Form.Item label={ds('api.cursorPath')}>
              <Input value={s.paging.cursorPath} onChange={(e) => paging({ cursorPath: e.target.value })} className="bi-api__code" data-testid="api-cursor-path" />
            </Form.Item>
          ) : null}
          {(s.paging.mode === 'page' || s.paging.mode === 'offset' || s.paging.mode === 'cursor') && s.method === 'POST' ? (
            <Form.Item label={ds('api.pagingIn')}>
              <Radio.Group value={s.paging.in} onChange={(e) => paging({ in: e.target.value as 'query' | 'body' })} options={[{ value: 'query', label: ds('api.pagingInQuery') }, { value: 'body', label: ds('api.pagingInBody') }]} />
            </Form.Item>
          ) : null}
          {s.paging.mode !== 'none' ? (
            <Form.Item label={ds('api.maxPages')}>
              <InputNumber min={1} max={100_000} value={s.paging.maxPages} onChange={(v) => paging({ maxPages: v ?? 10_000 })} />
            </Form.Item>
          ) : null}
          <Form.Item label={ds('api.timeout')}>
            <InputNumber min={1} max={120} value={s.timeoutSec} onChange={(v) => patch({ timeoutSec: v ?? 30 })} data-testid="api-timeout" />
          </Form.Item>
        </Space>
      ),
    },
  ];
  return (
    <Card className="bi-api__card" size="small">
      <Form layout="vertical" component="div">
        <Form.Item label={ds('api.url')} required extra={<span className="bi-api__vars">{ds('api.variables', { list: VARIABLES })}</span>}>
          <Space.Compact className="bi-api__url">
            <Select value={s.method} onChange={(method) => patch({ method, paging: method === 'GET' ? { ...s.paging, in: 'query' } : s.paging })} options={['GET', 'POST'].map((m) => ({ value: m, label: m, 'data-testid': `api-method-${m}` }))} style={{ width: 100, flex: 'none' }} data-testid="api-method" />
            <Input className="bi-api__url-input" value={s.url} onChange={(e) => patch({ url: e.target.value })} placeholder="https://api.example.com/v1/orders?from=${monthStart}" maxLength={2000} data-testid="api-url" />
          </Space.Compact>
        </Form.Item>
        <Tabs size="small" items={tabs} />
      </Form>
    </Card>
  );
}

interface Pair {
  name: string;
  value: string;
  secret?: boolean;
  secretSet?: boolean;
}

/** A list of name/value rows (query parameters, headers; headers may be marked secret). */
function Pairs<P extends Pair>({ rows, onChange, ds, testId, secret, editing }: { rows: P[]; onChange: (rows: P[]) => void; ds: DsT; testId: string; secret?: boolean; editing?: boolean }) {
  const set = (i: number, change: Partial<Pair>) => onChange(rows.map((r, k) => (k === i ? { ...r, ...change } : r)));
  return (
    <div className="bi-api__pairs" data-testid={testId}>
      {rows.map((r, i) => (
        <Space.Compact key={i} className="bi-api__pair">
          <Input value={r.name} onChange={(e) => set(i, { name: e.target.value })} placeholder={ds('api.name')} aria-label={ds('api.name')} className="bi-api__pair-name" />
          {secret && r.secret ? (
            <Input.Password value={r.value} onChange={(e) => set(i, { value: e.target.value })} placeholder={editing && r.secretSet ? ds('api.secretKept') : ds('api.value')} aria-label={ds('api.value')} autoComplete="new-password" />
          ) : (
            <Input value={r.value} onChange={(e) => set(i, { value: e.target.value })} placeholder={ds('api.value')} aria-label={ds('api.value')} />
          )}
          {secret ? (
            <Checkbox className="bi-api__pair-secret" checked={!!r.secret} onChange={(e) => set(i, { secret: e.target.checked, value: '' })}>
              {ds('api.secretHeader')}
            </Checkbox>
          ) : null}
          <Button icon={<DeleteOutlined />} aria-label={ds('api.remove')} onClick={() => onChange(rows.filter((_, k) => k !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...rows, { name: '', value: '', ...(secret ? { secret: false } : {}) } as P])} disabled={rows.length >= (secret ? 30 : 50)} data-testid={`${testId}-add`}>
        {ds('api.add')}
      </Button>
    </div>
  );
}

function SyncFields({ settings, patch, columns, ds }: { settings: ApiSettings; patch: Patch; columns: ApiColumn[]; ds: DsT }) {
  return (
    <Space wrap align="start" size="middle">
      <Form.Item label={ds('api.sync')}>
        <Radio.Group
          value={settings.sync.mode}
          onChange={(e) => patch({ sync: { mode: e.target.value as 'full' | 'incremental', watermark: settings.sync.watermark } })}
          options={[{ value: 'full', label: ds('api.syncModes.full') }, { value: 'incremental', label: ds('api.syncModes.incremental') }]}
          data-testid="api-sync-mode"
        />
      </Form.Item>
      {settings.sync.mode === 'incremental' ? (
        <Form.Item label={ds('api.watermark')}>
          <Select value={settings.sync.watermark || undefined} onChange={(watermark) => patch({ sync: { mode: 'incremental', watermark } })} className="bi-api__select" options={columns.map((c) => ({ value: c.path, label: c.name }))} data-testid="api-watermark" />
        </Form.Item>
      ) : null}
    </Space>
  );
}

/** Step 2: which fields to import, their store names and types (inferred, editable). */
function ColumnsTable({ columns, onChange, ds }: { columns: Included[]; onChange: (c: Included[]) => void; ds: DsT }) {
  const set = (i: number, change: Partial<Included>) => onChange(columns.map((c, k) => (k === i ? { ...c, ...change } : c)));
  return (
    <Table<Included>
      size="small"
      rowKey="path"
      pagination={false}
      dataSource={columns}
      data-testid="api-columns"
      scroll={{ y: 360 }}
      columns={[
        { title: ds('api.columns.include'), width: 80, render: (_, c, i) => <Checkbox checked={c.include} onChange={(e) => set(i, { include: e.target.checked })} aria-label={c.path} /> },
        { title: ds('api.columns.path'), dataIndex: 'path', ellipsis: true },
        { title: ds('api.columns.name'), render: (_, c, i) => <Input size="small" value={c.name} maxLength={63} onChange={(e) => set(i, { name: e.target.value })} data-testid={`api-col-name-${c.path}`} /> },
        {
          title: ds('api.columns.type'),
          width: 150,
          render: (_, c, i) => <Select size="small" className="bi-api__type" value={c.type} onChange={(type) => set(i, { type })} options={COLUMN_TYPES.map((v) => ({ value: v, label: ds(`api.types.${v}`), 'data-testid': `api-type-${c.path}-${v}` }))} data-testid={`api-col-type-${c.path}`} />,
        },
      ]}
    />
  );
}

function PreviewBlock({ preview, ds }: { preview: ApiPreview | null; ds: DsT }) {
  const table = useMemo(() => {
    if (!preview) return null;
    const rows = preview.rows.map((r, i) => ({ key: i, ...Object.fromEntries(preview.columns.map((c, k) => [c.path, r[k]])) }));
    return { rows, columns: preview.columns.map((c) => ({ title: c.path, dataIndex: c.path, key: c.path, ellipsis: true, width: 160, render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) as ReactNode })) };
  }, [preview]);
  if (!preview || !table) return null;
  return (
    <Card className="bi-api__card bi-api__card--wide" size="small" title={preview.rowCount ? ds('api.previewRows', { count: preview.rowCount }) : ds('api.noRows')} data-testid="api-preview">
      <Table size="small" pagination={false} scroll={{ x: 'max-content', y: 320 }} dataSource={table.rows} columns={table.columns} />
    </Card>
  );
}
