import './linkage.css';
import type { Tab } from '@bi/rules';
import { Alert, Modal, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { ChartView } from '../../chart/components/ChartView';
import type { ChartSummary, RunFilters } from '../../chart/types';
import { useChartAnswer } from '../hooks/useChartAnswer';
import { useLinkageTranslation } from '../i18n';
import { compareField, compareFilter, compareValues, MAX_SPLIT_CHARTS } from '../utils/compare';

interface CompareSplitDialogProps {
  tab: Tab;
  chart: ChartSummary;
  /** the filters the chart's box runs with (global filters, linkage): the small charts keep them */
  filters?: RunFilters;
  onClose: () => void;
}

/**
 * Compare split (spec 01 §2, no edit permission needed): the chart once per value of its compare field
 * (second points), each a real run of the chart filtered to that value, in a grid; the runs start
 * together and go out as one batch run.
 */
export function CompareSplitDialog({ tab, chart, filters, onClose }: CompareSplitDialogProps) {
  const { lk } = useLinkageTranslation();
  const answer = useChartAnswer(tab, chart.chartId, true);
  const definition = answer.data?.chart;
  const field = compareField(definition);
  const values = useMemo(() => (definition && answer.data ? compareValues(definition, answer.data.option) : []), [definition, answer.data]);
  const shown = values.slice(0, MAX_SPLIT_CHARTS);

  let body;
  if (answer.isPending) body = <Spin tip={lk('split.loading')}><div style={{ height: 120 }} /></Spin>;
  else if (answer.isError) body = <Alert type="error" showIcon message={lk('split.loadFailed', { message: answer.error.message })} />;
  else if (!field) body = <Alert type="info" showIcon message={lk('split.noCompare')} data-testid="compare-split-none" />;
  else if (values.length === 0) body = <Alert type="info" showIcon message={lk('split.empty')} />;
  else
    body = (
      <>
        {values.length > shown.length ? <Typography.Paragraph type="secondary">{lk('split.capped', { shown: shown.length, total: values.length })}</Typography.Paragraph> : null}
        <div className="bi-compare-split__grid" data-testid="compare-split-grid">
          {shown.map((value) => {
            const filter = compareFilter(definition!, value);
            const own: RunFilters = { ...filters, globalFilters: [...(filters?.globalFilters ?? []), ...(filter ? [filter] : [])] };
            const title = lk('split.value', { field: field.title || field.name, value });
            return (
              <section key={value} className="bi-compare-split__cell" data-testid="compare-split-cell" data-value={value}>
                <Typography.Text strong className="bi-compare-split__title" title={title}>
                  {title}
                </Typography.Text>
                <div className="bi-compare-split__chart">
                  <ChartView tab={tab} chart={chart} variant="slide" enabled refreshKey={0} filters={own} />
                </div>
              </section>
            );
          })}
        </div>
      </>
    );

  return (
    <Modal open title={lk('split.title', { title: chart.title })} footer={null} onCancel={onClose} destroyOnHidden width="min(1200px, 96vw)">
      <div data-testid="compare-split-dialog">{body}</div>
    </Modal>
  );
}
