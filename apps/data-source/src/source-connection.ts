import { AppError } from '@bi/core';
import type { AppConfig } from '@bi/config';
import type { dataSourceV1 } from '@bi/proto';
import { CONNECTION_DEFAULTS, CONNECTION_TYPES, ORACLE_ROLES, SOURCE_TYPE, isDatabaseSourceType, type DatabaseSourceType } from '@bi/rules';
import type { DialectName } from '@bi/sql-text';
import type { ConnectionSpec } from './drivers/driver.js';
import type { StoredConnection } from './data-source.repository.js';
import { SecretUnreadableError, type SecretBox } from './secrets.js';

/** A checked source type of the SQL wizard (0, 2, 3, 7, 8). */
export function sourceType(type: number): DatabaseSourceType {
  if (!isDatabaseSourceType(type)) throw new AppError('invalid', 'datasource.type_invalid', { type: String(type) });
  return type;
}

type AnalyticsStore = AppConfig['dataSources']['analyticsStore'];

/** The engine (dialect) behind a source type. */
export function engineOf(type: DatabaseSourceType, analytics: AnalyticsStore): DialectName {
  switch (type) {
    case SOURCE_TYPE.sqlServer:
      return 'mssql';
    case SOURCE_TYPE.mysql:
      return 'mysql';
    case SOURCE_TYPE.oracle:
      return 'oracle';
    case SOURCE_TYPE.postgres:
      return 'postgres';
    case SOURCE_TYPE.analytics:
      return analytics.kind === 'duckdb' ? 'duckdb' : 'postgres';
  }
}

/** The connection form of spec 02 §3 checked and completed with the type's defaults (the password apart). */
export function normalizeConnection(type: DatabaseSourceType, input: dataSourceV1.ConnectionInput | undefined): { connection: StoredConnection | null; password: string } {
  if (type === SOURCE_TYPE.analytics) return { connection: null, password: '' };
  if (!input) throw new AppError('invalid', 'connection.required');
  const defaults = CONNECTION_DEFAULTS[type];
  const connType = (input.type || 'Basic') as StoredConnection['type'];
  if (!(CONNECTION_TYPES as readonly string[]).includes(connType)) throw new AppError('invalid', 'connection.type_invalid');
  if (connType === 'TNS' && type !== SOURCE_TYPE.oracle) throw new AppError('invalid', 'connection.type_invalid');
  const role = (input.role || 'Default') as StoredConnection['role'];
  if (!(ORACLE_ROLES as readonly string[]).includes(role) || (role !== 'Default' && type !== SOURCE_TYPE.oracle)) throw new AppError('invalid', 'connection.role_invalid');
  const host = (input.host ?? '').trim();
  const tns = connType === 'TNS';
  if (!host && !tns) throw new AppError('invalid', 'connection.host_required');
  const port = input.port || defaults.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new AppError('invalid', 'connection.port_invalid');
  const userName = (input.userName ?? '').trim();
  if (!userName) throw new AppError('invalid', 'connection.user_required');
  const serverName = type === SOURCE_TYPE.oracle ? (input.serverName ?? '').trim() || defaults.serverName : '';
  if (tns && !serverName) throw new AppError('invalid', 'connection.host_required');
  const initialDatabase = type === SOURCE_TYPE.oracle ? '' : (input.initialDatabase ?? '').trim() || defaults.initialDatabase;
  return { connection: { host, port, userName, type: connType, serverName, role, initialDatabase }, password: input.password ?? '' };
}

export function connectionSpec(type: DatabaseSourceType, connection: StoredConnection | null, password: string, analytics: AnalyticsStore): ConnectionSpec {
  const engine = engineOf(type, analytics);
  if (type === SOURCE_TYPE.analytics || !connection) {
    const base = { host: 'analytics', port: 0, user: '', password: '', database: '', serviceName: '', connectType: 'Basic' as const, role: 'Default' as const };
    return analytics.kind === 'duckdb' ? { ...base, engine, path: analytics.path, memoryLimitMb: analytics.memoryLimitMb } : { ...base, engine, url: analytics.url };
  }
  return {
    engine,
    host: connection.host,
    port: connection.port,
    user: connection.userName,
    password,
    database: connection.initialDatabase,
    serviceName: connection.serverName,
    connectType: connection.type,
    role: connection.role,
  };
}

/** A stored password may be reused only against the same server. */
export function sameServer(a: StoredConnection | null, b: StoredConnection | null): boolean {
  if (!a || !b) return a === b;
  return a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port && a.type === b.type && (a.type !== 'TNS' || a.serverName === b.serverName);
}

export function sameConnection(a: StoredConnection | null, b: StoredConnection | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const SCHEMES: Record<DatabaseSourceType, string> = { 0: 'sqlserver', 2: 'mysql', 3: 'oracle', 7: 'postgresql', 8: 'analytics' };

/** The connection as display text, never with the password. */
export function connectionString(type: DatabaseSourceType, c: StoredConnection | null): string {
  if (!c) return `${SCHEMES[type]}://`;
  const host = c.host.includes(':') ? `[${c.host}]` : c.host;
  if (type === SOURCE_TYPE.oracle) return c.type === 'TNS' ? `oracle://${c.userName}@(TNS)` : `oracle://${c.userName}@${host}:${c.port}/${c.serverName}`;
  return `${SCHEMES[type]}://${c.userName}@${host}:${c.port}/${c.initialDatabase}`;
}

export function connectionView(c: StoredConnection | null, hasPassword: boolean): dataSourceV1.Connection | undefined {
  return c ? { ...c, hasPassword } : undefined;
}

/** The connection of a stored source, its password decrypted (the source id is the associated data). */
export function storedSpec(row: { id: string; type: number; connection: StoredConnection | null; password_enc: string | null }, secrets: SecretBox, analytics: AnalyticsStore): ConnectionSpec {
  let password = '';
  if (row.password_enc) {
    try {
      password = secrets.decrypt(row.password_enc, row.id);
    } catch (e) {
      if (e instanceof SecretUnreadableError) throw new AppError('invalid', 'secret.unreadable');
      throw e;
    }
  }
  return connectionSpec(sourceType(row.type), row.connection, password, analytics);
}
