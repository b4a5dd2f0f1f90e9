import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GlobalFilterItem, GlobalFilterTarget } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { useQueries } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Select, Spin, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { chartEditorApi, chartEditorKeys } from '../../chart-editor/api/chartEditor';
import { useChartDataSources } from '../../chart-editor/hooks/useSourceFields';
import type { ChartSummary } from '../../chart/types';
import { globalFilterApi } from '../api/globalFilter';
import { useFiltersTranslation } from '../i18n';
import { defaultTargets, GRANULARITY_NAMES, mappingProblem, newItem, NUMBER_COMPARISONS, PICK_GRANULARITIES, targetField, withField, type FieldInfo } from '../utils/config';
import './filters.css';

interface DialogProps {
  open: boolean;
  tab: Tab;
  dashboardId: string;
  charts: readonly ChartSummary[];
  items: readonly GlobalFilterItem[];
  onClose: () => void;
  /** the stored list (the server's answer) */
  onSaved: (items: GlobalFilterItem[]) => void;
}

const MAX_ITEMS = 20;
const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `gf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);

/**
 * Global filter settings (spec 01 §2, editAuth): the dashboard's filter items. Each picks a field of one
 * table the dashboard's charts use, applies to the charts ticked (by default those whose source has a
 * field of that name; charts of other sources map one of their fields), and gets its kind by the
 * field's type. Fields of differing type are refused with the spec's message; the server checks again.
 */
export function GlobalFilterDialog({ open, tab, dashboardId, charts, items, onClose, onSaved }: DialogProps) {
  const { gf } = useFiltersTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<GlobalFilterItem[]>(() => items.map((i) => ({ ...i })));
  const [selected, setSelected] = useState<string | null>(items[0]?.id ?? null);
  const [saving, setSaving] = useState(false);

  // the tables: the sources of the dashboard's charts, each read through one of its charts
  const bySource = useMemo(() => {
    const m = new Map<string, ChartSummary>();
    for (const c of charts) if (c.dataSourceId && !m.has(c.dataSourceId)) m.set(c.dataSourceId, c);
    return [...m.entries()];
  }, [charts]);
  const schemas = useQueries({
    queries: bySource.map(([, chart]) => ({
      queryKey: [...chartEditorKeys.schema(tab, chart.chartId), chart.dataSourceId],
      queryFn: ({ signal }: { signal: AbortSignal }) => chartEditorApi.schema(tab, chart.chartId, signal),
      enabled: open,
      staleTime: 60_000,
    })),
  });
  const fieldsBySource = useMemo(() => {
    const m = new Map<string, FieldInfo[]>();
    bySource.forEach(([id], i) => {
      const data = schemas[i]?.data;
      if (data) m.set(id, data.map((f) => ({ name: f.name, title: f.title, dataType: f.dataType })));
    });
    return m;
  }, [bySource, schemas]);
  const fieldsOf = (id: string) => fieldsBySource.get(id);
  const loadingFields = schemas.some((s) => s.isPending);
  const sources = useChartDataSources(open);
  const sourceName = (id: string) => sources.data?.flatMap((f) => f.dataSources).find((s) => s.dataSourceId === id)?.name ?? id.slice(0, 8);

  const current = draft.find((i) => i.id === selected);
  const update = (next: GlobalFilterItem) => setDraft((list) => list.map((i) => (i.id === next.id ? next : i)));
  const chartInfos = charts.map((c) => ({ chartId: c.chartId, title: c.title, dataSourceId: c.dataSourceId }));

  const addItem = () => {
    const [firstSource] = bySource[0] ?? [];
    const field = firstSource ? fieldsOf(firstSource)?.[0] : undefined;
    const id = newId();
    const item = firstSource && field ? newItem(id, firstSource, field, defaultTargets(field, chartInfos, fieldsOf)) : { id, name: '', dataType: 'string' as const, range: [], dataSourceId: '', charts: [], show: true, showAll: true };
    setDraft((list) => [...list, item]);
    setSelected(id);
  };
  const removeItem = (id: string) => {
    setDraft((list) => list.filter((i) => i.id !== id));
    if (selected === id) setSelected(draft.find((i) => i.id !== id)?.id ?? null);
  };

  const problems = draft.map((item) => {
    if (!item.name || !item.dataSourceId) return gf('config.needTable');
    if (!item.charts || item.charts.length === 0) return gf('config.needChart');
    const p = mappingProblem(item, chartInfos, fieldsOf);
    if (p?.kind === 'mixedTypes') return gf('config.mixedTypes');
    if (p) return gf('config.notMapped');
    return null;
  });
  const firstProblem = problems.findIndex((p) => p !== null);

  const save = async () => {
    if (firstProblem >= 0) {
      setSelected(draft[firstProblem]!.id!);
      return;
    }
    setSaving(true);
    try {
      const answer = await globalFilterApi.save(tab, dashboardId, draft);
      void message.success(gf('config.saved'));
      onSaved(answer.globalFilter);
      onClose();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogModal
      open={open}
      title={gf('config.title')}
      width={900}
      onCancel={onClose}
      onOk={() => void save()}
      okText={gf('config.save')}
      cancelText={gf('config.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loadingFields }}
      data-testid="global-filter-dialog"
    >
      {charts.length === 0 ? (
        <Empty description={gf('config.noCharts')} />
      ) : (
        <div className="bi-filter-config">
          <div className="bi-filter-config__list" aria-label={gf('config.items')}>
            <Typography.Text strong>{gf('config.items')}</Typography.Text>
            {draft.map((item, index) => (
              <div
                key={item.id}
                className={`bi-filter-config__entry${item.id === selected ? ' bi-filter-config__entry--active' : ''}`}
                onClick={() => setSelected(item.id!)}
                role="button"
                tabIndex={0}
                onKeyDown={(e) => e.key === 'Enter' && setSelected(item.id!)}
                data-testid={`global-filter-entry-${index}`}
              >
                <span className="bi-filter-config__entry-title">
                  <Tag>{gf(`dataType.${item.dataType === "other" ? "string" : item.dataType}`)}</Tag>
                  {item.title || item.name || gf('config.untitled')}
                </span>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={gf('config.remove')}
                  onClick={(e) => {
                    e.stopPropagation();
                    removeItem(item.id!);
                  }}
                />
              </div>
            ))}
            <Button icon={<PlusOutlined />} type="dashed" onClick={addItem} disabled={draft.length >= MAX_ITEMS || loadingFields} data-testid="global-filter-add">
              {gf('config.add')}
            </Button>
          </div>
          <div>
            {loadingFields ? (
              <div className="bi-filter-config__loading">
                <Spin /> <Typography.Text type="secondary">{gf('config.loadingFields')}</Typography.Text>
              </div>
            ) : !current ? (
              <Empty description={gf('config.none')} />
            ) : (
              <ItemEditor
                key={current.id}
                item={current}
                problem={problems[draft.indexOf(current)] ?? null}
                sourceIds={bySource.map(([id]) => id)}
                sourceName={sourceName}
                fieldsOf={fieldsOf}
                charts={chartInfos}
                onChange={update}
              />
            )}
          </div>
        </div>
      )}
    </DialogModal>
  );
}

interface EditorProps {
  item: GlobalFilterItem;
  problem: string | null;
  sourceIds: string[];
  sourceName: (id: string) => string;
  fieldsOf: (id: string) => FieldInfo[] | undefined;
  charts: { chartId: string; title: string; dataSourceId: string }[];
  onChange: (item: GlobalFilterItem) => void;
}

function ItemEditor({ item, problem, sourceIds, sourceName, fieldsOf, charts, onChange }: EditorProps) {
  const { gf } = useFiltersTranslation();
  const own = fieldsOf(item.dataSourceId ?? '') ?? [];
  const fieldOptions = (fields: readonly FieldInfo[]) => fields.map((f) => ({ value: f.name, label: `${f.title || f.name} · ${gf(`dataType.${f.dataType}`)}` }));
  const pickField = (dataSourceId: string, name: string) => {
    const field = (fieldsOf(dataSourceId) ?? []).find((f) => f.name === name);
    if (!field) return;
    onChange(withField({ ...item, dataSourceId }, field, defaultTargets(field, charts, fieldsOf)));
  };
  const targetOf = (chartId: string) => item.charts?.find((t) => t.chartId === chartId);
  const setTarget = (chartId: string, target: GlobalFilterTarget | null) => {
    const others = (item.charts ?? []).filter((t) => t.chartId !== chartId);
    onChange({ ...item, charts: target ? [...others, target] : others });
  };
  return (
    <Form layout="vertical" requiredMark={false}>
      {problem ? <Alert type="error" showIcon title={problem} className="bi-filter-config__problem" data-testid="global-filter-problem" style={{ marginBottom: 12 }} /> : null}
      <Form.Item label={gf('config.table')}>
        <Select
          value={item.dataSourceId || undefined}
          placeholder={gf('config.tablePlaceholder')}
          options={sourceIds.map((id) => ({ value: id, label: sourceName(id) }))}
          onChange={(id: string) => pickField(id, (fieldsOf(id) ?? [])[0]?.name ?? '')}
          data-testid="global-filter-table"
        />
      </Form.Item>
      <Form.Item label={gf('config.field')}>
        <Select value={item.name || undefined} placeholder={gf('config.fieldPlaceholder')} options={fieldOptions(own)} showSearch={{ optionFilterProp: 'label' }} onChange={(name: string) => pickField(item.dataSourceId ?? '', name)} data-testid="global-filter-field" />
      </Form.Item>
      <Form.Item label={gf('config.name')}>
        <Input value={item.title ?? ''} maxLength={40} placeholder={gf('config.namePlaceholder')} onChange={(e) => onChange({ ...item, title: e.target.value })} data-testid="global-filter-title" />
      </Form.Item>
      {item.dataType === 'date' ? (
        <Form.Item label={gf('config.granularity')}>
          <Select value={item.granularity || 5} options={PICK_GRANULARITIES.map((g) => ({ value: g, label: gf(`granularity.${GRANULARITY_NAMES[g]}`) }))} onChange={(g) => onChange({ ...item, granularity: g, range: [] })} style={{ width: 160 }} />
        </Form.Item>
      ) : item.dataType === 'number' ? (
        <Form.Item label={gf('config.numberOption')}>
          <Select value={item.numberOption ?? 'equal'} options={NUMBER_COMPARISONS.map((o) => ({ value: o, label: gf(`numberOption.${o}`) }))} onChange={(o) => onChange({ ...item, numberOption: o, range: [] })} style={{ width: 200 }} />
        </Form.Item>
      ) : null}
      <Form.Item label={gf('config.charts')} extra={gf('config.chartsHint')}>
        <div className="bi-filter-config__charts" data-testid="global-filter-charts">
          {charts.map((c) => {
            const target = targetOf(c.chartId);
            const fields = fieldsOf(c.dataSourceId);
            const mapped = target ? targetField(item, target) : undefined;
            const sameSource = c.dataSourceId === item.dataSourceId;
            return (
              <div key={c.chartId} className="bi-filter-config__chart">
                <Checkbox
                  checked={!!target}
                  onChange={(e) => {
                    const has = (fields ?? []).some((f) => f.name === item.name);
                    setTarget(c.chartId, e.target.checked ? (has ? { chartId: c.chartId } : { chartId: c.chartId, field: '' }) : null);
                  }}
                  data-testid={`global-filter-chart-${c.chartId}`}
                >
                  {c.title}
                </Checkbox>
                {target && !sameSource ? (
                  <Select
                    size="small"
                    value={mapped || undefined}
                    placeholder={gf('config.notMapped')}
                    options={fieldOptions(fields ?? [])}
                    notFoundContent={gf('config.noFields')}
                    showSearch={{ optionFilterProp: 'label' }}
                    onChange={(name: string) => setTarget(c.chartId, name === item.name ? { chartId: c.chartId } : { chartId: c.chartId, field: name })}
                    aria-label={gf('config.mappedField')}
                    data-testid={`global-filter-map-${c.chartId}`}
                  />
                ) : (
                  <span />
                )}
              </div>
            );
          })}
        </div>
      </Form.Item>
      <Form.Item>
        <Switch checked={item.show !== false} onChange={(show) => onChange({ ...item, show })} /> <Typography.Text>{gf('config.show')}</Typography.Text>
        <span style={{ display: 'inline-block', width: 24 }} />
        <Switch checked={item.showAll !== false} onChange={(showAll) => onChange({ ...item, showAll })} /> <Typography.Text>{gf('config.showAll')}</Typography.Text>
      </Form.Item>
    </Form>
  );
}
