import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import {
  CALCULATED_NAME_MAX,
  PROBE_MAX_ROWS,
  SOURCE_TYPE,
  SOURCE_TYPE_MODULE,
  aggregatorAllowed,
  charLength,
  checkAlias,
  defaultTitle,
  findTextProblem,
  isCacheInterval,
  isReserved,
  isUploadSyntheticField,
  UPLOAD_REFERENCE,
  type DatabaseSourceType,
} from '@bi/rules';
import { CONFIG, ENGINE_TEXT, idOrNotFound, isUuid, validName } from '@bi/service-kit';
import { parseExpression } from '@bi/sql-text';
import { QueryError, checkRowRules, tableSql, type CalculatedColumn, type ReadSql, type SourceField } from '@bi/query';
import { DataSourceEvents, type DataChangeKind } from './data-source.events.js';
import { DataSourceRepository, iso, type HistoryItem, type SourceChanges, type SourceRow, type StoredConnection } from './data-source.repository.js';
import type { ConnectionSpec, DriverColumn } from './drivers/driver.js';
import { SecretBox, SecretUnreadableError } from './secrets.js';
import { connectionSpec, connectionString, connectionView, normalizeConnection, sameConnection, sameServer, sourceType } from './source-connection.js';
import { EXPORT_BATCH_BYTES, SourceRunner, checkColumnNames, rowsJson, toQueryResult } from './source-runner.js';
import { UploadService } from './uploads/upload.service.js';
import { JoinTableService } from './joins/join-table.service.js';
import { expressionProblemError } from './sql/source-sql.js';

const DESCRIPTION_MAX = 500;
/** GetSources reads at most this many sources at once. */
const MAX_SOURCES_PER_READ = 1000;

function validDescription(d: string | undefined): string {
  const v = (d ?? '').trim();
  if (charLength(v) > DESCRIPTION_MAX) throw new AppError('invalid', 'request.invalid', { detail: `description: at most ${DESCRIPTION_MAX} characters` });
  return v;
}

function validCacheInterval(v: number | undefined): number {
  const n = v ?? 0;
  if (!isCacheInterval(n)) throw new AppError('invalid', 'cache.interval_invalid');
  return n;
}

const actorOf = (a: dataSourceV1.Actor | undefined) => ({ userId: isUuid(a?.userId) ? a!.userId : null, userName: a?.userName ?? '', isAdmin: a?.isAdmin ?? false });

/** Base fields from the query's columns, keeping title and aggregator of columns that stay. */
function baseFields(columns: DriverColumn[], previous: dataSourceV1.Field[] = []): dataSourceV1.Field[] {
  return columns.map((c) => {
    const old = previous.find((f) => !f.expression && f.name === c.name);
    const aggregator = old && aggregatorAllowed(old.aggregator, c.dataType) ? old.aggregator : '';
    return { name: c.name, title: old?.title ?? defaultTitle(c.name), dataType: c.dataType, expression: '', aggregator };
  });
}

/** Folders, sources, fields and history of the data-source area (spec 02 §1–§9; docs/api/data-source.md). */
@Injectable()
export class DataSourceService {
  constructor(
    private readonly repo: DataSourceRepository,
    private readonly runner: SourceRunner,
    private readonly secrets: SecretBox,
    private readonly events: DataSourceEvents,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadService,
    private readonly joins: JoinTableService,
  ) {}

  // ---- folders --------------------------------------------------------------------------------

  listProjects() {
    return this.repo.listProjects();
  }

  async getProject(projectId: string): Promise<dataSourceV1.Project> {
    const p = await this.project(projectId);
    return { ...p, dataSources: await this.repo.projectSources(projectId) };
  }

  async createProject(name: string, actor: dataSourceV1.Actor | undefined): Promise<dataSourceV1.Project> {
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    if (await this.repo.projectNameTaken(n)) throw new AppError('conflict', 'name.used');
    const id = randomUUID();
    const order = await this.repo.insertProject(id, n, actorOf(actor).userId).catch((e) => {
      // Two creates racing past the check meet the unique index.
      if (String(e).includes('projects_name')) throw new AppError('conflict', 'name.used');
      throw e;
    });
    return { projectId: id, name: n, order, dataSources: [] };
  }

  async renameProject(projectId: string, name: string): Promise<dataSourceV1.Project> {
    const project = await this.project(projectId);
    if (isReserved(project.name)) throw new AppError('invalid', 'name.reserved');
    const n = validName(name);
    if (isReserved(n)) throw new AppError('invalid', 'name.reserved');
    if (await this.repo.projectNameTaken(n, projectId)) throw new AppError('conflict', 'name.used');
    await this.repo.renameProject(projectId, n).catch((e) => {
      if (String(e).includes('projects_name')) throw new AppError('conflict', 'name.used');
      throw e;
    });
    return { ...project, name: n };
  }

  /** A folder's new place in the sidebar (POST /api/data_source/sort/{id}?order=, like the dashboard's sort). */
  async sortProject(projectId: string, order: number): Promise<dataSourceV1.SortProjectReply> {
    if (!Number.isFinite(order) || Math.abs(order) > 1e12) throw new AppError('invalid', 'order.invalid');
    idOrNotFound(projectId, 'project.not_found');
    if (!(await this.repo.setProjectOrder(projectId, order))) throw new AppError('not_found', 'project.not_found');
    return { id: projectId, kind: 'project', order };
  }

  /** Refused while the folder holds sources: they feed charts, and a folder delete must not break them silently. */
  async deleteProject(projectId: string): Promise<dataSourceV1.DeleteProjectReply> {
    const project = await this.project(projectId);
    if (isReserved(project.name)) throw new AppError('invalid', 'name.reserved');
    const left = await this.repo.deleteProjectIfEmpty(projectId);
    if (left > 0) throw new AppError('conflict', 'project.not_empty', { count: left });
    return { projectId };
  }

  async moveSources(req: dataSourceV1.MoveSourcesRequest): Promise<dataSourceV1.MoveSourcesReply> {
    const from = await this.project(req.fromProjectId);
    if (!req.toProjectId) throw new AppError('invalid', 'project.required');
    const to = await this.project(req.toProjectId);
    const inFolder = await this.repo.projectSources(from.projectId);
    const ids = req.dataSourceIds.length ? [...new Set(req.dataSourceIds)] : inFolder.map((s) => s.dataSourceId);
    for (const id of ids) if (!inFolder.some((s) => s.dataSourceId === id)) throw new AppError('not_found', 'datasource.not_found');
    if (from.projectId === to.projectId || ids.length === 0) return { projectId: to.projectId, moved: [] };
    const actor = actorOf(req.actor);
    await this.repo.db.transaction(async (tx) => {
      for (const id of ids) {
        await this.repo.updateSource(tx, id, { projectId: to.projectId, bumpVersion: false });
        await this.repo.addHistory(tx, id, [{ key: 'history.moved', params: { from: from.name, to: to.name } }], actor.userName);
      }
    });
    await this.events.sourcesChanged(ids);
    return { projectId: to.projectId, moved: ids };
  }

  // ---- sources --------------------------------------------------------------------------------

  async getSource(id: string): Promise<dataSourceV1.DataSource> {
    return this.toDataSource(await this.source(id));
  }

  /** Several sources by id in one read (GetSources): those found, in the order asked; anything not a source id is left out. */
  async getSources(ids: readonly string[]): Promise<dataSourceV1.GetSourcesReply> {
    if (ids.length > MAX_SOURCES_PER_READ) throw new AppError('invalid', 'request.invalid', { detail: `at most ${MAX_SOURCES_PER_READ} sources` });
    const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    const rows = new Map((await this.repo.findSources(wanted)).map((r) => [r.id, r]));
    return { dataSources: wanted.flatMap((id) => (rows.has(id) ? [this.toDataSource(rows.get(id)!)] : [])) };
  }

  /** By id, or (id empty) the source reading an analytics-store table (deleteExcelData/{tableName}). */
  async findSource(req: dataSourceV1.GetSourceRequest): Promise<dataSourceV1.DataSource> {
    if (req.dataSourceId || !req.tableName) return this.getSource(req.dataSourceId);
    const row = await this.repo.findSourceByTable(req.tableName, UPLOAD_REFERENCE);
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    return this.toDataSource(row);
  }

  /** The wizard's steps: list the tables, or preview SQL or a table, without saving anything. */
  async probe(req: dataSourceV1.ProbeRequest): Promise<dataSourceV1.ProbeReply> {
    const actor = actorOf(req.actor);
    const type = sourceType(req.type);
    let spec: ConnectionSpec;
    if (req.dataSourceId) {
      const stored = await this.source(req.dataSourceId);
      if (stored.type !== type) throw new AppError('invalid', 'datasource.type_fixed');
      if (type === SOURCE_TYPE.analytics && !actor.isAdmin) throw new AppError('forbidden', 'datasource.analytics_admin_only');
      spec = this.specWithStoredPassword(type, req.connection, stored);
    } else {
      this.checkCreatable(type, actor.isAdmin);
      const { connection, password } = normalizeConnection(type, req.connection);
      spec = connectionSpec(type, connection, password, this.config.dataSources.analyticsStore);
    }
    const count = Math.min(Math.max(req.count || 100, 1), PROBE_MAX_ROWS);
    const content = (req.content ?? '').trim();
    const tableName = (req.tableName ?? '').trim();
    if (!content && !tableName) {
      const tables = await this.runner.listTables(spec);
      return { tables };
    }
    const sql = content || (await this.tableSource(spec, req.tableSchema ?? '', tableName));
    const checked = this.runner.check(spec, sql);
    const result = await this.runner.run(spec, checked, [], count);
    checkColumnNames(result.columns);
    return { tables: [], preview: toQueryResult(result, undefined, undefined, count) };
  }

  async createSource(req: dataSourceV1.CreateSourceRequest): Promise<dataSourceV1.DataSource> {
    const actor = actorOf(req.actor);
    const type = sourceType(req.type);
    this.checkCreatable(type, actor.isAdmin);
    if (!req.projectId) throw new AppError('invalid', 'project.required');
    const name = validName(req.name);
    const description = validDescription(req.description);
    const cacheInterval = validCacheInterval(req.cacheInterval);
    await this.project(req.projectId);
    const { connection, password } = normalizeConnection(type, req.connection);
    const spec = connectionSpec(type, connection, password, this.config.dataSources.analyticsStore);
    const { content, tableSchema, tableName } = await this.sourceText(spec, req.content, req.tableSchema, req.tableName);
    const checked = this.runner.check(spec, content);
    const columns = await this.columnsOf(spec, checked);
    const id = randomUUID();
    await this.repo.db.transaction(async (tx) => {
      await this.repo.insertSource(tx, {
        id,
        projectId: req.projectId,
        name,
        description,
        type,
        connection,
        passwordEnc: password ? this.secrets.encrypt(password, id) : null,
        content: checked.sql,
        tableSchema,
        tableName,
        cacheInterval,
        fields: baseFields(columns),
        createdBy: actor.userId,
        createdByName: actor.userName,
      });
      await this.repo.addHistory(tx, id, [{ key: 'history.created' }], actor.userName);
    });
    return this.getSource(id);
  }

  async updateSource(req: dataSourceV1.UpdateSourceRequest): Promise<dataSourceV1.DataSource> {
    const actor = actorOf(req.actor);
    const row = await this.source(req.dataSourceId);
    if (row.type === SOURCE_TYPE.join) throw new AppError('invalid', 'join.use_designer');
    const type = sourceType(row.type);
    const changes: SourceChanges = { bumpVersion: false };
    const history: HistoryItem[] = [];

    if (req.description !== undefined) {
      const d = validDescription(req.description);
      if (d !== row.description) {
        changes.description = d;
        history.push({ key: 'history.description_changed' });
      }
    }
    if (req.cacheInterval !== undefined) {
      const c = validCacheInterval(req.cacheInterval);
      if (c !== row.cache_interval) {
        changes.cacheInterval = c;
        history.push({ key: 'history.cache_changed', params: { from: row.cache_interval, to: c } });
      }
    }

    // Connection: an empty password keeps the stored one, on the same server only.
    let connection = row.connection;
    let storedPw: string | undefined;
    try {
      storedPw = this.storedPassword(row);
    } catch {
      storedPw = undefined; // unreadable (key changed): a new password repairs it
    }
    let password = storedPw;
    if (req.connection !== undefined && type !== SOURCE_TYPE.analytics) {
      const next = normalizeConnection(type, req.connection);
      if (next.password) password = next.password;
      else if (!sameServer(row.connection, next.connection) && row.password_enc) throw new AppError('invalid', 'connection.password_again');
      const passwordChanged = !!next.password && next.password !== storedPw;
      if (!sameConnection(row.connection, next.connection) || passwordChanged) {
        connection = next.connection;
        changes.connection = next.connection;
        changes.passwordEnc = next.password ? this.secrets.encrypt(next.password, row.id) : row.password_enc;
        history.push({ key: 'history.connection_changed' });
      }
    }
    const analytics = this.config.dataSources.analyticsStore;
    const oldSpec = connectionSpec(type, row.connection, storedPw ?? '', analytics);
    const spec = (): ConnectionSpec => {
      if (password === undefined) throw new AppError('invalid', 'secret.unreadable');
      return connectionSpec(type, connection, password, analytics);
    };

    // SQL: sent content, or a table (then SELECT * FROM it). Free SQL on the shared analytics store is for admins.
    if (req.content !== undefined || req.tableName !== undefined) {
      const text = await this.sourceText(spec(), req.content, req.tableSchema ?? (req.content === undefined ? row.table_schema : ''), req.tableName ?? '');
      const sql = this.runner.check(spec(), text.content).sql;
      if (sql !== row.content && type === SOURCE_TYPE.analytics && !actor.isAdmin) throw new AppError('forbidden', 'datasource.analytics_admin_only');
      if (sql !== row.content) {
        changes.content = sql;
        history.push({ key: 'history.sql_changed' });
      }
      if (text.tableName !== row.table_name || text.tableSchema !== row.table_schema) {
        changes.tableName = text.tableName;
        changes.tableSchema = text.tableSchema;
      }
    }

    if (changes.connection !== undefined || changes.content !== undefined) {
      const checked = this.runner.check(spec(), changes.content ?? row.content);
      const columns = await this.columnsOf(spec(), checked);
      const fields = baseFields(columns, row.fields);
      const before = new Set(row.fields.filter((f) => !f.expression).map((f) => f.name));
      const added = fields.filter((f) => !before.has(f.name)).length;
      const removed = [...before].filter((n) => !fields.some((f) => f.name === n)).length;
      // Calculated fields must still work on the new columns.
      const calculated = row.fields.filter((f) => f.expression);
      for (const f of calculated) fields.push({ ...f, dataType: await this.checkCalculated(spec(), checked, fields, f) });
      changes.fields = fields;
      changes.bumpVersion = true;
      if (added || removed) history.push({ key: 'history.columns_changed', params: { added, removed } });
    }

    if (history.length === 0 && changes.tableName === undefined) return this.toDataSource(row);
    await this.commit(row.id, changes, history, actor.userName, changes.bumpVersion ? 'update' : undefined);
    if (changes.connection !== undefined) await this.runner.release(oldSpec);
    return this.getSource(row.id);
  }

  async updateFields(req: dataSourceV1.UpdateFieldsRequest): Promise<dataSourceV1.DataSource> {
    const actor = actorOf(req.actor);
    const row = await this.source(req.dataSourceId);
    if (row.type === SOURCE_TYPE.join) throw new AppError('invalid', 'join.use_designer');
    const stored = row.fields;
    const storedBase = stored.filter((f) => !f.expression);
    const sentBase = req.fields.filter((f) => !(f.expression ?? '').trim());
    const sentCalc = req.fields.filter((f) => (f.expression ?? '').trim());
    // names, titles and expressions are stored and rendered into SQL: storable text only (the check of @bi/rules)
    const bad = findTextProblem(req.fields.map((f) => ({ name: f.name, title: f.title, expression: f.expression, aggregator: f.aggregator })));
    if (bad) throw new AppError('invalid', 'text.invalid_characters', { field: `fields.${bad.path}` });

    // Database fields: the same names and types; title and aggregator may change.
    if (sentBase.length !== storedBase.length) {
      const missing = storedBase.find((b) => !sentBase.some((s) => s.name === b.name)) ?? sentBase.find((s) => !storedBase.some((b) => b.name === s.name));
      throw new AppError('invalid', 'field.base_changed', { name: missing?.name ?? '' });
    }
    const fields: dataSourceV1.Field[] = [];
    const names = new Set<string>();
    for (const b of storedBase) {
      const s = sentBase.find((x) => x.name === b.name);
      if (!s || (s.dataType && s.dataType !== b.dataType)) throw new AppError('invalid', 'field.base_changed', { name: b.name });
      fields.push(this.checkedField({ ...b, title: s.title, aggregator: s.aggregator ?? '' }));
      names.add(b.name.toLowerCase());
    }

    const spec = this.specOf(row);
    let checked: ReadSql | undefined;
    for (const c of sentCalc) {
      const name = (c.name ?? '').trim();
      if (!name || charLength(name) > CALCULATED_NAME_MAX) throw new AppError('invalid', 'field.name_invalid', { max: CALCULATED_NAME_MAX });
      if (names.has(name.toLowerCase())) throw new AppError('conflict', 'field.name_used', { name });
      names.add(name.toLowerCase());
      const expression = c.expression.trim();
      const old = stored.find((f) => f.expression && f.name === name && f.expression === expression);
      let dataType = old?.dataType;
      if (!dataType) {
        checked ??= this.runner.check(spec, row.content);
        dataType = await this.checkCalculated(spec, checked, fields, { ...c, name, expression });
      }
      fields.push(this.checkedField({ name, title: c.title, dataType, expression, aggregator: c.aggregator ?? '' }));
    }

    if (JSON.stringify(fields) === JSON.stringify(stored)) return this.toDataSource(row);
    await this.commit(row.id, { fields, bumpVersion: true }, [{ key: 'history.fields_changed' }], actor.userName, 'schema');
    return this.getSource(row.id);
  }

  async deleteSource(req: dataSourceV1.DeleteSourceRequest): Promise<dataSourceV1.DeleteSourceReply> {
    const actor = actorOf(req.actor);
    const row = await this.source(req.dataSourceId);
    await this.repo.db.transaction(async (tx) => {
      // an input of a joined table cannot be deleted while the join reads it (docs/api/join-table.md)
      const users = await this.repo.joinsUsing([row.id], tx);
      if (users.length) throw new AppError('conflict', 'join.in_use', { names: users.map((u) => u.name).join(', ') });
      if (!(await this.repo.deleteSource(tx, row.id))) throw new AppError('not_found', 'datasource.not_found');
      await this.events.dataChanged(tx, row.id, 'delete_source', row.data_version + 1, actor.userName);
    });
    this.events.published();
    await this.events.sourcesChanged([row.id]);
    if (row.type !== SOURCE_TYPE.join) await this.runner.release(this.specOfSafe(row));
    // an uploaded source owns its table in the analytics store
    if (row.reference === UPLOAD_REFERENCE && row.table_name) await this.uploads.dropTable(row.table_name).catch(() => undefined);
    return { dataSourceId: row.id };
  }

  /**
   * The first rows of a source, calculated fields computed by its database, and how many rows the
   * source has in all (a count beside them; 0 when the count fails, the rows are shown anyway).
   */
  async preview(id: string, count: number): Promise<dataSourceV1.QueryResult> {
    const row = await this.source(id);
    const limit = Math.max(1, Math.min(count || 1, this.runner.maxRows));
    if (row.type === SOURCE_TYPE.join) {
      const { result, total } = await this.joins.rows(row, limit, true);
      return { ...toQueryResult(result, this.titles(row), undefined, limit), totalRows: total };
    }
    const { spec, checked, calculated } = this.queryParts(row);
    const [result, total] = await Promise.all([this.runner.run(spec, checked, calculated, limit), this.runner.count(spec, checked).catch(() => 0)]);
    return { ...toQueryResult(result, this.titles(row), undefined, limit), totalRows: total };
  }

  /**
   * Replaces a source's row-level rules (docs/api/sharing.md "Row-level rules"): checked against the
   * fields charts may use (field, operator for its type, typed and bounded values); a history line;
   * the source's stamp renewed, so every kept answer and description is read again.
   */
  async setRowRules(req: dataSourceV1.SetRowRulesRequest): Promise<dataSourceV1.SetRowRulesReply> {
    const row = await this.source(req.dataSourceId);
    let input: unknown;
    try {
      input = JSON.parse(req.rulesJson || '{}');
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'rules: not JSON' });
    }
    const fields: SourceField[] = row.fields
      .filter((f) => !isUploadSyntheticField(row.reference, f.name) && ['string', 'number', 'date'].includes(f.dataType))
      .map((f) => ({ name: f.name, dataType: f.dataType as SourceField['dataType'] }));
    let rules;
    try {
      rules = checkRowRules(input, fields);
    } catch (e) {
      if (e instanceof QueryError) throw new AppError('invalid', `chart.${e.code}`, { ...e.params });
      throw e;
    }
    const stored = rules.rules.length === 0 && !rules.denyByDefault ? null : rules;
    await this.repo.db.transaction(async (tx) => {
      await this.repo.setRowRules(tx, row.id, stored);
      await this.repo.addHistory(tx, row.id, [{ key: 'history.row_rules_changed', params: { count: rules.rules.length } }], req.actor?.userName ?? '');
    });
    await this.events.sourcesChanged([row.id]);
    return { rulesJson: JSON.stringify(rules), beforeJson: row.row_rules ? JSON.stringify(row.row_rules) : '' };
  }

  async listHistory(id: string): Promise<dataSourceV1.ListHistoryReply> {
    await this.source(id);
    return { entries: await this.repo.history(id) };
  }

  /** Every row for an export in batches; refused before the first batch above maxRows. */
  async *exportRows(id: string, maxRows: number): AsyncGenerator<dataSourceV1.RowBatch> {
    const row = await this.source(id);
    const max = Math.max(1, Math.min(maxRows || 1, this.runner.maxRows));
    const result = row.type === SOURCE_TYPE.join ? (await this.joins.rows(row, max + 1, false)).result : await this.runQueryParts(row, max + 1);
    if (result.rows.length > max) throw new AppError('invalid', 'export.too_many_rows', { max });
    const { columns } = toQueryResult({ columns: result.columns, rows: [] }, this.titles(row));
    let rest = result.rows;
    let first = true;
    do {
      const { json, kept } = rowsJson(rest, EXPORT_BATCH_BYTES);
      yield { columns: first ? columns : [], rowsJson: json };
      rest = rest.slice(kept);
      first = false;
    } while (rest.length > 0);
  }

  // ---- helpers --------------------------------------------------------------------------------

  private async project(projectId: string): Promise<dataSourceV1.Project> {
    idOrNotFound(projectId, 'project.not_found');
    const p = await this.repo.findProject(projectId);
    if (!p) throw new AppError('not_found', 'project.not_found');
    return p;
  }

  private async source(id: string): Promise<SourceRow> {
    idOrNotFound(id, 'datasource.not_found');
    const row = await this.repo.findSource(id);
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    return row;
  }

  /** Module flags (BI_MODULES) gate the types; free SQL on the shared analytics store is for admins. */
  private checkCreatable(type: DatabaseSourceType, isAdmin: boolean): void {
    const module = SOURCE_TYPE_MODULE[type];
    if (module && !this.config.modules.includes(module)) throw new AppError('invalid', 'datasource.type_disabled', { type });
    if (type === SOURCE_TYPE.analytics && !isAdmin) throw new AppError('forbidden', 'datasource.analytics_admin_only');
  }

  private storedPassword(row: SourceRow): string {
    if (!row.password_enc) return '';
    try {
      return this.secrets.decrypt(row.password_enc, row.id);
    } catch (e) {
      if (e instanceof SecretUnreadableError) throw new AppError('invalid', 'secret.unreadable');
      throw e;
    }
  }

  private specOf(row: SourceRow): ConnectionSpec {
    return connectionSpec(sourceType(row.type), row.connection, this.storedPassword(row), this.config.dataSources.analyticsStore);
  }

  /** For closing pools: a source whose password no longer decrypts has no pool anyway. */
  private specOfSafe(row: SourceRow): ConnectionSpec {
    try {
      return this.specOf(row);
    } catch {
      return connectionSpec(sourceType(row.type), row.connection, '', this.config.dataSources.analyticsStore);
    }
  }

  private specWithStoredPassword(type: DatabaseSourceType, input: dataSourceV1.ConnectionInput | undefined, stored: SourceRow): ConnectionSpec {
    if (type === SOURCE_TYPE.analytics) return this.specOf(stored);
    const { connection, password } = normalizeConnection(type, input ?? this.asInput(stored.connection));
    if (password) return connectionSpec(type, connection, password, this.config.dataSources.analyticsStore);
    if (stored.password_enc && !sameServer(stored.connection, connection)) throw new AppError('invalid', 'connection.password_again');
    return connectionSpec(type, connection, this.storedPassword(stored), this.config.dataSources.analyticsStore);
  }

  private asInput(c: StoredConnection | null): dataSourceV1.ConnectionInput | undefined {
    return c ? { ...c, password: '' } : undefined;
  }

  private async tableSource(spec: ConnectionSpec, schema: string, name: string): Promise<string> {
    const table = await this.runner.knownTable(spec, schema.trim(), name);
    return tableSql(spec.engine, table.schema, table.name);
  }

  /** Content as sent, or SELECT * FROM a listed table. */
  private async sourceText(spec: ConnectionSpec, content: string | undefined, tableSchema: string | undefined, tableName: string | undefined) {
    const text = (content ?? '').trim();
    const name = (tableName ?? '').trim();
    if (text) return { content: text, tableSchema: name ? (tableSchema ?? '').trim() : '', tableName: name };
    if (!name) throw new AppError('invalid', 'datasource.content_required');
    const table = await this.runner.knownTable(spec, (tableSchema ?? '').trim(), name);
    return { content: tableSql(spec.engine, table.schema, table.name), tableSchema: table.schema, tableName: table.name };
  }

  /** The columns of the source SQL, read by running it for no rows. */
  private async columnsOf(spec: ConnectionSpec, checked: ReadSql): Promise<DriverColumn[]> {
    const result = await this.runner.run(spec, checked, [], 0);
    checkColumnNames(result.columns);
    return result.columns;
  }

  /** Checks a calculated field with the whitelist, then by its database (no rows read); answers its type. */
  private async checkCalculated(spec: ConnectionSpec, checked: ReadSql, fields: dataSourceV1.Field[], f: dataSourceV1.Field): Promise<string> {
    const parsed = parseExpression(f.expression, fields.filter((x) => !x.expression).map((x) => x.name));
    if (!parsed.ok) throw expressionProblemError(f.name, parsed.problem);
    try {
      const result = await this.runner.run(spec, checked, [{ name: f.name, tokens: parsed.tokens }], 0);
      return result.columns.at(-1)?.dataType ?? 'string';
    } catch (e) {
      // the database's text is logged with a request id (ENGINE_TEXT), the message names the id
      if (e instanceof AppError && e.key === 'query.failed') throw new AppError('invalid', 'field.expression_db', { name: f.name, [ENGINE_TEXT]: String(e.params[ENGINE_TEXT] ?? '') });
      throw e;
    }
  }

  private checkedField(f: dataSourceV1.Field): dataSourceV1.Field {
    const title = (f.title ?? '').trim();
    const alias = checkAlias(title);
    if (alias) throw new AppError('invalid', alias === 'line_break' ? 'field.alias_line_break' : 'field.alias_length');
    const aggregator = f.aggregator ?? '';
    if (!aggregatorAllowed(aggregator, f.dataType)) throw new AppError('invalid', 'field.aggregator_invalid', { aggregator, name: f.name });
    return { name: f.name, title, dataType: f.dataType, expression: f.expression ?? '', aggregator };
  }

  private runQueryParts(row: SourceRow, limit: number) {
    const { spec, checked, calculated } = this.queryParts(row);
    return this.runner.run(spec, checked, calculated, limit);
  }

  private queryParts(row: SourceRow): { spec: ConnectionSpec; checked: ReadSql; calculated: CalculatedColumn[] } {
    const spec = this.specOf(row);
    const checked = this.runner.check(spec, row.content);
    const base = row.fields.filter((f) => !f.expression).map((f) => f.name);
    const calculated: CalculatedColumn[] = [];
    for (const f of row.fields.filter((x) => x.expression)) {
      const parsed = parseExpression(f.expression, base);
      if (!parsed.ok) throw expressionProblemError(f.name, parsed.problem);
      calculated.push({ name: f.name, tokens: parsed.tokens });
    }
    return { spec, checked, calculated };
  }

  private titles(row: SourceRow): Map<string, { title: string; dataType: string }> {
    return new Map(row.fields.map((f) => [f.name, { title: f.title, dataType: f.dataType }]));
  }

  /** Writes the changes, their history line and (for data or schema changes) the event, in one transaction. */
  private async commit(id: string, changes: SourceChanges, history: HistoryItem[], userName: string, event?: DataChangeKind): Promise<void> {
    await this.repo.db.transaction(async (tx) => {
      const version = await this.repo.updateSource(tx, id, changes);
      if (history.length) await this.repo.addHistory(tx, id, history, userName);
      if (event) await this.events.dataChanged(tx, id, event, version, userName);
    });
    if (event) this.events.published();
    await this.events.sourcesChanged([id]);
  }

  private toDataSource(row: SourceRow): dataSourceV1.DataSource {
    const type = row.type === SOURCE_TYPE.join ? row.type : sourceType(row.type);
    return {
      dataSourceId: row.id,
      projectId: row.project_id,
      projectName: row.project_name,
      name: row.name,
      description: row.description,
      type,
      isReadOnly: row.is_read_only,
      connection: connectionView(row.connection, !!row.password_enc),
      connectionString: type === SOURCE_TYPE.join ? 'jointable://' : connectionString(sourceType(type), row.connection),
      content: row.content,
      tableName: row.table_name,
      tableSchema: row.table_schema,
      reference: row.reference,
      cacheInterval: row.cache_interval ?? 0,
      dataType: row.data_type,
      fields: row.fields,
      dataVersion: row.data_version,
      createdBy: row.created_by_name,
      createdById: row.created_by ?? '',
      createTime: iso(row.created_at),
      updateTime: iso(row.updated_at),
    };
  }
}
