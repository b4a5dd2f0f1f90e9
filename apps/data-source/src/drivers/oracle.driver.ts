import oracledb, { type Connection, type Metadata, type Pool } from 'oracledb';
import { AppError } from '@bi/core';
import { CONNECT_TIMEOUT_MS, MAX_TABLES, POOL_SIZE, clip, driverErrors, messageOf, networkError, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo } from './driver.js';
import { normalizeValue, oracleDataType } from './values.js';

/** "host:port/service", or the TNS descriptor as given. */
export function oracleConnectString(spec: ConnectionSpec): string {
  return spec.connectType === 'TNS' ? spec.serviceName : `${spec.host}:${spec.port}/${spec.serviceName || 'ORCL'}`;
}

/**
 * Oracle (type 3) through node-oracledb in Thin mode (no client libraries). SET TRANSACTION
 * READ ONLY, and callTimeout: when it passes the driver breaks the call and the server stops it.
 * SYSDBA / SYSOPER use standalone connections (pools cannot carry a privilege).
 */
export class OracleDriver implements SourceDriver {
  readonly dialect = 'oracle' as const;
  private pool: Promise<Pool> | undefined;

  constructor(private readonly spec: ConnectionSpec) {}

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = await this.run(
      `SELECT owner, name, kind FROM (
         SELECT owner, table_name AS name, 'table' AS kind FROM all_tables
         UNION ALL SELECT owner, view_name, 'view' FROM all_views
       ) WHERE owner IN (SELECT username FROM all_users WHERE oracle_maintained = 'N')
       ORDER BY 1, 2 FETCH FIRST :1 ROWS ONLY`,
      [MAX_TABLES],
      options,
    );
    return r.rows.map(([schema, name, kind]) => ({ schema: String(schema), name: String(name), kind: kind === 'view' ? 'view' : 'table' }));
  }

  async run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    const conn = await this.connection();
    let drop = false;
    try {
      conn.callTimeout = options.timeoutMs;
      await conn.execute('SET TRANSACTION READ ONLY');
      const r = await conn.execute(sql, params, {
        outFormat: oracledb.OUT_FORMAT_ARRAY,
        maxRows: options.maxRows,
        // Numbers as text (no lost digits), LOBs as text.
        fetchTypeHandler: (m: Metadata) => (m.dbType === oracledb.DB_TYPE_NUMBER || m.dbType === oracledb.DB_TYPE_CLOB || m.dbType === oracledb.DB_TYPE_NCLOB ? { type: oracledb.STRING } : undefined),
      });
      await conn.rollback();
      const columns = (r.metaData ?? []).map((m) => ({ name: m.name, dataType: oracleDataType(m.dbTypeName), nativeType: m.dbTypeName }));
      const rows = (r.rows ?? []).map((row) => row.map((v, i) => normalizeValue(v, columns[i].dataType, { zone: 'local' })));
      return { columns, rows };
    } catch (e) {
      const message = messageOf(e);
      if (/NJS-123|DPI-1067|ORA-01013/.test(message)) {
        drop = true;
        throw driverErrors.timeout(options.timeoutMs);
      }
      await conn.rollback().catch(() => (drop = true));
      throw this.queryError(e);
    } finally {
      await conn.close(drop ? { drop: true } : undefined).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const pool = await this.pool?.catch(() => undefined);
    this.pool = undefined;
    await pool?.close(0).catch(() => undefined);
  }

  private attributes() {
    return {
      user: this.spec.user,
      password: this.spec.password,
      connectString: oracleConnectString(this.spec),
      connectTimeout: CONNECT_TIMEOUT_MS / 1000,
      transportConnectTimeout: CONNECT_TIMEOUT_MS / 1000,
    };
  }

  private async connection(): Promise<Connection> {
    try {
      if (this.spec.role !== 'Default')
        return await oracledb.getConnection({ ...this.attributes(), privilege: this.spec.role === 'SYSDBA' ? oracledb.SYSDBA : oracledb.SYSOPER });
      this.pool ??= oracledb.createPool({ ...this.attributes(), poolMin: 0, poolMax: POOL_SIZE, poolTimeout: 60 }).catch((e) => {
        this.pool = undefined;
        throw e;
      });
      return await (await this.pool).getConnection();
    } catch (e) {
      throw this.connectError(e);
    }
  }

  private connectError(e: unknown): AppError {
    const message = messageOf(e);
    if (/ORA-01017|ORA-28000|ORA-01005/.test(message)) return driverErrors.auth();
    if (/ORA-12514|ORA-12505/.test(message)) return driverErrors.databaseMissing(this.spec.serviceName);
    if (/NJS-511|ORA-12541/.test(message)) return driverErrors.refused(this.spec);
    if (/NJS-510/.test(message)) return driverErrors.connectTimeout(this.spec);
    if (/NJS-530/.test(message)) return driverErrors.hostNotFound(this.spec);
    return networkError(e, this.spec) ?? driverErrors.connect(message);
  }

  private queryError(e: unknown): AppError {
    if (e instanceof AppError) return e;
    const message = messageOf(e);
    if (/NJS-500|NJS-501|NJS-503/.test(message)) return driverErrors.connect(message);
    return driverErrors.query(clip(message));
  }
}
