import pg from 'pg';
import { AppError } from '@bi/core';
import { CONNECT_TIMEOUT_MS, MAX_TABLES, POOL_SIZE, clip, driverErrors, messageOf, networkError, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo, tableInfos } from './driver.js';
import { PG_RAW_TEXT_TYPES, normalizeValue, pgDataType, pgIsDateOnly } from './values.js';

const raw = (v: string) => v;
// Dates, times, int8 and numeric stay as the server's text: no time-zone shift, no lost digits.
const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (PG_RAW_TEXT_TYPES.includes(oid) ? raw : pg.types.getTypeParser(oid, format)) };

/** PostgreSQL (type 7) and the analytics store in distributed mode: node-postgres pool. */
export class PostgresDriver implements SourceDriver {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(private readonly spec: ConnectionSpec) {
    this.pool = new pg.Pool({
      ...(spec.url
        ? { connectionString: spec.url }
        : { host: spec.host, port: spec.port, user: spec.user, password: spec.password, database: spec.database || 'postgres' }),
      max: POOL_SIZE,
      idleTimeoutMillis: 60_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'bi-data-source',
      types,
    });
    // An idle client losing its server must not take the process down; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = await this.run(
      `SELECT table_schema, table_name, table_type FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg\\_%'
       ORDER BY 1, 2 LIMIT $1`,
      [MAX_TABLES],
      options,
    );
    return tableInfos(r.rows);
  }

  run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    return this.withClient(async (client) => {
      try {
        // Read-only, a server-side statement timeout, and strings read as the SQL guard reads them.
        await client.query('BEGIN READ ONLY');
        await client.query("SELECT set_config('statement_timeout', $1, true), set_config('standard_conforming_strings', 'on', true)", [String(options.timeoutMs)]);
        const r = await client.query({ text: sql, values: params, rowMode: 'array' });
        await client.query('ROLLBACK');
        const columns = r.fields.map((f) => ({ name: f.name, dataType: pgDataType(f.dataTypeID), nativeType: String(f.dataTypeID), dateOnly: pgIsDateOnly(f.dataTypeID) }));
        const rows = (r.rows as unknown[][]).slice(0, options.maxRows).map((row) => row.map((v, i) => normalizeValue(v, columns[i].dataType, { dateOnly: columns[i].dateOnly })));
        return { columns: columns.map(({ name, dataType, nativeType }) => ({ name, dataType, nativeType })), rows };
      } catch (e) {
        throw this.queryError(e, options);
      }
    });
  }

  /** A pooled client (run, and the upload writer of uploads/store-writer.ts, which manages its transaction); rolled back on a failure. */
  async withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw this.connectError(e);
    }
    let broken = false;
    try {
      return await fn(client);
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw e;
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  private connectError(e: unknown): AppError {
    const code = (e as { code?: string }).code;
    if (code === '28P01' || code === '28000') return driverErrors.auth();
    if (code === '3D000') return driverErrors.databaseMissing(this.spec.database || 'postgres');
    return networkError(e, this.spec) ?? driverErrors.connect(messageOf(e));
  }

  private queryError(e: unknown, options: RunOptions): AppError {
    if (e instanceof AppError) return e;
    const code = (e as { code?: string }).code;
    if (code === '57014') return driverErrors.timeout(options.timeoutMs);
    if (code?.startsWith('08') || /Connection terminated/i.test(messageOf(e))) return networkError(e, this.spec) ?? driverErrors.connect(messageOf(e));
    return driverErrors.query(clip(messageOf(e)));
  }
}
