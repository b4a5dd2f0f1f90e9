import type { TabType } from '../types';

/**
 * editAuth (spec 01 §6, computed as docs/api/sharing.md "Edit rights"): the dashboard tab needs
 * dashboard:edit (admin, analyst; not viewer); templates and their folders need template:edit.
 */
export function editAuthFor(tab: TabType, canEditTemplate: boolean, canEditDashboard: boolean): boolean {
  return tab === 'dashboard' ? canEditDashboard : canEditTemplate;
}

export interface ChartBoxContext {
  editAuth: boolean;
  /** Access to the chart's data source (datasource:{dataSourceId}). */
  dataSourceAuth: boolean;
  /** The apiName query (present when a published template is viewed). */
  apiName?: string | null;
  tab: TabType;
}

/** Which entries of the chart box toolbar and its "more" menu are shown. */
export interface ChartBoxActions {
  refresh: boolean;
  edit: boolean;
  fullScreen: boolean;
  alarm: boolean;
  innerFilters: boolean;
  delete: boolean;
  copy: boolean;
  hide: boolean;
  modifyDataSource: boolean;
  linkSettings: boolean;
  compareSplit: boolean;
  export: boolean;
  detailQuery: boolean;
}

/**
 * Chart box toolbar rules (spec 01 §2): edit, delete, copy, hide, modify data source, link
 * settings and alarm setting need editAuth and are hidden with an apiName query; alarm setting
 * also needs the dashboard tab. Refresh, full-screen, inner filters, detail query, export and
 * compare split need no edit permission. Actions that touch the chart's data source (modify
 * data source, detail query) also need dataSourceAuth.
 */
export function chartBoxActions({ editAuth, dataSourceAuth, apiName, tab }: ChartBoxContext): ChartBoxActions {
  const edit = editAuth && !apiName;
  return {
    refresh: true,
    edit,
    fullScreen: true,
    alarm: edit && tab === 'dashboard',
    innerFilters: true,
    delete: edit,
    copy: edit,
    hide: edit,
    modifyDataSource: edit && dataSourceAuth,
    linkSettings: edit,
    compareSplit: true,
    export: true,
    detailQuery: dataSourceAuth,
  };
}

export interface DashboardToolbarContext {
  editAuth: boolean;
  apiName?: string | null;
  fullScreen: boolean;
}

export interface DashboardToolbarActions {
  addChart: boolean;
  export: boolean;
  globalFilter: boolean;
  hideCharts: boolean;
  refreshSettings: boolean;
  fullScreen: boolean;
  lock: boolean;
  carousel: boolean;
}

/**
 * Dashboard toolbar rules (spec 01 §2): add chart, global filter configuration and hide charts
 * need editAuth (and no apiName query); refresh settings and the carousel only in full-screen;
 * the lock toggle only when not full-screen and without an apiName query, and (unlocking only
 * serves editing) only with editAuth.
 */
export function dashboardToolbarActions({ editAuth, apiName, fullScreen }: DashboardToolbarContext): DashboardToolbarActions {
  const edit = editAuth && !apiName && !fullScreen;
  return {
    addChart: edit,
    export: !fullScreen,
    globalFilter: edit,
    hideCharts: edit,
    refreshSettings: fullScreen,
    fullScreen: true,
    lock: editAuth && !fullScreen && !apiName,
    carousel: fullScreen,
  };
}
