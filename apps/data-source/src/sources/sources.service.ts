import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import { isErpSourceType } from '@bi/chart-model';
import type { dataSourceV1 } from '@bi/proto';
import { SOURCE_TYPE, UPLOAD_REFERENCE, aggregatorAllowed, connectorOfSource, charLength, defaultTitle, isCacheInterval } from '@bi/rules';
import { isUuid, validName } from '@bi/service-kit';
import { DataSourceRepository, type HistoryItem, type SourceChanges } from '../data-source.repository.js';
import type { ConnectionSpec, DriverColumn } from '../drivers/driver.js';
import { connectionSpec, normalizeConnection, readType, sameConnection, sameServer, sourceType } from '../source-connection.js';
import { SourceRunner } from '../source-runner.js';
import { UploadService } from '../uploads/upload.service.js';
import { SourceLookup, actorOf, toDataSource } from './source-lookup.js';
import { SourceSpecs } from './source-specs.js';
import { SourceWriter } from './source-writer.js';

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

/** Base fields from the query's columns, keeping title and aggregator of columns that stay. */
function baseFields(columns: DriverColumn[], previous: dataSourceV1.Field[] = []): dataSourceV1.Field[] {
  return columns.map((c) => {
    const old = previous.find((f) => !f.expression && f.name === c.name);
    const aggregator = old && aggregatorAllowed(old.aggregator, c.dataType) ? old.aggregator : '';
    return { name: c.name, title: old?.title ?? defaultTitle(c.name), dataType: c.dataType, expression: '', aggregator };
  });
}

/** Database sources: read one or several, create, change (description, cache, connection, SQL), delete (spec 02 §2–§3). */
@Injectable()
export class SourcesService {
  constructor(
    private readonly repo: DataSourceRepository,
    private readonly lookup: SourceLookup,
    private readonly specs: SourceSpecs,
    private readonly runner: SourceRunner,
    private readonly writer: SourceWriter,
    private readonly uploads: UploadService,
  ) {}

  async getSource(id: string): Promise<dataSourceV1.DataSource> {
    return toDataSource(await this.lookup.source(id));
  }

  /** Several sources by id in one read (GetSources): those found, in the order asked; anything not a source id is left out. */
  async getSources(ids: readonly string[]): Promise<dataSourceV1.GetSourcesReply> {
    if (ids.length > MAX_SOURCES_PER_READ) throw new AppError('invalid', 'request.invalid', { detail: `at most ${MAX_SOURCES_PER_READ} sources` });
    const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    const rows = new Map((await this.repo.findSources(wanted)).map((r) => [r.id, r]));
    return { dataSources: wanted.flatMap((id) => (rows.has(id) ? [toDataSource(rows.get(id)!)] : [])) };
  }

  /** By id, or (id empty) the source reading an analytics-store table (deleteExcelData/{tableName}). */
  async findSource(req: dataSourceV1.GetSourceRequest): Promise<dataSourceV1.DataSource> {
    if (req.dataSourceId || !req.tableName) return this.getSource(req.dataSourceId);
    const row = await this.repo.findSourceByTable(req.tableName, UPLOAD_REFERENCE);
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    return toDataSource(row);
  }

  async createSource(req: dataSourceV1.CreateSourceRequest): Promise<dataSourceV1.DataSource> {
    const actor = actorOf(req.actor);
    const type = sourceType(req.type);
    this.specs.checkCreatable(type, actor.isAdmin);
    if (!req.projectId) throw new AppError('invalid', 'project.required');
    const name = validName(req.name);
    const description = validDescription(req.description);
    const cacheInterval = validCacheInterval(req.cacheInterval);
    await this.lookup.project(req.projectId);
    const { connection, password } = normalizeConnection(type, req.connection);
    const spec = connectionSpec(type, connection, password, this.specs.analyticsStore);
    const { content, tableSchema, tableName } = await this.specs.sourceText(spec, req.content, req.tableSchema, req.tableName);
    const checked = this.runner.check(spec, content);
    const columns = await this.specs.columnsOf(spec, checked);
    const id = randomUUID();
    await this.writer.insert(
      {
        id,
        projectId: req.projectId,
        name,
        description,
        type,
        connection,
        passwordEnc: password ? this.specs.encrypt(password, id) : null,
        content: checked.sql,
        tableSchema,
        tableName,
        cacheInterval,
        fields: baseFields(columns),
        createdBy: actor.userId,
        createdByName: actor.userName,
      },
      { history: [{ key: 'history.created' }], by: actor.userName },
    );
    return this.getSource(id);
  }

  async updateSource(req: dataSourceV1.UpdateSourceRequest): Promise<dataSourceV1.DataSource> {
    const actor = actorOf(req.actor);
    const row = await this.lookup.source(req.dataSourceId);
    if (row.type === SOURCE_TYPE.join) throw new AppError('invalid', 'join.use_designer');
    // an ERP report's rows come from its report settings (its wizard); here only its description and cache interval change
    if (isErpSourceType(row.type) && (req.content !== undefined || req.tableName !== undefined)) throw new AppError('invalid', 'e10.use_wizard');
    const type = readType(row.type);
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
      storedPw = this.specs.storedPassword(row);
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
        changes.passwordEnc = next.password ? this.specs.encrypt(next.password, row.id) : row.password_enc;
        history.push({ key: 'history.connection_changed' });
      }
    }
    const analytics = this.specs.analyticsStore;
    const oldSpec = connectionSpec(type, row.connection, storedPw ?? '', analytics);
    const spec = (): ConnectionSpec => {
      if (password === undefined) throw new AppError('invalid', 'secret.unreadable');
      return connectionSpec(type, connection, password, analytics);
    };

    // SQL: sent content, or a table (then SELECT * FROM it). Free SQL on the shared analytics store is for admins.
    if (req.content !== undefined || req.tableName !== undefined) {
      const text = await this.specs.sourceText(spec(), req.content, req.tableSchema ?? (req.content === undefined ? row.table_schema : ''), req.tableName ?? '');
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
      const columns = await this.specs.columnsOf(spec(), checked);
      const fields = baseFields(columns, row.fields);
      const before = new Set(row.fields.filter((f) => !f.expression).map((f) => f.name));
      const added = fields.filter((f) => !before.has(f.name)).length;
      const removed = [...before].filter((n) => !fields.some((f) => f.name === n)).length;
      // Calculated fields must still work on the new columns.
      const calculated = row.fields.filter((f) => f.expression);
      for (const f of calculated) fields.push({ ...f, dataType: await this.specs.checkCalculated(spec(), checked, fields, f) });
      changes.fields = fields;
      changes.bumpVersion = true;
      if (added || removed) history.push({ key: 'history.columns_changed', params: { added, removed } });
    }

    if (history.length === 0 && changes.tableName === undefined) return toDataSource(row);
    await this.writer.update({ id: row.id, changes, history, event: changes.bumpVersion ? 'update' : undefined }, actor.userName);
    if (changes.connection !== undefined) await this.runner.release(oldSpec);
    return this.getSource(row.id);
  }

  async deleteSource(req: dataSourceV1.DeleteSourceRequest): Promise<dataSourceV1.DeleteSourceReply> {
    const actor = actorOf(req.actor);
    const row = await this.lookup.source(req.dataSourceId);
    await this.writer.delete(row, actor.userName);
    if (row.type !== SOURCE_TYPE.join) await this.runner.release(this.specs.specOfSafe(row));
    // a synced source (an upload, any kind with a connector) owns its copy's table in the analytics store
    if (connectorOfSource(row) !== null && row.table_name) await this.uploads.dropTable(row.table_name).catch(() => undefined);
    return { dataSourceId: row.id };
  }
}
