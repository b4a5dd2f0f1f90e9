import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { DuckDBInstance, DuckDBTypeId, type DuckDBConnection } from '@duckdb/node-api';
import { AppError } from '@bi/core';
import { MAX_TABLES, clip, driverErrors, messageOf, withCancelTimer, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo, tableInfos } from './driver.js';
import { duckdbDataType, normalizeValue } from './values.js';

/**
 * The analytics store of embedded mode (type 8): one DuckDB file under $BI_DATA_DIR, opened on
 * first use. Each query runs on a connection of its own in a READ ONLY transaction; on timeout the
 * connection is interrupted. A connection whose read ended cleanly (rolled back, not interrupted) is
 * kept for the next read (at most MAX_IDLE_CONNECTIONS; a connect costs ≈ 0.3 ms of the event loop),
 * never one the upload writer used. Values are read in DuckDB's JSON form (BIGINT and DECIMAL as text,
 * then numbers when exact; counts would otherwise come back as BigInt).
 */
export class DuckdbDriver implements SourceDriver {
  readonly dialect = 'duckdb' as const;
  private instance: Promise<Opened> | undefined;
  /** connections in use (reads and the writer's) */
  private busy = 0;
  /** connections of finished reads, for the next ones (of the instance open now) */
  private idle: DuckDBConnection[] = [];
  /** a buffer-pool release under way: new connections wait for it (see releaseLoadedBlocks) */
  private releasing: Promise<void> | undefined;

  constructor(private readonly spec: ConnectionSpec) {}

  /** Where a load stages its rows for DuckDB to read (store-writer.ts): beside the database file, or the system's temp directory for an in-memory store. */
  get stagingDir(): string {
    const path = this.spec.path ?? ':memory:';
    return path === ':memory:' ? tmpdir() : dirname(path);
  }

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = await this.run(
      `SELECT table_schema, table_name, table_type FROM information_schema.tables
       WHERE table_catalog = current_database() AND table_schema NOT IN ('information_schema', 'pg_catalog')
       ORDER BY 1, 2 LIMIT $1`,
      [MAX_TABLES],
      options,
    );
    return tableInfos(r.rows);
  }

  async run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    const conn = await this.connect();
    let reusable = false;
    try {
      await conn.run('BEGIN TRANSACTION READ ONLY');
      const outcome = await withCancelTimer(
        options.timeoutMs,
        () => conn.interrupt(),
        // without parameters one call runs it (no separate extract, prepare and bind round trips)
        () => conn.runAndReadUntil(sql, options.maxRows, params.length ? (params as never) : undefined),
      );
      const rolledBack = await conn.run('ROLLBACK').then(
        () => true,
        () => false,
      );
      reusable = rolledBack && !outcome.cancelled && !outcome.error;
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
      this.disconnect(conn, reusable);
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
   *
   * The limit is shared by every connection, so this runs only under an exclusive hold: when no
   * connection is open (else it answers false and does nothing), and connections asked for meanwhile
   * wait until it is done. The limit is set back in a finally to the exact value read when the
   * database was opened (never `RESET memory_limit`: DuckDB's RESET changes the setting shown but
   * leaves the buffer pool at the lowered size), and then checked on the buffer pool itself
   * (`pragma_database_size()`); should it still differ, the database is closed, so the next
   * connection opens it afresh with its configured limit. Answers whether this call released.
   */
  async releaseLoadedBlocks(): Promise<boolean> {
    const opening = this.instance;
    if (this.busy > 0 || this.releasing || !opening) return false;
    // set before any await: a connection asked for from now on waits for the release
    this.releasing = (async () => {
      this.closeIdle();
      const opened = await opening;
      const conn = await opened.db.connect();
      let restored = false;
      try {
        try {
          await conn.run(`SET memory_limit = '${RELEASE_LIMIT_MB}MB'`);
        } finally {
          restored = await setLimit(conn, opened.limit);
          if (!restored) restored = await setLimit(conn, opened.limit);
        }
      } finally {
        conn.closeSync();
        if (!restored && this.instance === opening) {
          // the limit could not be checked back: no connection is open, so start afresh
          this.instance = undefined;
          opened.db.closeSync();
        }
      }
      if (!restored) throw new Error(`the analytics store's memory limit was not restored to ${opened.limit}; the database was reopened`);
    })().finally(() => {
      this.releasing = undefined;
    });
    await this.releasing;
    return true;
  }

  /** The buffer pool's limit now, as DuckDB shows it (setting and buffer pool), e.g. "256.0 MiB". */
  async memoryLimit(): Promise<{ setting: string; bufferPool: string; expected: string }> {
    const conn = await this.connect();
    try {
      const [setting, bufferPool] = await readLimit(conn);
      return { setting, bufferPool, expected: (await this.instance!).limit };
    } finally {
      this.disconnect(conn);
    }
  }

  private async connect(): Promise<DuckDBConnection> {
    this.busy++;
    try {
      while (this.releasing) await this.releasing.catch(() => undefined);
      const kept = this.idle.pop();
      if (kept) return kept;
      return await (await this.open()).db.connect();
    } catch (e) {
      this.busy--;
      throw e;
    }
  }

  /** Ends the use of a connection: kept for the next read when `reusable` (and room is left), else closed. */
  private disconnect(conn: DuckDBConnection, reusable = false): void {
    this.busy--;
    if (reusable && this.instance && !this.releasing && this.idle.length < MAX_IDLE_CONNECTIONS) this.idle.push(conn);
    else conn.closeSync();
  }

  private closeIdle(): void {
    for (const conn of this.idle.splice(0)) conn.closeSync();
  }

  async close(): Promise<void> {
    this.closeIdle();
    const opened = await this.instance?.catch(() => undefined);
    this.closeIdle();
    this.instance = undefined;
    opened?.db.closeSync();
  }

  /**
   * Opens the database with its memory settings and reads back the buffer pool's limit: the value
   * every release sets back (configured, else DuckDB's default, set again once in the very form read
   * so that setting it later gives the same limit to the byte).
   */
  private open(): Promise<Opened> {
    this.instance ??= (async () => {
      const path = this.spec.path ?? ':memory:';
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
      const db = await DuckDBInstance.create(path, duckdbOptions(this.spec.memoryLimitMb));
      try {
        const conn = await db.connect();
        try {
          // a value shown is rounded ("18.8 GiB" sets 18.75…, shown "18.7 GiB"): set until it shows the same
          let [limit] = await readLimit(conn);
          for (let i = 0; i < 3 && !(await setLimit(conn, limit)); i++) [limit] = await readLimit(conn);
          if (!(await setLimit(conn, limit))) throw new Error(`memory_limit ${limit} could not be set`);
          return { db, limit };
        } finally {
          conn.closeSync();
        }
      } catch (e) {
        db.closeSync();
        throw e;
      }
    })().catch((e) => {
      this.instance = undefined;
      throw driverErrors.connect(messageOf(e));
    });
    return this.instance;
  }
}

interface Opened {
  db: DuckDBInstance;
  /** memory_limit as DuckDB shows it once opened, e.g. "256.0 MiB" */
  limit: string;
}

/** The limit as the setting shows it and as the buffer pool has it (they differ after a RESET). */
async function readLimit(conn: DuckDBConnection): Promise<[string, string]> {
  const r = await conn.runAndReadAll("SELECT current_setting('memory_limit'), (SELECT memory_limit FROM pragma_database_size() LIMIT 1)");
  const [setting, pool] = r.getRows()[0] as [string, string];
  return [String(setting), String(pool)];
}

/** Sets the limit (a value DuckDB showed, e.g. "18.7 GiB") and checks it on the setting and the buffer pool. */
async function setLimit(conn: DuckDBConnection, limit: string): Promise<boolean> {
  try {
    if (!/^\d+(\.\d+)? [KMGT]?i?B$|^\d+ bytes$/.test(limit)) return false;
    await conn.run(`SET memory_limit = '${limit}'`);
    const [setting, pool] = await readLimit(conn);
    return setting === limit && pool === limit;
  } catch {
    return false;
  }
}

/** Connections of finished reads kept for the next (DuckDB spreads one query over every core; a few run side by side). */
const MAX_IDLE_CONNECTIONS = 4;

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
