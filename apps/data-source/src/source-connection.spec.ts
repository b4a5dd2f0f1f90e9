import { AppError } from '@bi/core';
import { connectionSpec, connectionString, engineOf, normalizeConnection, sourceType } from './source-connection.js';

const duck = { kind: 'duckdb', path: '/tmp/a.duckdb', memoryLimitMb: 256 } as const;
const pg = { kind: 'postgres', url: 'postgres://x@y/z' } as const;
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.key : String(e);
  }
  return null;
};

describe('source connection by kind (the source-kind registry)', () => {
  it('accepts the SQL-wizard types and refuses the others', () => {
    expect([0, 2, 3, 7, 8].map(sourceType)).toEqual([0, 2, 3, 7, 8]);
    for (const t of [1, 4, 5, 6, 9, 99, -1]) expect(code(() => sourceType(t))).toBe('datasource.type_invalid');
  });

  it('names the engine of each type; the analytics store follows its configuration', () => {
    expect([0, 2, 3, 7].map((t) => engineOf(sourceType(t), duck))).toEqual(['mssql', 'mysql', 'oracle', 'postgres']);
    expect(engineOf(8, duck)).toBe('duckdb');
    expect(engineOf(8, pg as never)).toBe('postgres');
  });

  it('completes the connection form with the type defaults; TNS and roles only for Oracle', () => {
    expect(normalizeConnection(8, undefined)).toEqual({ connection: null, password: '' });
    expect(code(() => normalizeConnection(0, undefined))).toBe('connection.required');
    expect(normalizeConnection(7, { host: ' db ', userName: 'u', password: 'p' } as never)).toEqual({
      connection: { host: 'db', port: 5432, userName: 'u', type: 'Basic', serverName: '', role: 'Default', initialDatabase: 'postgres' },
      password: 'p',
    });
    expect(normalizeConnection(3, { host: 'o', userName: 'u', role: 'SYSDBA', initialDatabase: 'x' } as never).connection).toMatchObject({ port: 1521, serverName: 'ORCL', role: 'SYSDBA', initialDatabase: '' });
    expect(code(() => normalizeConnection(2, { host: 'h', userName: 'u', type: 'TNS', serverName: 'd' } as never))).toBe('connection.type_invalid');
    expect(code(() => normalizeConnection(0, { host: 'h', userName: 'u', role: 'SYSDBA' } as never))).toBe('connection.role_invalid');
  });

  it('writes the connection as display text per type', () => {
    const c = { host: 'h', port: 1, userName: 'u', type: 'Basic', serverName: 'S', role: 'Default', initialDatabase: 'd' } as const;
    expect([0, 2, 3, 7].map((t) => connectionString(sourceType(t), c))).toEqual(['sqlserver://u@h:1/d', 'mysql://u@h:1/d', 'oracle://u@h:1/S', 'postgresql://u@h:1/d']);
    expect(connectionString(3, { ...c, type: 'TNS' })).toBe('oracle://u@(TNS)');
    expect(connectionString(8, null)).toBe('analytics://');
    expect(connectionString(0, null)).toBe('sqlserver://');
  });

  it('points the analytics store at the configured store, the others at their server', () => {
    expect(connectionSpec(8, null, '', duck)).toMatchObject({ engine: 'duckdb', host: 'analytics', path: '/tmp/a.duckdb' });
    const c = { host: 'h', port: 1, userName: 'u', type: 'Basic', serverName: '', role: 'Default', initialDatabase: 'd' } as const;
    expect(connectionSpec(2, c, 'pw', duck)).toMatchObject({ engine: 'mysql', host: 'h', port: 1, user: 'u', password: 'pw', database: 'd' });
  });
});

describe('Trino connections (type 11, docs/adr/0028)', () => {
  const input = (initialDatabase: string) => ({ host: 'trino.local', port: 0, userName: 'bi', password: '', type: 'Basic', serverName: '', role: 'Default', initialDatabase });

  it('is a Trino source: port 8080 by default, catalog/schema kept as the initial database, shown as trino://', () => {
    expect(engineOf(sourceType(11), duck)).toBe('trino');
    const { connection } = normalizeConnection(11, input(' tpch/sf1 '));
    expect(connection).toMatchObject({ host: 'trino.local', port: 8080, initialDatabase: 'tpch/sf1' });
    expect(connectionString(11, connection)).toBe('trino://bi@trino.local:8080/tpch/sf1');
    expect(connectionSpec(11, connection, '', duck)).toMatchObject({ engine: 'trino', database: 'tpch/sf1' });
    expect(normalizeConnection(11, input('postgresql')).connection?.initialDatabase).toBe('postgresql');
  });

  it('refuses a missing or malformed catalog', () => {
    for (const bad of ['', '/tiny', 'a/b/c', 'tp ch', "x'; --"]) expect(code(() => normalizeConnection(11, input(bad)))).toBe('connection.catalog_invalid');
  });
});
