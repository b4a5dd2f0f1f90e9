import { AppError } from '@bi/core';
import type { AppConfig } from '@bi/config';
import type { dataSourceV1 } from '@bi/proto';
import { CONNECTION_TYPES, ORACLE_ROLES, SOURCE_TYPE, databaseKind, isDatabaseSourceType, sourceKindEntryOfCode, type DatabaseSourceType } from '@bi/rules';
import type { DialectName } from '@bi/sql-text';
import { urlHost, type ConnectionSpec } from './drivers/driver.js';
import type { StoredConnection } from './data-source.repository.js';
import { SecretUnreadableError, type SecretBox } from './secrets.js';

/** A checked source type of the SQL wizard: a built kind of the registry (libs/rules source-kinds.ts) the service reads with a driver. */
export function sourceType(type: number): DatabaseSourceType {
  if (!isDatabaseSourceType(type)) throw new AppError('invalid', 'datasource.type_invalid', { type: String(type) });
  return type;
}

/**
 * The type a stored source is read as: its own for a database kind; the analytics store's for a kind whose
 * rows are synced into it under its own code (an ERP report, type 4: docs/adr/0015-erp-report-sources.md).
 */
export function readType(type: number): DatabaseSourceType {
  const kind = sourceKindEntryOfCode(type);
  if (kind && kind.available && kind.rows === 'synced' && kind.engine === 'analytics' && !isDatabaseSourceType(type)) return SOURCE_TYPE.analytics;
  return sourceType(type);
}

type AnalyticsStore = AppConfig['dataSources']['analyticsStore'];

/** The engine (dialect) behind a source type: its registry entry's, the analytics store's as configured. */
export function engineOf(type: DatabaseSourceType, analytics: AnalyticsStore): DialectName {
  const engine = databaseKind(type).engine;
  if (engine === 'analytics') return analytics.kind === 'duckdb' ? 'duckdb' : 'postgres';
  if (engine === null || engine === 'join') throw new AppError('invalid', 'datasource.type_invalid', { type: String(type) });
  return engine;
}

/** The connection form of spec 02 §3 checked and completed with the type's defaults (the password apart). */
export function normalizeConnection(type: DatabaseSourceType, input: dataSourceV1.ConnectionInput | undefined): { connection: StoredConnection | null; password: string } {
  const form = databaseKind(type).connection;
  if (!form) return { connection: null, password: '' };
  if (!input) throw new AppError('invalid', 'connection.required');
  const defaults = form.defaults;
  const connType = (input.type || 'Basic') as StoredConnection['type'];
  if (!(CONNECTION_TYPES as readonly string[]).includes(connType)) throw new AppError('invalid', 'connection.type_invalid');
  if (connType === 'TNS' && !form.service) throw new AppError('invalid', 'connection.type_invalid');
  const role = (input.role || 'Default') as StoredConnection['role'];
  if (!(ORACLE_ROLES as readonly string[]).includes(role) || (role !== 'Default' && !form.service)) throw new AppError('invalid', 'connection.role_invalid');
  const host = (input.host ?? '').trim();
  const tns = connType === 'TNS';
  if (!host && !tns) throw new AppError('invalid', 'connection.host_required');
  const port = input.port || defaults.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new AppError('invalid', 'connection.port_invalid');
  const userName = (input.userName ?? '').trim();
  if (!userName) throw new AppError('invalid', 'connection.user_required');
  const serverName = form.service ? (input.serverName ?? '').trim() || defaults.serverName : '';
  if (tns && !serverName) throw new AppError('invalid', 'connection.host_required');
  const initialDatabase = form.service ? '' : (input.initialDatabase ?? '').trim() || defaults.initialDatabase;
  // Trino: `catalog[/schema]`, the catalog required (docs/adr/0028-trino-source-and-federation.md)
  if (form.catalog && !/^[A-Za-z0-9_-]{1,128}(\/[A-Za-z0-9_-]{1,128})?$/.test(initialDatabase)) throw new AppError('invalid', 'connection.catalog_invalid');
  return { connection: { host, port, userName, type: connType, serverName, role, initialDatabase }, password: input.password ?? '' };
}

export function connectionSpec(type: DatabaseSourceType, connection: StoredConnection | null, password: string, analytics: AnalyticsStore): ConnectionSpec {
  const engine = engineOf(type, analytics);
  if (databaseKind(type).engine === 'analytics' || !connection) {
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

/** The connection as display text, never with the password (`<scheme>://` for a kind without a connection). */
export function connectionString(type: DatabaseSourceType, c: StoredConnection | null): string {
  const { connection: form, scheme } = databaseKind(type);
  if (!c) return `${scheme}://`;
  const host = urlHost(c.host);
  if (form?.service) return c.type === 'TNS' ? `${scheme}://${c.userName}@(TNS)` : `${scheme}://${c.userName}@${host}:${c.port}/${c.serverName}`;
  return `${scheme}://${c.userName}@${host}:${c.port}/${c.initialDatabase}`;
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
  return connectionSpec(readType(row.type), row.connection, password, analytics);
}
