import { AppError } from '@bi/core';
import { ENGINE_TEXT } from '@bi/service-kit';
import type { FieldDataType } from '@bi/rules';
import type { DialectName } from '@bi/sql-text';

/** Everything needed to open a connection; the pool key is a hash of it (it holds the password). */
export interface ConnectionSpec {
  /** the engine behind the source type (0 mssql, 2 mysql, 3 oracle, 7 postgres, 8 analytics store): the one dialect name list */
  engine: DialectName;
  host: string;
  port: number;
  user: string;
  password: string;
  /** SQL Server, MySQL, PostgreSQL database ('' = server default) */
  database: string;
  /** Oracle service name, or the connect descriptor with connectType TNS */
  serviceName: string;
  connectType: 'Basic' | 'TNS';
  role: 'Default' | 'SYSDBA' | 'SYSOPER';
  /** DuckDB file of the analytics store */
  path?: string;
  /** DuckDB memory_limit of the analytics store, in MB */
  memoryLimitMb?: number;
  /** PostgreSQL URL of the analytics store in distributed mode */
  url?: string;
}

export interface DriverColumn {
  name: string;
  dataType: FieldDataType;
  /** the engine's own type name, for messages and logs */
  nativeType: string;
}

export interface DriverResult {
  columns: DriverColumn[];
  /** rows of JSON-safe values in column order */
  rows: (string | number | boolean | null)[][];
}

export interface RunOptions {
  /** the query is cancelled on the server after this long */
  timeoutMs: number;
  /** rows read at most (the SQL carries its own limit as well) */
  maxRows: number;
}

export interface TableInfo {
  schema: string;
  name: string;
  kind: 'table' | 'view';
}

export const MAX_TABLES = 10_000;

/** Rows of (schema, name, table type) as the table list: a type naming a VIEW is a view. */
export function tableInfos(rows: DriverResult['rows']): TableInfo[] {
  return rows.map(([schema, name, type]) => ({ schema: String(schema), name: String(name), kind: String(type).includes('VIEW') ? 'view' : 'table' }));
}
export const CONNECT_TIMEOUT_MS = 10_000;
export const POOL_SIZE = 4;

/**
 * One engine. Queries run read-only (a read-only transaction where the engine has one, else a
 * transaction that is rolled back), with a server-side cancel after timeoutMs, and every value bound.
 */
export interface SourceDriver {
  readonly dialect: DialectName;
  listTables(options: RunOptions): Promise<TableInfo[]>;
  run(sql: string, params: unknown[], options: RunOptions): Promise<DriverResult>;
  close(): Promise<void>;
}

/** Builds the AppErrors of docs/api/data-source.md from what a driver saw. */
export const driverErrors = {
  refused: (s: ConnectionSpec) => new AppError('invalid', 'connection.refused', { host: s.host, port: s.port }),
  hostNotFound: (s: ConnectionSpec) => new AppError('invalid', 'connection.host_not_found', { host: s.host }),
  connectTimeout: (s: ConnectionSpec) => new AppError('invalid', 'connection.timeout', { host: s.host, port: s.port }),
  auth: () => new AppError('invalid', 'connection.auth_failed'),
  databaseMissing: (database: string) => new AppError('invalid', 'connection.database_not_found', { database }),
  // the engine's own text is logged under a request id by the service's error filter, never shown (ENGINE_TEXT)
  connect: (detail: string) => new AppError('invalid', 'connection.failed', { [ENGINE_TEXT]: clip(detail) }),
  timeout: (timeoutMs: number) => new AppError('invalid', 'query.timeout', { seconds: Math.round(timeoutMs / 100) / 10 }),
  query: (detail: string) => new AppError('invalid', 'query.failed', { [ENGINE_TEXT]: clip(detail) }),
};

/** Network errors every driver meets the same way (Node's codes, also found inside messages). */
export function networkError(e: unknown, spec: ConnectionSpec): AppError | undefined {
  const err = e as { code?: string; message?: string; cause?: { code?: string } };
  const text = `${err?.code ?? ''} ${err?.cause?.code ?? ''} ${err?.message ?? ''}`;
  if (/ECONNREFUSED/.test(text)) return driverErrors.refused(spec);
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(text)) return driverErrors.hostNotFound(spec);
  if (/ETIMEDOUT|ETIMEOUT|ECONNTIMEOUT|timeout expired|Connection terminated due to connection timeout|Failed to connect .* in \d+ms/i.test(text)) return driverErrors.connectTimeout(spec);
  if (/EHOSTUNREACH|ENETUNREACH/.test(text)) return driverErrors.connect(`cannot reach ${spec.host}:${spec.port}`);
  return undefined;
}

/** A host as a URL or connection string writes it: an IPv6 address in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Database messages for the log: short and on one line. */
export function clip(s: string, max = 500): string {
  const one = String(s ?? '').replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max) + '…' : one;
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs fn with a timer that fires cancel() once after ms; tells whether it fired. */
export async function withCancelTimer<T>(ms: number, cancel: () => void | Promise<void>, fn: () => Promise<T>): Promise<{ value?: T; error?: unknown; cancelled: boolean }> {
  let cancelled = false;
  const timer = setTimeout(() => {
    cancelled = true;
    void Promise.resolve()
      .then(cancel)
      .catch(() => undefined);
  }, ms);
  try {
    return { value: await fn(), cancelled };
  } catch (error) {
    return { error, cancelled };
  } finally {
    clearTimeout(timer);
  }
}
