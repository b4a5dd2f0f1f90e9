import {
  AlertOutlined,
  EditOutlined,
  FilterOutlined,
  FullscreenOutlined,
  MoreOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { Suspense, lazy, useCallback, useRef, useState, type ReactNode } from 'react';
import { ChartView } from '../../chart/components/ChartView';
import { useSeenOnce } from '../hooks/useInView';
import type { ChartSummary, DrillMeta, PointClickHandler, RunFilters } from '../../chart/types';
import { DrillCrumbs } from './DrillCrumbs';
import type { TabType } from '../types';
import type { ChartBoxActions } from '../utils/permissions';
import { useDbTranslation } from '../i18n';
import { clockTime } from '../utils/live';
import { AlarmDialog, alertsOffered } from '../../warnings';

// opened rarely: its own chunk, fetched when the menu entry is chosen (not on the dashboard's first paint)
const ChartSourceDialog = lazy(() => import('./ChartSourceDialog').then((m) => ({ default: m.ChartSourceDialog })));

export type ChartBoxVariant = 'grid' | 'slide' | 'viewer';

/** A more-menu entry a higher module adds to the box (the app hands it down: DashboardPage's `useBoxExtension`). */
export interface BoxMenuEntry {
  key: string;
  testId: string;
  label: string;
  onClick: () => void;
}

interface ChartBoxProps {
  /** the tab the chart is run in (the dashboard's apiName, or its tab) */
  tab: TabType;
  chart: ChartSummary;
  actions: ChartBoxActions;
  variant: ChartBoxVariant;
  /** Changes when the chart must reload (its refresh button, the full-screen timer). */
  refreshKey: number;
  /** Load even when not visible (before an export). */
  forceLoad?: boolean;
  /** Dragging is possible: the title bar is the drag handle. */
  draggable?: boolean;
  /** The chart is drawn, or shows its error / empty / no-fields state (the export waits for the others). */
  onLoaded?: (chartId: string) => void;
  onRefresh?: () => void;
  onEdit?: () => void;
  onFullScreen?: () => void;
  onDelete?: () => void;
  onHide?: () => void;
  onCopy?: () => void;
  onLinkSettings?: () => void;
  onCompareSplit?: () => void;
  /** the filters of this view beside the chart's own (chartFilters of @bi/chart-model) */
  filters?: RunFilters;
  /** a click on a point of the chart (linkage) */
  onPointClick?: PointClickHandler;
  /** drill-down (filters.drill the path shown): a click goes one level down, the breadcrumbs back up */
  onDrill?: (path: string[]) => void;
  /** shown above the chart: the chips of the filters on it (linkage) */
  chips?: ReactNode;
  /** the filter button opens / closes the chart's inner filter bar (modules/chart-detail) */
  onInnerFilters?: () => void;
  /** the bar is open, and how many of its filters the viewer set */
  innerFilters?: { open: boolean; active: number };
  /** the inner filter bar, shown above the chart while open */
  innerFilterBar?: ReactNode;
  /** the more menu's "detail query" and "export" (the chart's rows) */
  onDetailQuery?: () => void;
  onExportRows?: () => void;
  /** the more menu's entries after its own (e.g. the relation module's "relation map") */
  extraMenu?: readonly BoxMenuEntry[];
  /** live dashboards: when the chart's data last changed (ISO); the box shows "updated hh:mm" */
  updatedAt?: string;
}

function ToolButton({ testId, title, icon, onClick, disabled, pressed }: { testId: string; title: string; icon: ReactNode; onClick?: () => void; disabled?: boolean; pressed?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" icon={icon} aria-label={title} data-testid={testId} onClick={onClick} disabled={disabled} aria-pressed={pressed} className={pressed ? 'is-pressed' : undefined} />
    </Tooltip>
  );
}

/**
 * A chart box (spec 01 §2): title bar with the toolbar (refresh, edit, full-screen, alarm setting,
 * inner filters, more), and the chart, run once the box has been visible (lazy loading) and run
 * again on each new refresh key.
 */
export function ChartBox({ tab, chart, actions, variant, refreshKey, forceLoad = false, draggable = false, onLoaded, onRefresh, onEdit, onFullScreen, onDelete, onHide, onCopy, onLinkSettings, onCompareSplit, filters, onPointClick, onDrill, chips, onInnerFilters, innerFilters, innerFilterBar, onDetailQuery, onExportRows, extraMenu, updatedAt }: ChartBoxProps) {
  const { db, i18n } = useDbTranslation();
  const updatedTime = updatedAt ? clockTime(updatedAt, i18n.language) : '';
  const bodyRef = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(bodyRef, forceLoad);
  const full = variant === 'grid';
  const [loaded, setLoaded] = useState(false);
  const [alarmOpen, setAlarmOpen] = useState(false);
  const [sourceOpen, setSourceOpen] = useState(false);
  const [drillMeta, setDrillMeta] = useState<DrillMeta | undefined>(undefined);
  // the chart's source was deleted: whoever may edit the chart may put it on another source
  const [sourceMissing, setSourceMissing] = useState(false);
  const openSource = useCallback(() => setSourceOpen(true), []);
  const chartLoaded = useCallback(
    (chartId: string) => {
      setLoaded(true);
      onLoaded?.(chartId);
    },
    [onLoaded],
  );

  const item = (key: string, testId: string, label: string, disabled: boolean, danger = false): NonNullable<MenuProps['items']>[number] => ({
    key,
    label: <span data-testid={testId}>{label}</span>,
    disabled,
    danger,
  });
  const menuItems: MenuProps['items'] = [];
  if (actions.delete) menuItems.push(item('delete', 'menu-delete', db('chart.menu.delete'), false, true));
  if (actions.copy) menuItems.push(item('copy', 'menu-copy', db('chart.menu.copy'), !onCopy));
  if (actions.hide) menuItems.push(item('hide', 'menu-hide', db('chart.menu.hide'), false));
  if (actions.modifyDataSource || (actions.edit && sourceMissing)) menuItems.push(item('modify-data-source', 'menu-modify-data-source', db('chart.menu.modifyDataSource'), false));
  if (actions.linkSettings) menuItems.push(item('link-settings', 'menu-link-settings', db('chart.menu.linkSettings'), !onLinkSettings));
  if (actions.compareSplit) menuItems.push(item('compare-split', 'menu-compare-split', db('chart.menu.compareSplit'), !onCompareSplit));
  if (actions.export) menuItems.push(item('export', 'menu-export', db('chart.menu.export'), !onExportRows));
  if (actions.detailQuery) menuItems.push(item('detail-query', 'menu-detail-query', db('chart.menu.detailQuery'), !onDetailQuery));
  for (const entry of extraMenu ?? []) menuItems.push(item(`extra:${entry.key}`, entry.testId, entry.label, false));

  const testId = variant === 'viewer' ? `viewer-chart-${chart.chartId}` : `chart-box-${chart.chartId}`;

  return (
    <div className={`bi-chart-box bi-chart-box--${variant}`} data-testid={testId} data-chart-id={chart.chartId} data-loaded={loaded ? 'true' : 'false'}>
      <div className={['bi-chart-box__header', draggable ? 'is-draggable' : ''].join(' ')}>
        <span className="bi-chart-box__title" data-testid="chart-box-title" title={chart.title}>
          {chart.title}
        </span>
        {updatedTime ? (
          <span className="bi-chart-box__live" data-testid="chart-live-badge" data-updated-at={updatedAt} title={db('live.updatedTitle', { time: updatedTime })}>
            {db('live.updated', { time: updatedTime })}
          </span>
        ) : null}
        <div className="bi-chart-box__tools" data-export-ignore="true">
          {actions.refresh ? <ToolButton testId="box-refresh" title={db('chart.toolbar.refresh')} icon={<ReloadOutlined />} onClick={onRefresh} /> : null}
          {full && actions.edit ? <ToolButton testId="box-edit" title={db('chart.toolbar.edit')} icon={<EditOutlined />} onClick={onEdit} /> : null}
          {full && actions.fullScreen ? <ToolButton testId="box-fullscreen" title={db('chart.toolbar.fullScreen')} icon={<FullscreenOutlined />} onClick={onFullScreen} /> : null}
          {full && actions.alarm && alertsOffered(tab, chart.type) ? <ToolButton testId="box-alarm" title={db('chart.toolbar.alarm')} icon={<AlertOutlined />} onClick={() => setAlarmOpen(true)} /> : null}
          {full && actions.innerFilters ? (
            <ToolButton
              testId="box-filters"
              title={innerFilters?.active ? `${db('chart.toolbar.innerFilters')} (${innerFilters.active})` : db('chart.toolbar.innerFilters')}
              icon={<FilterOutlined />}
              onClick={onInnerFilters}
              disabled={!onInnerFilters}
              pressed={innerFilters?.open || (innerFilters?.active ?? 0) > 0}
            />
          ) : null}
          {full && menuItems.length > 0 ? (
            <Dropdown
              trigger={['click']}
              destroyOnHidden
              menu={{
                items: menuItems,
                onClick: ({ key }) => {
                  if (key === 'delete') onDelete?.();
                  else if (key === 'hide') onHide?.();
                  else if (key === 'copy') onCopy?.();
                  else if (key === 'modify-data-source') setSourceOpen(true);
                  else if (key === 'link-settings') onLinkSettings?.();
                  else if (key === 'compare-split') onCompareSplit?.();
                  else if (key === 'detail-query') onDetailQuery?.();
                  else if (key === 'export') onExportRows?.();
                  else extraMenu?.find((entry) => `extra:${entry.key}` === key)?.onClick();
                },
              }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={db('chart.toolbar.more')} data-testid="box-more" />
            </Dropdown>
          ) : null}
        </div>
      </div>
      {onDrill ? <DrillCrumbs path={filters?.drill ?? []} meta={drillMeta} onGo={onDrill} /> : null}
      {chips}
      {innerFilterBar}
      <div className="bi-chart-box__body" ref={bodyRef} data-refresh={refreshKey}>
        <ChartView
          tab={tab}
          chart={chart}
          variant={variant}
          enabled={seen}
          refreshKey={refreshKey}
          onLoaded={chartLoaded}
          onEdit={full && actions.edit ? onEdit : undefined}
          onChangeSource={full && actions.edit ? openSource : undefined}
          onSourceMissing={setSourceMissing}
          filters={filters}
          onPointClick={onPointClick}
          onDrill={onDrill}
          onDrillMeta={onDrill ? setDrillMeta : undefined}
        />
      </div>
      {sourceOpen ? (
        <Suspense fallback={null}>
          <ChartSourceDialog tab={tab} chartId={chart.chartId} dashboardId={chart.dashboardId} onClose={() => setSourceOpen(false)} />
        </Suspense>
      ) : null}
      {alarmOpen ? <AlarmDialog tab={tab} chartId={chart.chartId} title={chart.title} open onClose={() => setAlarmOpen(false)} /> : null}
    </div>
  );
}
