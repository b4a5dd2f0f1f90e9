import '../../chart/chart.css';
import { isChartType } from '@bi/chart-model';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Typography } from 'antd';
import { Component, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useAppTheme } from '../../chart/hooks/useAppTheme';
import { useChartViewTranslation } from '../../chart/i18n';
import type { ChartAnswer, ChartType, TablePage } from '../../chart/types';
import { deriveChartState } from '../../chart/utils/state';
import { useChartEditorTranslation } from '../i18n';

/** The chart module's renderers (with ECharts), loaded with the first chart drawn. */
const ChartRenderer = lazy(() => import('../../chart/components/ChartRenderer'));

class PreviewBoundary extends Component<{ resetKey: unknown; fallback: ReactNode; children: ReactNode }, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface ChartPreviewProps {
  title: string;
  answer: ChartAnswer | undefined;
  running: boolean;
  error: string | null;
  /** the preview shows the last stored chart while an edit is not saved */
  stale: boolean;
  onRetry: () => void;
  onPageChange: (page: TablePage) => void;
}

/** The preview: the chart's option from the last run, drawn by the dashboard's renderers, or its state. */
export function ChartPreview({ title, answer, running, error, stale, onRetry, onPageChange }: ChartPreviewProps) {
  const { cv } = useChartViewTranslation();
  const { ce } = useChartEditorTranslation();
  const appTheme = useAppTheme();
  const [drawnFor, setDrawnFor] = useState<ChartAnswer | undefined>(undefined);
  const onDone = useCallback(() => setDrawnFor(answer), [answer]);
  const state = deriveChartState({ enabled: true, isError: error !== null && !answer, answer });
  const kind = answer?.meta?.kind ?? answer?.chart?.type;

  let content: ReactNode;
  if (state === 'loading') {
    content = (
      <div className="bi-chart-view__center">
        <Spin />
      </div>
    );
  } else if (state === 'error') {
    content = (
      <div className="bi-chart-view__center bi-chart-status" role="alert" data-testid="preview-error">
        <WarningOutlined className="bi-chart-status__icon" />
        <Typography.Text strong>{cv('error')}</Typography.Text>
        <Typography.Text type="secondary">{error}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
          {cv('retry')}
        </Button>
      </div>
    );
  } else if (state === 'unconfigured') {
    content = (
      <div className="bi-chart-view__center" data-testid="preview-unconfigured">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ce('preview.unconfigured')} />
      </div>
    );
  } else if (state === 'empty') {
    content = (
      <div className="bi-chart-view__center" data-testid="preview-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={cv('empty')} />
      </div>
    );
  } else if (!isChartType(kind)) {
    content = <div className="bi-chart-view__center">{cv('drawFailed')}</div>;
  } else {
    content = (
      <PreviewBoundary resetKey={answer} fallback={<div className="bi-chart-view__center">{cv('drawFailed')}</div>}>
        <Suspense
          fallback={
            <div className="bi-chart-view__center">
              <Spin />
            </div>
          }
        >
          <ChartRenderer answer={answer!} kind={kind as ChartType} title={title} appTheme={appTheme} onDone={onDone} onPageChange={onPageChange} paging={running} />
        </Suspense>
      </PreviewBoundary>
    );
  }

  return (
    <section className="bi-editor__preview" aria-label={ce('preview.label')}>
      <div
        className="bi-chart-view"
        data-testid="editor-preview"
        data-state={state}
        data-kind={kind ?? ''}
        data-drawn={answer !== undefined && drawnFor === answer ? 'true' : 'false'}
        data-running={running ? 'true' : 'false'}
        aria-busy={running}
      >
        {content}
        {running && state === 'ready' ? (
          <span className="bi-chart-view__refreshing" aria-label={ce('preview.updating')}>
            <Spin size="small" />
          </span>
        ) : null}
        {stale && state !== 'loading' ? (
          <div className="bi-chart-view__hints" data-testid="preview-stale">
            {ce('preview.stale')}
          </div>
        ) : error && answer ? (
          <div className="bi-chart-view__hints" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </section>
  );
}
