import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { AppError } from '@bi/core';
import { parseExpression } from '@bi/sql-text';
import { previewSql, tableSql } from '@bi/query';
import { checkSourceSql } from '../sql/source-sql.js';
import type { ConnectionSpec, RunOptions } from './driver.js';
import { DuckdbDriver } from './duckdb.driver.js';

const OPTIONS: RunOptions = { timeoutMs: 10_000, maxRows: 1000 };

async function catchError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a failure');
}

// The embedded analytics store: always available, so these run in every test run.
describe('DuckDB driver (analytics store)', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'bi-duck-')), 'analytics.duckdb');
  const spec: ConnectionSpec = { engine: 'duckdb', host: 'analytics', port: 0, user: '', password: '', database: '', serviceName: '', connectType: 'Basic', role: 'Default', path };
  let driver: DuckdbDriver;

  beforeAll(async () => {
    const db = await DuckDBInstance.create(path);
    const c = await db.connect();
    await c.run(`CREATE TABLE sales AS SELECT range::INTEGER AS id, (range * 1.5)::DECIMAL(10,2) AS amount, DATE '2024-01-01' + range::INTEGER AS d,
      TIMESTAMP '2024-01-01 10:11:12.345' AS ts, 'r' || range AS region FROM range(5)`);
    await c.run('CREATE SCHEMA "报表"');
    await c.run('CREATE TABLE "报表"."订单明细" ("客户" VARCHAR, "金额" DECIMAL(10,2)); INSERT INTO "报表"."订单明细" VALUES (\'张三\', 100.5)');
    await c.run(`CREATE TABLE wide AS SELECT ${Array.from({ length: 3000 }, (_, i) => `${i} AS c${i}`).join(', ')}`);
    c.closeSync();
    db.closeSync();
    driver = new DuckdbDriver(spec);
  });
  afterAll(() => driver?.close());

  const preview = (sql: string, limit = 100, options = OPTIONS) => {
    const q = previewSql('duckdb', checkSourceSql(sql, 'duckdb'), [], limit);
    return driver.run(q.sql, q.params, options);
  };

  it('lists tables and previews typed rows; counts come back as numbers, not BigInt', async () => {
    expect(await driver.listTables(OPTIONS)).toEqual(
      expect.arrayContaining([
        { schema: 'main', name: 'sales', kind: 'table' },
        { schema: '报表', name: '订单明细', kind: 'table' },
      ]),
    );
    const r = await preview('SELECT * FROM sales ORDER BY id', 2);
    expect(r.columns.map((c) => [c.name, c.dataType])).toEqual([
      ['id', 'number'],
      ['amount', 'number'],
      ['d', 'date'],
      ['ts', 'date'],
      ['region', 'string'],
    ]);
    expect(r.rows).toEqual([
      [0, 0, '2024-01-01', '2024-01-01 10:11:12', 'r0'],
      [1, 1.5, '2024-01-02', '2024-01-01 10:11:12', 'r1'],
    ]);
    const count = await preview('SELECT count(*) AS n, sum(id) AS s FROM sales');
    expect(count.rows).toEqual([[5, 10]]);
    expect(typeof count.rows[0][0]).toBe('number');
  });

  it('reads Chinese names and 3000 columns, and computes calculated fields', async () => {
    expect((await preview(tableSql('duckdb', '报表', '订单明细'))).rows).toEqual([['张三', 100.5]]);
    const wide = await preview('SELECT * FROM wide');
    expect(wide.columns).toHaveLength(3000);
    expect(wide.rows[0][2999]).toBe(2999);
    const expr = parseExpression("ROUND(amount * 2, 0) + LENGTH(CONCAT(region, 'x'))", ['id', 'amount', 'region']);
    if (!expr.ok) throw new Error('expression');
    const q = previewSql('duckdb', checkSourceSql('SELECT * FROM sales ORDER BY id', 'duckdb'), [{ name: '计算', tokens: expr.tokens }], 2);
    const r = await driver.run(q.sql, q.params, OPTIONS);
    expect(r.columns.at(-1)).toMatchObject({ name: '计算', dataType: 'number' });
    expect(r.rows.map((row) => row.at(-1))).toEqual([3, 6]);
  });

  it('refuses writes inside its read-only transaction, and interrupts a query past the timeout', async () => {
    expect(await catchError(driver.run('CREATE TABLE x AS SELECT 1', [], OPTIONS))).toMatchObject({ key: 'query.failed' });
    const started = Date.now();
    const e = await catchError(preview('SELECT sum(a.range * b.range) AS s FROM range(1000000) a, range(100000) b', 1, { timeoutMs: 500, maxRows: 1 }));
    expect(e).toMatchObject({ key: 'query.timeout', params: { seconds: 0.5 } });
    // interrupted, not run to its end (minutes): a bound far from both, never a speed check
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await preview('SELECT 1 AS one')).rows).toEqual([[1]]);
  });

  // issue 12 item 2: `RESET memory_limit` left the buffer pool at 16 MB while the setting showed the default
  const limits = async (d: DuckdbDriver) => (await d.run("SELECT current_setting('memory_limit'), (SELECT memory_limit FROM pragma_database_size() LIMIT 1)", [], OPTIONS)).rows[0]!;
  const load = (d: DuckdbDriver) =>
    d.withConnection(async (conn) => {
      await conn.run("CREATE OR REPLACE TEMP TABLE filler AS SELECT range AS id, repeat('x', 100) AS pad FROM range(200000)");
    });

  for (const memoryLimitMb of [64, undefined]) {
    it(`after bulk loads and queries asked for during the releases, the buffer pool keeps the ${memoryLimitMb ? 'configured' : "DuckDB's default"} limit`, async () => {
      const d = new DuckdbDriver({ ...spec, memoryLimitMb });
      try {
        const [setting, pool] = await limits(d);
        if (memoryLimitMb) expect(setting).toMatch(/^6[0-9](\.\d+)? MiB$/);
        else expect(setting).toMatch(/GiB$/);
        expect(pool).toBe(setting);
        for (let round = 0; round < 3; round++) {
          await load(d);
          // queries asked for while the release runs wait for it and succeed (a 16 MB pool would refuse the sort)
          const [released, ...answers] = await Promise.all([
            d.releaseLoadedBlocks(),
            ...Array.from({ length: 4 }, () => d.run('SELECT count(*) FROM sales', [], OPTIONS)),
            d.run("SELECT count(DISTINCT x) FROM (SELECT range::VARCHAR || repeat('y', 40) AS x FROM range(300000) ORDER BY x DESC)", [], OPTIONS),
          ]);
          expect(released).toBe(true);
          expect(answers.map((r) => r.rows[0]![0])).toEqual([5, 5, 5, 5, 300_000]);
          expect(await limits(d)).toEqual([setting, pool]);
        }
        // a release asked for while a query runs does nothing (a query could be refused memory)
        const running = d.run('SELECT count(*) FROM range(3000000) a', [], OPTIONS);
        expect(await d.releaseLoadedBlocks()).toBe(false);
        expect((await running).rows[0]![0]).toBe(3_000_000);
        expect(await limits(d)).toEqual([setting, pool]);
        expect(await d.memoryLimit()).toEqual({ setting, bufferPool: pool, expected: setting });
      } finally {
        await d.close();
      }
    });
  }

  it('a release at start-up (before any query opened the database) does nothing, and the first queries see the limit', async () => {
    const d = new DuckdbDriver({ ...spec, memoryLimitMb: 64 });
    try {
      expect(await d.releaseLoadedBlocks()).toBe(false);
      const first = Promise.all([limits(d), d.releaseLoadedBlocks(), limits(d)]);
      const [a, , b] = await first;
      expect(a[1]).toMatch(/^6[0-9](\.\d+)? MiB$/);
      expect(b).toEqual(a);
    } finally {
      await d.close();
    }
  });
});
