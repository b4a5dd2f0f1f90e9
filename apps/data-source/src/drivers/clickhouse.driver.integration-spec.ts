import type { AppError } from '@bi/core';
import { previewSql } from '@bi/query';
import { checkSourceSql } from '../sql/source-sql.js';
import { ClickhouseDriver, clickhouseUrl } from './clickhouse.driver.js';
import type { ConnectionSpec, RunOptions } from './driver.js';

// A ClickHouse server to test against, e.g. TEST_CLICKHOUSE_URL=clickhouse://default:@127.0.0.1:8123/default.
// None runs on the project's machines (no current server package is reachable there); the dialect's
// statements run through ClickHouse's engine in process (chdb) in libs/query/src/clickhouse.integration-spec.ts.
const url = process.env.TEST_CLICKHOUSE_URL;
if (!url) console.warn('TEST_CLICKHOUSE_URL is not set: the ClickHouse driver tests against a server are skipped');
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

describe('ClickHouse driver without a server', () => {
  const base: ConnectionSpec = { engine: 'clickhouse', host: '127.0.0.1', port: 1, user: 'default', password: '', database: '', serviceName: '', connectType: 'Basic', role: 'Default' };

  it('speaks HTTPS on the secure ports only', () => {
    expect([clickhouseUrl({ host: 'ch', port: 8123 }), clickhouseUrl({ host: 'ch', port: 8443 }), clickhouseUrl({ host: '::1', port: 443 })]).toEqual(['http://ch:8123', 'https://ch:8443', 'https://[::1]:443']);
  });

  it('explains a closed port and an unknown host', async () => {
    const closed = new ClickhouseDriver(base);
    expect(await catchError(closed.listTables(OPTIONS))).toMatchObject({ key: 'connection.refused', params: { host: '127.0.0.1', port: 1 } });
    await closed.close();
    const unknown = new ClickhouseDriver({ ...base, host: 'no-such-host.invalid', port: 8123 });
    expect(await catchError(unknown.listTables(OPTIONS))).toMatchObject({ key: 'connection.host_not_found' });
    await unknown.close();
  });
});

describeServer('ClickHouse driver against a real server', () => {
  const u = new URL(url ?? 'clickhouse://default@127.0.0.1:8123/default');
  const spec: ConnectionSpec = {
    engine: 'clickhouse',
    host: u.hostname,
    port: Number(u.port || 8123),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    serviceName: '',
    connectType: 'Basic',
    role: 'Default',
  };
  const driver = new ClickhouseDriver(spec);
  afterAll(() => driver.close());

  const preview = (sql: string, limit = 100, options = OPTIONS) => {
    const q = previewSql('clickhouse', checkSourceSql(sql, 'clickhouse'), [], limit);
    return driver.run(q.sql, q.params, options);
  };

  it('connects, lists tables and previews typed rows, WITH included', async () => {
    expect(Array.isArray(await driver.listTables(OPTIONS))).toBe(true);
    const r = await preview("SELECT toInt32(1) AS n, toDecimal64(2.5, 2) AS d, toDate('2024-01-02') AS day, toDateTime('2024-01-02 10:11:12') AS ts, '中文' AS s, toNullable(toUInt64(3)) AS u");
    expect(r.columns.map((c) => c.dataType)).toEqual(['number', 'number', 'date', 'date', 'string', 'number']);
    expect(r.rows).toEqual([[1, 2.5, '2024-01-02', '2024-01-02 10:11:12', '中文', 3]]);
    const w = await preview('WITH a AS (SELECT number AS x FROM numbers(5)) SELECT x FROM a ORDER BY x DESC', 2);
    expect(w.rows).toEqual([[4], [3]]);
  });

  it('refuses writes (readonly)', async () => {
    const e = await catchError(driver.run('CREATE TABLE bi_should_not_exist (x Int8) ENGINE = Memory', [], OPTIONS));
    expect(e).toMatchObject({ key: 'query.failed' });
  });

  it('explains a wrong password', async () => {
    const bad = new ClickhouseDriver({ ...spec, password: 'wrong-password' });
    expect(await catchError(bad.listTables(OPTIONS))).toMatchObject({ key: 'connection.auth_failed' });
    await bad.close();
  });

  it('cancels a query past the timeout and stays usable', async () => {
    const e = await catchError(driver.run('SELECT count() FROM numbers(100000000000) WHERE sipHash64(number) = 1', [], { timeoutMs: 1000, maxRows: 1 }));
    expect(e).toMatchObject({ key: 'query.timeout' });
    expect((await preview('SELECT 1 AS one')).rows).toEqual([[1]]);
  });
});
