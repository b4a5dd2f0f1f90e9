import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dashboardV1 } from '@bi/proto';
import { isChartType } from '@bi/chart-model';
import { isReserved } from '@bi/rules';
import { isUuid, tabOrInvalid, validName } from '@bi/service-kit';
import { DashboardRepository } from './dashboard.repository.js';
import { withCopiedLinkage, withCopiedWarnings } from './dashboard.service.js';

const MAX_DASHBOARDS = 50;
const MAX_CHARTS_PER_DASHBOARD = 200;

function parseJson(text: string, fallback: unknown, what: string): unknown {
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: `${what}: expected JSON` });
  }
}

/** Global filter items with their chart references (charts[].chartId) moved to the new chart ids; references to charts not copied are dropped. */
export function remapGlobalFilterCharts(items: unknown, newIds: ReadonlyMap<string, string>): unknown[] {
  if (!Array.isArray(items)) return [];
  return items.map((item) => {
    const charts = (item as { charts?: unknown }).charts;
    if (!Array.isArray(charts)) return item;
    return { ...(item as object), charts: charts.filter((c) => newIds.has((c as { chartId?: string }).chartId ?? '')).map((c) => ({ ...(c as object), chartId: newIds.get((c as { chartId: string }).chartId) })) };
  });
}

/**
 * Dashboards as whole trees (layout, global filters, charts with definitions) for the template library:
 * ReadTree reads them, ImportTree writes a folder's worth in ONE transaction (docs/api/template.md).
 */
@Injectable()
export class TreeService {
  constructor(private readonly repo: DashboardRepository) {}

  async readTree(req: dashboardV1.ReadTreeRequest): Promise<dashboardV1.ReadTreeReply> {
    const t = tabOrInvalid(req.tab);
    if (req.dashboardIds.length > MAX_DASHBOARDS) throw new AppError('invalid', 'request.invalid', { detail: `at most ${MAX_DASHBOARDS} dashboards` });
    if (!req.dashboardIds.every(isUuid)) throw new AppError('not_found', 'dashboard.not_found');
    // two queries for all of them (not two per dashboard)
    const [rows, chartRows] = await Promise.all([this.repo.contents(t, req.dashboardIds), this.repo.chartsWithDefinitionsOf(req.dashboardIds)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const dashboards: dashboardV1.TreeDashboard[] = [];
    for (const id of req.dashboardIds) {
      const row = byId.get(id.toLowerCase());
      if (!row) throw new AppError('not_found', 'dashboard.not_found');
      const charts = chartRows.filter((c) => c.dashboard_id === row.id);
      dashboards.push({
        dashboardId: row.id,
        projectId: row.project_id,
        name: row.name,
        description: row.description,
        aspectsJson: JSON.stringify(row.aspects ?? []),
        globalFilterJson: JSON.stringify(row.global_filter ?? []),
        charts: charts.map((c) => ({ key: c.id, title: c.title, type: c.type, dataSourceId: c.data_source_id, hide: c.hide, definitionJson: JSON.stringify(c.definition ?? {}) })),
      });
    }
    return { dashboards };
  }

  async importTree(req: dashboardV1.ImportTreeRequest): Promise<dashboardV1.Project> {
    const t = tabOrInvalid(req.tab);
    if (!req.dashboards.length) throw new AppError('invalid', 'template.empty_folder');
    if (req.dashboards.length > MAX_DASHBOARDS) throw new AppError('invalid', 'request.invalid', { detail: `at most ${MAX_DASHBOARDS} dashboards` });
    // Everything is checked before the transaction writes anything.
    const prepared = req.dashboards.map((d) => {
      const name = validName(d.name);
      if (isReserved(name)) throw new AppError('invalid', 'name.reserved');
      if (d.charts.length > MAX_CHARTS_PER_DASHBOARD) throw new AppError('invalid', 'layout.invalid', { detail: `at most ${MAX_CHARTS_PER_DASHBOARD} charts` });
      const newIds = new Map(d.charts.map((c) => [c.key, randomUUID()]));
      const aspects = parseJson(d.aspectsJson, [], 'aspects');
      const globalFilter = parseJson(d.globalFilterJson, [], 'globalFilter');
      const charts = d.charts.map((c) => {
        if (!isChartType(c.type)) throw new AppError('invalid', 'request.invalid', { detail: `type ${c.type}` });
        return { ...c, id: newIds.get(c.key)!, definition: withCopiedWarnings(withCopiedLinkage(parseJson(c.definitionJson, {}, 'definition'), newIds), req.userId) };
      });
      return {
        name,
        description: d.description.slice(0, 200),
        aspects: (Array.isArray(aspects) ? aspects : []).filter((a: { chartId?: string }) => newIds.has(a.chartId ?? '')).map((a: { chartId: string }) => ({ ...a, chartId: newIds.get(a.chartId)! })),
        globalFilter: remapGlobalFilterCharts(globalFilter, newIds),
        charts,
      };
    });
    const newName = req.projectId ? '' : validName(req.newProjectName);
    if (newName && isReserved(newName)) throw new AppError('invalid', 'name.reserved');
    const userId = isUuid(req.userId) ? req.userId : null;
    return this.repo.db.transaction(async (tx) => {
      let project: dashboardV1.Project | undefined;
      if (req.projectId) {
        if (!isUuid(req.projectId)) throw new AppError('not_found', 'project.not_found');
        project = await this.repo.findProject(t, req.projectId, tx);
        if (!project) throw new AppError('not_found', 'project.not_found');
      } else {
        project = await this.repo.findProjectByName(t, newName, tx);
        if (project && !req.reuseProject) throw new AppError('conflict', 'name.used');
        if (!project) {
          const id = randomUUID();
          const order = await this.repo.nextProjectOrder(t, tx);
          await this.repo.insertProject(t, id, newName, order, userId, tx);
          project = { projectId: id, name: newName, order, dashboards: [] };
        }
      }
      for (const id of req.replaceDashboardIds) if (isUuid(id)) await tx.query('DELETE FROM dashboard.dashboards WHERE tab = $1 AND id = $2', [t, id]);
      const dashboards: dashboardV1.Dashboard[] = [];
      // the folder's next order once; each dashboard after it 10 further (as asking again after each insert would give)
      let order = await this.repo.nextDashboardOrder(project.projectId, tx);
      for (const d of prepared) {
        const id = randomUUID();
        await this.repo.insertDashboard(tx, { id, tab: t, projectId: project.projectId, name: d.name, description: d.description, order, userId, aspects: d.aspects, globalFilter: d.globalFilter });
        await this.repo.insertCharts(tx, d.charts.map((c) => ({ id: c.id, dashboardId: id, tab: t, title: c.title, type: c.type, dataSourceId: c.dataSourceId, hide: c.hide, definition: c.definition })));
        dashboards.push({ dashboardId: id, projectId: project.projectId, name: d.name, description: d.description, order });
        order += 10;
      }
      return { ...project, dashboards };
    });
  }
}
