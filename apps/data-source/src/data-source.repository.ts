import { Inject, Injectable } from '@nestjs/common';
import { insertRows, SettingsTable, type SqlDatabase, type SqlExecutor } from '@bi/persistence';
import type { MessageKey } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { DATABASE } from '@bi/service-kit';

/** The stored connection (never the password). */
export interface StoredConnection {
  host: string;
  port: number;
  userName: string;
  type: 'Basic' | 'TNS';
  serverName: string;
  role: 'Default' | 'SYSDBA' | 'SYSOPER';
  initialDatabase: string;
}

export interface SourceRow {
  id: string;
  project_id: string;
  project_name: string;
  name: string;
  description: string;
  type: number;
  is_read_only: boolean;
  connection: StoredConnection | null;
  password_enc: string | null;
  content: string;
  table_schema: string;
  table_name: string;
  reference: string;
  cache_interval: number;
  data_type: number;
  fields: dataSourceV1.Field[];
  data_version: number;
  created_by: string | null;
  created_by_name: string;
  created_at: Date | string;
  updated_at: Date | string;
  /** {denyByDefault, rules} (@bi/query RowRuleSet); null = none */
  row_rules: unknown;
  /** a joined table's stored join (JoinTableInput of @bi/rules); null for other sources */
  join_def: unknown;
}

interface ProjectRow {
  id: string;
  name: string;
  sort_order: number;
}

interface SummaryRow {
  id: string;
  project_id: string;
  name: string;
  type: number;
  is_read_only: boolean;
  created_by: string | null;
  updated_at: Date | string;
}

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const toSummary = (r: SummaryRow): dataSourceV1.DataSourceSummary => ({
  dataSourceId: r.id,
  projectId: r.project_id,
  name: r.name,
  type: r.type,
  isReadOnly: r.is_read_only,
  updateTime: iso(r.updated_at),
  createdById: r.created_by ?? '',
});

const SOURCE_COLUMNS = `s.id, s.project_id, p.name AS project_name, s.name, s.description, s.type, s.is_read_only, s.connection, s.password_enc,
  s.content, s.table_schema, s.table_name, s.reference, s.cache_interval, s.data_type, s.fields, s.data_version::float8 AS data_version,
  s.created_by, s.created_by_name, s.created_at, s.updated_at, s.row_rules, s.join_def`;

export interface NewSource {
  id: string;
  projectId: string;
  name: string;
  description: string;
  type: number;
  connection: StoredConnection | null;
  passwordEnc: string | null;
  content: string;
  tableSchema: string;
  tableName: string;
  cacheInterval: number;
  fields: dataSourceV1.Field[];
  createdBy: string | null;
  createdByName: string;
  /** '' for database sources; 'excel' for uploads */
  reference?: string;
}

export interface SourceChanges {
  description?: string;
  connection?: StoredConnection | null;
  passwordEnc?: string | null;
  content?: string;
  tableSchema?: string;
  tableName?: string;
  cacheInterval?: number;
  fields?: dataSourceV1.Field[];
  projectId?: string;
  /** true for changes of data or schema (SQL, connection, fields): the data version goes up */
  bumpVersion: boolean;
}

export interface HistoryItem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** SQL of the data_source schema; the service holds the rules. */
@Injectable()
export class DataSourceRepository {
  private readonly settings: SettingsTable;

  constructor(@Inject(DATABASE) readonly db: SqlDatabase) {
    this.settings = new SettingsTable(db, 'data_source');
  }

  async listProjects(): Promise<dataSourceV1.Project[]> {
    const projects = await this.db.query<ProjectRow>('SELECT id, name, sort_order FROM data_source.projects ORDER BY sort_order, created_at');
    const sources = await this.db.query<SummaryRow>('SELECT id, project_id, name, type, is_read_only, created_by, updated_at FROM data_source.sources ORDER BY created_at, id');
    return projects.rows.map((p) => ({ projectId: p.id, name: p.name, order: p.sort_order, dataSources: sources.rows.filter((s) => s.project_id === p.id).map(toSummary) }));
  }

  async findProject(id: string, q: SqlExecutor = this.db): Promise<dataSourceV1.Project | undefined> {
    const r = await q.query<ProjectRow>('SELECT id, name, sort_order FROM data_source.projects WHERE id = $1', [id]);
    const p = r.rows[0];
    return p && { projectId: p.id, name: p.name, order: p.sort_order, dataSources: [] };
  }

  async projectSources(projectId: string, q: SqlExecutor = this.db): Promise<dataSourceV1.DataSourceSummary[]> {
    const r = await q.query<SummaryRow>('SELECT id, project_id, name, type, is_read_only, created_by, updated_at FROM data_source.sources WHERE project_id = $1 ORDER BY created_at, id', [
      projectId,
    ]);
    return r.rows.map(toSummary);
  }

  async projectNameTaken(name: string, exceptId?: string): Promise<boolean> {
    const r = await this.db.query('SELECT 1 FROM data_source.projects WHERE lower(name) = lower($1) AND id <> $2', [name, exceptId ?? '00000000-0000-0000-0000-000000000000']);
    return r.rowCount > 0;
  }

  async insertProject(id: string, name: string, userId: string | null): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['data_source:project-order']);
      const r = await tx.query<{ m: number | null }>('SELECT max(sort_order) AS m FROM data_source.projects');
      const order = (r.rows[0].m ?? 0) + 10;
      await tx.query('INSERT INTO data_source.projects (id, name, sort_order, created_by) VALUES ($1, $2, $3, $4)', [id, name, order, userId]);
      return order;
    });
  }

  /** Sets a folder's sort order; false when there is no such folder. */
  async setProjectOrder(id: string, order: number): Promise<boolean> {
    const r = await this.db.query('UPDATE data_source.projects SET sort_order = $2 WHERE id = $1', [id, order]);
    return r.rowCount > 0;
  }

  async renameProject(id: string, name: string): Promise<void> {
    await this.db.query('UPDATE data_source.projects SET name = $2 WHERE id = $1', [id, name]);
  }

  /** Deletes an empty folder; answers the number of sources that kept it from being deleted. */
  async deleteProjectIfEmpty(id: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM data_source.projects WHERE id = $1 FOR UPDATE', [id]);
      const n = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM data_source.sources WHERE project_id = $1', [id]);
      if (n.rows[0].n > 0) return n.rows[0].n;
      await tx.query('DELETE FROM data_source.projects WHERE id = $1', [id]);
      return 0;
    });
  }

  /** Several sources by id (those that exist). */
  async findSources(ids: readonly string[], q: SqlExecutor = this.db): Promise<SourceRow[]> {
    if (ids.length === 0) return [];
    const r = await q.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM data_source.sources s JOIN data_source.projects p ON p.id = s.project_id WHERE s.id = ANY($1::uuid[])`, [ids]);
    return r.rows;
  }

  /** The joined tables reading any of these sources. */
  async joinsUsing(inputIds: readonly string[], q: SqlExecutor = this.db): Promise<{ id: string; name: string }[]> {
    if (inputIds.length === 0) return [];
    const r = await q.query<{ id: string; name: string }>(
      'SELECT DISTINCT s.id, s.name FROM data_source.join_inputs j JOIN data_source.sources s ON s.id = j.join_id WHERE j.input_id = ANY($1::uuid[]) ORDER BY s.name, s.id',
      [inputIds],
    );
    return r.rows;
  }

  /** Stores a joined table's join tree and the sources it reads. */
  async setJoin(tx: SqlExecutor, id: string, def: unknown, inputIds: readonly string[]): Promise<void> {
    await tx.query('UPDATE data_source.sources SET join_def = $2::jsonb WHERE id = $1', [id, JSON.stringify(def)]);
    await tx.query('DELETE FROM data_source.join_inputs WHERE join_id = $1', [id]);
    await insertRows(tx, 'data_source.join_inputs (join_id, input_id)', [...new Set(inputIds)].map((input) => [id, input]));
  }

  async renameSource(tx: SqlExecutor, id: string, name: string): Promise<void> {
    await tx.query('UPDATE data_source.sources SET name = $2 WHERE id = $1', [id, name]);
  }

  async findSource(id: string, q: SqlExecutor = this.db): Promise<SourceRow | undefined> {
    const r = await q.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM data_source.sources s JOIN data_source.projects p ON p.id = s.project_id WHERE s.id = $1`, [id]);
    return r.rows[0];
  }

  /** The source reading this table; an uploaded one (reference) first. */
  async findSourceByTable(tableName: string, reference: string): Promise<SourceRow | undefined> {
    const r = await this.db.query<SourceRow>(
      `SELECT ${SOURCE_COLUMNS} FROM data_source.sources s JOIN data_source.projects p ON p.id = s.project_id WHERE s.table_name = $1 ORDER BY (s.reference = $2) DESC, s.created_at LIMIT 1`,
      [tableName, reference],
    );
    return r.rows[0];
  }

  /** Claims a one-time job (e.g. the demo data): true when this caller got it. A stale claim (older than staleMs, not done) is taken over. */
  async claimSetting(key: string, staleMs: number): Promise<boolean> {
    return this.settings.claim(key, staleMs);
  }

  async setSetting(key: string, value: Record<string, unknown>): Promise<void> {
    await this.settings.set(key, value);
  }

  async setting(key: string): Promise<Record<string, unknown> | undefined> {
    return this.settings.get(key);
  }

  async deleteSetting(key: string): Promise<void> {
    await this.settings.delete(key);
  }

  async findProjectByName(name: string): Promise<dataSourceV1.Project | undefined> {
    const r = await this.db.query<ProjectRow>('SELECT id, name, sort_order FROM data_source.projects WHERE lower(name) = lower($1)', [name]);
    const p = r.rows[0];
    return p && { projectId: p.id, name: p.name, order: p.sort_order, dataSources: [] };
  }

  async insertSource(tx: SqlExecutor, s: NewSource): Promise<void> {
    await tx.query(
      `INSERT INTO data_source.sources (id, project_id, name, description, type, connection, password_enc, content, table_schema, table_name, cache_interval, fields, created_by, created_by_name, reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        s.id,
        s.projectId,
        s.name,
        s.description,
        s.type,
        s.connection ? JSON.stringify(s.connection) : null,
        s.passwordEnc,
        s.content,
        s.tableSchema,
        s.tableName,
        s.cacheInterval,
        JSON.stringify(s.fields),
        s.createdBy,
        s.createdByName,
        s.reference ?? '',
      ],
    );
  }

  /** Applies the given changes; answers the new data version. */
  /** Replaces the row-level rules of a source (null: none). */
  async setRowRules(tx: SqlExecutor, id: string, rules: unknown): Promise<void> {
    await tx.query('UPDATE data_source.sources SET row_rules = $2::jsonb, updated_at = now() WHERE id = $1', [id, rules === null ? null : JSON.stringify(rules)]);
  }

  async updateSource(tx: SqlExecutor, id: string, c: SourceChanges): Promise<number> {
    const has = (k: keyof SourceChanges) => c[k] !== undefined;
    const r = await tx.query<{ data_version: number }>(
      `UPDATE data_source.sources SET
         description = CASE WHEN $2 THEN $3 ELSE description END,
         connection = CASE WHEN $4 THEN $5::jsonb ELSE connection END,
         password_enc = CASE WHEN $6 THEN $7 ELSE password_enc END,
         content = CASE WHEN $8 THEN $9 ELSE content END,
         table_schema = CASE WHEN $10 THEN $11 ELSE table_schema END,
         table_name = CASE WHEN $12 THEN $13 ELSE table_name END,
         cache_interval = CASE WHEN $14 THEN $15::int ELSE cache_interval END,
         fields = CASE WHEN $16 THEN $17::jsonb ELSE fields END,
         project_id = CASE WHEN $18 THEN $19::uuid ELSE project_id END,
         data_version = data_version + CASE WHEN $20 THEN 1 ELSE 0 END,
         updated_at = now()
       WHERE id = $1 RETURNING data_version::float8 AS data_version`,
      [
        id,
        has('description'),
        c.description ?? '',
        has('connection'),
        c.connection ? JSON.stringify(c.connection) : null,
        has('passwordEnc'),
        c.passwordEnc ?? null,
        has('content'),
        c.content ?? '',
        has('tableSchema'),
        c.tableSchema ?? '',
        has('tableName'),
        c.tableName ?? '',
        has('cacheInterval'),
        c.cacheInterval ?? 0,
        has('fields'),
        JSON.stringify(c.fields ?? []),
        has('projectId'),
        c.projectId ?? null,
        c.bumpVersion,
      ],
    );
    return r.rows[0]?.data_version ?? 0;
  }

  async deleteSource(tx: SqlExecutor, id: string): Promise<boolean> {
    const r = await tx.query('DELETE FROM data_source.sources WHERE id = $1', [id]);
    return r.rowCount > 0;
  }

  async addHistory(tx: SqlExecutor, sourceId: string, entries: HistoryItem[], userName: string): Promise<void> {
    await tx.query('INSERT INTO data_source.history (source_id, entries, user_name) VALUES ($1, $2, $3)', [sourceId, JSON.stringify(entries), userName]);
  }

  async history(sourceId: string, limit = 500): Promise<dataSourceV1.HistoryEntry[]> {
    const r = await this.db.query<{ entries: HistoryItem[]; user_name: string; created_at: Date | string }>(
      'SELECT entries, user_name, created_at FROM data_source.history WHERE source_id = $1 ORDER BY id DESC LIMIT $2',
      [sourceId, limit],
    );
    return r.rows.map((h) => ({ updateTime: iso(h.created_at), entriesJson: JSON.stringify(h.entries), userName: h.user_name }));
  }
}
