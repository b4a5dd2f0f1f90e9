import { CHART_TYPES, isChartType } from '@bi/chart-model';
import { App, Empty, Form, Input, Radio, Select, Spin, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { useChartDataSources } from '../../chart-editor/hooks/useSourceFields';
import { useAllCharts } from '../hooks/useDashboardContent';
import type { ChartSummary } from '../../chart/types';
import type { HideSettingItem, NewChart, TabType } from '../types';
import { CHART_TITLE_MAX, chartTitleError } from '../utils/names';
import { ChartTypeIcon } from '../../chart/components/ChartTypeIcon';
import { useChartKindLabel } from '../../chart/i18n/kinds';
import { useDbTranslation } from '../i18n';

interface AddChartDialogProps {
  open: boolean;
  onSubmit: (chart: NewChart) => Promise<void>;
  onClose: () => void;
}

/**
 * Add chart (spec 01 §2): a title (1 to 50 characters), a data source chosen from the folders of
 * GET /api/chart-edit/dataSources, and a kind; the caller then opens the chart editor.
 */
export function AddChartDialog({ open, onSubmit, onClose }: AddChartDialogProps) {
  const { db } = useDbTranslation();
  const kindLabel = useChartKindLabel();
  const [form] = Form.useForm<NewChart>();
  const sources = useChartDataSources(open);
  const { pending, run } = useSubmit();

  const submit = () =>
    run(async () => {
      let values: NewChart;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      await onSubmit({ title: values.title.trim(), dataSourceId: values.dataSourceId, type: values.type });
      onClose();
    });

  return (
    <DialogModal
      open={open}
      title={db('chart.addTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      width={640}
    >
      <Form form={form} component={false} preserve={false} layout="vertical" initialValues={{ title: '', dataSourceId: '', type: 'bar' }}>
        <Form.Item
          name="title"
          label={db('chart.title')}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const key = chartTitleError(value);
                if (key) throw new Error(db(key));
              },
            },
          ]}
        >
          <Input data-testid="chart-title-input" placeholder={db('chart.titlePlaceholder')} autoFocus maxLength={CHART_TITLE_MAX + 10} onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item name="dataSourceId" label={db('chart.dataSource')} rules={[{ required: true, message: db('chart.dataSourceRequired') }]}>
          <Select
            data-testid="chart-datasource-select"
            showSearch
            optionFilterProp="label"
            loading={sources.isPending}
            placeholder={db('chart.dataSourcePlaceholder')}
            notFoundContent={sources.isError ? sources.error.message : sources.isPending ? <Spin size="small" /> : db('chart.dataSourceNone')}
            options={(sources.data ?? []).map((folder) => ({
              label: folder.name,
              title: folder.name,
              options: folder.dataSources.map((source) => ({ value: source.dataSourceId, label: source.name, 'data-testid': `chart-source-${source.dataSourceId}` })),
            }))}
          />
        </Form.Item>
        <Form.Item name="type" label={db('chart.type')}>
          {/* every kind at once (no list to scroll), from the one kind table */}
          <Radio.Group className="bi-kind-grid" data-testid="chart-type-select" optionType="button" aria-label={db('chart.type')}>
            {CHART_TYPES.map((kind) => (
              <Radio.Button key={kind} value={kind} className="bi-kind-grid__item">
                <span className="bi-kind-option" data-testid={`chart-type-${kind}`}>
                  <ChartTypeIcon type={kind} /> {kindLabel(kind)}
                </span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
    </DialogModal>
  );
}

interface HideChartsDialogProps {
  open: boolean;
  tab: TabType;
  dashboardId: string;
  onSubmit: (items: HideSettingItem[]) => Promise<void>;
  onClose: () => void;
}

/** Hide charts: every chart of the dashboard (GET all_charts) with a "hidden" switch; OK saves them (POST hide_setting). */
export function HideChartsDialog({ open, tab, dashboardId, onSubmit, onClose }: HideChartsDialogProps) {
  const { db } = useDbTranslation();
  const { message } = App.useApp();
  const charts = useAllCharts(tab, dashboardId, open);
  const [hidden, setHidden] = useState<Record<string, boolean>>({});
  const { pending, run } = useSubmit();

  useEffect(() => {
    if (open && charts.data) setHidden(Object.fromEntries(charts.data.map((c) => [c.chartId, c.hide])));
  }, [open, charts.data]);

  const submit = () =>
    run(async () => {
      if (!charts.data) return;
      await onSubmit(charts.data.map((c) => ({ chartId: c.chartId, title: c.title, hide: hidden[c.chartId] ?? c.hide })));
      void message.success(db('board.hide.saved'));
      onClose();
    });

  let body;
  if (charts.isPending) body = <Spin />;
  else if (charts.isError) body = <Empty description={charts.error.message} />;
  else
    body = (
      <Table<ChartSummary>
        rowKey="chartId"
        size="small"
        pagination={false}
        dataSource={charts.data}
        locale={{ emptyText: db('board.hide.empty') }}
        columns={[
          {
            key: 'title',
            title: db('board.hide.chart'),
            render: (_value, chart) => (
              <span className="bi-kind-option">
                {isChartType(chart.type) ? <ChartTypeIcon type={chart.type} /> : null} {chart.title}
              </span>
            ),
          },
          {
            key: 'hide',
            title: db('board.hide.hidden'),
            width: 100,
            render: (_value, chart) => (
              <Switch
                size="small"
                data-testid={`hide-switch-${chart.chartId}`}
                aria-label={`${db('board.hide.hidden')}: ${chart.title}`}
                checked={hidden[chart.chartId] ?? chart.hide}
                onChange={(checked) => setHidden((current) => ({ ...current, [chart.chartId]: checked }))}
              />
            ),
          },
        ]}
      />
    );

  return (
    <DialogModal
      open={open}
      title={db('board.hide.title')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !charts.data }}
      width={520}
    >
      {body}
    </DialogModal>
  );
}
