import type { AppError } from '@bi/core';
import { previewSql } from '@bi/query';
import { checkSourceSql } from '../sql/source-sql.js';
import type { ConnectionSpec, RunOptions } from './driver.js';
import { OracleDriver, oracleConnectString } from './oracle.driver.js';

// An Oracle database to test against, e.g. TEST_ORACLE_URL=oracle://system:oracle@127.0.0.1:1521/FREEPDB1.
// None runs on the project's machines; the SQL it gets is pinned by src/sql/source-sql.spec.ts.
const url = process.env.TEST_ORACLE_URL;
if (!url) console.warn('TEST_ORACLE_URL is not set: the Oracle driver tests are skipped');
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

describe('Oracle connect strings', () => {
  it('uses host:port/service, or the TNS descriptor as given', () => {
    const base: ConnectionSpec = { engine: 'oracle', host: 'db', port: 1521, user: 'scott', password: '', database: '', serviceName: 'ORCL', connectType: 'Basic', role: 'Default' };
    expect(oracleConnectString(base)).toBe('db:1521/ORCL');
    expect(oracleConnectString({ ...base, connectType: 'TNS', serviceName: '(DESCRIPTION=(ADDRESS=(HOST=x)(PORT=1)))' })).toBe('(DESCRIPTION=(ADDRESS=(HOST=x)(PORT=1)))');
  });

  it('explains a closed port and an unknown host without a server', async () => {
    const base: ConnectionSpec = { engine: 'oracle', host: '127.0.0.1', port: 1, user: 'scott', password: 'x', database: '', serviceName: 'ORCL', connectType: 'Basic', role: 'Default' };
    const closed = new OracleDriver(base);
    expect(await catchError(closed.listTables(OPTIONS))).toMatchObject({ key: 'connection.refused', params: { port: 1 } });
    await closed.close();
    const unknown = new OracleDriver({ ...base, host: 'no-such-host.invalid', port: 1521 });
    expect(await catchError(unknown.listTables(OPTIONS))).toMatchObject({ key: 'connection.host_not_found' });
    await unknown.close();
  });
});

describeServer('Oracle driver (Thin mode) against a real server', () => {
  const u = new URL(url ?? 'oracle://system@127.0.0.1:1521/ORCL');
  const spec: ConnectionSpec = {
    engine: 'oracle',
    host: u.hostname,
    port: Number(u.port || 1521),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: '',
    serviceName: decodeURIComponent(u.pathname.slice(1)),
    connectType: 'Basic',
    role: 'Default',
  };
  const driver = new OracleDriver(spec);
  afterAll(() => driver.close());

  const preview = (sql: string, limit = 100, options = OPTIONS) => {
    const q = previewSql('oracle', checkSourceSql(sql, 'oracle'), [], limit);
    return driver.run(q.sql, q.params, options);
  };

  it('connects, lists tables and previews typed rows', async () => {
    expect(Array.isArray(await driver.listTables(OPTIONS))).toBe(true);
    const r = await preview("SELECT 1 AS n, 2.5 AS d, DATE '2024-01-02' AS day, '中文' AS s FROM dual");
    expect(r.columns.map((c) => c.dataType)).toEqual(['number', 'number', 'date', 'string']);
    expect(r.rows).toEqual([[1, 2.5, '2024-01-02 00:00:00', '中文']]);
  });

  it('explains a wrong password and service', async () => {
    const bad = new OracleDriver({ ...spec, password: 'wrong-password' });
    expect(await catchError(bad.listTables(OPTIONS))).toMatchObject({ key: 'connection.auth_failed' });
    await bad.close();
    const none = new OracleDriver({ ...spec, serviceName: 'NO_SUCH_SERVICE' });
    expect(await catchError(none.listTables(OPTIONS))).toMatchObject({ key: 'connection.database_not_found' });
    await none.close();
  });

  it('breaks a call past the timeout and stays usable', async () => {
    const e = await catchError(preview('SELECT COUNT(*) AS n FROM all_objects a, all_objects b, all_objects c', 1, { timeoutMs: 1000, maxRows: 1 }));
    expect(e).toMatchObject({ key: 'query.timeout' });
    expect((await preview('SELECT 1 AS one FROM dual')).rows).toEqual([[1]]);
  });
});
