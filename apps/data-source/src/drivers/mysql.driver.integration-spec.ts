import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { AppError } from '@bi/core';
import { previewSql, tableSql } from '@bi/query';
import { checkSourceSql } from '../sql/source-sql.js';
import type { ConnectionSpec, RunOptions } from './driver.js';
import { MysqlDriver } from './mysql.driver.js';

// The MariaDB server of the services run (scripts/services/mariadb.sh); skipped without it.
const url = process.env.TEST_MYSQL_URL;
if (!url) console.warn('TEST_MYSQL_URL is not set: the MySQL/MariaDB driver tests are skipped (npm run test:services runs them)');
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

describeServer('MySQL / MariaDB driver against a real server', () => {
  const u = new URL(url ?? 'mysql://root@127.0.0.1:3306/');
  const database = `bi_drv_${randomBytes(4).toString('hex')}`;
  const spec: ConnectionSpec = {
    engine: 'mysql',
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
    serviceName: '',
    connectType: 'Basic',
    role: 'Default',
  };
  let admin: mysql.Connection;
  let driver: MysqlDriver;

  beforeAll(async () => {
    admin = await mysql.createConnection({ host: spec.host, port: spec.port, user: spec.user, password: spec.password, charset: 'utf8mb4', multipleStatements: true });
    await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
    await admin.query(`USE ${database}`);
    await admin.query(`
      CREATE TABLE sales (id INT PRIMARY KEY, region VARCHAR(20), amount DECIMAL(12,2), big BIGINT, d DATE, ts DATETIME, note TEXT);
      INSERT INTO sales VALUES (1, 'north', 12.50, 9007199254740993, '2024-01-02', '2024-01-02 10:11:12', 'it''s'), (2, '华东', 3.25, 5, '2024-02-03', '2024-02-03 00:00:00', NULL);
      CREATE TABLE \`订单明细\` (\`客户\` VARCHAR(20), \`金额\` DECIMAL(10,2));
      INSERT INTO \`订单明细\` VALUES ('张三', 100.50);
      CREATE TABLE gbk_names (name VARCHAR(20)) CHARACTER SET gbk;
      INSERT INTO gbk_names VALUES ('中文名称');
      CREATE TABLE latin_names (name VARCHAR(20)) CHARACTER SET latin1;
      INSERT INTO latin_names VALUES ('café');`);
    // 3000 columns: InnoDB holds at most 1017 per table, so a view joins three tables of 1000.
    for (let t = 0; t < 3; t++) {
      const cols = Array.from({ length: 1000 }, (_, i) => `c${String(t * 1000 + i).padStart(4, '0')} TINYINT DEFAULT ${t + 1}`).join(', ');
      await admin.query(`CREATE TABLE w${t} (${cols}) ROW_FORMAT=DYNAMIC; INSERT INTO w${t} () VALUES ()`);
    }
    await admin.query('CREATE VIEW wide AS SELECT * FROM w0 JOIN w1 JOIN w2');
    driver = new MysqlDriver(spec);
  });

  afterAll(async () => {
    await driver?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin?.end();
  });

  const preview = (sql: string, limit = 100, options = OPTIONS) => {
    const q = previewSql('mysql', checkSourceSql(sql, 'mysql'), [], limit);
    return driver.run(q.sql, q.params, options);
  };

  it('connects and lists the tables and views of the database, Chinese names included', async () => {
    const tables = await driver.listTables(OPTIONS);
    expect(tables).toEqual(
      expect.arrayContaining([
        { schema: database, name: 'sales', kind: 'table' },
        { schema: database, name: '订单明细', kind: 'table' },
        { schema: database, name: 'wide', kind: 'view' },
      ]),
    );
  });

  it('previews with typed columns and JSON-safe values', async () => {
    const r = await preview('SELECT * FROM sales ORDER BY id');
    expect(r.columns.map((c) => [c.name, c.dataType])).toEqual([
      ['id', 'number'],
      ['region', 'string'],
      ['amount', 'number'],
      ['big', 'number'],
      ['d', 'date'],
      ['ts', 'date'],
      ['note', 'string'],
    ]);
    expect(r.rows).toEqual([
      [1, 'north', 12.5, '9007199254740993', '2024-01-02', '2024-01-02 10:11:12', "it's"],
      [2, '华东', 3.25, 5, '2024-02-03', '2024-02-03 00:00:00', null],
    ]);
    // the bound limit applies
    expect((await preview('SELECT * FROM sales', 1)).rows).toHaveLength(1);
    // a backslash-escaped quote reads as the guard reads it
    expect((await preview("SELECT 'it\\'s' AS s")).rows).toEqual([["it's"]]);
  });

  it('reads Chinese and non-UTF-8 tables and names', async () => {
    const q = tableSql('mysql', database, '订单明细');
    expect((await preview(q)).rows).toEqual([['张三', 100.5]]);
    expect((await preview(q)).columns.map((c) => c.name)).toEqual(['客户', '金额']);
    expect((await preview('SELECT name FROM gbk_names')).rows).toEqual([['中文名称']]);
    expect((await preview('SELECT name FROM latin_names')).rows).toEqual([['café']]);
  });

  it('reads a 3000-column source', async () => {
    const r = await preview('SELECT * FROM wide', 10);
    expect(r.columns).toHaveLength(3000);
    expect(r.columns[2999]).toMatchObject({ name: 'c2999', dataType: 'number' });
    expect(r.rows[0][0]).toBe(1);
    expect(r.rows[0][2999]).toBe(3);
  });

  it('explains a wrong host, port, password and database', async () => {
    const fail = (s: Partial<ConnectionSpec>) => {
      const d = new MysqlDriver({ ...spec, ...s });
      return catchError(d.listTables(OPTIONS)).finally(() => d.close());
    };
    expect(await fail({ host: 'no-such-host.invalid' })).toMatchObject({ key: 'connection.host_not_found', params: { host: 'no-such-host.invalid' } });
    expect(await fail({ port: 1 })).toMatchObject({ key: 'connection.refused', params: { port: 1 } });
    expect(await fail({ password: 'wrong-password' })).toMatchObject({ key: 'connection.auth_failed' });
    expect(await fail({ database: 'no_such_database' })).toMatchObject({ key: 'connection.database_not_found', params: { database: 'no_such_database' } });
  });

  it('refuses writes: the guard first, and the read-only transaction behind it', async () => {
    expect(() => checkSourceSql('DELETE FROM sales', 'mysql')).toThrow(expect.objectContaining({ key: 'sql.only_select' }));
    // bypassing the guard on purpose: the server itself refuses inside START TRANSACTION READ ONLY
    expect(await catchError(driver.run('DELETE FROM sales', [], OPTIONS))).toMatchObject({ key: 'query.failed' });
    const [rows] = await admin.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM sales');
    expect(rows[0].n).toBe(2);
  });

  it('cancels a query past the timeout on the server, and the server stays healthy', async () => {
    const started = Date.now();
    const e = await catchError(preview('SELECT SLEEP(60) AS s', 1, { timeoutMs: 1000, maxRows: 10 }));
    expect(e).toMatchObject({ key: 'query.timeout', params: { seconds: 1 } });
    // cancelled, not run to its end: a bound far from both (1 s and 60 s), never a speed check
    expect(Date.now() - started).toBeLessThan(30_000);
    // the next query works, and the server runs no SLEEP any more
    expect((await preview('SELECT 1 AS one')).rows).toEqual([[1]]);
    const [running] = await admin.query<mysql.RowDataPacket[]>("SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%SLEEP(60)%' AND INFO NOT LIKE '%PROCESSLIST%'");
    expect(Number(running[0].n)).toBe(0);
  });
});
