import { chartFilters } from '@bi/chart-model';
import { exportWaitMs, LAYOUT_SAVE_DEBOUNCE_MS, isTab } from '@bi/rules';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, ConfigProvider, Empty, Modal, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/http';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import { buildPath } from '../../../shared/routing/routes';
import { browserStorages } from '../../../shared/storage/keys';
import { useDashboardContent, useDashboardMutations } from '../hooks/useDashboardContent';
import { useEditAuth } from '../hooks/useEditAuth';
import { useFullscreen } from '../hooks/useFullscreen';
import { useLiveDashboard } from '../hooks/useLiveDashboard';
import { SEEN_MARGIN_PX } from '../hooks/useInView';
import { prefetchChartRuns } from '../../chart/hooks/useChartData';
import { loadChartRenderer } from '../../chart/components/ChartDrawing';
import type { ChartSummary, PointClickHandler, RunFilters } from '../../chart/types';
import { useUrlState } from '../../../shared/routing/url-state';
import { DRILL_PARAM, drillCodec, withDrillPath } from '../utils/drill';
import { useDashboardLinkage } from '../../dashboard-linkage';
import { useChartDetail } from '../../chart-detail';
import { GlobalFilterBar, GlobalFilterDialog, useGlobalFilters } from '../../dashboard-filters';
import { dashboardApi, dashboardKeys } from '../api/dashboard';
import type { DashboardContent, GridItem, TabType } from '../types';
import { fitRowHeight, gridRows, type FullScreenView } from '../utils/fullscreen';
import { aspectsToLayout, createLayoutSaver, layoutToAspects, placedWithin, type LayoutSaver, type RglItem } from '../utils/layout';
import { canDrag, canToggleLock, initialLocked } from '../utils/lock';
import { rememberViewed } from '../utils/landing';
import { exportFileName } from '../utils/names';
import { chartBoxActions, dashboardToolbarActions } from '../utils/permissions';
import { exportElement, sleep } from '../utils/export';
import { AddChartDialog, HideChartsDialog } from './ChartDialogs';
import { ChartBox, type BoxMenuEntry } from './ChartBox';
import { DashboardCarousel } from './DashboardCarousel';
import { DashboardGrid } from './DashboardGrid';
import { DashboardToolbar } from './DashboardToolbar';
import { SubscriptionDialog, useSubTranslation, type SubscriptionTarget } from '../../subscriptions';
import { currentFilters, usePublicLinks } from '../../public-links';
import { useDbTranslation } from '../i18n';
import { HistoryPanel } from '../../history/components/HistoryPanel';
import { TrashPanel } from '../../history/components/TrashPanel';
import { useHsTranslation } from '../../history/i18n';

interface DashboardViewProps {
  tab: TabType;
  projectId: string;
  dashboardId: string;
  /** Shown when the dashboard does not exist. */
  notFound: ReactNode;
  useBoxExtension?: UseBoxExtension;
}

/**
 * What a higher module adds to the chart boxes of a dashboard (the app hands it down, as the sidebar's
 * `useExtension`): more-menu entries of a box, and its dialogs.
 */
export interface BoxExtension {
  /** the box's entries; `filters`: the viewer's current filters of the chart (as its run sends them) */
  menuOf?: (chart: ChartSummary, filters?: RunFilters) => BoxMenuEntry[];
  dialogs?: ReactNode;
}
export type UseBoxExtension = (tab: TabType) => BoxExtension;
const noBoxExtension: UseBoxExtension = () => ({});

/** Loads a dashboard (GET /api/dashboard/{apiName}/{id}) and shows it, or the not-found message on 404. */
export function DashboardView({ tab, projectId, dashboardId, notFound, useBoxExtension = noBoxExtension }: DashboardViewProps) {
  const { db } = useDbTranslation();
  const [searchParams] = useSearchParams();
  const apiNameParam = searchParams.get('apiName');
  const apiTab: TabType = isTab(apiNameParam) ? apiNameParam : tab;
  const query = useDashboardContent(apiTab, dashboardId);

  if (query.isPending) {
    return (
      <div className="bi-dashboard__status" data-testid="dashboard-loading">
        <Spin />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.httpStatus === 404) return <>{notFound}</>;
    return <Result status="error" title={db('board.loadFailed')} subTitle={query.error.message} data-testid="dashboard-error" />;
  }
  return (
    <DashboardBoard
      tab={tab}
      apiTab={apiTab}
      apiName={apiNameParam}
      lockEdit={searchParams.get('lockEdit')}
      projectId={projectId}
      content={query.data}
      useBoxExtension={useBoxExtension}
    />
  );
}

interface BoardProps {
  tab: TabType;
  apiTab: TabType;
  apiName: string | null;
  lockEdit: string | null;
  projectId: string;
  content: DashboardContent;
  useBoxExtension: UseBoxExtension;
}

/** What a save of the dashboard changed, as the stream says it (docs/api/live.md). */
const LIVE_WHATS = ['layout', 'filters', 'linkage', 'hidden', 'name'] as const;
type LiveWhat = (typeof LIVE_WHATS)[number];

/** Order of the charts for the carousels: by grid row, then column. */
function byPlacement(charts: readonly ChartSummary[], aspects: readonly GridItem[]): ChartSummary[] {
  const place = new Map(aspects.map((a) => [a.chartId, a]));
  return [...charts].sort((a, b) => {
    const pa = place.get(a.chartId);
    const pb = place.get(b.chartId);
    return (pa?.row ?? 1e9) - (pb?.row ?? 1e9) || (pa?.col ?? 0) - (pb?.col ?? 0);
  });
}

function DashboardBoard({ tab, apiTab, apiName, lockEdit, projectId, content, useBoxExtension }: BoardProps) {
  const { db, t } = useDbTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { editAuth, dataSourceAuth } = useEditAuth(apiTab);
  const mutations = useDashboardMutations(tab, apiTab, content.dashboardId);
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(rootRef);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [fullView, setFullView] = useState<FullScreenView>('grid');
  const [bodyHeight, setBodyHeight] = useState(0);

  const [locked, setLocked] = useState(() => initialLocked({ lockEdit, apiName }));
  const [refreshMinutes, setRefreshMinutes] = useState(1);
  const [globalRefresh, setGlobalRefresh] = useState(0);
  const [boxRefresh, setBoxRefresh] = useState<Record<string, number>>({});
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const [forceLoad, setForceLoad] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState<'addChart' | 'hideCharts' | 'globalFilter' | null>(null);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  /** Bumped to rebuild the grid from the server's layout (after a failed save). */
  const [gridVersion, setGridVersion] = useState(0);
  const boxExtension = useBoxExtension(apiTab);
  // history and trash (issue 33, modules/history): the panel of the dashboard or of one chart
  const { hs } = useHsTranslation();
  const [historyOf, setHistoryOf] = useState<{ kind: 'dashboard' | 'chart'; objectId: string; name: string } | null>(null);
  const [trashOpen, setTrashOpen] = useState(false);

  // the tab opens this dashboard again next time (DashboardPage's landing)
  useEffect(() => {
    if (!apiName) rememberViewed(browserStorages().local, tab, { projectId: content.projectId || projectId, dashboardId: content.dashboardId });
  }, [tab, apiName, content.projectId, content.dashboardId, projectId]);

  const shown = useMemo(() => content.charts.filter((c) => !c.hide), [content.charts]);
  const ordered = useMemo(() => byPlacement(shown, content.aspects), [shown, content.aspects]);
  const toolbar = dashboardToolbarActions({ editAuth, apiName, fullScreen: fullscreen.active });
  const draggable = canDrag({ locked, editAuth }) && !fullscreen.active;

  // full screen shows the whole grid scaled to the screen (its rows fill the height below the header)
  useEffect(() => {
    const body = bodyRef.current;
    if (!fullscreen.active || !body || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setBodyHeight(body.clientHeight));
    observer.observe(body);
    setBodyHeight(body.clientHeight);
    return () => observer.disconnect();
  }, [fullscreen.active, fullView]);
  const fitHeight = useMemo(
    () => (fullscreen.active && bodyHeight > 0 ? fitRowHeight(gridRows(aspectsToLayout(content.aspects, shown.map((c) => c.chartId))), bodyHeight) : undefined),
    [fullscreen.active, bodyHeight, content.aspects, shown],
  );

  // ---- layout saving: 1000 ms after the last drag/resize stop, only when it changed
  const saveLayout = mutations.saveLayout;
  const saverRef = useRef<LayoutSaver | null>(null);
  const saveRef = useRef<(list: GridItem[]) => void>(() => undefined);
  saveRef.current = (list) =>
    saveLayout.mutate(list, {
      onError: (error) => {
        void message.error(error.message || db('board.layoutSaveFailed'));
        saverRef.current?.saved(content.aspects);
        setGridVersion((n) => n + 1);
      },
    });
  if (!saverRef.current) saverRef.current = createLayoutSaver((list) => saveRef.current(list), LAYOUT_SAVE_DEBOUNCE_MS, content.aspects);
  useEffect(() => {
    if (!saverRef.current?.pending()) saverRef.current?.saved(content.aspects);
  }, [content.aspects]);
  useEffect(() => () => saverRef.current?.flush(), []);
  const onLayoutStop = useCallback((layout: RglItem[]) => saverRef.current?.change(layoutToAspects(layout, content.aspects)), [content.aspects]);
  /** Other chart writes change the layout on the server: send a pending layout first. */
  const flushLayout = () => saverRef.current?.flush();

  // ---- full-screen auto refresh: every chart reloads each interval (default 1 minute)
  useEffect(() => {
    if (!fullscreen.active) return undefined;
    const handle = window.setInterval(() => setGlobalRefresh((n) => n + 1), refreshMinutes * 60_000);
    return () => window.clearInterval(handle);
  }, [fullscreen.active, refreshMinutes]);

  const onLoaded = useCallback((chartId: string) => {
    setLoaded((current) => (current.has(chartId) ? current : new Set(current).add(chartId)));
  }, []);

  const refreshKeyOf = (chartId: string) => globalRefresh + (boxRefresh[chartId] ?? 0);
  const refreshBox = (chartId: string) => setBoxRefresh((current) => ({ ...current, [chartId]: (current[chartId] ?? 0) + 1 }));
  // live dashboards (issue 33): the charts whose source changed re-run by themselves; a save by someone else offers a reload
  const shownIds = useMemo(() => shown.map((c) => c.chartId), [shown]);
  const live = useLiveDashboard({ dashboardId: content.dashboardId, enabled: tab === 'dashboard' && apiTab === 'dashboard', shownChartIds: shownIds, refresh: refreshBox });

  // linkage (cross-filter), compare split and chart copies (modules/dashboard-linkage)
  const queryClient = useQueryClient();
  const linkage = useDashboardLinkage({
    tab: apiTab,
    dashboardId: content.dashboardId,
    charts: content.charts,
    linkage: content.linkage,
    loadFolders: dashboardApi.projects,
    onDashboardChanged: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.content(apiTab, content.dashboardId) }),
  });
  // global filters (modules/dashboard-filters): the items stored with the dashboard, the values in the page URL
  const globals = useGlobalFilters(content.globalFilter);
  // report subscriptions (issue 30): the dashboard tab only, from the toolbar (whole dashboard) or a chart's menu
  const { st } = useSubTranslation();
  const subscribable = tab === 'dashboard' && apiTab === 'dashboard' && !apiName;
  const [subscribing, setSubscribing] = useState<SubscriptionTarget | null>(null);
  const subscribeTo = (chart?: ChartSummary) =>
    setSubscribing({ dashboardId: content.dashboardId, ...(chart ? { chartId: chart.chartId } : {}), title: chart ? chart.title : content.name, filterItems: globals.items, valueOfItem: globals.valueOf });
  // public links (issue 32): the dashboard tab only, from the toolbar (whole dashboard) or a chart's menu
  const links = usePublicLinks(content.dashboardId, subscribable);
  // inner filter values of this view, the detail dialog and the rows' export (modules/chart-detail)
  const detail = useChartDetail({ tab: apiTab });
  /** The filters a box runs with: the one rule of @bi/chart-model (global filter items, linkage, the viewer's inner values); none: the run as it was. */
  // worked out once per chart while the filters in force stay the same (not on every render and every call of a box)
  // drill-down: each chart's drill path in the page URL (?drill=), sent with its runs, details and export (ANDed with the filters)
  const [drillPaths, setDrillPaths] = useUrlState(DRILL_PARAM, drillCodec);
  const drillTo = useCallback((chartId: string) => (path: string[]) => setDrillPaths((current) => withDrillPath(current, chartId, path)), [setDrillPaths]);
  const filtersOf = useMemo(() => {
    const known = new WeakMap<ChartSummary, RunFilters | undefined>();
    return (chart: ChartSummary): RunFilters | undefined => {
      if (known.has(chart)) return known.get(chart);
      const { globalFilters, innerFilters } = chartFilters({ chart, globalFilters: globals.items, globalValues: globals.values, linkage: linkage.linkageInput, innerValues: detail.innerValuesOf(chart.chartId) });
      const drill = drillPaths?.[chart.chartId];
      const run =
        globalFilters.length === 0 && !innerFilters && !drill ? undefined : { ...(globalFilters.length > 0 ? { globalFilters } : {}), ...(innerFilters ? { innerFilters } : {}), ...(drill ? { drill: [...drill] } : {}) };
      known.set(chart, run);
      return run;
    };
  }, [globals.items, globals.values, linkage.linkageInput, detail.innerValuesOf, drillPaths]);

  // the boxes the page shows at once run now, in one batch, while the page builds them (not once each is laid out and seen)
  const { i18n } = useTranslation();
  const [prefetched] = useState(() => {
    if (typeof window === 'undefined' || fullscreen.active) return false;
    const inView = new Set(placedWithin(aspectsToLayout(content.aspects, shown.map((c) => c.chartId)), window.innerHeight + SEEN_MARGIN_PX));
    // and the renderers' chunk, fetched and compiled meanwhile
    if (inView.size > 0) void loadChartRenderer().catch(() => undefined);
    prefetchChartRuns(
      queryClient,
      apiTab,
      i18n.language,
      shown.filter((c) => inView.has(c.chartId) && c.type !== 'table').map((chart) => ({ chartId: chart.chartId, filters: filtersOf(chart) })),
    );
    return true;
  });
  void prefetched;

  const liveWhat = (what: string) => (LIVE_WHATS.includes(what as LiveWhat) ? db(`live.what.${what as LiveWhat}`) : what);

  const chartActions = (chart: ChartSummary) => chartBoxActions({ editAuth, dataSourceAuth: dataSourceAuth(chart.dataSourceId), apiName, tab: apiTab });
  /** After a restore: the dashboard's content, its grid and every chart's run afresh. */
  const afterRestore = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.content(apiTab, content.dashboardId) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.projects(apiTab) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.allCharts(apiTab, content.dashboardId) });
    setGridVersion((v) => v + 1);
    setGlobalRefresh((v) => v + 1);
  };

  const confirmDelete = (chart: ChartSummary) =>
    modal.confirm(deleteConfirmation(t, {
      title: db('chart.deleteTitle'),
      content: db('chart.deleteContent', { title: chart.title }),
      onOk: async () => {
        try {
          flushLayout();
          await mutations.deleteChart.mutateAsync(chart.chartId);
          void message.success(db('chart.deleted'));
        } catch (error) {
          void message.error(error instanceof Error ? error.message : t('errors.operationFailed'));
        }
      },
    }));

  const hideChart = async (chart: ChartSummary) => {
    try {
      flushLayout();
      await mutations.hideCharts.mutateAsync([{ chartId: chart.chartId, title: chart.title, hide: true }]);
      void message.success(db('chart.hidden'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : t('errors.operationFailed'));
    }
  };

  const editChart = (chart: Pick<ChartSummary, 'chartId'>) =>
    void navigate(
      buildPath(tab === 'template' ? 'template_chart_edit' : 'dashboard_chart_edit', {
        project: content.projectId || projectId,
        dashboard: content.dashboardId,
        chart: chart.chartId,
      }));

  const onExport = async (kind: 'png' | 'pdf') => {
    const element = gridRef.current;
    if (!element || exporting) return;
    const unloaded = shown.filter((c) => !loaded.has(c.chartId)).length;
    setExporting(true);
    setForceLoad(true);
    try {
      await sleep(exportWaitMs(unloaded));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      const background = document.documentElement.dataset.theme === 'dark' ? '#141414' : '#ffffff';
      await exportElement(element, kind, exportFileName(content.name, kind), background);
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : db('board.toolbar.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  /**
   * A click on a point: linkage where the chart filters others, else the point's detail rows. A chart
   * with a drill hierarchy drills instead (ChartView), and at its lowest level opens the point's rows
   * (drillLeaf: its category names the drilled level, not the dimension linkage maps).
   */
  const pointClickOf = (chart: ChartSummary): PointClickHandler => {
    const link = linkage.clickHandlerOf(chart.chartId);
    return (point, event) => (link && !point.drillLeaf ? link(point, event) : detail.openDetails(chart, point.category));
  };

  const renderGridBox = (chart: ChartSummary) => (
    <ChartBox
      tab={apiTab}
      chart={chart}
      variant="grid"
      actions={chartActions(chart)}
      refreshKey={refreshKeyOf(chart.chartId)}
      forceLoad={forceLoad}
      draggable={draggable}
      onLoaded={onLoaded}
      onRefresh={() => refreshBox(chart.chartId)}
      updatedAt={live.updatedAt[chart.chartId]}
      onEdit={() => editChart(chart)}
      onFullScreen={() => setViewerIndex(Math.max(0, ordered.findIndex((c) => c.chartId === chart.chartId)))}
      onDelete={() => confirmDelete(chart)}
      onHide={() => void hideChart(chart)}
      onCopy={() => linkage.openCopy(chart)}
      onLinkSettings={() => linkage.openLinkSettings(chart)}
      onCompareSplit={() => linkage.openCompareSplit(chart)}
      filters={filtersOf(chart)}
      onPointClick={pointClickOf(chart)}
      onDrill={drillTo(chart.chartId)}
      chips={linkage.chipsOf(chart.chartId)}
      onInnerFilters={() => detail.toggleBar(chart.chartId)}
      innerFilters={{ open: detail.isBarOpen(chart.chartId), active: detail.activeInnerOf(chart.chartId) }}
      innerFilterBar={detail.barOf(chart, chartActions(chart).edit)}
      onDetailQuery={() => detail.openDetails(chart)}
      onExportRows={() => detail.exportRows(chart, filtersOf(chart))}
      extraMenu={[
        ...(boxExtension.menuOf?.(chart, filtersOf(chart)) ?? []),
        ...(subscribable ? [{ key: 'subscribe', testId: 'menu-subscribe', label: st('entry'), onClick: () => subscribeTo(chart) }] : []),
        ...links.chartEntry(chart, filtersOf(chart)),
        ...(chartActions(chart).edit ? [{ key: 'history', testId: 'menu-history', label: hs('entry'), onClick: () => setHistoryOf({ kind: 'chart', objectId: chart.chartId, name: chart.title }) }] : []),
      ]}
    />
  );

  const renderSlide = (variant: 'slide' | 'viewer') => (chart: ChartSummary) => (
    <ChartBox
      tab={apiTab}
      chart={chart}
      variant={variant}
      actions={chartActions(chart)}
      refreshKey={refreshKeyOf(chart.chartId)}
      onLoaded={onLoaded}
      onRefresh={() => refreshBox(chart.chartId)}
      updatedAt={live.updatedAt[chart.chartId]}
      filters={filtersOf(chart)}
      chips={linkage.chipsOf(chart.chartId)}
    />
  );

  const rootClass = ['bi-dashboard', fullscreen.active ? 'bi-dashboard--fullscreen' : '', fullscreen.overlay ? 'bi-dashboard--overlay' : ''].join(' ');
  const popupContainer = fullscreen.native ? () => rootRef.current ?? document.body : undefined;

  return (
    <ConfigProvider getPopupContainer={popupContainer}>
      <div
        ref={rootRef}
        className={rootClass}
        data-testid="dashboard-view"
        data-dashboard-id={content.dashboardId}
        data-fullscreen={fullscreen.active ? (fullscreen.native ? 'native' : 'overlay') : 'false'}
        data-locked={locked ? 'true' : 'false'}
      >
        <header className="bi-dashboard__header">
          <div className="bi-dashboard__heading">
            <Typography.Title level={4} className="bi-dashboard__title" data-testid="dashboard-title">
              {content.name}
            </Typography.Title>
            {content.projectName ? (
              <Typography.Text type="secondary" className="bi-dashboard__folder">
                {db('board.folder', { name: content.projectName })}
              </Typography.Text>
            ) : null}
          </div>
          <DashboardToolbar
            actions={toolbar}
            fullScreen={fullscreen.active}
            locked={locked}
            canToggleLock={canToggleLock({ apiName })}
            exporting={exporting}
            refreshMinutes={refreshMinutes}
            fullView={fullView}
            onFullView={setFullView}
            onAddChart={() => setDialog('addChart')}
            onExport={(kind) => void onExport(kind)}
            onHideCharts={() => setDialog('hideCharts')}
            onGlobalFilter={() => setDialog('globalFilter')}
            onToggleFullScreen={() => void fullscreen.toggle()}
            onToggleLock={() => setLocked((value) => (canToggleLock({ apiName }) ? !value : value))}
            onRefreshMinutes={setRefreshMinutes}
            {...(subscribable ? { subscribe: { label: st('entry'), onClick: () => subscribeTo() } } : {})}
            {...(links.on ? { shareLink: { label: links.label, onClick: () => links.shareDashboard(content.name, currentFilters(globals.items, globals.valueOf)) } } : {})}
            {...(toolbar.addChart
              ? {
                  history: { label: hs('entry'), onClick: () => setHistoryOf({ kind: 'dashboard', objectId: content.dashboardId, name: content.name }) },
                  trash: { label: hs('trashEntry'), onClick: () => setTrashOpen(true) },
                }
              : {})}
          />
        </header>

        {live.saved ? (
          <Alert
            className="bi-dashboard__live-notice"
            data-testid="live-saved-notice"
            type="info"
            showIcon
            closable
            onClose={live.dismissSaved}
            message={
              live.saved.savedByName
                ? db('live.saved', { name: live.saved.savedByName, what: liveWhat(live.saved.what) })
                : db('live.savedAnonymous', { what: liveWhat(live.saved.what) })
            }
            action={
              <Button
                size="small"
                type="primary"
                data-testid="live-saved-reload"
                onClick={() => {
                  live.dismissSaved();
                  void queryClient.invalidateQueries({ queryKey: dashboardKeys.content(apiTab, content.dashboardId) });
                }}
              >
                {db('live.reload')}
              </Button>
            }
          />
        ) : null}

        <GlobalFilterBar tab={apiTab} dashboardId={content.dashboardId} items={globals.items} valueOf={globals.valueOf} onChange={globals.setValue} onClearAll={globals.clearAll} />

        <div ref={bodyRef} className="bi-dashboard__body" data-testid="dashboard-body" data-view={fullscreen.active ? fullView : 'page'}>
          {toolbar.carousel && fullView === 'carousel' ? (
            <DashboardCarousel charts={ordered} testIdPrefix="carousel" autoPlay renderSlide={renderSlide('slide')} />
          ) : shown.length === 0 ? (
            <div ref={gridRef} data-testid="grid" className="bi-grid-export">
              <Empty className="bi-dashboard__empty" description={<span data-testid="dashboard-empty">{db('board.noCharts')}</span>} />
            </div>
          ) : (
            <DashboardGrid
              key={gridVersion}
              gridRef={gridRef}
              aspects={content.aspects}
              charts={shown}
              editable={draggable}
              renderBox={renderGridBox}
              onLayoutStop={onLayoutStop}
              rowHeight={fitHeight}
            />
          )}
        </div>

        <AddChartDialog
          open={dialog === 'addChart'}
          onClose={() => setDialog(null)}
          onSubmit={async (chart) => {
            flushLayout();
            const chartId = await mutations.addChart.mutateAsync(chart);
            void message.success(db('chart.added'));
            // a new chart is built in the editor right away
            editChart({ chartId });
          }}
        />
        {linkage.renderDialogs(filtersOf)}
        {detail.renderDialogs(filtersOf)}
        {boxExtension.dialogs}
        {links.dialog}
        {historyOf ? (
          <HistoryPanel tab={apiTab} kind={historyOf.kind} objectId={historyOf.objectId} name={historyOf.name} canRestore={editAuth} onClose={() => setHistoryOf(null)} onRestored={afterRestore} />
        ) : null}
        {trashOpen ? <TrashPanel tab={apiTab} onClose={() => setTrashOpen(false)} onRestored={afterRestore} /> : null}
        {subscribing ? <SubscriptionDialog open target={subscribing} onClose={() => setSubscribing(null)} /> : null}
        {dialog === 'globalFilter' ? (
          <GlobalFilterDialog
            open
            tab={apiTab}
            dashboardId={content.dashboardId}
            charts={content.charts}
            items={globals.items}
            onClose={() => setDialog(null)}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.content(apiTab, content.dashboardId) })}
          />
        ) : null}
        <HideChartsDialog
          open={dialog === 'hideCharts'}
          tab={tab}
          dashboardId={content.dashboardId}
          onClose={() => setDialog(null)}
          onSubmit={async (items) => {
            flushLayout();
            await mutations.hideCharts.mutateAsync(items);
          }}
        />
        <Modal
          open={viewerIndex !== null}
          title={db('chart.viewer')}
          footer={null}
          onCancel={() => setViewerIndex(null)}
          destroyOnHidden
          width="100%"
          className="bi-chart-viewer"
          style={{ top: 0, paddingBottom: 0, maxWidth: '100vw' }}
        >
          <div data-testid="chart-viewer">
            {viewerIndex !== null ? <DashboardCarousel charts={ordered} testIdPrefix="viewer" autoPlay={false} startIndex={viewerIndex} renderSlide={renderSlide('viewer')} /> : null}
          </div>
        </Modal>
      </div>
    </ConfigProvider>
  );
}
