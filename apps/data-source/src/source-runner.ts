import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { CONFIG } from '@bi/service-kit';
import type { ConnectionSpec, DriverResult, TableInfo } from './drivers/driver.js';
import { DriverPool } from './drivers/driver-pool.js';
import { countSql, previewSql, type CalculatedColumn, type ReadSql } from '@bi/query';
import { checkSourceSql } from './sql/source-sql.js';

/** One answer holds at most this much row JSON (gRPC's default message limit is 4 MB). */
export const MAX_ANSWER_BYTES = 3 * 1024 * 1024;
/** Export batches stay well under the message limit too. */
export const EXPORT_BATCH_BYTES = 1024 * 1024;

/** Rows as JSON text, cut at a byte budget: [json, rows kept]. */
export function rowsJson(rows: unknown[][], maxBytes = MAX_ANSWER_BYTES): { json: string; kept: number } {
  const parts: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    const size = Buffer.byteLength(text) + 1;
    if (bytes + size > maxBytes && parts.length > 0) break;
    parts.push(text);
    bytes += size;
  }
  return { json: `[${parts.join(',')}]`, kept: parts.length };
}

/** A query's columns must each have a name of their own: rows are keyed by it. */
export function checkColumnNames(columns: { name: string }[]): void {
  const seen = new Set<string>();
  columns.forEach((c, i) => {
    if (!c.name || !c.name.trim()) throw new AppError('invalid', 'query.unnamed_column', { index: i + 1 });
    const key = c.name.toLowerCase();
    if (seen.has(key)) throw new AppError('invalid', 'query.duplicate_column', { name: c.name });
    seen.add(key);
  });
}

/**
 * Runs source SQL on its database: checks it, wraps it with a bound row limit (and calculated
 * fields), borrows the connection's pooled driver, and applies the configured timeout and row cap.
 */
@Injectable()
export class SourceRunner implements OnModuleDestroy {
  readonly drivers = new DriverPool();

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  get timeoutMs(): number {
    return this.config.dataSources.queryTimeoutSeconds * 1000;
  }

  get maxRows(): number {
    return this.config.dataSources.queryMaxRows;
  }

  check(spec: ConnectionSpec, sql: string): ReadSql {
    return checkSourceSql(sql, spec.engine);
  }

  listTables(spec: ConnectionSpec): Promise<TableInfo[]> {
    return this.drivers.use(spec, (d) => d.listTables({ timeoutMs: this.timeoutMs, maxRows: this.maxRows }));
  }

  /** First `limit` rows of the checked SQL with calculated columns after the source's own. */
  run(spec: ConnectionSpec, source: ReadSql, calculated: CalculatedColumn[], limit: number): Promise<DriverResult> {
    const rows = Math.max(0, Math.min(limit, this.maxRows + 1));
    const q = previewSql(spec.engine, source, calculated, rows);
    return this.drivers.use(spec, (d) => d.run(q.sql, q.params, { timeoutMs: this.timeoutMs, maxRows: rows }));
  }

  /** The number of rows of the checked SQL (one aggregate on its database, under the timeout). */
  async count(spec: ConnectionSpec, source: ReadSql): Promise<number> {
    const q = countSql(spec.engine, source);
    const result = await this.drivers.use(spec, (d) => d.run(q.sql, q.params, { timeoutMs: this.timeoutMs, maxRows: 1 }));
    const n = Number(result.rows[0]?.[0]);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  }

  /** The table must be one the connection lists (names come only from known tables). */
  async knownTable(spec: ConnectionSpec, schema: string, name: string): Promise<TableInfo> {
    const tables = await this.listTables(spec);
    const table = tables.find((t) => t.name === name && (schema === '' || t.schema === schema));
    if (!table) throw new AppError('invalid', 'table.not_found', { table: schema ? `${schema}.${name}` : name });
    return table;
  }

  /** Closes a connection's pool (after an update or delete of a source using it). The shared analytics store stays open. */
  async release(spec: ConnectionSpec): Promise<void> {
    if (spec.path || spec.url) return;
    await this.drivers.close(spec);
  }

  async onModuleDestroy(): Promise<void> {
    await this.drivers.closeAll();
  }
}

export function toQueryResult(result: DriverResult, titles: Map<string, { title: string; dataType: string }> = new Map(), maxBytes = MAX_ANSWER_BYTES, wanted = Infinity): dataSourceV1.QueryResult {
  const { json, kept } = rowsJson(result.rows.slice(0, wanted === Infinity ? undefined : wanted), maxBytes);
  const columns = result.columns.map((c) => {
    const f = titles.get(c.name);
    return { name: c.name, title: f?.title ?? c.name, dataType: f?.dataType ?? c.dataType };
  });
  return { columns, rowsJson: json, truncated: kept < Math.min(result.rows.length, wanted), totalRows: 0 };
}
