import { checkName } from '@bi/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, List, Result, Select, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode, EventDataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DateInput } from '../../../shared/components/DateInput';
import { PageHead } from '../../../shared/components/PageHead';
import { PendingSpin } from '../../../shared/components/PendingSpin';
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

const asTreeNodes = (nodes: IndicatorNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.unit ? `${n.text}（${n.unit}）` : n.text, isLeaf: !n.child, checkable: n.type === 2, node: n }));

function withChildren(list: TreeNode[], key: React.Key, children: TreeNode[]): TreeNode[] {
  return list.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children as TreeNode[], key, children) } : n));
}

/**
 * The indicator import wizard of the second provider (spec 02 §2 screen 4, §8; route data_source_yifei, the
 * primary ERP account): a lazy checkable target tree, the date settings, then the result with per-target
 * success and failure counts; "import as one source" merges the targets. Relation generation is not built.
 */
export function IndicatorImportPage() {
  const { ds } = useDsTranslation();
  const { project = '' } = useParams();
  const auth = useDataSourceAuth();
  if (!auth.canEdit) {
    return (
      <section className="bi-page" data-testid="page-data_source_yifei">
        <Result status="403" title={ds('edit.notAllowed')} />
      </section>
    );
  }
  return <IndicatorImport key={project} projectId={project} />;
}

function IndicatorImport({ projectId }: { projectId: string }) {
  const { ds } = useDsTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cacheOptions = useCacheOptions();
  const [form] = Form.useForm<SettingsValues>();
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [checked, setChecked] = useState<IndicatorNode[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<IndicatorImportResult | null>(null);
  const [mergedId, setMergedId] = useState<string | null>(null);

  const top = useQuery({ queryKey: ['data-source', 'indicator-tree', 'yifei'], queryFn: () => dataSourceApi.indicatorTree(), retry: false });
  const nodes = tree ?? (top.data ? asTreeNodes(top.data) : []);
  const period = Form.useWatch('period', form);
  const dynamicPara = Form.useWatch('dynamicPara', form);
  const dimension = Form.useWatch('periodDimension', form);
  const canCompare = period === 1 && dimension !== 1;

  const loadChildren = async (treeNode: EventDataNode<TreeNode>) => {
    if (treeNode.children) return;
    const children = asTreeNodes(await dataSourceApi.indicatorTree(String(treeNode.key)));
    setTree((current) => withChildren(current ?? nodes, treeNode.key, children));
  };

  const importTargets = useMutation({ mutationFn: dataSourceApi.indicatorImport });
  const merge = useMutation({ mutationFn: dataSourceApi.indicatorMerge });
  const back = (dataSourceId?: string) => void navigate(`/data_source/${encodeURIComponent(projectId)}${dataSourceId ? `/${encodeURIComponent(dataSourceId)}` : ''}`);

  const payload = (v: SettingsValues): IndicatorImportPayload => ({
    targets: checked.map((n) => ({ id: n.id, text: n.text, rootText: n.rootText })),
    name: v.name?.trim() ?? '',
    ...(v.period === 1 && v.dynamicPara === 0 && v.beginDate ? { beginDate: v.beginDate } : {}),
    ...(v.period === 1 && v.endDate ? { endDate: v.endDate } : {}),
    period: v.period,
    dynamicPara: v.period === 1 ? v.dynamicPara : 0,
    periodDimension: v.periodDimension,
    compare: v.period === 1 && v.periodDimension !== 1 ? v.compare : 0,
    periodNumber: v.periodNumber ?? 1,
    generateRelation: false,
    cacheInterval: v.cacheInterval,
    projectId,
    dataType: 5,
  });

  const run = async (asOne: boolean) => {
    if (checked.length === 0) return setError(ds('indicator.targetRequired'));
    const v = form.getFieldsValue(true) as SettingsValues;
    if (asOne && checkName(v.name) !== null) return setError(ds('indicator.nameRequired'));
    setError(null);
    try {
      if (asOne) {
        const r = await merge.mutateAsync(payload(v));
        setMergedId(r.dataSourceId);
        setResult({ targets: [], importSuccessCount: r.importSuccessCount, importFailedCount: r.importFailedCount });
      } else {
        const r = await importTargets.mutateAsync(payload(v));
        setResult(r);
        if (r.importSuccessCount === 0) void message.error(ds('indicator.publishFailed'));
      }
      void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (result) {
    const firstId = mergedId ?? result.targets.find((t) => t.importSuccess)?.dataSourceId ?? undefined;
    return (
      <section className="bi-page bi-ds-wizard" data-testid="page-data_source_yifei">
        <PageHead block="bi-ds-page" title={ds('indicator.result')} onBack={() => back()} backLabel={ds('indicator.cancel')} backTestId="indicator-back" />
        <Card data-testid="indicator-result">
          <Result
            status={result.importSuccessCount > 0 ? (result.importFailedCount > 0 ? 'warning' : 'success') : 'error'}
            title={mergedId ? ds('indicator.merged') : ds('indicator.result')}
            subTitle={<span data-testid="indicator-counts">{ds('indicator.counts', { success: result.importSuccessCount, failed: result.importFailedCount })}</span>}
            extra={
              <Space>
                <Button
                  onClick={() => {
                    setResult(null);
                    setMergedId(null);
                  }}
                >{ds('indicator.again')}</Button>
                <Button type="primary" onClick={() => back(firstId)} data-testid="indicator-open">
                  {ds('indicator.open')}
                </Button>
              </Space>
            }
          />
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
      </section>
    );
  }

  const busy = importTargets.isPending || merge.isPending;
  return (
    <section className="bi-page bi-ds-wizard" data-testid="page-data_source_yifei">
      <PageHead block="bi-ds-page" title={ds('indicator.title')} onBack={() => back()} backLabel={ds('indicator.cancel')} backTestId="indicator-back" />
      {error ? <Alert type="error" showIcon message={error} data-testid="indicator-error" style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ period: 0, dynamicPara: 0, periodNumber: 1, periodDimension: 1, compare: 0, cacheInterval: 0 }}>
        <div className="bi-ds-conn__row">
          <Card className="bi-ds-conn__half" size="small" title={ds('indicator.targets')} data-testid="indicator-tree">
            <Typography.Paragraph type="secondary">{ds('indicator.targetsHint')}</Typography.Paragraph>
            {top.isPending ? <PendingSpin /> : null}
            {top.isError ? <Alert type="error" showIcon message={errorText(top.error) || ds('indicator.treeFailed')} /> : null}
            <Tree<TreeNode>
              checkable
              checkStrictly
              treeData={nodes}
              loadData={loadChildren}
              checkedKeys={checked.map((n) => n.id)}
              onCheck={(_keys, info) => setChecked(info.checkedNodes.map((n) => n.node).filter((n) => n.type === 2))}
            />
          </Card>
          <Card className="bi-ds-conn__half" size="small" title={ds('indicator.period')}>
            <Form.Item name="period" label={ds('indicator.period')}>
              <Select data-testid="indicator-period" options={[{ value: 0, label: ds('indicator.single') }, { value: 1, label: ds('indicator.history') }]} />
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
            <Form.Item name="name" label={checked.length === 1 ? ds('indicator.name') : ds('indicator.mergeName')}>
              <Input maxLength={40} data-testid="indicator-name" />
            </Form.Item>
            <Form.Item name="cacheInterval" label={ds('wizard.cacheInterval')}>
              <Select options={cacheOptions} />
            </Form.Item>
          </Card>
        </div>
        <Space>
          <Button onClick={() => back()}>{ds('indicator.cancel')}</Button>
          <Button onClick={() => void run(true)} loading={merge.isPending} disabled={busy} data-testid="indicator-merge">
            {ds('indicator.merge')}
          </Button>
          <Button type="primary" onClick={() => void run(false)} loading={importTargets.isPending} disabled={busy} data-testid="indicator-import">
            {ds('indicator.import')}
          </Button>
        </Space>
      </Form>
    </section>
  );
}
