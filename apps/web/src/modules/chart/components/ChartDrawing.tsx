/**
 * The pieces a chart box (ChartView) and the editor's preview share: the status line, the empty state,
 * and the drawing itself (the lazily loaded renderers behind an error boundary).
 */
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Typography } from 'antd';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useChartViewTranslation } from '../i18n';
import type { RendererProps } from './renderers/common';

type RendererModule = typeof import('./ChartRenderer');
let rendererModule: RendererModule | undefined;
let rendererLoading: Promise<RendererModule> | undefined;

/** The renderers and ECharts: a chunk of their own, loaded when the first chart runs (beside its answer); a failed load is tried again on the next call. */
export const loadChartRenderer = (): Promise<RendererModule> =>
  (rendererLoading ??= import('./ChartRenderer').then(
    (m) => (rendererModule = m),
    (error: unknown) => {
      rendererLoading = undefined;
      throw error;
    },
  ));

/**
 * The renderers' module: at once when loaded, else after it loaded (a spinner meanwhile). Kept in state
 * rather than behind React.lazy + Suspense: a Suspense boundary that showed its fallback reveals its
 * content only after a throttle (hundreds of milliseconds), which held every chart of a cold dashboard
 * back after its answer and the chunk were in. A failed load is thrown to the RenderBoundary (retry).
 */
function useRendererModule(): RendererModule | undefined {
  const [loaded, setLoaded] = useState(rendererModule);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    loadChartRenderer().then(
      (m) => live && setLoaded(() => m),
      (e: unknown) => live && setError(() => e ?? new Error('the chart renderers did not load')),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  if (error !== undefined) throw error;
  return loaded;
}

/** A centred state of a chart: icon, title, detail and an action (retry, edit). */
export function ChartStatus({ testId, icon, title, detail, action, alert = false }: { testId?: string; icon?: ReactNode; title: string; detail?: string; action?: ReactNode; alert?: boolean }) {
  return (
    <div className="bi-chart-view__center bi-chart-status" data-testid={testId} role={alert ? 'alert' : undefined}>
      {icon ? <span className="bi-chart-status__icon">{icon}</span> : null}
      <Typography.Text strong>{title}</Typography.Text>
      {detail ? (
        <Typography.Text type="secondary" className="bi-chart-status__detail" data-testid={testId ? `${testId}-detail` : undefined}>
          {detail}
        </Typography.Text>
      ) : null}
      {action}
    </div>
  );
}

/** The chart's run failed: the error's text and a retry. */
export function ChartRunError({ testId, detail, onRetry, retrying = false, retryTestId }: { testId: string; detail?: string; onRetry: () => void; retrying?: boolean; retryTestId?: string }) {
  const { cv } = useChartViewTranslation();
  return (
    <ChartStatus
      testId={testId}
      alert
      icon={<WarningOutlined />}
      title={cv('error')}
      detail={detail}
      action={
        <Button size="small" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry} data-testid={retryTestId}>
          {cv('retry')}
        </Button>
      }
    />
  );
}

/** No data / no fields yet: the empty picture with its text (and an action below it). */
export function ChartEmpty({ testId, description, children }: { testId: string; description: ReactNode; children?: ReactNode }) {
  return (
    <div className="bi-chart-view__center" data-testid={testId}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
        {children}
      </Empty>
    </div>
  );
}

interface BoundaryProps {
  resetKey: unknown;
  fallback: (retry: () => void) => ReactNode;
  onError?: () => void;
  children: ReactNode;
}

/** A renderer that throws (or a chunk that fails to load) shows a message instead of breaking the page. */
class RenderBoundary extends Component<BoundaryProps, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('chart renderer failed', error, info.componentStack);
    this.props.onError?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

function LoadedRenderer(props: RendererProps) {
  const loaded = useRendererModule();
  if (!loaded) {
    return (
      <div className="bi-chart-view__center">
        <Spin />
      </div>
    );
  }
  const { default: ChartRenderer } = loaded;
  return <ChartRenderer {...props} />;
}

/** The chart drawn by its kind's renderer; `failed` is shown (with a retry) when drawing throws. */
export function ChartDrawing({ failed, onError, ...renderer }: RendererProps & { failed: (retry: () => void) => ReactNode; onError?: () => void }) {
  return (
    <RenderBoundary resetKey={renderer.answer} onError={onError} fallback={failed}>
      <LoadedRenderer {...renderer} />
    </RenderBoundary>
  );
}
