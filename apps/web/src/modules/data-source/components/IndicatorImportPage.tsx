import { checkName } from '@bi/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Input, InputNumber, List, Radio, Result, Segmented, Select, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode, EventDataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DateInput } from '../../../shared/components/DateInput';
import { PageHead } from '../../../shared/components/PageHead';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useBatchShareDialog } from '../../sharing';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDataSourceAuth } from '../hooks/useDataSourceAuth';
import { useDsTranslation } from '../i18n';
import type { IndicatorImportPayload, IndicatorImportResult, IndicatorNode } from '../types';
import { errorText, useCacheOptions } from './common';
import '../data-source.css';

/** The app's date input (yyyy-MM-dd in the reader's language, not the browser's `type="date"`) as a form field. */
function FormDate({ value, onChange, testId }: { value?: string; onChange?: (v: string) => void; testId: string }) {
  return <DateInput value={value ?? ''} onChange={(v) => onChange?.(v)} testId={testId} />;
}

interface SettingsValues {
  period: 0 | 1;
  dynamicPara: 0 | 1;
  beginDate?: string;
  endDate?: string;
  periodNumber: number | null;
  periodDimension: 1 | 2 | 3 | 4;
  compare: 0 | 1 | 2;
  name?: string;
  cacheInterval: number;
}

type TreeNode = DataNode & { node: IndicatorNode };

const asTreeNodes = (nodes: IndicatorNode[], relationMark: string): TreeNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid={`indicator-node-${n.id}`}>
        {n.unit ? `${n.text}（${n.unit}）` : n.text}
        {n.type === 2 && n.relation === 'True' ? (
          <Tag className="bi-ds-indicator__mark" color="processing" bordered={false}>
            {relationMark}
          </Tag>
        ) : null}
      </span>
    ),
    isLeaf: !n.child,
    checkable: n.type === 2,
    node: n,
  }));

type Mode = 'batch' | 'join';
/** The join variant merges exactly this many targets (spec 02 §2 screen 4). */
const JOIN_TARGETS = 2;

function withChildren(list: TreeNode[], key: React.Key, children: TreeNode[]): TreeNode[] {
  return list.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children as TreeNode[], key, children) } : n));
}

/**
 * The indicator import wizard (spec 02 §2 screen 4, §4, §5, §8): dataType 1 (a business-analysis system on a
 * chosen ERP account, `?dataType=1`) or 5 (the second provider on the primary ERP account, the route
 * data_source_yifei). A lazy checkable target tree, the date settings, optional relation-map generation from
 * a template dashboard (offered when a checked target's relation is 'True'), then the result step with the
 * success and failure counts, the share dialog, and a confirmation when leaving unshared. Two variants: batch
 * create (one source per target; the name field only with exactly 1 target) and join of 2 (the two targets
 * merged into one source; the name field with exactly 2). "Import more" after a batch keeps its period.
 */
export function IndicatorImportPage() {
  const { ds } = useDsTranslation();
  const { project = '' } = useParams();
  const [search] = useSearchParams();
  const dataType: 1 | 5 = search.get('dataType') === '1' ? 1 : 5;
  const auth = useDataSourceAuth();
  if (!auth.canEdit) {
    return (
      <section className="bi-page" data-testid="page-data_source_yifei">
        <Result status="403" title={ds('edit.notAllowed')} />
      </section>
    );
  }
  return <IndicatorImport key={`${project}-${dataType}`} projectId={project} dataType={dataType} />;
}

function IndicatorImport({ projectId, dataType }: { projectId: string; dataType: 1 | 5 }) {
  const { ds } = useDsTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const cacheOptions = useCacheOptions();
  const [form] = Form.useForm<SettingsValues>();
  const [mode, setMode] = useState<Mode>('batch');
  const [account, setAccount] = useState<string | undefined>(undefined);
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [checked, setChecked] = useState<IndicatorNode[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<IndicatorImportResult | null>(null);
  const [mergedId, setMergedId] = useState<string | null>(null);
  /** set after a batch create: "import more" adds to that batch, whose period cannot change */
  const [fixedPeriod, setFixedPeriod] = useState<0 | 1 | null>(null);
  const [generate, setGenerate] = useState(false);
  const [templateFolder, setTemplateFolder] = useState<string | undefined>(undefined);
  const [template, setTemplate] = useState<string | undefined>(undefined);

  const accounts = useQuery({ queryKey: ['data-source', 'erp-accounts'], queryFn: dataSourceApi.erpAccounts, retry: false, enabled: dataType === 1 });
  const accountList = (Array.isArray(accounts.data) ? accounts.data : []).filter((a) => !!a.id);
  const chosenAccount = account ?? accountList.find((a) => a.isSelected)?.id ?? accountList.find((a) => a.isPrimary)?.id ?? accountList[0]?.id;
  const treeReady = dataType === 5 || !!chosenAccount;
  const relationMark = ds('indicator.relationMark');
  const top = useQuery({
    queryKey: ['data-source', 'indicator-tree', dataType, dataType === 1 ? (chosenAccount ?? '') : 'primary'],
    queryFn: () => dataSourceApi.indicatorTree(dataType, undefined, chosenAccount),
    retry: false,
    enabled: treeReady,
  });
  const templates = useQuery({ queryKey: ['data-source', 'indicator-templates'], queryFn: dataSourceApi.templateProjects, enabled: generate, retry: false });
  const nodes = tree ?? (top.data ? asTreeNodes(top.data, relationMark) : []);
  const period = Form.useWatch('period', form);
  const dynamicPara = Form.useWatch('dynamicPara', form);
  const dimension = Form.useWatch('periodDimension', form);
  const canCompare = period === 1 && dimension !== 1;
  const relationPossible = mode === 'batch' && checked.some((n) => n.relation === 'True');
  const showName = mode === 'join' ? checked.length === JOIN_TARGETS : checked.length === 1;
  const folderDashboards = templates.data?.find((p) => p.projectId === templateFolder)?.dashboards ?? [];

  const loadChildren = async (treeNode: EventDataNode<TreeNode>) => {
    if (treeNode.children) return;
    const children = asTreeNodes(await dataSourceApi.indicatorTree(dataType, String(treeNode.key), chosenAccount), relationMark);
    setTree((current) => withChildren(current ?? nodes, treeNode.key, children));
  };

  const importTargets = useMutation({ mutationFn: dataSourceApi.indicatorImport });
  const merge = useMutation({ mutationFn: dataSourceApi.indicatorMerge });
  const back = (dataSourceId?: string) => void navigate(`/data_source/${encodeURIComponent(projectId)}${dataSourceId ? `/${encodeURIComponent(dataSourceId)}` : ''}`);
  const importedIds = result ? (mergedId ? [mergedId] : result.targets.filter((t) => t.importSuccess && t.dataSourceId).map((t) => t.dataSourceId!)) : [];

  const { openShare, shareDialog } = useBatchShareDialog();
  const share = () => openShare({ dataSourceIds: importedIds, projectId, title: ds('indicator.shareTitle', { count: importedIds.length }) });
  /** spec 02 §4: returning after a successful import without sharing asks for confirmation */
  const leave = (go: () => void) => {
    if (!importedIds.length) return go();
    void dataSourceApi
      .sharedWith(importedIds[0]!)
      .then((s) => s.selectRoles.length + s.selectUsers.length > 0)
      .catch(() => false)
      .then((shared) => {
        if (shared) return go();
        modal.confirm({ title: ds('indicator.unsharedTitle'), content: ds('indicator.unsharedBody'), okText: ds('indicator.leave'), cancelText: ds('indicator.shareThem'), onOk: go, onCancel: share, okButtonProps: { 'data-testid': 'indicator-leave' } as Record<`data-${string}`, string> });
      });
  };

  const switchSystem = (next: 1 | 5) => setSearch(next === 1 ? { dataType: '1' } : {}, { replace: true });
  const onCheck = (picked: IndicatorNode[]) => {
    const targets = picked.filter((n) => n.type === 2);
    if (mode === 'join' && targets.length > JOIN_TARGETS) {
      void message.warning(ds('indicator.joinTwo'));
      return setChecked(targets.slice(0, JOIN_TARGETS));
    }
    setChecked(targets);
  };
  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
    if (next === 'join' && checked.length > JOIN_TARGETS) setChecked(checked.slice(0, JOIN_TARGETS));
  };

  const payload = (v: SettingsValues): IndicatorImportPayload => {
    // the target the relation map's root should be first: one whose relation is True
    const targets = checked.map((n) => ({ id: n.id, text: n.text, rootText: n.rootText, relation: n.relation }));
    const withRelation = generate && relationPossible;
    return {
      targets,
      name: showName ? (v.name?.trim() ?? '') : '',
      ...(v.period === 1 && v.dynamicPara === 0 && v.beginDate ? { beginDate: v.beginDate } : {}),
      ...(v.period === 1 && v.endDate ? { endDate: v.endDate } : {}),
      period: v.period,
      dynamicPara: v.period === 1 ? v.dynamicPara : 0,
      periodDimension: v.periodDimension,
      compare: v.period === 1 && v.periodDimension !== 1 ? v.compare : 0,
      periodNumber: v.periodNumber ?? 1,
      generateRelation: withRelation,
      ...(withRelation && template ? { relationTemplateId: template } : {}),
      ...(dataType === 1 && chosenAccount ? { account: chosenAccount } : {}),
      cacheInterval: v.cacheInterval,
      projectId,
      dataType,
    };
  };

  const run = async () => {
    const asOne = mode === 'join';
    if (dataType === 1 && !chosenAccount) return setError(ds('indicator.accountRequired'));
    if (checked.length === 0) return setError(ds('indicator.targetRequired'));
    if (asOne && checked.length !== JOIN_TARGETS) return setError(ds('indicator.joinTwo'));
    const v = form.getFieldsValue(true) as SettingsValues;
    if (asOne && checkName(v.name) !== null) return setError(ds('indicator.nameRequired'));
    if (!asOne && generate && relationPossible && (!templateFolder || !template)) return setError(ds('indicator.relationTemplateRequired'));
    setError(null);
    try {
      if (asOne) {
        const r = await merge.mutateAsync(payload(v));
        setMergedId(r.dataSourceId);
        setResult({ targets: [], importSuccessCount: r.importSuccessCount, importFailedCount: r.importFailedCount });
        openShare({ dataSourceIds: [r.dataSourceId], projectId, title: ds('indicator.shareTitle', { count: 1 }) });
      } else {
        const r = await importTargets.mutateAsync(payload(v));
        setResult(r);
        setFixedPeriod(v.period);
        const ids = r.targets.filter((t) => t.importSuccess && t.dataSourceId).map((t) => t.dataSourceId!);
        if (r.importSuccessCount === 0) void message.error(ds('indicator.publishFailed'));
        // spec 02 §4: after a successful batch create the share dialog is offered
        else openShare({ dataSourceIds: ids, projectId, title: ds('indicator.shareTitle', { count: ids.length }) });
      }
      void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (result) {
    const firstId = mergedId ?? result.targets.find((t) => t.importSuccess)?.dataSourceId ?? undefined;
    const relation = result.relation ?? null;
    return (
      <section className="bi-page bi-ds-wizard" data-testid="page-data_source_yifei">
        <PageHead block="bi-ds-page" title={ds('indicator.result')} onBack={() => leave(() => back())} backLabel={ds('indicator.cancel')} backTestId="indicator-back" />
        <Card data-testid="indicator-result">
          <Result
            status={result.importSuccessCount > 0 ? (result.importFailedCount > 0 ? 'warning' : 'success') : 'error'}
            title={mergedId ? ds('indicator.merged') : ds('indicator.result')}
            subTitle={<span data-testid="indicator-counts">{ds('indicator.counts', { success: result.importSuccessCount, failed: result.importFailedCount })}</span>}
            extra={
              <Space wrap>
                <Button
                  onClick={() => {
                    setResult(null);
                    setMergedId(null);
                    setChecked([]);
                  }}
                  data-testid="indicator-again"
                >
                  {ds('indicator.again')}
                </Button>
                {importedIds.length ? (
                  <Button onClick={share} data-testid="indicator-share">
                    {ds('indicator.share')}
                  </Button>
                ) : null}
                <Button type="primary" onClick={() => leave(() => back(firstId))} data-testid="indicator-open">
                  {ds('indicator.open')}
                </Button>
              </Space>
            }
          />
          {relation ? (
            <Alert
              type="success"
              showIcon
              className="bi-ds-indicator__relation"
              data-testid="indicator-relation-made"
              title={ds('indicator.relationMade', { name: relation.name })}
              action={
                <Button size="small" type="link" data-testid="indicator-open-relation" onClick={() => leave(() => void navigate(`/dashboard/relation/${encodeURIComponent(relation.relationProjectId)}/${encodeURIComponent(relation.relationId)}`))}>
                  {ds('indicator.openRelation')}
                </Button>
              }
            />
          ) : null}
          {result.relationFailedMessage ? <Alert type="warning" showIcon className="bi-ds-indicator__relation" data-testid="indicator-relation-failed" title={result.relationFailedMessage} /> : null}
          {result.targets.length > 0 ? (
            <List
              size="small"
              dataSource={result.targets}
              renderItem={(t) => (
                <List.Item data-testid={`indicator-result-${t.id}`}>
                  <Space wrap>
                    <Tag color={t.importSuccess ? 'success' : 'error'}>{t.importSuccess ? ds('indicator.succeeded') : ds('indicator.failed')}</Tag>
                    <Typography.Text>{t.text || t.id}</Typography.Text>
                    <Typography.Text type="secondary">{t.rootText}</Typography.Text>
                    {t.failedMessage ? <Typography.Text type="danger">{t.failedMessage}</Typography.Text> : null}
                  </Space>
                </List.Item>
              )}
            />
          ) : null}
        </Card>
        {shareDialog}
      </section>
    );
  }

  const busy = importTargets.isPending || merge.isPending;
  return (
    <section className="bi-page bi-ds-wizard" data-testid="page-data_source_yifei" data-data-type={dataType}>
      <PageHead block="bi-ds-page" title={ds('indicator.title')} onBack={() => back()} backLabel={ds('indicator.cancel')} backTestId="indicator-back" />
      {error ? <Alert type="error" showIcon title={error} data-testid="indicator-error" style={{ marginBottom: 12 }} /> : null}
      <Space wrap className="bi-ds-indicator__bar">
        <Typography.Text>{ds('indicator.system')}</Typography.Text>
        <Segmented<1 | 5>
          data-testid="indicator-system"
          value={dataType}
          onChange={switchSystem}
          options={[
            { value: 1, label: <span data-testid="indicator-system-1">{ds('indicator.systemBusiness')}</span> },
            { value: 5, label: <span data-testid="indicator-system-5">{ds('indicator.systemYifei')}</span> },
          ]}
        />
        <Typography.Text>{ds('indicator.mode')}</Typography.Text>
        <Radio.Group
          data-testid="indicator-mode"
          optionType="button"
          value={mode}
          onChange={(e) => switchMode(e.target.value as Mode)}
          options={[
            { value: 'batch', label: <span data-testid="indicator-mode-batch">{ds('indicator.modeBatch')}</span> },
            { value: 'join', label: <span data-testid="indicator-mode-join">{ds('indicator.modeJoin')}</span> },
          ]}
        />
      </Space>
      <Form form={form} layout="vertical" initialValues={{ period: 0, dynamicPara: 0, periodNumber: 1, periodDimension: 1, compare: 0, cacheInterval: 0 }}>
        <div className="bi-ds-conn__row">
          <Card className="bi-ds-conn__half" size="small" title={ds('indicator.targets')} extra={<span data-testid="indicator-chosen">{ds('indicator.chosen', { count: checked.length })}</span>} data-testid="indicator-tree">
            {dataType === 1 ? (
              <Form.Item label={ds('erp.account')} required>
                <Select
                  data-testid="indicator-account"
                  value={chosenAccount}
                  loading={accounts.isPending}
                  placeholder={ds('indicator.accountRequired')}
                  onChange={(v: string) => {
                    setAccount(v);
                    setTree(null);
                    setChecked([]);
                  }}
                  options={accountList.map((a) => ({ value: a.id!, label: a.name || `${a.userName}@${a.ip}:${a.port}` }))}
                />
              </Form.Item>
            ) : null}
            <Typography.Paragraph type="secondary">{mode === 'join' ? ds('indicator.joinTwo') : ds('indicator.targetsHint')}</Typography.Paragraph>
            {top.isFetching && !top.data ? <PendingSpin /> : null}
            {top.isError ? <Alert type="error" showIcon title={errorText(top.error) || ds('indicator.treeFailed')} /> : null}
            <Tree<TreeNode> checkable checkStrictly treeData={nodes} loadData={loadChildren} checkedKeys={checked.map((n) => n.id)} onCheck={(_keys, info) => onCheck(info.checkedNodes.map((n) => n.node))} />
          </Card>
          <Card className="bi-ds-conn__half" size="small" title={ds('indicator.period')}>
            <Form.Item name="period" label={ds('indicator.period')} extra={fixedPeriod !== null ? ds('indicator.periodFixed') : undefined}>
              <Select data-testid="indicator-period" disabled={fixedPeriod !== null} options={[{ value: 0, label: ds('indicator.single') }, { value: 1, label: ds('indicator.history') }]} />
            </Form.Item>
            {period === 1 ? (
              <Form.Item name="dynamicPara" label={ds('indicator.dynamicPara')}>
                <Select data-testid="indicator-dynamic" options={[{ value: 0, label: ds('indicator.appointed') }, { value: 1, label: ds('indicator.recent') }]} />
              </Form.Item>
            ) : null}
            {period === 1 && dynamicPara === 0 ? (
              <Form.Item name="beginDate" label={ds('indicator.beginDate')}>
                <FormDate testId="indicator-begin" />
              </Form.Item>
            ) : null}
            {period === 1 ? (
              <Form.Item name="endDate" label={ds('indicator.endDate')}>
                <FormDate testId="indicator-end" />
              </Form.Item>
            ) : null}
            {period === 1 && dynamicPara === 1 ? (
              <Form.Item name="periodNumber" label={ds('indicator.periodNumber')}>
                <InputNumber min={1} max={3660} precision={0} data-testid="indicator-period-number" />
              </Form.Item>
            ) : null}
            <Form.Item name="periodDimension" label={ds('indicator.periodDimension')}>
              <Select
                data-testid="indicator-dimension"
                options={[
                  { value: 1, label: ds('indicator.day') },
                  { value: 2, label: ds('indicator.month') },
                  { value: 3, label: ds('indicator.quarter') },
                  { value: 4, label: ds('indicator.year') },
                ]}
              />
            </Form.Item>
            {canCompare ? (
              <Form.Item name="compare" label={ds('indicator.compare')}>
                <Select
                  data-testid="indicator-compare"
                  options={[
                    { value: 0, label: ds('indicator.normal') },
                    { value: 1, label: ds('indicator.samePeriod') },
                    { value: 2, label: ds('indicator.cycle') },
                  ]}
                />
              </Form.Item>
            ) : null}
            {showName ? (
              <Form.Item name="name" label={mode === 'join' ? ds('indicator.joinName') : ds('indicator.name')}>
                <Input maxLength={40} data-testid="indicator-name" />
              </Form.Item>
            ) : null}
            <Form.Item name="cacheInterval" label={ds('wizard.cacheInterval')}>
              <Select options={cacheOptions} />
            </Form.Item>
            {mode === 'batch' ? (
              <Form.Item label={ds('indicator.relation')} extra={relationPossible ? undefined : ds('indicator.relationUnavailable')}>
                <Checkbox checked={generate && relationPossible} disabled={!relationPossible} onChange={(e) => setGenerate(e.target.checked)} data-testid="indicator-generate-relation">
                  {ds('indicator.generateRelation')}
                </Checkbox>
              </Form.Item>
            ) : null}
            {mode === 'batch' && generate && relationPossible ? (
              <Space wrap className="bi-ds-indicator__template">
                <Form.Item label={ds('indicator.relationFolder')} required>
                  <Select
                    data-testid="indicator-relation-folder"
                    style={{ minWidth: 180 }}
                    loading={templates.isPending}
                    value={templateFolder}
                    onChange={(v: string) => {
                      setTemplateFolder(v);
                      setTemplate(undefined);
                    }}
                    options={(templates.data ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
                  />
                </Form.Item>
                <Form.Item label={ds('indicator.relationTemplate')} required>
                  <Select data-testid="indicator-relation-template" style={{ minWidth: 180 }} value={template} onChange={setTemplate} disabled={!templateFolder} options={folderDashboards.map((d) => ({ value: d.dashboardId, label: d.name }))} />
                </Form.Item>
              </Space>
            ) : null}
          </Card>
        </div>
        <Space className="bi-ds-indicator__actions">
          <Button onClick={() => back()}>{ds('indicator.cancel')}</Button>
          {mode === 'join' ? (
            <Button type="primary" onClick={() => void run()} loading={merge.isPending} disabled={busy} data-testid="indicator-merge">
              {ds('indicator.join')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => void run()} loading={importTargets.isPending} disabled={busy} data-testid="indicator-import">
              {ds('indicator.import')}
            </Button>
          )}
        </Space>
      </Form>
      {shareDialog}
    </section>
  );
}
