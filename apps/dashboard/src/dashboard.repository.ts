import { Inject, Injectable } from '@nestjs/common';
import { insertRows, type SqlDatabase, type SqlExecutor } from '@bi/persistence';
import type { dashboardV1 } from '@bi/proto';
import { DATABASE } from '@bi/service-kit';

interface ProjectRow {
  id: string;
  name: string;
  sort_order: number;
}
interface DashboardRow {
  id: string;
  project_id: string;
  name: string;
  description: string;
  sort_order: number;
}
export interface ChartRow {
  id: string;
  dashboard_id: string;
  title: string;
  type: string;
  data_source_id: string;
  hide: boolean;
}
/** A chart to write (definition as the editor's JSON object). */
export interface NewChart {
  id: string;
  dashboardId: string;
  tab: string;
  title: string;
  type: string;
  dataSourceId: string;
  hide?: boolean;
  definition?: unknown;
}

const toDashboard = (r: DashboardRow): dashboardV1.Dashboard => ({
  dashboardId: r.id,
  projectId: r.project_id,
  name: r.name,
  description: r.description,
  order: r.sort_order,
});

export const toChart = (r: ChartRow): dashboardV1.ChartSummary => ({
  chartId: r.id,
  dashboardId: r.dashboard_id,
  title: r.title,
  type: r.type,
  dataSourceId: r.data_source_id,
  hide: r.hide,
});

/** SQL of the dashboard schema; the service holds the rules. */
@Injectable()
export class DashboardRepository {
  constructor(@Inject(DATABASE) readonly db: SqlDatabase) {}

  async listProjects(tab: string): Promise<dashboardV1.Project[]> {
    const projects = await this.db.query<ProjectRow>('SELECT id, name, sort_order FROM dashboard.projects WHERE tab = $1 ORDER BY sort_order, created_at', [tab]);
    const dashboards = await this.db.query<DashboardRow>(
      'SELECT id, project_id, name, description, sort_order FROM dashboard.dashboards WHERE tab = $1 ORDER BY sort_order, created_at',
      [tab],
    );
    return projects.rows.map((p) => ({
      projectId: p.id,
      name: p.name,
      order: p.sort_order,
      dashboards: dashboards.rows.filter((d) => d.project_id === p.id).map(toDashboard),
    }));
  }

  async findProjectByName(tab: string, name: string, q: SqlExecutor = this.db): Promise<dashboardV1.Project | undefined> {
    const r = await q.query<ProjectRow>('SELECT id, name, sort_order FROM dashboard.projects WHERE tab = $1 AND lower(name) = lower($2)', [tab, name]);
    const p = r.rows[0];
    return p && { projectId: p.id, name: p.name, order: p.sort_order, dashboards: [] };
  }

  async findProject(tab: string, id: string, q: SqlExecutor = this.db): Promise<dashboardV1.Project | undefined> {
    const r = await q.query<ProjectRow>('SELECT id, name, sort_order FROM dashboard.projects WHERE tab = $1 AND id = $2', [tab, id]);
    const p = r.rows[0];
    return p && { projectId: p.id, name: p.name, order: p.sort_order, dashboards: [] };
  }

  async projectNameTaken(tab: string, name: string, exceptId?: string, q: SqlExecutor = this.db): Promise<boolean> {
    const r = await q.query('SELECT 1 FROM dashboard.projects WHERE tab = $1 AND lower(name) = lower($2) AND id <> $3', [
      tab,
      name,
      exceptId ?? '00000000-0000-0000-0000-000000000000',
    ]);
    return r.rowCount > 0;
  }

  async nextProjectOrder(tab: string, q: SqlExecutor = this.db): Promise<number> {
    const r = await q.query<{ m: number | null }>('SELECT max(sort_order) AS m FROM dashboard.projects WHERE tab = $1', [tab]);
    return (r.rows[0].m ?? 0) + 10;
  }

  async insertProject(tab: string, id: string, name: string, order: number, userId: string | null, q: SqlExecutor = this.db): Promise<void> {
    await q.query('INSERT INTO dashboard.projects (id, tab, name, sort_order, created_by) VALUES ($1, $2, $3, $4, $5)', [id, tab, name, order, userId]);
  }

  async renameProject(tab: string, id: string, name: string): Promise<void> {
    await this.db.query('UPDATE dashboard.projects SET name = $3 WHERE tab = $1 AND id = $2', [tab, id, name]);
  }

  /** Deletes the folder (its dashboards and charts cascade); answers the number of dashboards and the ids of the charts deleted. */
  async deleteProject(tab: string, id: string): Promise<{ dashboards: number; chartIds: string[] }> {
    return this.db.transaction(async (tx) => {
      const n = await tx.query<{ n: number }>('SELECT count(*)::int8 AS n FROM dashboard.dashboards WHERE project_id = $1', [id]);
      const charts = await tx.query<{ id: string }>('SELECT c.id FROM dashboard.charts c JOIN dashboard.dashboards d ON d.id = c.dashboard_id WHERE d.project_id = $1', [id]);
      await tx.query('DELETE FROM dashboard.projects WHERE tab = $1 AND id = $2', [tab, id]);
      return { dashboards: n.rows[0].n, chartIds: charts.rows.map((r) => r.id) };
    });
  }

  async findDashboard(tab: string, id: string, q: SqlExecutor = this.db): Promise<dashboardV1.Dashboard | undefined> {
    const r = await q.query<DashboardRow>('SELECT id, project_id, name, description, sort_order FROM dashboard.dashboards WHERE tab = $1 AND id = $2', [tab, id]);
    return r.rows[0] && toDashboard(r.rows[0]);
  }

  async nextDashboardOrder(projectId: string, q: SqlExecutor = this.db): Promise<number> {
    const r = await q.query<{ m: number | null }>('SELECT max(sort_order) AS m FROM dashboard.dashboards WHERE project_id = $1', [projectId]);
    return (r.rows[0].m ?? 0) + 10;
  }

  async insertDashboard(
    q: SqlExecutor,
    d: { id: string; tab: string; projectId: string; name: string; description: string; order: number; userId: string | null; aspects?: unknown[]; globalFilter?: unknown[] },
  ): Promise<void> {
    await q.query(
      'INSERT INTO dashboard.dashboards (id, project_id, tab, name, description, sort_order, created_by, aspects, global_filter) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [d.id, d.projectId, d.tab, d.name, d.description, d.order, d.userId, JSON.stringify(d.aspects ?? []), JSON.stringify(d.globalFilter ?? [])],
    );
  }

  async updateDashboard(tab: string, id: string, fields: { name?: string; projectId?: string; order?: number }): Promise<void> {
    await this.db.query(
      `UPDATE dashboard.dashboards SET name = coalesce($3, name), project_id = coalesce($4::uuid, project_id), sort_order = coalesce($5, sort_order)
       WHERE tab = $1 AND id = $2`,
      [tab, id, fields.name ?? null, fields.projectId ?? null, fields.order ?? null],
    );
  }

  /** Deletes the dashboard (its charts cascade); answers the ids of the charts deleted. */
  async deleteDashboard(tab: string, id: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const charts = await tx.query<{ id: string }>('SELECT id FROM dashboard.charts WHERE dashboard_id = $1', [id]);
      await tx.query('DELETE FROM dashboard.dashboards WHERE tab = $1 AND id = $2', [tab, id]);
      return charts.rows.map((r) => r.id);
    });
  }

  async setProjectOrder(tab: string, id: string, order: number): Promise<boolean> {
    const r = await this.db.query('UPDATE dashboard.projects SET sort_order = $3 WHERE tab = $1 AND id = $2', [tab, id, order]);
    return r.rowCount > 0;
  }

  async setDashboardOrder(tab: string, id: string, order: number): Promise<boolean> {
    const r = await this.db.query('UPDATE dashboard.dashboards SET sort_order = $3 WHERE tab = $1 AND id = $2', [tab, id, order]);
    return r.rowCount > 0;
  }

  async content(tab: string, id: string, q: SqlExecutor = this.db) {
    return (await this.contents(tab, [id], q))[0];
  }

  /** Several dashboards' content rows in one query (in no particular order; ids not found are missing). */
  async contents(tab: string, ids: readonly string[], q: SqlExecutor = this.db) {
    const r = await q.query<DashboardRow & { aspects: dashboardV1.GridItem[]; global_filter: unknown[]; project_name: string }>(
      `SELECT d.id, d.project_id, d.name, d.description, d.sort_order, d.aspects, d.global_filter, p.name AS project_name
       FROM dashboard.dashboards d JOIN dashboard.projects p ON p.id = d.project_id WHERE d.tab = $1 AND d.id = ANY($2::uuid[])`,
      [tab, ids],
    );
    return r.rows;
  }

  async saveAspects(tab: string, id: string, aspects: dashboardV1.GridItem[], q: SqlExecutor = this.db): Promise<void> {
    await q.query('UPDATE dashboard.dashboards SET aspects = $3 WHERE tab = $1 AND id = $2', [tab, id, JSON.stringify(aspects)]);
  }

  async charts(dashboardId: string, q: SqlExecutor = this.db): Promise<dashboardV1.ChartSummary[]> {
    const r = await q.query<ChartRow>('SELECT id, dashboard_id, title, type, data_source_id, hide FROM dashboard.charts WHERE dashboard_id = $1 ORDER BY created_at', [dashboardId]);
    return r.rows.map(toChart);
  }

  async chartsWithDefinitions(dashboardId: string, q: SqlExecutor) {
    return this.chartsWithDefinitionsOf([dashboardId], q);
  }

  /** The charts of several dashboards with their definitions, in one query (each dashboard's in creation order). */
  async chartsWithDefinitionsOf(dashboardIds: readonly string[], q: SqlExecutor = this.db) {
    return (await q.query<ChartRow & { definition: unknown }>('SELECT id, dashboard_id, title, type, data_source_id, hide, definition FROM dashboard.charts WHERE dashboard_id = ANY($1::uuid[]) ORDER BY created_at', [dashboardIds])).rows;
  }

  /** The link settings stored in the charts of a dashboard (only charts that have some). */
  async chartLinkages(dashboardId: string, q: SqlExecutor = this.db) {
    return (await q.query<{ id: string; definition: unknown }>(`SELECT id, jsonb_build_object('linkage', definition->'linkage', 'points', coalesce(definition->'points', '[]'::jsonb)) AS definition FROM dashboard.charts WHERE dashboard_id = $1 AND definition ? 'linkage' ORDER BY created_at`, [dashboardId])).rows;
  }

  /** One chart with its definition, locked for the caller's transaction. */
  async chartWithDefinition(tab: string, id: string, q: SqlExecutor) {
    return (await q.query<ChartRow & { definition: unknown }>('SELECT id, dashboard_id, title, type, data_source_id, hide, definition FROM dashboard.charts WHERE tab = $1 AND id = $2 FOR UPDATE', [tab, id])).rows[0];
  }

  async insertChart(q: SqlExecutor, c: NewChart): Promise<void> {
    await this.insertCharts(q, [c]);
  }

  /** Charts written by one multi-row INSERT. */
  async insertCharts(q: SqlExecutor, charts: readonly NewChart[]): Promise<void> {
    await insertRows(
      q,
      'dashboard.charts (id, dashboard_id, tab, title, type, data_source_id, hide, definition)',
      charts.map((c) => [c.id, c.dashboardId, c.tab, c.title, c.type, c.dataSourceId, c.hide ?? false, JSON.stringify(c.definition ?? {})]),
    );
  }

  async findChart(tab: string, id: string): Promise<dashboardV1.ChartSummary | undefined> {
    const r = await this.db.query<ChartRow>('SELECT id, dashboard_id, title, type, data_source_id, hide FROM dashboard.charts WHERE tab = $1 AND id = $2', [tab, id]);
    return r.rows[0] && toChart(r.rows[0]);
  }

  async setChartHidden(tab: string, id: string, hide: boolean): Promise<dashboardV1.ChartSummary | undefined> {
    const r = await this.db.query<ChartRow>('UPDATE dashboard.charts SET hide = $3 WHERE tab = $1 AND id = $2 RETURNING id, dashboard_id, title, type, data_source_id, hide', [tab, id, hide]);
    return r.rows[0] && toChart(r.rows[0]);
  }

  async deleteChart(tab: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const r = await tx.query<{ dashboard_id: string }>('DELETE FROM dashboard.charts WHERE tab = $1 AND id = $2 RETURNING dashboard_id', [tab, id]);
      const dashboardId = r.rows[0]?.dashboard_id;
      // The chart's placement goes with it.
      if (dashboardId)
        await tx.query(`UPDATE dashboard.dashboards SET aspects = coalesce((SELECT jsonb_agg(a) FROM jsonb_array_elements(aspects) a WHERE a->>'chartId' <> $2), '[]'::jsonb) WHERE id = $1`, [dashboardId, id]);
    });
  }
}
