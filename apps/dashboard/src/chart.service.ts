import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from '@bi/cache';
import { randomUUID } from 'node:crypto';
import { keepKnownWarnIds, warnItems, type Chart } from '@bi/chart-model';
import { AppError } from '@bi/core';
import type { SqlExecutor } from '@bi/persistence';
import type { dashboardV1 } from '@bi/proto';
import type { Tab } from '@bi/rules';
import { applyTypeRules, chartOf, checkAgainstSource, checkCustomOption, definitionOf, parseChart, switchSource, type SourceField } from './chart-schema.js';
import { CACHE, idOrNotFound, tabOrInvalid } from '@bi/service-kit';
import { renewChartStamps } from './chart-stamps.js';
import { ChartRepository, type ChartRow } from './chart.repository.js';
import { DashboardRevisions } from './revisions.service.js';

function sourceFields(fields: dashboardV1.SourceFieldRef[]): SourceField[] {
  return fields.map((f) => ({ name: f.name, dataType: f.dataType === 'number' || f.dataType === 'date' ? f.dataType : 'string' }));
}

/**
 * Alert ids are the server's (issue 26): a sent alert keeps its warnId only when the stored chart has
 * it, any other gets a new one. (The owner, warnConfigData.userId, is set by the BFF: the saver.)
 */
function serverWarnIds(chart: Chart, row: ChartRow): Chart {
  if (!chart.warnConfigData) return chart;
  return { ...chart, warnConfigData: keepKnownWarnIds(chart.warnConfigData, chartOf(row).warnConfigData, randomUUID) };
}

/** The version of the chart's newest change in this transaction (its ChartChanged event's version) and its dashboard's creator. */
async function changeVersion(tx: SqlExecutor, chartId: string): Promise<{ version: number; dashboardOwnerId: string }> {
  const r = await tx.query<{ version: string | number | null; owner: string | null }>(
    `SELECT (SELECT max(seq) FROM dashboard.chart_changes WHERE chart_id = $1) AS version,
            (SELECT d.created_by::text FROM dashboard.charts c JOIN dashboard.dashboards d ON d.id = c.dashboard_id WHERE c.id = $1) AS owner`,
    [chartId],
  );
  return { version: Number(r.rows[0]?.version ?? 0), dashboardOwnerId: r.rows[0]?.owner ?? '' };
}

/** The link settings are written by SaveLinkage only: an editor's save or switch keeps the stored ones. */
function keepLinkage(chart: Chart, row: ChartRow): Chart {
  const { linkage } = chartOf(row);
  const { linkage: _sent, ...rest } = chart;
  return linkage ? { ...rest, linkage } : rest;
}

export function chartRecord(row: Pick<ChartRow, 'dashboard_id' | 'project_id' | 'tab'>, chart: Chart): dashboardV1.ChartRecord {
  return { chartId: chart.chartId, dashboardId: row.dashboard_id, projectId: row.project_id, tab: row.tab, dataSourceId: chart.dataSourceId, chartJson: JSON.stringify(chart), version: 0, dashboardOwnerId: '' };
}

/**
 * Chart definitions for the chart engine and the editor (docs/api/chart.md): the whole chart, saved
 * under the editor's rules (spec 01 §4–§5), switched to another source, found by source. Access to
 * sources is checked by the BFF, which also sends the source's fields for the field checks.
 */
@Injectable()
export class ChartService {
  constructor(
    private readonly repo: ChartRepository,
    @Inject(CACHE) private readonly cache: Cache,
    private readonly revisions: DashboardRevisions,
  ) {}

  /** Runs a transaction that changes charts, then renews their freshness stamps (before the call answers). */
  private async changing<T>(work: (tx: SqlExecutor) => Promise<T>, ids: (result: T) => string[], revision?: { tab: string; chartIds: string[]; actorId: string }): Promise<T> {
    if (revision) for (const id of revision.chartIds) await this.revisions.baseline(revision.tab, 'chart', id);
    const result = await this.repo.db.transaction(work);
    // the charts' new states in their history (issue 33)
    for (const id of revision ? ids(result) : []) await this.revisions.record(revision!.tab, 'chart', id, revision!.actorId);
    await renewChartStamps(this.cache, ids(result));
    return result;
  }

  async getChart(tab: string, chartId: string): Promise<dashboardV1.ChartRecord> {
    const row = await this.row(tabOrInvalid(tab), chartId);
    return chartRecord(row, chartOf(row));
  }

  async saveChart(req: dashboardV1.SaveChartRequest): Promise<dashboardV1.ChartRecord> {
    const t = tabOrInvalid(req.tab);
    let chart = parseChart(req.chartJson);
    // alarm setting is offered on the dashboard route only (spec 01 §2)
    if (t !== 'dashboard' && warnItems(chart.warnConfigData).length > 0) throw new AppError('invalid', 'warn.dashboard_only');
    return this.changing(
      async (tx) => {
        const row = await this.row(t, chart.chartId, tx);
        if (req.checkFields && chart.dataSourceId) chart = checkAgainstSource(chart, sourceFields(req.sourceFields));
        chart = serverWarnIds(keepLinkage(applyTypeRules(chart, row.type), row), row);
        await this.write(tx, t, chart);
        return { ...chartRecord(row, chart), ...(await changeVersion(tx, chart.chartId)) };
      },
      (r) => [r.chartId],
      { tab: t, chartIds: [chart.chartId], actorId: req.actorId },
    );
  }

  async setCustomOption(tab: string, chartId: string, customOption: string, actorId = ''): Promise<dashboardV1.ChartRecord> {
    const t = tabOrInvalid(tab);
    checkCustomOption(customOption);
    return this.changing(
      async (tx) => {
        const row = await this.row(t, chartId, tx);
        const chart = chartOf(row);
        if (customOption.trim()) chart.customOption = customOption;
        else delete chart.customOption;
        await this.write(tx, t, chart);
        return chartRecord(row, chart);
      },
      (r) => [r.chartId],
      { tab: t, chartIds: [chartId], actorId },
    );
  }

  async switchDataSource(req: dashboardV1.SwitchDataSourceRequest): Promise<dashboardV1.SwitchDataSourceReply> {
    const t = tabOrInvalid(req.tab);
    if (!req.dataSourceId) throw new AppError('invalid', 'chart.source_required');
    const sent = parseChart(req.chartJson);
    return this.changing(
      async (tx) => {
        const row = await this.row(t, sent.chartId, tx);
        const switched = switchSource(sent, req.dataSourceId, sourceFields(req.sourceFields));
        const chart = serverWarnIds(keepLinkage(applyTypeRules(switched.chart, row.type), row), row);
        await this.write(tx, t, chart);
        return { chart: { ...chartRecord(row, chart), ...(await changeVersion(tx, chart.chartId)) }, dropped: switched.dropped };
      },
      (r) => [r.chart.chartId],
      { tab: t, chartIds: [sent.chartId], actorId: req.actorId },
    );
  }

  /** Every chart of the folder's dashboards to one source, in one transaction (the sidebar's "modify data source"). */
  async switchProjectDataSource(req: dashboardV1.SwitchProjectDataSourceRequest): Promise<dashboardV1.SwitchProjectDataSourceReply> {
    const t = tabOrInvalid(req.tab);
    if (!req.dataSourceId) throw new AppError('invalid', 'chart.source_required');
    idOrNotFound(req.projectId, 'project.not_found');
    const fields = sourceFields(req.sourceFields);
    return this.changing(async (tx) => {
      const project = await tx.query('SELECT 1 FROM dashboard.projects WHERE tab = $1 AND id = $2', [t, req.projectId]);
      if (project.rows.length === 0) throw new AppError('not_found', 'project.not_found');
      const charts: dashboardV1.SwitchedChart[] = [];
      for (const row of await this.repo.chartsOfProject(t, req.projectId, tx)) {
        const switched = switchSource(chartOf(row), req.dataSourceId, fields);
        await this.write(tx, t, switched.chart);
        charts.push({ chartId: row.id, title: row.title, dropped: switched.dropped });
      }
      return { charts };
    }, (r) => r.charts.map((c) => c.chartId));
  }

  /** Every chart on a source after a change of its fields, in one transaction (a joined table's edit that dropped fields). */
  async followSourceFields(req: dashboardV1.FollowSourceFieldsRequest): Promise<dashboardV1.SwitchProjectDataSourceReply> {
    if (!req.dataSourceId) throw new AppError('invalid', 'chart.source_required');
    const fields = sourceFields(req.sourceFields);
    return this.changing(async (tx) => {
      const charts: dashboardV1.SwitchedChart[] = [];
      for (const row of await this.repo.chartsOnSource(req.dataSourceId, tx)) {
        const t = tabOrInvalid(row.tab);
        const switched = switchSource(chartOf(row), req.dataSourceId, fields);
        await this.write(tx, t, keepLinkage(applyTypeRules(switched.chart, row.type), row));
        charts.push({ chartId: row.id, title: row.title, dropped: switched.dropped });
      }
      return { charts };
    }, (r) => r.charts.map((c) => c.chartId));
  }

  async listChartsBySource(dataSourceId: string): Promise<dashboardV1.ListChartsBySourceReply> {
    if (!dataSourceId) return { charts: [] };
    const rows = await this.repo.chartsBySource(dataSourceId);
    return {
      charts: rows.map((r) => ({
        chartId: r.id,
        title: r.title,
        type: r.type,
        tab: r.tab,
        dashboardId: r.dashboard_id,
        dashboardName: r.dashboard_name,
        projectId: r.project_id,
        projectName: r.project_name,
      })),
    };
  }

  private async row(tab: Tab, chartId: string, q?: SqlExecutor): Promise<ChartRow> {
    idOrNotFound(chartId, 'chart.not_found');
    const row = await this.repo.findChart(tab, chartId, q);
    if (!row) throw new AppError('not_found', 'chart.not_found');
    return row;
  }

  private write(q: SqlExecutor, tab: Tab, chart: Chart): Promise<void> {
    return this.repo.updateChart(q, tab, chart.chartId, { title: chart.title, type: chart.type, dataSourceId: chart.dataSourceId, definition: definitionOf(chart) });
  }
}
