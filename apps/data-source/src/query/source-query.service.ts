import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import { AppError, type Logger } from '@bi/core';
import type { dataSourceQueryV1 } from '@bi/proto';
import { SOURCE_TYPE, isUploadSyntheticField } from '@bi/rules';
import { JoinTableService } from '../joins/join-table.service.js';
import { CACHE, CONFIG, LOGGER, idOrNotFound } from '@bi/service-kit';
import { DataSourceRepository, type SourceRow } from '../data-source.repository.js';
import type { ConnectionSpec } from '../drivers/driver.js';
import { SecretBox } from '../secrets.js';
import { engineOf, readType, storedSpec } from '../source-connection.js';
import { MAX_ANSWER_BYTES, SourceRunner, rowsJson } from '../source-runner.js';
import { checkSourceSql } from '../sql/source-sql.js';
import { checkCompiledSql, parseParams } from './compiled-sql.js';
import { KeptConnections } from './kept-connections.js';
import { querySourceOf } from './query-source.js';
import { RollupRecords } from './rollup-records.js';


/**
 * DataSourceQueryService (docs/api/chart.md): describes a source for the chart engine and runs the
 * SQL it compiled, on the source's pooled driver (SourceRunner's DriverPool) with the configured
 * timeout and row cap. Access checks are the BFF's (as for every data-source call).
 */
@Injectable()
export class SourceQueryService {
  /** the connections of the sources run lately, while their stamps are current */
  private readonly connections: KeptConnections;
  /** the source's kept rollups (issue 31): Describe lists those of its current data version */
  private readonly rollups: RollupRecords;

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly runner: SourceRunner,
    private readonly secrets: SecretBox,
    private readonly joins: JoinTableService,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CACHE) cache: Cache,
  ) {
    this.connections = new KeptConnections(cache);
    this.rollups = new RollupRecords(repo.db);
  }

  async describe(dataSourceId: string): Promise<dataSourceQueryV1.SourceDescription> {
    const row = await this.source(dataSourceId);
    const common = {
      dataSourceId: row.id,
      name: row.name,
      projectId: row.project_id,
      projectName: row.project_name,
      cacheInterval: row.cache_interval ?? 0,
      createdById: row.created_by ?? '',
      rowRulesJson: row.row_rules ? JSON.stringify(row.row_rules) : '',
      rollupsJson: '',
      rollupsOff: false,
    };
    // a joined table: its join over its inputs' FROM parts (docs/api/join-table.md)
    if (row.type === SOURCE_TYPE.join) {
      const joined = await this.joins.describe(row);
      return { ...common, type: row.type, ...joined, ...(joined.dialect === 'duckdb' ? await this.rollups.describe(row.id, joined.dataVersion) : {}) };
    }
    const type = readType(row.type);
    const dialect = engineOf(type, this.config.dataSources.analyticsStore);
    const part = querySourceOf(row, dialect, checkSourceSql(row.content, dialect));
    return {
      dataSourceId: row.id,
      name: row.name,
      projectId: row.project_id,
      projectName: row.project_name,
      type,
      dialect,
      ...part,
      // key_id and deleted of an uploaded table are the product's: no chart field lists or uses them
      fields: part.fields.filter((f) => !isUploadSyntheticField(row.reference, f.name)),
      dataVersion: row.data_version,
      cacheInterval: row.cache_interval ?? 0,
      createdById: row.created_by ?? '',
      rowRulesJson: row.row_rules ? JSON.stringify(row.row_rules) : '',
      joinJson: '',
      // kept rollups live in the analytics store only (ADR 0022)
      // (none while an administrator has them switched off for the source: rollups_off)
      ...(dialect === 'duckdb' ? await this.rollups.describe(row.id, row.data_version) : { rollupsJson: '', rollupsOff: false }),
    };
  }

  async runQuery(req: dataSourceQueryV1.RunQueryRequest): Promise<dataSourceQueryV1.RunQueryReply> {
    // stamps are written under the id as the database answers it (lower case)
    const id = idOrNotFound(req.dataSourceId, 'datasource.not_found').toLowerCase();
    const spec = await this.connectionSpec(id);
    const statement = checkCompiledSql(req.sql, spec.engine, parseParams(req.paramsJson));
    const limit = Math.max(1, Math.min(req.rowLimit || this.runner.maxRows, this.runner.maxRows));
    const started = Date.now();
    const result = await this.runner.drivers.use(spec, (d) => d.run(statement.sql, statement.params, { timeoutMs: this.runner.timeoutMs, maxRows: limit + 1 }));
    const rows = result.rows.slice(0, limit);
    const { json, kept } = rowsJson(rows, MAX_ANSWER_BYTES);
    const elapsedMs = Date.now() - started;
    // tests count these lines: one per statement run for a chart
    this.logger.debug('chart query run', { dataSourceId: id, engine: spec.engine, rows: kept, elapsedMs });
    return {
      columns: result.columns.map((c) => ({ name: c.name, dataType: c.dataType })),
      rowsJson: json,
      truncated: result.rows.length > limit || kept < rows.length,
      rowCount: kept,
      elapsedMs,
    };
  }

  /** Where the source's queries run (a joined table: its inputs' store), kept while the source's stamp is current. */
  connectionSpec(id: string): Promise<ConnectionSpec> {
    return this.connections.of(id, async () => {
      const row = await this.source(id);
      return row.type === SOURCE_TYPE.join ? this.joins.connectionOf(row) : this.specOf(row);
    });
  }

  private async source(id: string): Promise<SourceRow> {
    const row = await this.repo.findSource(idOrNotFound(id, 'datasource.not_found'));
    if (!row) throw new AppError('not_found', 'datasource.not_found');
    return row;
  }

  private specOf(row: SourceRow): ConnectionSpec {
    return storedSpec(row, this.secrets, this.config.dataSources.analyticsStore);
  }
}
