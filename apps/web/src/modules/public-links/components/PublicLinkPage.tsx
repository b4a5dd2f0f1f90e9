import '../public-links.css';
import { LockOutlined } from '@ant-design/icons';
import { chartFilters, type GlobalFilterItem } from '@bi/chart-model';
import { Button, Form, Input, Result, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import i18n from '../../../shared/i18n';
import { ApiError } from '../../../shared/api/http';
import { formatTime } from '../../../shared/format/time';
import { ChartRunnerContext } from '../../chart/hooks/useChartData';
import type { ChartSummary, RunFilters } from '../../chart/types';
import { DetailRoutesContext, useChartDetail } from '../../chart-detail';
import { FilterRangeContext, GlobalFilterBar, useGlobalFilters } from '../../dashboard-filters';
import { ChartBox } from '../../dashboard/components/ChartBox';
import { DashboardGrid } from '../../dashboard/components/DashboardGrid';
import type { ChartBoxActions } from '../../dashboard/utils/permissions';
import { publicReader, type PublicView } from '../api/public-links';
import { usePlTranslation } from '../i18n';
import { browserLanguage } from '../utils/language';

/**
 * A public reader refreshes a chart, and opens its details and exports them when the link's creator
 * allowed it; nothing else of the box's tools (editing, alerts, copies) is theirs.
 */
const readerActions = (allowDetails: boolean, allowExport: boolean): ChartBoxActions => ({
  refresh: true,
  edit: false,
  fullScreen: false,
  alarm: false,
  innerFilters: false,
  delete: false,
  copy: false,
  hide: false,
  modifyDataSource: false,
  linkSettings: false,
  compareSplit: false,
  export: allowExport,
  detailQuery: allowDetails,
});

const noLayoutChange = () => undefined;

/**
 * The page of a public link, /public/{id} (docs/api/public-links.md): outside the product's shell and
 * sign-in, in the viewer's browser language; the password form first when the link has one (Enter
 * submits; the password goes in a body, the session stays in memory); expired, revoked or unknown links
 * say so. The dashboard is drawn by the product's own grid and chart boxes, whose runs go through the
 * link (ChartRunnerContext) under the link's locked filters, or — editable filters — under the
 * product's filter bar, its pickers' values read through the link (FilterRangeContext). Details and
 * their export, when allowed, are the product's box menu and detail dialog reading through the link
 * (DetailRoutesContext).
 */
export function PublicLinkPage() {
  const { publicId = '' } = useParams();
  const { pl } = usePlTranslation();
  const language = useMemo(() => browserLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])), []);
  useEffect(() => {
    // the viewer's language for this page only (not stored: a signed-in user's choice stays theirs)
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
  const reader = useMemo(() => publicReader(publicId, language), [publicId, language]);
  const [view, setView] = useState<PublicView | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const load = useCallback(() => reader.open().then(setView, (e: unknown) => setError(e instanceof ApiError ? e : new ApiError(String(e), 0))), [reader]);
  useEffect(() => void load(), [load]);

  if (error) {
    return (
      <main className="bi-public-link bi-public-link--status" data-testid="public-link-page">
        <Result status={error.httpStatus === 404 ? '404' : 'warning'} title={pl('page.gone')} subTitle={<span data-testid="public-link-error">{error.message || pl('page.failed')}</span>} />
      </main>
    );
  }
  if (!view) {
    return (
      <main className="bi-public-link bi-public-link--status" data-testid="public-link-page">
        <Spin />
      </main>
    );
  }
  if (view.needsPassword) return <PasswordForm unlock={async (password) => (await reader.unlock(password), await load())} />;

  return <PublicView view={view} reader={reader} />;
}

type Reader = ReturnType<typeof publicReader>;
type OpenView = Extract<PublicView, { needsPassword: false }>;

/** The link's filter values as the dashboard's filter items' defaults (by field name): what an editable link starts from. */
function linkDefaults(stored: readonly unknown[] | undefined, filters: OpenView['filters']): GlobalFilterItem[] {
  const items = Array.isArray(stored) ? (stored as GlobalFilterItem[]) : [];
  return items.map((item) => {
    const f = filters.find((x) => x.name === item.name) as Partial<GlobalFilterItem> | undefined;
    if (!f) return { ...item, range: [] };
    return { ...item, range: f.range ?? [], ...(f.granularity !== undefined ? { granularity: f.granularity } : {}), ...(f.numberOption ? { numberOption: f.numberOption } : {}), ...(f.relative ? { relative: f.relative } : {}) };
  });
}

function PublicView({ view, reader }: { view: OpenView; reader: Reader }) {
  const { pl } = usePlTranslation();
  const charts: ChartSummary[] = view.charts;
  const items = useMemo(() => (view.filtersEditable ? linkDefaults(view.dashboard.globalFilter, view.filters) : []), [view]);
  const globals = useGlobalFilters(items);
  const editable = view.filtersEditable && globals.items.some((i) => i.show !== false && i.id);
  const detail = useChartDetail({ tab: 'dashboard', canExport: view.allowExport });
  const actions = useMemo(() => readerActions(view.allowDetails, view.allowExport), [view.allowDetails, view.allowExport]);
  const locked = useMemo<RunFilters>(() => ({ globalFilters: view.filters }), [view.filters]);
  /** a box's filters: the link's (locked), or the filter bar's through the one rule of @bi/chart-model (editable) */
  const filtersOf = useMemo(() => {
    const known = new WeakMap<ChartSummary, RunFilters>();
    return (chart: ChartSummary): RunFilters => {
      if (!editable) return locked;
      const cached = known.get(chart);
      if (cached) return cached;
      const run = { globalFilters: chartFilters({ chart, globalFilters: globals.items, globalValues: globals.values }).globalFilters } as RunFilters;
      known.set(chart, run);
      return run;
    };
  }, [editable, locked, globals.items, globals.values]);

  return (
    <main className="bi-public-link" data-testid="public-link-page" data-kind={view.kind}>
      <header className="bi-public-link__header">
        <Typography.Title level={4} className="bi-public-link__title" data-testid="public-link-title">
          {view.kind === 'chart' ? (charts[0]?.title ?? view.dashboard.name) : view.dashboard.name}
        </Typography.Title>
        <Typography.Text type="secondary">{pl('page.sharedBy', { name: view.creatorName, date: formatTime(view.expiresAt) })}</Typography.Text>
      </header>
      {editable ? (
        <FilterRangeContext.Provider value={reader.range}>
          <GlobalFilterBar tab="dashboard" dashboardId={view.dashboard.dashboardId} items={globals.items} valueOf={globals.valueOf} onChange={globals.setValue} onClearAll={globals.clearAll} />
        </FilterRangeContext.Provider>
      ) : view.filters.length > 0 ? (
        <div className="bi-public-link__filters" data-testid="public-link-filters">
          <Typography.Text type="secondary">
            <LockOutlined aria-hidden="true" /> {pl('page.lockedFilters')}
          </Typography.Text>
          {view.filters.map((f) => (
            <Tag key={String(f.name)}>
              {String(f.title ?? f.name)}: {(f.range ?? []).map(String).join(', ')}
            </Tag>
          ))}
        </div>
      ) : null}
      <ChartRunnerContext.Provider value={reader.run}>
        <DetailRoutesContext.Provider value={reader.details}>
          <DashboardGrid
            aspects={view.dashboard.aspects}
            charts={charts}
            editable={false}
            onLayoutStop={noLayoutChange}
            renderBox={(chart) => (
              <ChartBox
                tab="dashboard"
                chart={chart}
                actions={actions}
                variant="grid"
                refreshKey={0}
                filters={filtersOf(chart)}
                onDetailQuery={view.allowDetails ? () => detail.openDetails(chart) : undefined}
                onExportRows={view.allowExport ? () => detail.exportRows(chart, filtersOf(chart)) : undefined}
                onPointClick={view.allowDetails ? (point) => detail.openDetails(chart, point.category) : undefined}
              />
            )}
          />
          {detail.renderDialogs(filtersOf)}
        </DetailRoutesContext.Provider>
      </ChartRunnerContext.Provider>
    </main>
  );
}

/** The link's password: a form whose Enter submits; a wrong one or too many say so below the field. */
function PasswordForm({ unlock }: { unlock: (password: string) => Promise<void> }) {
  const { pl } = usePlTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  return (
    <main className="bi-public-link bi-public-link--status" data-testid="public-link-page">
      <Form
        form={form}
        layout="vertical"
        className="bi-public-link__password"
        data-testid="public-link-password-form"
        onFinish={async ({ password }) => {
          setBusy(true);
          setProblem('');
          try {
            await unlock(password);
          } catch (e) {
            setProblem(e instanceof Error ? e.message : pl('page.failed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Typography.Title level={4}>
          <LockOutlined aria-hidden="true" /> {pl('page.passwordTitle')}
        </Typography.Title>
        <Form.Item name="password" label={pl('page.passwordLabel')} rules={[{ required: true, message: pl('page.passwordLabel') }]} validateStatus={problem ? 'error' : undefined} help={problem ? <span data-testid="public-link-password-error">{problem}</span> : undefined}>
          <Input.Password autoFocus autoComplete="current-password" data-testid="public-link-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block data-testid="public-link-open">
          {pl('page.open')}
        </Button>
      </Form>
    </main>
  );
}
