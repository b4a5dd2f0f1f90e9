import '../embed.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin, Typography, theme as antTheme } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ANTD_LOCALES } from '../../../shared/i18n/antd-locales';
import type { Language } from '../../../shared/i18n/language';
import { AppThemeContext } from '../../chart/hooks/useAppTheme';
import { ChartRunnerContext, type ChartRunner } from '../../chart/hooks/useChartData';
import type { ChartAnswer, ChartSummary, RunFilters } from '../../chart/types';
import { ChartBox } from '../../dashboard/components/ChartBox';
import { DashboardGrid } from '../../dashboard/components/DashboardGrid';
import type { DashboardContent } from '../../dashboard/types';
import type { ChartBoxActions } from '../../dashboard/utils/permissions';
import { useEmTranslation } from '../i18n';

type Theme = 'light' | 'dark';
type FilterValue = string | number | boolean | null;

/** What GET /api/embed/resource answers (docs/api/embedding.md). */
type EmbedResource = { type: 'chart'; chartId: string; title: string; chart: ChartSummary } | { type: 'dashboard'; dashboardId: string; dashboard: DashboardContent };

/** The page's settings from the server (written on <body> by the BFF) and the address's fragment (#token=…&theme=dark). */
export interface EmbedSettings {
  kind: 'chart' | 'dashboard';
  id: string;
  /** the host origins allowed to frame the page (BI_EMBED_ORIGINS): messages are taken from and sent to these only */
  origins: string[];
  token: string | null;
  theme: Theme;
}

/** An embed reader refreshes its charts; nothing else of the box's tools is theirs. */
const embedActions: ChartBoxActions = { refresh: true, edit: false, fullScreen: false, alarm: false, innerFilters: false, delete: false, copy: false, hide: false, modifyDataSource: false, linkSettings: false, compareSplit: false, export: false, detailQuery: false };
const noLayoutChange = () => undefined;

class EmbedError extends Error {}

/** A call of the embedding's routes with the token held in memory (Authorization: Bearer; never in a URL). */
async function embedCall<T>(path: string, token: string, language: Language, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}`, currentLanguage: language };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/embed/${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
  const parsed = (await res.json().catch(() => undefined)) as { status?: string; data?: unknown } | undefined;
  if (!res.ok || parsed?.status !== 'success') {
    const message = (parsed?.data as { message?: unknown } | undefined)?.message ?? parsed?.data;
    throw new EmbedError(typeof message === 'string' ? message : String(res.status));
  }
  return parsed.data as T;
}

/**
 * The embed page (/embed/chart/{id}, /embed/dashboard/{id}; docs/api/embedding.md): the product's own
 * dashboard grid and chart boxes (ECharts with tooltips), their runs through POST /api/embed/chart/{id}
 * (ChartRunnerContext) with the embedding token in memory. The host page speaks by postMessage
 * (bi-embed.js): bi:token, bi:setFilter, bi:theme in; bi:ready, bi:rendered, bi:resize, bi:error out —
 * only with the parent window and the allowed origins, both ways.
 */
export function EmbedPage({ settings, language }: { settings: EmbedSettings; language: Language }) {
  const [token, setToken] = useState(settings.token);
  const [theme, setTheme] = useState<Theme>(settings.theme);
  const [values, setValues] = useState<Record<string, FilterValue[]>>({});
  const hostOrigin = useRef<string | null>(null);

  const tell = useCallback(
    (message: Record<string, unknown>) => {
      if (window.parent === window) return;
      for (const origin of hostOrigin.current ? [hostOrigin.current] : settings.origins) window.parent.postMessage(message, origin);
    },
    [settings.origins],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || !settings.origins.includes(event.origin)) return;
      const m = (event.data ?? {}) as { type?: unknown; token?: unknown; theme?: unknown; name?: unknown; range?: unknown };
      hostOrigin.current = event.origin;
      const themeOf = (t: unknown) => (t === 'dark' || t === 'light' ? t : undefined);
      if (m.type === 'bi:token' && typeof m.token === 'string') {
        setToken(m.token);
        const t = themeOf(m.theme);
        if (t) setTheme(t);
      } else if (m.type === 'bi:setFilter' && typeof m.name === 'string' && Array.isArray(m.range)) {
        const name = m.name;
        const range = (m.range as unknown[]).filter((v): v is FilterValue => v === null || ['string', 'number', 'boolean'].includes(typeof v)).slice(0, 1000);
        setValues((before) => ({ ...before, [name]: range }));
      } else if (m.type === 'bi:theme') {
        const t = themeOf(m.theme);
        if (t) setTheme(t);
      }
    };
    window.addEventListener('message', onMessage);
    tell({ type: 'bi:ready' });
    return () => window.removeEventListener('message', onMessage);
  }, [settings.origins, tell]);

  // the page's height for the host's iframe
  useEffect(() => {
    const observer = new ResizeObserver(() => tell({ type: 'bi:resize', height: document.documentElement.scrollHeight }));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [tell]);

  useEffect(() => {
    // the product's colours of the theme (styles.css)
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const themeConfig = useMemo(() => ({ algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, token: { colorPrimary: '#1677ff' } }), [theme]);

  return (
    <ConfigProvider theme={themeConfig} locale={ANTD_LOCALES[language]}>
      <AntApp className={`bi-embed bi-embed--${settings.kind}`} data-testid="embed-page" data-kind={settings.kind} data-theme={theme}>
        <AppThemeContext.Provider value={theme}>
          {/* a new theme draws the charts anew (ECharts takes its theme when it starts) */}
          <EmbedContent key={`${theme}:${token ?? ''}`} token={token} language={language} values={values} tell={tell} />
        </AppThemeContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
}

function EmbedContent({ token, language, values, tell }: { token: string | null; language: Language; values: Record<string, FilterValue[]>; tell: (m: Record<string, unknown>) => void }) {
  const { em } = useEmTranslation();
  const [resource, setResource] = useState<EmbedResource | undefined>();
  const [error, setError] = useState('');
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }), []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    embedCall<EmbedResource>('resource', token, language).then(
      (r) => live && setResource(r),
      (e: unknown) => {
        if (!live) return;
        const message = e instanceof EmbedError && e.message && !/^\d+$/.test(e.message) ? e.message : em('failed');
        setError(message);
        tell({ type: 'bi:error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [token, language, em, tell]);

  const filterList = useMemo(() => Object.entries(values).map(([name, range]) => ({ name, range })), [values]);
  const filters = useMemo<RunFilters>(() => ({ globalFilters: filterList as unknown as RunFilters['globalFilters'] }), [filterList]);

  // the boxes' runs through the embedding; once none is pending, the host hears bi:rendered
  const pending = useRef(0);
  const runner = useMemo<ChartRunner>(() => {
    return async (_tab, chartId, body, signal) => {
      pending.current += 1;
      try {
        const sent = (body.globalFilters ?? []).map((f) => ({ name: String(f.name), range: (f as { range?: unknown[] }).range ?? [] }));
        return await embedCall<ChartAnswer>(`chart/${encodeURIComponent(chartId)}`, token ?? '', language, { filters: sent }, signal);
      } catch (e) {
        if (!(e instanceof DOMException && e.name === 'AbortError')) tell({ type: 'bi:error', message: e instanceof Error ? e.message : em('failed') });
        throw e;
      } finally {
        pending.current -= 1;
        if (pending.current === 0) {
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              if (pending.current > 0) return;
              tell({ type: 'bi:rendered', filters: filterList });
              tell({ type: 'bi:resize', height: document.documentElement.scrollHeight });
            }),
          );
        }
      }
    };
  }, [token, language, tell, em, filterList]);

  if (!token) return <Typography.Text type="secondary" className="bi-embed__status" role="status" data-testid="embed-status">{em('waiting')}</Typography.Text>;
  if (error) return <Typography.Text type="danger" className="bi-embed__status" role="status" data-testid="embed-status">{error}</Typography.Text>;
  if (!resource) return <Spin className="bi-embed__status" />;

  const box = (chart: ChartSummary) => <ChartBox tab="dashboard" chart={chart} actions={embedActions} variant="grid" refreshKey={0} filters={filters} />;
  const charts = resource.type === 'chart' ? [resource.chart] : resource.dashboard.charts.filter((c) => !c.hide);
  return (
    <QueryClientProvider client={queryClient}>
      <ChartRunnerContext.Provider value={runner}>
        {resource.type === 'chart' ? (
          <div className="bi-embed__single" data-chart-id={resource.chart.chartId}>
            {box(resource.chart)}
          </div>
        ) : charts.length ? (
          <DashboardGrid aspects={resource.dashboard.aspects} charts={charts} editable={false} onLayoutStop={noLayoutChange} renderBox={box} />
        ) : (
          <Typography.Text type="secondary" className="bi-embed__status">{em('noCharts')}</Typography.Text>
        )}
      </ChartRunnerContext.Provider>
    </QueryClientProvider>
  );
}
