import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dashboardV1, dataSourceQueryV1, dataSourceV1 } from '@bi/proto';
import type { Tab } from '@bi/rules';
import { tabAccess } from '../dashboard/tab-access.js';
import { canReadSource, canWriteChart } from '@bi/access';
import { DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { principalOf, type AuthUser } from '../http/auth.guard.js';

type SourceDescription = dataSourceQueryV1.SourceDescription;

/** A chart as a write finds it: its record and the target source's description (when one is named). */
export interface ChartWrite {
  tab: Tab;
  record: dashboardV1.ChartRecord;
  /** the source the write puts the chart on, read afresh (undefined: none named) */
  target?: SourceDescription;
}

/**
 * The one check of every chart write (docs/architecture.md "Chart writes"): the tab's write
 * permission (tabAccess), then access to a source — admin, grant datasource:{id}, or its creator
 * (canAccessSource) — for
 * - the chart itself: the source it is on now, read afresh. Who cannot read a chart's data may not
 *   rewrite, re-point or delete it, nor copy or delete the dashboard or folder holding it
 *   (403 chart.write_forbidden, naming the chart; nothing is written);
 * - the source the write puts it on: a new chart's, a save's, a switch's (403 chart.source_forbidden).
 * A chart on no source, or on a source deleted since, needs the tab's permission only.
 * Every chart-write route calls one of these methods before its service call.
 */
@Injectable()
export class ChartWriteAccess {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
  ) {}

  /** An existing chart about to be changed or deleted; `to` (when non-empty) is the source it is put on. */
  async chart(user: AuthUser, tab: string, chartId: string, to?: string): Promise<ChartWrite> {
    const t = tabAccess(user, tab, 'write');
    const record = await rpc(this.dashboards.getChart({ tab: t, chartId }));
    if (to && to === record.dataSourceId) {
      // a write that keeps the chart on its source (a save): that source is read once, and refused as the chart's
      const source = await rpc(this.queries.describe({ dataSourceId: to }));
      if (!canWriteChart(principalOf(user), t, source)) throw new AppError('forbidden', 'chart.write_forbidden', { title: titleOf(record) });
      return { tab: t, record, target: source };
    }
    await this.checkCurrent(user, [record]);
    return { tab: t, record, target: to ? await this.target(user, to) : undefined };
  }

  /** A new chart on this source ('' or undefined: none yet). */
  async newChart(user: AuthUser, tab: string, dataSourceId: string | undefined): Promise<{ tab: Tab; target?: SourceDescription }> {
    const t = tabAccess(user, tab, 'write');
    return { tab: t, target: dataSourceId ? await this.target(user, dataSourceId) : undefined };
  }

  /** Every chart of a dashboard folder, all put on the source `to`. */
  async folder(user: AuthUser, tab: string, projectId: string, to: string): Promise<{ tab: Tab; target: SourceDescription }> {
    const t = await this.folderCharts(user, tab, projectId);
    return { tab: t, target: await this.target(user, to) };
  }

  /**
   * Every chart of a dashboard folder, deleted with it (DELETE /api/dashboard/project/{tab}/{id}): the
   * check of deleting each chart, so a folder delete cannot remove a chart its chart delete would keep.
   */
  async folderCharts(user: AuthUser, tab: string, projectId: string): Promise<Tab> {
    const t = tabAccess(user, tab, 'write');
    const project = (await rpc(this.dashboards.listProjects({ tab: t }))).projects.find((p) => p.projectId === projectId);
    if (!project) throw new AppError('not_found', 'project.not_found');
    await this.checkCurrent(user, await this.chartsOf(t, project.dashboards.map((d) => d.dashboardId)));
    return t;
  }

  /** Every chart of a dashboard, written anew (copying the dashboard) or deleted with it (deleting the dashboard). */
  async dashboard(user: AuthUser, tab: string, dashboardId: string): Promise<Tab> {
    const t = tabAccess(user, tab, 'write');
    await this.checkCurrent(user, await this.chartsOf(t, [dashboardId]));
    return t;
  }

  private async chartsOf(tab: Tab, dashboardIds: string[]): Promise<dashboardV1.ChartSummary[]> {
    const lists = await Promise.all(dashboardIds.map(async (dashboardId) => (await rpc(this.dashboards.listCharts({ tab, dashboardId }))).charts));
    return lists.flat();
  }

  /** The caller may use each chart's current source (each source read once). */
  private async checkCurrent(user: AuthUser, charts: readonly { dataSourceId: string; title?: string; chartJson?: string }[]): Promise<void> {
    const principal = principalOf(user);
    const ids = [...new Set(charts.map((c) => c.dataSourceId).filter(Boolean))];
    const refused = new Set<string>();
    await Promise.all(
      ids.map(async (dataSourceId) => {
        const source = await this.current(dataSourceId);
        if (source && !canReadSource(principal, source)) refused.add(dataSourceId);
      }),
    );
    const chart = charts.find((c) => refused.has(c.dataSourceId));
    if (chart) throw new AppError('forbidden', 'chart.write_forbidden', { title: titleOf(chart) });
  }

  /** A chart's current source as far as access goes; undefined when it was deleted. */
  private async current(dataSourceId: string): Promise<{ dataSourceId: string; createdById: string } | undefined> {
    try {
      return await rpc(this.sources.getSource({ dataSourceId }));
    } catch (e) {
      if (e instanceof AppError && e.kind === 'not_found') return undefined;
      throw e;
    }
  }

  /** The source a write puts a chart on, with the fields the dashboard service checks against. */
  private async target(user: AuthUser, dataSourceId: string): Promise<SourceDescription> {
    const source = await rpc(this.queries.describe({ dataSourceId }));
    if (!canReadSource(principalOf(user), source)) throw new AppError('forbidden', 'chart.source_forbidden');
    return source;
  }
}

function titleOf(chart: { title?: string; chartJson?: string }): string {
  if (chart.title !== undefined) return chart.title;
  try {
    const title = (JSON.parse(chart.chartJson ?? '{}') as { title?: unknown }).title;
    return typeof title === 'string' ? title : '';
  } catch {
    return '';
  }
}
