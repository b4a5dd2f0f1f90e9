import '../chart.css';
import { EditOutlined, InfoCircleOutlined, LockOutlined, ReloadOutlined, SwapOutlined, WarningOutlined } from '@ant-design/icons';
import { drillsFurther, drillValueOf, isChartType } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { Button, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartViewTranslation } from '../i18n';
import { useAppTheme } from '../hooks/useAppTheme';
import { useChartData } from '../hooks/useChartData';
import type { ChartAnswer, ChartSummary, ChartType, DrillMeta, PointClickHandler, RunFilters, TablePage } from '../types';
import { noteTexts, type LooseT } from '../utils/notes';
import { deriveChartState, downsampleHint, isSettled } from '../utils/state';
import { rowsThatFit, TABLE_ROW_HEIGHT } from '../utils/table';
import { ChartDrawing, ChartEmpty, ChartRunError, ChartStatus, loadChartRenderer } from './ChartDrawing';

/** A chart query answers at most this many rows (docs/api/chart.md, meta.truncated). */
const TRUNCATED_ROWS = 10_000;

export type ChartViewVariant = 'grid' | 'slide' | 'viewer';

interface ChartViewProps {
  tab: Tab;
  chart: ChartSummary;
  variant: ChartViewVariant;
  /** the box has been visible (or must load for an export): only then the chart runs */
  enabled: boolean;
  refreshKey: number;
  /** the chart is drawn, or shows an error / empty / unconfigured state (the export waits for it) */
  onLoaded?: (chartId: string) => void;
  /** opens the chart editor (offered when the chart has no fields yet) */
  onEdit?: () => void;
  /** the filters of this view beside the chart's own (global filters, linkage) */
  filters?: RunFilters;
  /** a click on a point of the drawn chart */
  onPointClick?: PointClickHandler;
  /**
   * a chart with a drill hierarchy above its lowest level: a click on a point goes one level down with
   * this path (filters.drill holds the path shown); at the lowest level the click is onPointClick's,
   * the point marked drillLeaf (docs/api/chart.md "Drill-down")
   */
  onDrill?: (path: string[]) => void;
  /** the answer's drill information (its levels and path), for the box's breadcrumbs */
  onDrillMeta?: (meta: DrillMeta | undefined) => void;
  /** offered when the chart's source was deleted: put the chart on another source (the box's "modify data source") */
  onChangeSource?: () => void;
  /** told whether the chart's source was deleted (the box offers "modify data source" then) */
  onSourceMissing?: (missing: boolean) => void;
}

function kindOf(answer: ChartAnswer | undefined, fallback: string): string {
  return answer?.meta?.kind ?? answer?.chart?.type ?? fallback;
}

/**
 * A box's spinner turns only once its answer took this long (its "Loading" text shows at once): a
 * dashboard's boxes load together, and twenty spinners turning for a moment are noise that costs the
 * page's compositor a frame each time (docs/benchmarks.md "Browser").
 */
const SPINNER_DELAY_MS = 500;

/**
 * The content of a chart box: runs the chart once the box is visible and shows the chart, or
 * waiting / loading / error (with retry) / no fields yet (with the editor) / no data. Hints: down-sampled
 * series, a truncated result, the answer's notes (meta.notes) in the reader's language; a small spinner while a refresh runs.
 */
export function ChartView({ tab, chart, variant, enabled, refreshKey, onLoaded, onEdit, filters, onPointClick, onDrill, onDrillMeta, onChangeSource, onSourceMissing }: ChartViewProps) {
  const { t } = useTranslation();
  const { cv, i18n } = useChartViewTranslation();
  const appTheme = useAppTheme();
  const viewRef = useRef<HTMLDivElement>(null);
  const isTable = chart.type === 'table';
  // a table's first page holds the rows the box has room for (the renderer corrects it once it sees the statistics rows)
  const [page, setPage] = useState<TablePage | undefined>(undefined);
  useLayoutEffect(() => {
    if (!isTable || page || !enabled) return;
    const height = viewRef.current?.clientHeight ?? 0;
    setPage({ index: 1, size: rowsThatFit({ height, headerHeight: TABLE_ROW_HEIGHT + 1, summaryHeight: 0, rowHeight: TABLE_ROW_HEIGHT }) });
  }, [isTable, page, enabled]);
  const query = useChartData({ tab, chartId: chart.chartId, enabled: enabled && (!isTable || page !== undefined), refreshKey, isFullScreen: variant !== 'grid', page, filters });
  const answer = query.data;
  const state = deriveChartState({ enabled, isError: query.isError, answer });
  const kind = kindOf(answer, chart.type);
  // fetched while the answer is computed, not after it arrived (the module loader loads it once)
  useEffect(() => {
    if (enabled) void loadChartRenderer().catch(() => undefined);
  }, [enabled]);

  const [drawn, setDrawn] = useState(false);
  const onDone = useCallback(() => setDrawn(true), []);
  const loaded = isSettled(state) || (state === 'ready' && drawn);
  useEffect(() => {
    if (loaded) onLoaded?.(chart.chartId);
  }, [loaded, chart.chartId, onLoaded]);

  // drill-down: a click goes one level down while the stored hierarchy has a level below the one shown
  const drillMeta = answer?.meta?.drill;
  useEffect(() => onDrillMeta?.(drillMeta), [drillMeta, onDrillMeta]);
  const stored = answer?.chart;
  const drillPath = filters?.drill;
  const clickPoint = useMemo<PointClickHandler | undefined>(() => {
    const path = drillPath ?? [];
    if (!stored?.drill || !onDrill) return onPointClick;
    // the answer drawn is of another level (the next one is loading): no click until it is shown
    if (drillMeta && drillMeta.level !== path.length) return undefined;
    if (drillsFurther(stored, path.length)) return (point) => onDrill([...path, drillValueOf(stored, point.category)]);
    return onPointClick ? (point, event) => onPointClick({ ...point, drillLeaf: true }, event) : undefined;
  }, [stored, drillMeta, drillPath, onDrill, onPointClick]);
  const sourceMissing = state === 'sourceMissing';
  useEffect(() => {
    onSourceMissing?.(sourceMissing);
  }, [sourceMissing, onSourceMissing]);

  const onPageChange = useCallback((next: TablePage) => setPage(next), []);
  const retry = () => void query.refetch();

  let content: ReactNode;
  if (state === 'waiting') {
    content = <ChartStatus testId="chart-waiting" title={cv('waiting')} />;
  } else if (state === 'loading') {
    content = (
      <div className="bi-chart-view__center bi-chart-status" data-testid="chart-loading" aria-busy="true">
        <span className="bi-chart-status__spin">
          <Spin delay={SPINNER_DELAY_MS} />
        </span>
        <Typography.Text type="secondary">{cv('loading')}</Typography.Text>
      </div>
    );
  } else if (state === 'error') {
    content = <ChartRunError testId="chart-error" retryTestId="chart-retry" detail={query.error?.message} onRetry={retry} retrying={query.isFetching} />;
  } else if (state === 'noPermission') {
    // the caller may not see the chart's source (docs/api/sharing.md): no data, no error
    content = <ChartStatus testId="chart-no-permission" icon={<LockOutlined />} title={cv('noPermission')} detail={cv('noPermissionHint')} />;
  } else if (state === 'sourceMissing') {
    // the source was deleted: the chart is kept and can be put on another source
    content = (
      <ChartEmpty
        testId="chart-source-missing"
        description={
          <>
            <Typography.Text strong>{cv('sourceMissing')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{cv('sourceMissingHint')}</Typography.Text>
          </>
        }
      >
        {onChangeSource ? (
          <Button size="small" type="primary" icon={<SwapOutlined />} onClick={onChangeSource} data-testid="chart-change-source">
            {cv('changeSource')}
          </Button>
        ) : null}
      </ChartEmpty>
    );
  } else if (state === 'unconfigured') {
    content = (
      <ChartEmpty
        testId="chart-unconfigured"
        description={
          <>
            <Typography.Text strong>{cv('unconfigured')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{cv('unconfiguredHint')}</Typography.Text>
          </>
        }
      >
        {onEdit ? (
          <Button size="small" type="primary" icon={<EditOutlined />} onClick={onEdit} data-testid="chart-edit">
            {cv('edit')}
          </Button>
        ) : null}
      </ChartEmpty>
    );
  } else if (state === 'empty') {
    content = <ChartEmpty testId="chart-empty" description={cv('empty')} />;
  } else if (!isChartType(kind)) {
    content = <ChartStatus testId="chart-error" alert icon={<WarningOutlined />} title={cv('drawFailed')} detail={kind} />;
  } else {
    content = (
      <ChartDrawing
        answer={answer!}
        kind={kind as ChartType}
        title={chart.title}
        appTheme={appTheme}
        onDone={onDone}
        onPageChange={onPageChange}
        onPointClick={clickPoint}
        paging={query.isPlaceholderData && query.isFetching}
        onError={onDone}
        failed={(reset) => (
          <ChartStatus
            testId="chart-error"
            alert
            icon={<WarningOutlined />}
            title={cv('drawFailed')}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={reset} data-testid="chart-retry">
                {cv('retry')}
              </Button>
            }
          />
        )}
      />
    );
  }

  const sampled = state === 'ready' ? downsampleHint(answer) : null;
  const truncated = state === 'ready' && answer?.meta?.truncated === true;
  const warnings = state === 'ready' ? noteTexts(answer?.meta, t as unknown as LooseT, i18n.language) : [];
  const refreshing = state === 'ready' && query.isFetching && !query.isPlaceholderData;

  return (
    <div ref={viewRef} className="bi-chart-view" data-testid="chart-view" data-state={state} data-kind={kind} data-drawn={drawn ? 'true' : 'false'} data-drill-level={drillMeta ? drillMeta.level : undefined}>
      {content}
      {refreshing ? (
        <span className="bi-chart-view__refreshing" data-testid="chart-refreshing" aria-label={cv('refreshing')}>
          <Spin size="small" />
        </span>
      ) : null}
      {sampled || truncated || warnings.length > 0 ? (
        <div className="bi-chart-view__hints">
          {sampled ? <span data-testid="chart-downsampled">{cv('downsampled', { shown: sampled.shown, total: sampled.total })}</span> : null}
          {truncated ? <span data-testid="chart-truncated">{cv('truncated', { count: TRUNCATED_ROWS.toLocaleString(i18n.language) })}</span> : null}
          {warnings.length > 0 ? (
            <Tooltip title={warnings.map((w) => <div key={w}>{w}</div>)}>
              <InfoCircleOutlined aria-label={`${cv('warnings')}: ${warnings.join('; ')}`} data-testid="chart-warnings" data-export-ignore="true" tabIndex={0} />
            </Tooltip>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
