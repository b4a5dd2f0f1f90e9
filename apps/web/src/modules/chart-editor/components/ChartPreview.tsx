import '../../chart/chart.css';
import { isChartType } from '@bi/chart-model';
import { Spin } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { ChartDrawing, ChartEmpty, ChartRunError } from '../../chart/components/ChartDrawing';
import { useAppTheme } from '../../chart/hooks/useAppTheme';
import { useChartViewTranslation } from '../../chart/i18n';
import type { ChartAnswer, ChartType, TablePage } from '../../chart/types';
import { deriveChartState } from '../../chart/utils/state';
import { useChartEditorTranslation } from '../i18n';

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
    content = <ChartRunError testId="preview-error" detail={error ?? undefined} onRetry={onRetry} />;
  } else if (state === 'sourceMissing') {
    content = <ChartEmpty testId="preview-source-missing" description={cv('sourceMissing')} />;
  } else if (state === 'unconfigured') {
    content = <ChartEmpty testId="preview-unconfigured" description={ce('preview.unconfigured')} />;
  } else if (state === 'empty') {
    content = <ChartEmpty testId="preview-empty" description={cv('empty')} />;
  } else if (!isChartType(kind)) {
    content = <div className="bi-chart-view__center">{cv('drawFailed')}</div>;
  } else {
    content = (
      <ChartDrawing
        answer={answer!}
        kind={kind as ChartType}
        title={title}
        appTheme={appTheme}
        onDone={onDone}
        onPageChange={onPageChange}
        paging={running}
        failed={() => <div className="bi-chart-view__center">{cv('drawFailed')}</div>}
      />
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
