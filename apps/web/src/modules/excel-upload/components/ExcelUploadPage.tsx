import { CheckCircleOutlined, CloseCircleOutlined, FileExcelOutlined, InboxOutlined, LoadingOutlined } from '@ant-design/icons';
import { UPLOAD_REFERENCE } from '@bi/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Input, Progress, Result, Select, Space, Spin, Steps, Table, Tabs, Tag, Typography } from 'antd';
import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { dataSourceKeys } from '../../data-source/api/dataSource';
import { useDataSource } from '../../data-source/hooks/useDataSource';
import { useDataSourceAuth } from '../../data-source/hooks/useDataSourceAuth';
import type { DataSource, Field } from '../../data-source/types';
import { excelUploadApi } from '../api/excelUpload';
import { useUploadFile, type UploadItem } from '../hooks/useUploadFile';
import { useXlTranslation, type XlT } from '../i18n';
import type { ColumnChoice, ColumnMapping, Sheet, UploadAction, UploadResult } from '../types';
import { initialMapping, mapToField, mappingProblem, routeAction, shrinkTabs, suggestedName, targetFields } from '../utils/wizard';
import { PageHead } from '../../../shared/components/PageHead';
import { DIALOG_CANCEL, DIALOG_OK } from '../../../shared/components/testIds';
import '../excel-upload.css';

const CHOICES: ColumnChoice[] = ['abandon', 'string', 'number', 'date'];

/**
 * /data_source_excel/:project/:action — the Excel upload wizard (spec 02 §2 screen 6, §4, §5):
 * action create (project = folder id), append or replace (project = the uploaded source's id).
 */
export function ExcelUploadPage() {
  const { xl } = useXlTranslation();
  const { project = '', action: actionParam } = useParams();
  const action = routeAction(actionParam);
  const auth = useDataSourceAuth();
  const source = useDataSource(action && action !== 'create' ? project : undefined);

  let body: ReactNode;
  if (!action) body = <Result status="404" title={xl('errors.unknownAction')} />;
  else if (!auth.canEdit) body = <Result status="403" title={xl('errors.notAllowed')} />;
  else if (action !== 'create' && source.isPending) body = <Spin />;
  else if (action !== 'create' && source.isError) body = <Alert type="error" showIcon title={source.error.message} data-testid="excel-error" />;
  else if (action !== 'create' && source.data?.reference !== UPLOAD_REFERENCE) body = <Result status="warning" title={xl('errors.notUpload')} />;
  else return <Wizard key={`${project}:${action}`} action={action} projectId={action === 'create' ? project : (source.data?.projectId ?? '')} source={source.data ?? null} />;
  return (
    <section className="bi-page bi-xl" data-testid="page-data_source_excel">
      {body}
    </section>
  );
}

function Wizard({ action, projectId, source }: { action: UploadAction; projectId: string; source: DataSource | null }) {
  const { xl, t } = useXlTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const upload = useUploadFile(action);
  const [step, setStep] = useState(0);
  const [activeSheet, setActiveSheet] = useState(0);
  const [mappings, setMappings] = useState<Record<string, ColumnMapping[]>>({});
  const [tableName, setTableName] = useState('');
  const [importError, setImportError] = useState<string | null>(null);
  const save = useMutation({ mutationFn: (body: Parameters<typeof excelUploadApi.import>[1]) => excelUploadApi.import(action, body) });

  const fields = useMemo(() => source?.fields ?? [], [source]);
  const result = upload.result;
  const sheets = result?.sheets ?? [];
  const sheet: Sheet | undefined = sheets[activeSheet];
  const mapping = sheet ? (mappings[sheet.name] ?? initialMapping(sheet, action, fields)) : [];
  const setMapping = (next: ColumnMapping[]) => sheet && setMappings((m) => ({ ...m, [sheet.name]: next }));

  const leave = () => void navigate(source ? `/data_source/${encodeURIComponent(source.projectId)}/${encodeURIComponent(source.dataSourceId)}` : `/data_source/${encodeURIComponent(projectId)}`);

  const next = () => {
    if (step === 0 && result) {
      const first = Math.max(0, sheets.findIndex((s) => !s.problem));
      setActiveSheet(first);
      setMappings({});
      setTableName(suggestedName(sheets[first]?.name ?? '', result.fileName));
      setStep(1);
    } else if (step === 1 && sheet && !sheet.problem) {
      if (!tableName) setTableName(suggestedName(sheet.name, result?.fileName ?? ''));
      setImportError(null);
      setStep(2);
    }
  };

  const prev = () => {
    if (step === 1) {
      // going back clears the sheets and the file list (spec 02 §2 screen 6)
      upload.clear();
      setMappings({});
      setStep(0);
    } else if (step === 2) setStep(1);
  };

  const problem = step === 2 ? mappingProblem(action, mapping, tableName) : null;

  const finish = () => {
    if (!result || !sheet || problem) return;
    if (action !== 'replace') return void commit();
    // replacing deletes every row the source holds: asked first, naming the source
    modal.confirm({
      title: xl('worktable.replaceTitle', { name: source?.name ?? '' }),
      content: <span data-testid="confirm-content">{xl('worktable.replaceContent', { name: source?.name ?? '' })}</span>,
      okText: xl('worktable.replaceOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { ...DIALOG_OK, danger: true },
      cancelButtonProps: DIALOG_CANCEL,
      onOk: () => void commit(),
    });
  };

  const commit = async () => {
    if (!result || !sheet || problem) return;
    setImportError(null);
    try {
      const answer = await save.mutateAsync({
        uploadId: result.uploadId,
        sheet: sheet.name,
        ...(action === 'create' ? { projectId, tableName: tableName.trim() } : { dataSourceId: source!.dataSourceId }),
        columns: mapping.map((m) => ({ name: m.name, type: m.type, targetName: m.targetName.trim() })),
      });
      queryClient.setQueryData(dataSourceKeys.source(answer.dataSource.dataSourceId), answer.dataSource);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.projects }),
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.preview(answer.dataSource.dataSourceId) }),
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.history(answer.dataSource.dataSourceId) }),
      ]);
      void message.success(xl(action === 'create' ? 'result.created' : action === 'append' ? 'result.appended' : 'result.replaced', { count: answer.rowCount }));
      void navigate(`/data_source/${encodeURIComponent(answer.dataSource.projectId)}/${encodeURIComponent(answer.dataSource.dataSourceId)}`);
    } catch (error) {
      setImportError(error instanceof Error && error.message ? error.message : xl('errors.importFailed'));
    }
  };

  const title = source ? `${xl(`title.${action}`)} · ${source.name}` : xl('title.create');
  const error = step === 0 ? upload.error : step === 2 ? importError : null;

  return (
    <section className="bi-page bi-xl" data-testid="page-data_source_excel" data-action={action} aria-label={title}>
      <PageHead block="bi-xl" title={title} onBack={leave} backLabel={t('common.cancel')} backTestId="excel-back" />
      <Steps className="bi-xl__steps" current={step} items={[{ title: xl('steps.upload') }, { title: xl('steps.preview') }, { title: xl('steps.worktable') }]} />

      {step === 0 ? <UploadStep item={upload.item} onFile={upload.start} xl={xl} /> : null}
      {step === 1 && result ? (
        <PreviewStep result={result} active={activeSheet} onActive={setActiveSheet} mapping={mapping} onMapping={setMapping} action={action} xl={xl} />
      ) : null}
      {step === 2 && sheet ? (
        <WorktableStep action={action} sheet={sheet} source={source} fields={fields} mapping={mapping} onMapping={setMapping} tableName={tableName} onTableName={setTableName} xl={xl} />
      ) : null}

      {error ? <Alert className="bi-xl__error" type="error" showIcon title={<span data-testid="excel-error">{error}</span>} /> : null}
      {step === 2 && problem && !importError ? <Alert className="bi-xl__error" type="warning" showIcon title={<span data-testid="excel-problem">{xl(problem.key, problem.params)}</span>} /> : null}
      {save.isPending ? <Alert className="bi-xl__error" type="info" showIcon icon={<LoadingOutlined />} title={xl('worktable.importing')} /> : null}

      <Space className="bi-xl__actions">
        <Button onClick={leave} disabled={save.isPending}>
          {xl('actions.cancel')}
        </Button>
        {step > 0 ? (
          <Button onClick={prev} disabled={save.isPending} data-testid="excel-prev">
            {xl('actions.prev')}
          </Button>
        ) : null}
        {step < 2 ? (
          <Button type="primary" onClick={next} disabled={step === 0 ? !result : !sheet || !!sheet.problem} data-testid="excel-next">
            {xl('actions.next')}
          </Button>
        ) : (
          <Button type="primary" danger={action === 'replace'} onClick={finish} disabled={!!problem} loading={save.isPending} data-testid="excel-finish">
            {xl('actions.finish')}
          </Button>
        )}
      </Space>
    </section>
  );
}

// ---- step 1: upload ----------------------------------------------------------------------------

function UploadStep({ item, onFile, xl }: { item: UploadItem | null; onFile: (file: File) => void; xl: XlT }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const busy = item?.status === 'uploading' || item?.status === 'ready';
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !busy) onFile(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      input.current?.click();
    }
  };
  return (
    <Card className="bi-xl__card">
      <div
        className={`bi-xl__dropzone${over ? ' bi-xl__dropzone--over' : ''}${busy ? ' bi-xl__dropzone--busy' : ''}`}
        role="button"
        tabIndex={0}
        aria-disabled={busy}
        data-testid="excel-dropzone"
        onClick={() => !busy && input.current?.click()}
        onKeyDown={onKey}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv"
          hidden
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <InboxOutlined className="bi-xl__dropzone-icon" />
        <div className="bi-xl__dropzone-text">{xl('upload.drop')}</div>
        <div className="bi-xl__dropzone-hint">{xl('upload.hint')}</div>
      </div>
      {item ? (
        <div className="bi-xl__file" data-testid="excel-file" data-status={item.status}>
          <div className="bi-xl__file-row">
            <FileExcelOutlined />
            <span className="bi-xl__file-name">{item.name}</span>
            <Tag
              color={item.status === 'success' ? 'success' : item.status === 'fail' ? 'error' : 'processing'}
              icon={item.status === 'success' ? <CheckCircleOutlined /> : item.status === 'fail' ? <CloseCircleOutlined /> : <LoadingOutlined />}
              data-testid="excel-file-status"
              data-status={item.status}
            >
              {xl(`upload.status.${item.status}`)}
            </Tag>
          </div>
          <div data-testid="excel-progress" data-percent={item.percent} role="progressbar" aria-valuenow={item.percent} aria-valuemin={0} aria-valuemax={100}>
            <Progress percent={item.percent} size="small" status={item.status === 'success' ? 'success' : 'active'} />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

// ---- step 2: preview with a type per column ----------------------------------------------------

function PreviewStep({
  result,
  active,
  onActive,
  mapping,
  onMapping,
  action,
  xl,
}: {
  result: UploadResult;
  active: number;
  onActive: (i: number) => void;
  mapping: ColumnMapping[];
  onMapping: (m: ColumnMapping[]) => void;
  action: UploadAction;
  xl: XlT;
}) {
  const shrink = shrinkTabs(result.sheets.length);
  const sheet = result.sheets[active];
  return (
    <Card className="bi-xl__card bi-xl__card--wide" title={result.fileName}>
      <Tabs
        className={shrink ? 'bi-xl__tabs bi-xl__tabs--shrink' : 'bi-xl__tabs'}
        size={shrink ? 'small' : 'middle'}
        activeKey={String(active)}
        onChange={(k) => onActive(Number(k))}
        items={result.sheets.map((s, i) => ({
          key: String(i),
          label: (
            <span data-testid={`excel-sheet-tab-${i}`} title={s.name}>
              {s.problem ? <CloseCircleOutlined className="bi-xl__tab-problem" /> : null}
              {s.name}
            </span>
          ),
        }))}
      />
      {sheet ? <SheetPreviewTable sheet={sheet} mapping={mapping} onMapping={onMapping} action={action} xl={xl} /> : null}
    </Card>
  );
}

function SheetPreviewTable({ sheet, mapping, onMapping, action, xl }: { sheet: Sheet; mapping: ColumnMapping[]; onMapping: (m: ColumnMapping[]) => void; action: UploadAction; xl: XlT }) {
  if (sheet.problem) return <Alert type="error" showIcon title={xl('preview.problem')} description={<span data-testid="excel-sheet-problem">{sheet.problem}</span>} />;
  const setType = (name: string, type: ColumnChoice) => onMapping(mapping.map((m) => (m.name === name ? { ...m, type } : m)));
  const columns = sheet.columns.map((c) => {
    const m = mapping.find((x) => x.name === c.name);
    return {
      key: c.name,
      dataIndex: c.name,
      title: (
        <div className="bi-xl__col-head">
          <div className="bi-xl__col-name" title={c.name}>
            {c.name}
          </div>
          <Select<ColumnChoice>
            size="small"
            className="bi-xl__col-type"
            value={m?.type ?? c.dataTypeDisp}
            onChange={(v) => setType(c.name, v)}
            disabled={action !== 'create' && m?.type !== 'abandon'}
            title={action !== 'create' ? xl('preview.existingType') : undefined}
            data-testid={`excel-col-type-${c.name}`}
            options={CHOICES.filter((k) => action === 'create' || k === 'abandon' || k === m?.type).map((k) => ({ value: k, label: <span data-testid={`excel-type-option-${k}`}>{xl(`preview.types.${k}`)}</span> }))}
            popupMatchSelectWidth={false}
          />
        </div>
      ),
      render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
      ellipsis: true,
      width: 160,
    };
  });
  return (
    <div data-testid="excel-sheet-preview" data-sheet={sheet.name}>
      <Typography.Text type="secondary">{sheet.rows.length ? xl('preview.rows', { count: sheet.rows.length }) : xl('preview.noRows')}</Typography.Text>
      {/* scrolled by its own box: antd's scroll option repeats the header cells (and their selects) */}
      <div className="bi-xl__scroll">
        <Table
          className="bi-xl__table"
          size="small"
          rowKey={(_r, i) => String(i)}
          columns={columns}
          dataSource={sheet.rows}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={xl('preview.noRows')} /> }}
        />
      </div>
    </div>
  );
}

// ---- step 3: worktable and column mapping ------------------------------------------------------

function WorktableStep({
  action,
  sheet,
  source,
  fields,
  mapping,
  onMapping,
  tableName,
  onTableName,
  xl,
}: {
  action: UploadAction;
  sheet: Sheet;
  source: DataSource | null;
  fields: Field[];
  mapping: ColumnMapping[];
  onMapping: (m: ColumnMapping[]) => void;
  tableName: string;
  onTableName: (v: string) => void;
  xl: XlT;
}) {
  const targets = targetFields(fields);
  const rows = mapping.filter((m) => action !== 'create' || m.type !== 'abandon');
  const columns = [
    { key: 'name', title: xl('worktable.column'), dataIndex: 'name', ellipsis: true },
    {
      key: 'type',
      title: xl('worktable.type'),
      render: (_: unknown, m: ColumnMapping) => (m.type === 'abandon' ? <Typography.Text type="secondary">{xl('worktable.notImported')}</Typography.Text> : xl(`preview.types.${m.type}`)),
    },
    {
      key: 'target',
      title: action === 'create' ? xl('worktable.targetNew') : xl('worktable.target'),
      render: (_: unknown, m: ColumnMapping) =>
        action === 'create' ? (
          <Input size="small" value={m.targetName} maxLength={63} onChange={(e) => onMapping(mapping.map((x) => (x.name === m.name ? { ...x, targetName: e.target.value } : x)))} data-testid={`excel-target-${m.name}`} />
        ) : (
          <Select
            size="small"
            className="bi-xl__target"
            value={m.targetName}
            onChange={(v: string) => onMapping(mapToField(mapping, m.name, v, fields))}
            data-testid={`excel-target-${m.name}`}
            options={[{ value: '', label: xl('worktable.notImported') }, ...targets.map((f) => ({ value: f.name, label: f.title === f.name ? f.name : `${f.title} (${f.name})` }))]}
            popupMatchSelectWidth={false}
          />
        ),
    },
  ];
  return (
    <Card className="bi-xl__card bi-xl__card--wide">
      {action === 'create' ? (
        <label className="bi-xl__name">
          <span className="bi-xl__label">{xl('worktable.name')}</span>
          <Input value={tableName} onChange={(e) => onTableName(e.target.value)} placeholder={xl('worktable.namePlaceholder')} maxLength={40} data-testid="excel-table-name" />
        </label>
      ) : (
        <div className="bi-xl__name">
          <span className="bi-xl__label">{xl('worktable.source')}</span>
          <Typography.Text strong>{source?.name}</Typography.Text>
        </div>
      )}
      {action === 'replace' ? <Alert className="bi-xl__error" type="warning" showIcon title={xl('worktable.replaceWarning')} /> : null}
      <Typography.Text type="secondary" className="bi-xl__sheet-name">
        {sheet.name}
      </Typography.Text>
      <Table className="bi-xl__table" size="small" rowKey="name" columns={columns} dataSource={rows} pagination={false} data-testid="excel-mapping" />
    </Card>
  );
}
