import type { AppError } from '@bi/core';
import { previewSql } from '@bi/query';
import { checkSourceSql } from '../sql/source-sql.js';
import type { ConnectionSpec, RunOptions } from './driver.js';
import { MssqlDriver } from './mssql.driver.js';

// A SQL Server to test against, e.g. TEST_MSSQL_URL=mssql://sa:Passw0rd!@127.0.0.1:1433/master.
// None runs on the project's machines (no Debian package); the SQL it gets is pinned by the
// snapshots of src/sql/source-sql.spec.ts.
const url = process.env.TEST_MSSQL_URL;
if (!url) console.warn('TEST_MSSQL_URL is not set: the SQL Server driver tests are skipped');
const describeServer = url ? describe : describe.skip;

const OPTIONS: RunOptions = { timeoutMs: 15_000, maxRows: 1000 };

async function catchError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a failure');
}

describe('SQL Server driver without a server', () => {
  it('explains a closed port and an unknown host', async () => {
    const base: ConnectionSpec = { engine: 'mssql', host: '127.0.0.1', port: 1, user: 'sa', password: 'x', database: '', serviceName: '', connectType: 'Basic', role: 'Default' };
    const closed = new MssqlDriver(base);
    expect(await catchError(closed.listTables(OPTIONS))).toMatchObject({ key: 'connection.refused', params: { host: '127.0.0.1', port: 1 } });
    await closed.close();
    const unknown = new MssqlDriver({ ...base, host: 'no-such-host.invalid', port: 1433 });
    expect(await catchError(unknown.listTables(OPTIONS))).toMatchObject({ key: 'connection.host_not_found' });
    await unknown.close();
  });
});

describeServer('SQL Server driver against a real server', () => {
  const u = new URL(url ?? 'mssql://sa@127.0.0.1:1433/master');
  const spec: ConnectionSpec = {
    engine: 'mssql',
    host: u.hostname,
    port: Number(u.port || 1433),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    serviceName: '',
    connectType: 'Basic',
    role: 'Default',
  };
  const driver = new MssqlDriver(spec);
  afterAll(() => driver.close());

  const preview = (sql: string, limit = 100, options = OPTIONS) => {
    const q = previewSql('mssql', checkSourceSql(sql, 'mssql'), [], limit);
    return driver.run(q.sql, q.params, options);
  };

  it('connects, lists tables and previews typed rows, WITH and TOP 100 PERCENT included', async () => {
    expect(Array.isArray(await driver.listTables(OPTIONS))).toBe(true);
    const r = await preview("SELECT CAST(1 AS int) AS n, CAST(2.5 AS decimal(5,2)) AS d, CAST('2024-01-02' AS date) AS day, CAST('2024-01-02 10:11:12' AS datetime2) AS ts, N'中文' AS s");
    expect(r.columns.map((c) => c.dataType)).toEqual(['number', 'number', 'date', 'date', 'string']);
    expect(r.rows).toEqual([[1, 2.5, '2024-01-02', '2024-01-02 10:11:12', '中文']]);
    const w = await preview('WITH a AS (SELECT 1 AS x UNION ALL SELECT 2) SELECT TOP 100 PERCENT x FROM a ORDER BY x DESC', 1);
    expect(w.rows).toHaveLength(1);
  });

  it('explains a wrong password and port', async () => {
    const bad = new MssqlDriver({ ...spec, password: 'wrong-password' });
    expect(await catchError(bad.listTables(OPTIONS))).toMatchObject({ key: 'connection.auth_failed' });
    await bad.close();
    const closed = new MssqlDriver({ ...spec, port: 1 });
    expect((await catchError(closed.listTables(OPTIONS))).key).toMatch(/^connection\./);
    await closed.close();
  });

  it('cancels a query past the timeout and stays usable', async () => {
    const e = await catchError(preview('SELECT COUNT_BIG(*) AS n FROM sys.all_objects a CROSS JOIN sys.all_objects b CROSS JOIN sys.all_objects c', 1, { timeoutMs: 1000, maxRows: 1 }));
    expect(e).toMatchObject({ key: 'query.timeout' });
    expect((await preview('SELECT 1 AS one')).rows).toEqual([[1]]);
  });
});
