import mysql from 'mysql2/promise';
import { AppError } from '@bi/core';
import { CONNECT_TIMEOUT_MS, MAX_TABLES, POOL_SIZE, clip, driverErrors, messageOf, networkError, withCancelTimer, type ConnectionSpec, type DriverResult, type RunOptions, type SourceDriver, type TableInfo, tableInfos } from './driver.js';
import { mysqlDataType, normalizeValue } from './values.js';

const DATE_ONLY_TYPES = new Set([10, 14]);
/** Modes that would make the server read quotes differently from the SQL guard. */
const UNSAFE_MODES = new Set(['NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES', 'ANSI']);
const INTERRUPTED = new Set([1317, 3024, 1969]);

/**
 * MySQL / MariaDB (type 2) through mysql2: server-side prepared statements (one statement only),
 * START TRANSACTION READ ONLY, and on timeout KILL QUERY from a second connection.
 */
export class MysqlDriver implements SourceDriver {
  readonly dialect = 'mysql' as const;
  private readonly pool: mysql.Pool;
  private readonly prepared = new WeakSet<object>();
  private readonly options: mysql.ConnectionOptions;

  constructor(private readonly spec: ConnectionSpec) {
    this.options = {
      host: spec.host,
      port: spec.port,
      user: spec.user,
      password: spec.password,
      database: spec.database || undefined,
      connectTimeout: CONNECT_TIMEOUT_MS,
      charset: 'utf8mb4',
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      multipleStatements: false,
    };
    this.pool = mysql.createPool({ ...this.options, connectionLimit: POOL_SIZE, maxIdle: POOL_SIZE, idleTimeout: 60_000, maxPreparedStatements: 200, enableKeepAlive: true });
    this.pool.on('connection', (c) => c.on('error', () => undefined));
  }

  async listTables(options: RunOptions): Promise<TableInfo[]> {
    const r = await this.run(
      `SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES
       WHERE (DATABASE() IS NULL AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys'))
          OR TABLE_SCHEMA = DATABASE()
       ORDER BY 1, 2 LIMIT ?`,
      [MAX_TABLES],
      options,
    );
    return tableInfos(r.rows);
  }

  async run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult> {
    let conn: mysql.PoolConnection;
    try {
      conn = await this.pool.getConnection();
    } catch (e) {
      throw this.connectError(e);
    }
    let broken = false;
    try {
      await this.prepareSession(conn);
      await conn.query('START TRANSACTION READ ONLY');
      const threadId = conn.threadId;
      const outcome = await withCancelTimer(
        options.timeoutMs,
        () => this.killQuery(threadId),
        // The client-side timeout is a last resort (it drops the connection) if KILL QUERY is not heard.
        () => conn.execute<mysql.RowDataPacket[][]>({ sql, values: params, rowsAsArray: true, timeout: options.timeoutMs + 10_000 } as mysql.QueryOptions),
      );
      if (outcome.cancelled) {
        broken = !!outcome.error && !INTERRUPTED.has((outcome.error as { errno?: number }).errno ?? 0);
        throw driverErrors.timeout(options.timeoutMs);
      }
      if (outcome.error) throw outcome.error;
      await conn.query('ROLLBACK');
      const [rows, fields] = outcome.value!;
      const columns = fields.map((f) => {
        const type = (f as { columnType?: number }).columnType ?? f.type ?? 253;
        return { name: f.name, dataType: mysqlDataType(type), nativeType: String(type), dateOnly: DATE_ONLY_TYPES.has(type) };
      });
      const out = (rows as unknown as unknown[][]).slice(0, options.maxRows).map((row) => row.map((v, i) => normalizeValue(v, columns[i].dataType, { dateOnly: columns[i].dateOnly })));
      return { columns: columns.map(({ name, dataType, nativeType }) => ({ name, dataType, nativeType })), rows: out };
    } catch (e) {
      if (!broken) await conn.query('ROLLBACK').catch(() => (broken = true));
      throw this.queryError(e, options);
    } finally {
      if (broken) conn.destroy();
      else conn.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  /** Once per connection: backslash escapes on and double quotes for strings, as the SQL guard reads. */
  private async prepareSession(conn: mysql.PoolConnection): Promise<void> {
    const core = (conn as unknown as { connection: object }).connection ?? conn;
    if (this.prepared.has(core)) return;
    const [rows] = await conn.query<mysql.RowDataPacket[]>('SELECT @@SESSION.sql_mode AS mode');
    const modes = String(rows[0]?.mode ?? '').split(',').filter(Boolean);
    if (modes.some((m) => UNSAFE_MODES.has(m))) await conn.query('SET SESSION sql_mode = ?', [modes.filter((m) => !UNSAFE_MODES.has(m)).join(',')]);
    this.prepared.add(core);
  }

  private async killQuery(threadId: number): Promise<void> {
    const killer = await mysql.createConnection(this.options);
    try {
      await killer.query('KILL QUERY ?', [threadId]);
    } finally {
      await killer.end().catch(() => killer.destroy());
    }
  }

  private connectError(e: unknown): AppError {
    const errno = (e as { errno?: number }).errno;
    if (errno === 1045 || errno === 1044 || errno === 1698) return driverErrors.auth();
    if (errno === 1049) return driverErrors.databaseMissing(this.spec.database);
    return networkError(e, this.spec) ?? driverErrors.connect(messageOf(e));
  }

  private queryError(e: unknown, options: RunOptions): AppError {
    if (e instanceof AppError) return e;
    const err = e as { errno?: number; code?: string };
    if (INTERRUPTED.has(err.errno ?? 0) || err.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return driverErrors.timeout(options.timeoutMs);
    if (err.code === 'PROTOCOL_CONNECTION_LOST' || err.code === 'ECONNRESET') return driverErrors.connect(messageOf(e));
    return driverErrors.query(clip(messageOf(e)));
  }
}
