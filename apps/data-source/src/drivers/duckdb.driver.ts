import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DuckDBInstance, DuckDBTypeId, type DuckDBConnection } from '@duckdb/node-api';
import { AppError } from '@bi/core';
import { MAX_TABLES, clip, driverErrors, messageOf, withCancelTimer, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo } from './driver.js';
import { duckdbDataType, normalizeValue } from './values.js';

/**
 * The analytics store of embedded mode (type 8): one DuckDB file under $BI_DATA_DIR, opened on
 * first use. Each query gets its own connection in a READ ONLY transaction; on timeout the
 * connection is interrupted. Values are read in DuckDB's JSON form (BIGINT and DECIMAL as text,
 * then numbers when exact; counts would otherwise come back as BigInt).
 */
export class DuckdbDriver implements SourceDriver {
  readonly engine = 'duckdb' as const;
  readonly dialect = 'duckdb' as const;
  private instance: Promise<DuckDBInstance> | undefined;

  constructor(private readonly spec: ConnectionSpec) {}

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = await this.run(
      `SELECT table_schema, table_name, table_type FROM information_schema.tables
       WHERE table_catalog = current_database() AND table_schema NOT IN ('information_schema', 'pg_catalog')
       ORDER BY 1, 2 LIMIT $1`,
      [MAX_TABLES],
      options,
    );
    return r.rows.map(([schema, name, type]) => ({ schema: String(schema), name: String(name), kind: String(type).includes('VIEW') ? 'view' : 'table' }));
  }

  async run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    const instance = await this.open();
    const conn = await instance.connect();
    try {
      await conn.run('BEGIN TRANSACTION READ ONLY');
      const outcome = await withCancelTimer(
        options.timeoutMs,
        () => conn.interrupt(),
        () => conn.runAndReadUntil(sql, options.maxRows, params as never),
      );
      await conn.run('ROLLBACK').catch(() => undefined);
      if (outcome.cancelled) throw driverErrors.timeout(options.timeoutMs);
      if (outcome.error) throw outcome.error;
      const reader = outcome.value!;
      const columns = reader.columnNames().map((name, i) => {
        const typeName = DuckDBTypeId[reader.columnTypeId(i)] ?? 'VARCHAR';
        return { name, dataType: duckdbDataType(typeName), nativeType: typeName };
      });
      const rows = reader
        .getRowsJson()
        .slice(0, options.maxRows)
        .map((row) => row.map((v, i) => normalizeValue(v, columns[i].dataType, { dateOnly: columns[i].nativeType === 'DATE' })));
      return { columns, rows };
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw driverErrors.query(clip(messageOf(e)));
    } finally {
      conn.closeSync();
    }
  }

  /**
   * A connection of its own for the upload writer (uploads/store-writer.ts), which manages its
   * transaction; the same instance as the reads, since a DuckDB file has one writer process.
   */
  async withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const instance = await this.open();
    const conn = await instance.connect();
    try {
      return await fn(conn);
    } finally {
      conn.closeSync();
    }
  }

  async close(): Promise<void> {
    const instance = await this.instance?.catch(() => undefined);
    this.instance = undefined;
    instance?.closeSync();
  }

  private open(): Promise<DuckDBInstance> {
    this.instance ??= (async () => {
      const path = this.spec.path ?? ':memory:';
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
      return DuckDBInstance.create(path);
    })().catch((e) => {
      this.instance = undefined;
      throw driverErrors.connect(messageOf(e));
    });
    return this.instance;
  }
}
