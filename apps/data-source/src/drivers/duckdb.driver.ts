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
  /** connections in use (reads and the writer's) */
  private busy = 0;
  /** a buffer-pool release under way: new connections wait for it (see releaseLoadedBlocks) */
  private releasing: Promise<void> | undefined;

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
    const conn = await this.connect();
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
      this.disconnect(conn);
    }
  }

  /**
   * A connection of its own for the upload writer (uploads/store-writer.ts), which manages its
   * transaction; the same instance as the reads, since a DuckDB file has one writer process.
   */
  async withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const conn = await this.connect();
    try {
      return await fn(conn);
    } finally {
      this.disconnect(conn);
    }
  }

  /**
   * After a bulk load: the buffer pool keeps the blocks just written (already in the file) up to its
   * limit, so each large upload left tens of MB resident in the service. Lowering the limit for a
   * moment makes DuckDB evict them (a drop, not a write), and the allocator hands the memory back.
   * Only when nothing else runs: a query during the low limit could be refused memory; new
   * connections wait until the limit is back. Answers whether this call released (false when something
   * ran, a release was under way, or nothing is open).
   */
  async releaseLoadedBlocks(): Promise<boolean> {
    const limit = this.spec.memoryLimitMb;
    const opened = this.instance;
    if (this.busy > 0 || this.releasing || !opened) return false;
    // set before any await: a connection asked for from now on waits for the release
    this.releasing = (async () => {
      const conn = await (await opened).connect();
      try {
        await conn.run(`SET memory_limit = '${RELEASE_LIMIT_MB}MB'`).catch(() => undefined);
        await conn.run(limit ? `SET memory_limit = '${Math.trunc(limit)}MB'` : 'RESET memory_limit');
      } finally {
        conn.closeSync();
      }
    })().finally(() => {
      this.releasing = undefined;
    });
    await this.releasing;
    return true;
  }

  private async connect(): Promise<DuckDBConnection> {
    this.busy++;
    try {
      while (this.releasing) await this.releasing.catch(() => undefined);
      return await (await this.open()).connect();
    } catch (e) {
      this.busy--;
      throw e;
    }
  }

  private disconnect(conn: DuckDBConnection): void {
    this.busy--;
    conn.closeSync();
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
      return DuckDBInstance.create(path, duckdbOptions(this.spec.memoryLimitMb));
    })().catch((e) => {
      this.instance = undefined;
      throw driverErrors.connect(messageOf(e));
    });
    return this.instance;
  }
}

/** The buffer pool's limit while it is emptied after a bulk load. */
const RELEASE_LIMIT_MB = 16;

/**
 * DuckDB's memory settings for a service process: the buffer pool bounded by the configured limit
 * (BI_ANALYTICS_MEMORY_MB; unset, DuckDB's own), and memory DuckDB frees handed back to the system beyond a few MB
 * instead of its default 128 MB (and 512 MB after a bulk free) kept for reuse, which a large ingest
 * would otherwise leave resident on top of the service's own heap.
 */
export function duckdbOptions(memoryLimitMb: number | undefined): Record<string, string> {
  return {
    ...(memoryLimitMb ? { memory_limit: `${memoryLimitMb}MB` } : {}),
    allocator_flush_threshold: '16MB',
    allocator_bulk_deallocation_flush_threshold: '16MB',
  };
}
