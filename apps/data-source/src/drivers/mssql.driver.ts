import sql from 'mssql';
import { AppError } from '@bi/core';
import { CONNECT_TIMEOUT_MS, MAX_TABLES, POOL_SIZE, clip, driverErrors, messageOf, networkError, withCancelTimer, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo, tableInfos } from './driver.js';
import { mssqlDataType, normalizeValue } from './values.js';

/**
 * SQL Server (type 0) through mssql/tedious. SQL Server has no read-only transaction: the query
 * runs in a transaction that is always rolled back. On timeout the request is cancelled (an
 * attention packet: the server stops the statement).
 */
export class MssqlDriver implements SourceDriver {
  readonly dialect = 'mssql' as const;
  private pool: sql.ConnectionPool | undefined;
  private connecting: Promise<sql.ConnectionPool> | undefined;

  constructor(private readonly spec: ConnectionSpec) {}

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = await this.run('SELECT TOP (@p1) TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES ORDER BY 1, 2', [MAX_TABLES], options);
    return tableInfos(r.rows);
  }

  async run(text: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    const pool = await this.connect();
    const tx = new sql.Transaction(pool);
    try {
      await tx.begin();
    } catch (e) {
      throw this.connectError(e);
    }
    const request = new sql.Request(tx);
    request.arrayRowMode = true;
    // the names of the markers @bi/query's SQL Server dialect writes (@p1, @p2, …)
    params.forEach((v, i) => request.input(`p${i + 1}`, v));
    const outcome = await withCancelTimer(
      options.timeoutMs,
      () => request.cancel(),
      () => request.query(text),
    );
    await tx.rollback().catch(() => undefined);
    if (outcome.cancelled) throw driverErrors.timeout(options.timeoutMs);
    if (outcome.error) throw this.queryError(outcome.error, options);
    const result = outcome.value as unknown as { recordset: unknown[][]; columns?: { name: string; type?: { declaration?: string } }[][] };
    const meta = result.columns?.[0] ?? [];
    const columns = meta.map((c) => {
      const declaration = c.type?.declaration ?? 'nvarchar';
      return { name: c.name, dataType: mssqlDataType(declaration), nativeType: declaration };
    });
    const rows = (result.recordset ?? []).slice(0, options.maxRows).map((row) =>
      row.map((v, i) => {
        const nativeType = columns[i]?.nativeType;
        if (nativeType === 'time' && v instanceof Date) return v.toISOString().slice(11, 19);
        return normalizeValue(v, columns[i]?.dataType ?? 'string', { dateOnly: nativeType === 'date', zone: 'utc' });
      }),
    );
    return { columns, rows };
  }

  async close(): Promise<void> {
    const pool = this.pool ?? (await this.connecting?.catch(() => undefined));
    this.pool = undefined;
    this.connecting = undefined;
    await pool?.close().catch(() => undefined);
  }

  private connect(): Promise<sql.ConnectionPool> {
    if (this.pool?.connected) return Promise.resolve(this.pool);
    this.connecting ??= (async () => {
      const pool = new sql.ConnectionPool({
        server: this.spec.host,
        port: this.spec.port,
        user: this.spec.user,
        password: this.spec.password,
        database: this.spec.database || undefined,
        connectionTimeout: CONNECT_TIMEOUT_MS,
        // The per-query cancel timer comes first; this bounds a request the cancel did not stop.
        requestTimeout: 15 * 60_000,
        pool: { max: POOL_SIZE, min: 0, idleTimeoutMillis: 60_000 },
        options: { encrypt: true, trustServerCertificate: true, appName: 'bi-data-source', useUTC: true },
      });
      pool.on('error', () => undefined);
      try {
        await pool.connect();
      } catch (e) {
        await pool.close().catch(() => undefined);
        throw this.connectError(e);
      }
      this.pool = pool;
      return pool;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private connectError(e: unknown): AppError {
    if (e instanceof AppError) return e;
    const err = e as { code?: string; originalError?: { message?: string; code?: string; cause?: { code?: string } }; message?: string };
    const text = `${err.message ?? ''} ${err.originalError?.message ?? ''}`;
    if (/Cannot open database/i.test(text)) return driverErrors.databaseMissing(this.spec.database);
    if (err.code === 'ELOGIN') return driverErrors.auth();
    // tedious tries each address of the host in turn; "Could not connect (sequence)" = every try was refused
    if (/Could not connect \(sequence\)/.test(text)) return driverErrors.refused(this.spec);
    return networkError({ code: err.originalError?.cause?.code ?? err.code, message: text }, this.spec) ?? driverErrors.connect(text.trim() || messageOf(e));
  }

  private queryError(e: unknown, options: RunOptions): AppError {
    if (e instanceof AppError) return e;
    const code = (e as { code?: string }).code;
    if (code === 'ETIMEOUT' || code === 'ECANCEL') return driverErrors.timeout(options.timeoutMs);
    if (code === 'ESOCKET' || code === 'ECONNCLOSED') return driverErrors.connect(messageOf(e));
    return driverErrors.query(clip(messageOf(e)));
  }
}
