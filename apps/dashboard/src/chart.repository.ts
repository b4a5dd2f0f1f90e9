import { Inject, Injectable } from '@nestjs/common';
import { SettingsTable, type SqlDatabase, type SqlExecutor } from '@bi/persistence';
import { DATABASE } from '@bi/service-kit';

export interface ChartRow {
  id: string;
  dashboard_id: string;
  project_id: string;
  tab: string;
  title: string;
  type: string;
  data_source_id: string;
  hide: boolean;
  definition: unknown;
}

export interface SourceChartRow {
  id: string;
  title: string;
  type: string;
  tab: string;
  dashboard_id: string;
  dashboard_name: string;
  project_id: string;
  project_name: string;
}

const CHART_COLUMNS = 'c.id, c.dashboard_id, d.project_id, c.tab, c.title, c.type, c.data_source_id, c.hide, c.definition';

/** SQL of chart definitions (the chart engine's side of dashboard.charts) and of the service's one-time jobs. */
@Injectable()
export class ChartRepository {
  private readonly settings: SettingsTable;

  constructor(@Inject(DATABASE) readonly db: SqlDatabase) {
    this.settings = new SettingsTable(db, 'dashboard');
  }

  async findChart(tab: string, id: string, q: SqlExecutor = this.db): Promise<ChartRow | undefined> {
    const r = await q.query<ChartRow>(`SELECT ${CHART_COLUMNS} FROM dashboard.charts c JOIN dashboard.dashboards d ON d.id = c.dashboard_id WHERE c.tab = $1 AND c.id = $2`, [tab, id]);
    return r.rows[0];
  }

  /** Every chart on a source (both tabs, in ListChartsBySource's order), locked for the caller's transaction. */
  async chartsOnSource(dataSourceId: string, q: SqlExecutor): Promise<ChartRow[]> {
    const r = await q.query<ChartRow>(
      `SELECT ${CHART_COLUMNS} FROM dashboard.charts c JOIN dashboard.dashboards d ON d.id = c.dashboard_id JOIN dashboard.projects p ON p.id = d.project_id
       WHERE c.data_source_id = $1 ORDER BY c.tab, p.sort_order, p.created_at, d.sort_order, d.created_at, c.created_at FOR UPDATE OF c`,
      [dataSourceId],
    );
    return r.rows;
  }

  /** Every chart of every dashboard in a folder, locked for the caller's transaction. */
  async chartsOfProject(tab: string, projectId: string, q: SqlExecutor): Promise<ChartRow[]> {
    const r = await q.query<ChartRow>(
      `SELECT ${CHART_COLUMNS} FROM dashboard.charts c JOIN dashboard.dashboards d ON d.id = c.dashboard_id
       WHERE c.tab = $1 AND d.project_id = $2 ORDER BY d.sort_order, d.created_at, c.created_at FOR UPDATE OF c`,
      [tab, projectId],
    );
    return r.rows;
  }

  async updateChart(q: SqlExecutor, tab: string, id: string, c: { title: string; type: string; dataSourceId: string; definition: unknown }): Promise<void> {
    await q.query('UPDATE dashboard.charts SET title = $3, type = $4, data_source_id = $5, definition = $6 WHERE tab = $1 AND id = $2', [
      tab,
      id,
      c.title,
      c.type,
      c.dataSourceId,
      JSON.stringify(c.definition),
    ]);
  }

  /** Charts of both tabs using a source, with their dashboard and folder, in folder and dashboard order. */
  async chartsBySource(dataSourceId: string): Promise<SourceChartRow[]> {
    const r = await this.db.query<SourceChartRow>(
      `SELECT c.id, c.title, c.type, c.tab, d.id AS dashboard_id, d.name AS dashboard_name, p.id AS project_id, p.name AS project_name
       FROM dashboard.charts c JOIN dashboard.dashboards d ON d.id = c.dashboard_id JOIN dashboard.projects p ON p.id = d.project_id
       WHERE c.data_source_id = $1 ORDER BY c.tab, p.sort_order, p.created_at, d.sort_order, d.created_at, c.created_at`,
      [dataSourceId],
    );
    return r.rows;
  }

  /** Claims a one-time job (e.g. the demo dashboard): true when this caller got it. A stale claim (older than staleMs, not done) is taken over. */
  async claimSetting(key: string, staleMs: number): Promise<boolean> {
    return this.settings.claim(key, staleMs);
  }

  async setting(key: string): Promise<Record<string, unknown> | undefined> {
    return this.settings.get(key);
  }

  async setSetting(key: string, value: Record<string, unknown>): Promise<void> {
    await this.settings.set(key, value);
  }

  async deleteSetting(key: string): Promise<void> {
    await this.settings.delete(key);
  }
}
