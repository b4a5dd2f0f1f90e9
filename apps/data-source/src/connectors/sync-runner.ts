import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { SOURCE_TYPE, defaultTitle } from '@bi/rules';
import type { SqlExecutor } from '@bi/persistence';
import { CONFIG } from '@bi/service-kit';
import type { HistoryItem, SourceRow } from '../data-source.repository.js';
import type { ConnectionSpec } from '../drivers/driver.js';
import { connectionSpec } from '../source-connection.js';
import { RollupsService } from '../query/rollups.service.js';
import { SourceRunner, checkColumnNames } from '../source-runner.js';
import { SourceWriter, type NewSourceInput } from '../sources/source-writer.js';
import { UPLOAD_SCHEMA, analyticsWriter, storeTableSql, type AnalyticsWriter, type LoadTarget, type RowLoader, type StoreValue } from '../uploads/store-writer.js';
import type { Connector, ConnectorRead } from './connector.js';

/** Adds each batch's rows to the loader and lets it write them before the next batch is asked for. */
export async function loadBatches(batches: AsyncIterable<StoreValue[][]>, loader: RowLoader): Promise<void> {
  for await (const batch of batches) {
    for (const values of batch) loader.add(values);
    await loader.flush();
  }
}

/** A connector's rows, stopped when the read is cancelled or goes over its row cap (whatever the connector checks itself). */
export async function* connectorBatches(connector: Connector, read: ConnectorRead): AsyncGenerator<StoreValue[][]> {
  let count = 0;
  for await (const batch of connector.rows(read)) {
    if (read.signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
    count += batch.length;
    if (count > read.maxRows) throw connector.tooManyRows(read.maxRows);
    yield batch;
  }
}

/** The source a first sync records: where it goes, how it is marked, who made it and its history entry. */
export interface NewSyncedSource {
  /** the new table in the analytics store's upload schema */
  table: string;
  projectId: string;
  name: string;
  /** the kind's mark on the source (UPLOAD_REFERENCE for uploads) */
  reference: string;
  createdBy: string | null;
  by: string;
  history: (rows: number) => HistoryItem[];
  /** the new source's id (default: a new one), e.g. when a secret is encrypted for it beforehand */
  id?: string;
  /** its type code (default: the analytics store's), e.g. 4 for an ERP report */
  type?: number;
  /** further columns of the source row (description, connection, password, cache interval) */
  source?: Partial<Pick<NewSourceInput, 'description' | 'connection' | 'passwordEnc' | 'cacheInterval'>>;
  /** titles of the columns by name (default: derived from the name) */
  titles?: Readonly<Record<string, string>>;
  /** further writes in the source's transaction (a kind's own settings) */
  also?: (tx: SqlExecutor, id: string, rows: number) => Promise<void>;
}

/**
 * Runs a connector (connector.ts): its rows into a table of the analytics store in one store
 * transaction (store-writer.ts; a failed or cancelled load leaves the table as it was), then the
 * source reading that table recorded through SourceWriter (row, history, DataChanged event, stamps).
 */
@Injectable()
export class SyncRunner {
  constructor(
    private readonly runner: SourceRunner,
    private readonly writer: SourceWriter,
    private readonly rollups: RollupsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  get analyticsSpec(): ConnectionSpec {
    return connectionSpec(SOURCE_TYPE.analytics, null, '', this.config.dataSources.analyticsStore);
  }

  withWriter<T>(fn: (w: AnalyticsWriter) => Promise<T>): Promise<T> {
    return this.runner.drivers.use(this.analyticsSpec, (d) => fn(analyticsWriter(d)));
  }

  /** The connector's rows into the table (its fields are the columns): its bulk load when it takes it, else its rows streamed. Answers the rows loaded. */
  load(connector: Connector, table: string, mode: LoadTarget['mode'], read: ConnectorRead, beforeCommit?: LoadTarget['beforeCommit']): Promise<number> {
    const target: LoadTarget = { table, mode, columns: [...connector.fields], ...(beforeCommit ? { beforeCommit } : {}) };
    return this.withWriter(async (w) => (await connector.bulkLoad?.(w, target, read)) ?? w.load(target, (loader) => loadBatches(connectorBatches(connector, read), loader), read.signal));
  }

  /** A first sync: a new table filled, then a new source over it ('ingest' event); the table is dropped when the source cannot be recorded. */
  async create(connector: Connector, s: NewSyncedSource, read: ConnectorRead): Promise<{ dataSourceId: string; rowCount: number; loadMs: number }> {
    const started = Date.now();
    const rows = await this.load(connector, s.table, 'create', read);
    const loadMs = Date.now() - started;
    try {
      const spec = this.analyticsSpec;
      const checked = this.runner.check(spec, storeTableSql(s.table, connector.fields.map((f) => f.name)));
      const result = await this.runner.run(spec, checked, [], 0);
      checkColumnNames(result.columns);
      const fields = result.columns.map((c) => ({ name: c.name, title: s.titles?.[c.name] || defaultTitle(c.name), dataType: c.dataType, expression: '', aggregator: '' }));
      const id = s.id ?? randomUUID();
      const also = s.also;
      await this.writer.insert(
        { ...s.source, id, projectId: s.projectId, name: s.name, type: s.type ?? SOURCE_TYPE.analytics, content: checked.sql, tableSchema: UPLOAD_SCHEMA, tableName: s.table, fields, createdBy: s.createdBy, createdByName: s.by, reference: s.reference },
        { history: s.history(rows), by: s.by, event: 'ingest', rows, ...(also ? { also: (tx) => also(tx, id, rows) } : {}) },
      );
      return { dataSourceId: id, rowCount: rows, loadMs };
    } catch (e) {
      // the metadata could not be written: the new table must not stay behind
      await this.withWriter((w) => w.dropTable(s.table)).catch(() => undefined);
      throw e;
    }
  }

  /** A later sync into a synced source's table (append or replace), recorded with its event. Answers the rows loaded. */
  async refresh(connector: Connector, row: SourceRow, mode: 'append' | 'replace', record: { by: string; history: (rows: number) => HistoryItem[] }, read: ConnectorRead): Promise<number> {
    // an append merges the new rows' partials into the source's current rollups in its own store
    // transaction, and moves their records to the new data version in the metadata transaction that
    // bumps it (RollupsService.appendMerge; a replace leaves them to the rebuild its event asks for)
    const merge = mode === 'append' && this.config.charts.rollups ? await this.rollups.appendMerge(row) : undefined;
    try {
      const rows = await this.load(connector, row.table_name, mode, read, merge?.inStore);
      await this.writer.update({ id: row.id, changes: { bumpVersion: true }, history: record.history(rows), event: mode, rows, ...(merge ? { also: merge.record } : {}) }, record.by);
      return rows;
    } finally {
      await merge?.settle().catch(() => undefined);
    }
  }
}
