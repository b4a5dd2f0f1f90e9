import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppError } from '@bi/core';
import { ENGINE_TEXT } from '@bi/service-kit';
import { previewSql, tableSql } from '@bi/query';
import { checkSourceSql } from '../sql/source-sql.js';
import type { ConnectionSpec, RunOptions } from './driver.js';
import { PostgresDriver } from './postgres.driver.js';

// The PostgreSQL server of the services run (scripts/services/postgres.sh); skipped without it.
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL is not set: the PostgreSQL driver tests are skipped (npm run test:services runs them)');
const describeServer = url ? describe : describe.skip;

const OPTIONS: RunOptions = { timeoutMs: 10_000, maxRows: 1000 };

async function catchError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a failure');
}

describeServer('PostgreSQL driver against a real server', () => {
  const u = new URL(url ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const database = `bi_drv_${randomBytes(4).toString('hex')}`;
  const latin = `${database}_latin`;
  const spec: ConnectionSpec = {
    engine: 'postgres',
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
    serviceName: '',
    connectType: 'Basic',
    role: 'Default',
  };
  let admin: pg.Client;
  let db: pg.Client;
  let driver: PostgresDriver;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database} ENCODING 'UTF8' TEMPLATE template0`);
    // a non-UTF-8 server encoding that holds Chinese text: the driver reads it as UTF-8
    await admin.query(`CREATE DATABASE ${latin} ENCODING 'EUC_CN' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`);
    db = new pg.Client({ host: spec.host, port: spec.port, user: spec.user, password: spec.password, database });
    await db.connect();
    await db.query(`
      CREATE TABLE sales (id int PRIMARY KEY, region text, amount numeric(12,2), big bigint, d date, ts timestamp, tz timestamptz, ok boolean);
      INSERT INTO sales VALUES (1, 'north', 12.50, 9007199254740993, '2024-01-02', '2024-01-02 10:11:12.5', '2024-01-02 10:11:12+00', true),
                               (2, '华东', 3.25, 5, '2024-02-03', '2024-02-03 00:00:00', NULL, false);
      CREATE SCHEMA "报表";
      CREATE TABLE "报表"."订单明细" ("客户" text, "金额" numeric(10,2));
      INSERT INTO "报表"."订单明细" VALUES ('张三', 100.50);`);
    // PostgreSQL holds at most 1600 columns per table (and 1664 in a select list).
    await db.query(`CREATE TABLE wide (${Array.from({ length: 1600 }, (_, i) => `c${String(i).padStart(4, '0')} smallint DEFAULT 7`).join(', ')}); INSERT INTO wide DEFAULT VALUES`);
    const l = new pg.Client({ host: spec.host, port: spec.port, user: spec.user, password: spec.password, database: latin });
    await l.connect();
    await l.query("CREATE TABLE names (name text); INSERT INTO names VALUES ('中文名称')");
    await l.end();
    driver = new PostgresDriver(spec);
  });

  afterAll(async () => {
    await driver?.close();
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.query(`DROP DATABASE IF EXISTS ${latin} WITH (FORCE)`);
    await admin?.end();
  });

  const preview = (sql: string, limit = 100, options = OPTIONS, d: PostgresDriver = driver) => {
    const q = previewSql('postgres', checkSourceSql(sql, 'postgres'), [], limit);
    return d.run(q.sql, q.params, options);
  };

  it('connects and lists tables and views of every user schema', async () => {
    const tables = await driver.listTables(OPTIONS);
    expect(tables).toEqual(
      expect.arrayContaining([
        { schema: 'public', name: 'sales', kind: 'table' },
        { schema: '报表', name: '订单明细', kind: 'table' },
      ]),
    );
    expect(tables.some((t) => t.schema === 'pg_catalog' || t.schema === 'information_schema')).toBe(false);
  });

  it('previews with typed columns and values as the server wrote them', async () => {
    const r = await preview('SELECT * FROM sales ORDER BY id');
    expect(r.columns.map((c) => [c.name, c.dataType])).toEqual([
      ['id', 'number'],
      ['region', 'string'],
      ['amount', 'number'],
      ['big', 'number'],
      ['d', 'date'],
      ['ts', 'date'],
      ['tz', 'date'],
      ['ok', 'string'],
    ]);
    expect(r.rows[0]).toEqual([1, 'north', 12.5, '9007199254740993', '2024-01-02', '2024-01-02 10:11:12', expect.stringMatching(/^2024-01-02 \d\d:11:12$/), true]);
    expect(r.rows[1]).toEqual([2, '华东', 3.25, 5, '2024-02-03', '2024-02-03 00:00:00', null, false]);
    expect((await preview('SELECT * FROM sales', 1)).rows).toHaveLength(1);
    // a backslash is an ordinary character in a standard string
    expect((await preview("SELECT 'a\\b' AS s")).rows).toEqual([['a\\b']]);
  });

  it('reads Chinese schema, table and column names, and a non-UTF-8 database', async () => {
    const r = await preview(tableSql('postgres', '报表', '订单明细'));
    expect(r.columns.map((c) => c.name)).toEqual(['客户', '金额']);
    expect(r.rows).toEqual([['张三', 100.5]]);
    const other = new PostgresDriver({ ...spec, database: latin });
    try {
      expect((await preview('SELECT name FROM names', 10, OPTIONS, other)).rows).toEqual([['中文名称']]);
    } finally {
      await other.close();
    }
  });

  it('reads a table as wide as PostgreSQL allows (1600 columns)', async () => {
    const r = await preview('SELECT * FROM wide', 5);
    expect(r.columns).toHaveLength(1600);
    expect(r.rows[0][1599]).toBe(7);
  });

  it('explains a wrong host, port, user and database', async () => {
    const fail = (s: Partial<ConnectionSpec>) => {
      const d = new PostgresDriver({ ...spec, ...s });
      return catchError(d.listTables(OPTIONS)).finally(() => d.close());
    };
    expect(await fail({ host: 'no-such-host.invalid' })).toMatchObject({ key: 'connection.host_not_found' });
    expect(await fail({ port: 1 })).toMatchObject({ key: 'connection.refused', params: { port: 1 } });
    // the test server trusts local users, so a user it does not know stands in for a wrong password
    expect(await fail({ user: 'no_such_user' })).toMatchObject({ key: 'connection.auth_failed' });
    expect(await fail({ database: 'no_such_database' })).toMatchObject({ key: 'connection.database_not_found', params: { database: 'no_such_database' } });
  });

  it('refuses writes: the guard first, and the read-only transaction behind it', async () => {
    expect(() => checkSourceSql('WITH d AS (DELETE FROM sales RETURNING *) SELECT * FROM d', 'postgres')).toThrow(expect.objectContaining({ key: 'sql.forbidden_keyword' }));
    const e = await catchError(driver.run('DELETE FROM sales', [], OPTIONS));
    expect(e).toMatchObject({ key: 'query.failed' });
    // The engine's own text travels under ENGINE_TEXT (logged with a request id, never shown to users).
    expect(String(e.params[ENGINE_TEXT])).toMatch(/read-only transaction/);
    expect((await db.query('SELECT count(*)::int AS n FROM sales')).rows[0].n).toBe(2);
  });

  it('cancels a query past the timeout on the server, and the server stays healthy', async () => {
    const started = Date.now();
    const e = await catchError(preview('SELECT pg_sleep(60) AS s', 1, { timeoutMs: 1000, maxRows: 10 }));
    expect(e).toMatchObject({ key: 'query.timeout', params: { seconds: 1 } });
    // cancelled, not run to its end: a bound far from both (1 s and 60 s), never a speed check
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await preview('SELECT 1 AS one')).rows).toEqual([[1]]);
    const running = await db.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()");
    expect(running.rows[0].n).toBe(0);
  });
});
