#!/usr/bin/env node
// Joined-table benchmark (issue 20 "Benchmark", docs/benchmarks.md "Joined tables"): a 1M-row fact
// table joined to two dimension tables (10 000 products and 100 stores) in the analytics store, as a
// joined-table source (docs/api/join-table.md); a chart on it (sum of amount by a dimension attribute,
// cold: every run a chart never run before, so no kept answer anywhere) against the hand-written join
// SQL run directly on DuckDB in the same run (interleaved, one connection on a READ_ONLY copy).
//
//   npm run build:server && node bench/join.bench.mjs
//
// Environment: BENCH_ROWS (fact rows, default 1000000), BENCH_COLD (cold runs, default 20),
// BENCH_DIR (working directory, kept when given), BENCH_PORT (HTTP, default 18597),
// BENCH_GRPC_BASE_PORT (default 46151), BENCH_NODE_ARGS (node options of the product).
import { copyFileSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { benchDir, load, printResults, productClient, stats, startProduct, successCall, waitReady } from './support.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const COLD = Math.max(5, Number(process.env.BENCH_COLD ?? 20));
const WARMUP = 2;
const PORT = Number(process.env.BENCH_PORT ?? 18597);
const GRPC_BASE_PORT = Number(process.env.BENCH_GRPC_BASE_PORT ?? 46151);
const PASSWORD = 'bench-password-1';
const TARGET = 1.2;

const work = benchDir('join');
const { dir, dataDir } = work;
const log = (...a) => console.log('[bench]', ...a);
const loadAtStart = load();

if (!existsSync(join(root, 'apps/embedded/dist/main.js'))) {
  console.error('apps/embedded/dist/main.js is missing: run "npm run build:server" first');
  process.exit(1);
}

// ---- data: fact (ROWS), product (10 000: category of 20), store (100: region of 6) --------------
const storeFile = join(dataDir, 'analytics.duckdb');
const baselineFile = join(dir, 'baseline.duckdb');
log(`generating ${ROWS} fact rows, 10000 products, 100 stores into ${storeFile}`);
{
  const db = await DuckDBInstance.create(storeFile);
  const c = await db.connect();
  await c.run(`CREATE TABLE fact AS SELECT i AS id, (i * 7919) % 10000 AS product_id, (i * 31) % 100 AS store_id, (random() * 1000)::DOUBLE AS amount FROM range(${ROWS}) t(i)`);
  await c.run(`CREATE TABLE product AS SELECT i AS product_id, 'Category ' || lpad((i % 20)::VARCHAR, 2, '0') AS category, 'Brand ' || (i % 300)::VARCHAR AS brand FROM range(10000) t(i)`);
  await c.run(`CREATE TABLE store AS SELECT i AS store_id, ['East','West','North','South','Central','Overseas'][1 + (i % 6)] AS region FROM range(100) t(i)`);
  await c.run('CHECKPOINT');
  c.closeSync();
  db.closeSync();
}
copyFileSync(storeFile, baselineFile);
const baseDb = await DuckDBInstance.create(baselineFile, { access_mode: 'READ_ONLY' });
const baseConn = await baseDb.connect();
const direct = async (sql) => (await baseConn.runAndReadAll(sql)).getRowsJson();

// the hand-written join SQL the chart must equal: the same tree (left joins), sum by a dimension attribute
const HAND = `SELECT p.category, SUM(f.amount) FROM main.fact AS f LEFT JOIN main.product AS p ON f.product_id = p.product_id LEFT JOIN main.store AS s ON f.store_id = s.store_id GROUP BY p.category`;
// (info) what one would write by hand for this chart alone: the store join adds nothing to a sum by
// category (store_id is unique in store, a left join keeps every fact row once), so it is left out —
// as the product's join pruning leaves it out (docs/api/join-table.md "Join pruning")
const HAND_MIN = `SELECT p.category, SUM(f.amount) FROM main.fact AS f LEFT JOIN main.product AS p ON f.product_id = p.product_id GROUP BY p.category`;
// (info) a chart that reads both dimension tables (sum by category and region): nothing to leave out
const HAND_BOTH = `SELECT p.category, s.region, SUM(f.amount) FROM main.fact AS f LEFT JOIN main.product AS p ON f.product_id = p.product_id LEFT JOIN main.store AS s ON f.store_id = s.store_id GROUP BY p.category, s.region`;

const { agent, request } = productClient(PORT);
const call = successCall(request);
log('starting the product');
const product = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir, webDist: join(dir, 'no-web'), nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean) });

let failed = false;
try {
  await waitReady(request, product);
  const token = (await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD })).token.result.token;
  const folder = await call('POST', '/api/data_source/proj', token, { name: 'Bench join' });
  const table = async (name, tableName) => {
    const created = await call('POST', '/api/data_source/sql/', token, { projectId: folder.projectId, name, type: 8, tableName, tableSchema: 'main' });
    if (created.error) throw new Error(`creating ${name}: ${created.error}`);
    return created.dataSource.dataSourceId;
  };
  const ids = { fact: await table('Bench fact', 'fact'), product: await table('Bench product', 'product'), store: await table('Bench store', 'store') };
  const node = async (showName, id, titles) => {
    const n = await call('GET', `/api/data_source/join_table_fields/${encodeURIComponent(showName)}/${id}`, token);
    return { ...n, fields: n.fields.map((f) => ({ ...f, title: titles[f.name] ?? f.title, check: f.name in titles })) };
  };
  const pair = (from, to, field) => ({ from, to, joinType: 'left', joinFields: [{ fromField: { name: field }, toField: { name: field } }] });
  const saved = await call('POST', `/api/data_source/join_table_add/${folder.projectId}`, token, {
    name: 'Bench sales join',
    nodeDataArray: [
      await node('fact', ids.fact, { amount: 'amount', product_id: 'product_id' }),
      await node('product', ids.product, { category: 'category', brand: 'brand' }),
      await node('store', ids.store, { region: 'region' }),
    ],
    links: [pair('fact', 'product', 'product_id'), pair('fact', 'store', 'store_id')],
    cacheInterval: 60,
  });
  log(`joined table ${saved.dataSourceId}: fields ${saved.outputFields.map((x) => x.name).join(', ')}`);
  const preview = await call('POST', '/api/data_source/join_table_preview', token, { ...saved, name: '' });
  if (preview.rowCount !== ROWS || preview.explodes) throw new Error(`the join has ${preview.rowCount} rows, expected ${ROWS}`);

  const dashFolder = await call('POST', '/api/dashboard/project/dashboard', token, { name: 'Bench join charts' });
  const board = await call('POST', '/api/dashboard/dashboard', token, { name: 'Bench join', projectId: dashFolder.projectId });
  // one chart per cold run: a chart never run has no kept answer in the BFF or chart-query
  const dim = (name, dataType = 'string') => ({ name, title: name, dataType });
  const newCharts = async (title, dataSourceId, points) => {
    const made = [];
    for (let i = 0; i < WARMUP + COLD; i++) {
      const chartId = await call('POST', `/api/chart-edit/dashboard/${board.dashboardId}`, token, { title: `${title} ${i}`, dataSourceId, type: 'bar' });
      await call('PUT', '/api/chart-edit/dashboard', token, { chartId, title: `${title} ${i}`, type: 'bar', dataSourceId, points, values: [{ name: 'amount', title: 'amount', dataType: 'number', aggregator: 'sum' }] });
      made.push(chartId);
    }
    return made;
  };
  const charts = await newCharts('By category', saved.dataSourceId, [dim('category')]);
  // for information: the same request path on a plain table source (sum of amount by store_id of
  // `fact` alone) against its hand-written query — the fixed cost of a chart request, join or not
  const plainCharts = await newCharts('Plain', ids.fact, [dim('store_id', 'number')]);
  const HAND_PLAIN = 'SELECT store_id, SUM(amount) FROM main.fact GROUP BY store_id';
  // for information: charts reading both joined tables (sum by category, compared by region)
  const bothCharts = await newCharts('By category and region', saved.dataSourceId, [dim('category'), dim('region')]);

  const byCategory = (rows) => new Map(rows.map(([c, v]) => [String(c), Number(v)]));
  const cold = [], hand = [], plain = [], handPlain = [], handMin = [], both = [], handBoth = [];
  for (let i = 0; i < WARMUP + COLD; i++) {
    let t = performance.now();
    await direct(HAND_PLAIN);
    const hpMs = performance.now() - t;
    t = performance.now();
    const plainAnswer = await call('POST', `/api/dashboard/chart/dashboard/${plainCharts[i]}`, token, {});
    const pMs = performance.now() - t;
    if ((plainAnswer.option.xAxis?.data ?? plainAnswer.option.xAxis?.[0]?.data).length !== 100) throw new Error('the plain chart does not have 100 stores');
    t = performance.now();
    const want = byCategory(await direct(HAND));
    const hMs = performance.now() - t;
    t = performance.now();
    const answer = await call('POST', `/api/dashboard/chart/dashboard/${charts[i]}`, token, {});
    const ms = performance.now() - t;
    const categories = answer.option.xAxis?.data ?? answer.option.xAxis?.[0]?.data;
    const values = answer.option.series[0].data.map((d) => Number(d?.value ?? d));
    if (categories.length !== want.size) throw new Error(`the chart has ${categories.length} categories, the hand-written SQL ${want.size}`);
    categories.forEach((c, k) => {
      const w = want.get(String(c));
      if (w === undefined || Math.abs(w - values[k]) > 1e-6 * Math.max(1, Math.abs(w))) throw new Error(`category ${c}: chart ${values[k]}, hand-written ${w}`);
    });
    t = performance.now();
    await direct(HAND_MIN);
    const hmMs = performance.now() - t;
    t = performance.now();
    const wantBoth = await direct(HAND_BOTH);
    const hbMs = performance.now() - t;
    t = performance.now();
    const bothAnswer = await call('POST', `/api/dashboard/chart/dashboard/${bothCharts[i]}`, token, {});
    const bMs = performance.now() - t;
    const bothSum = bothAnswer.option.series.flatMap((x) => x.data.map((d) => Number(d?.value ?? d))).filter((v) => Number.isFinite(v)).reduce((a, b) => a + b, 0);
    const wantSum = wantBoth.reduce((a, r) => a + Number(r[2]), 0);
    if (Math.abs(bothSum - wantSum) > 1e-6 * Math.max(1, Math.abs(wantSum))) throw new Error(`the chart by category and region sums to ${bothSum}, the hand-written SQL to ${wantSum}`);
    if (i >= WARMUP) {
      handMin.push(hmMs);
      both.push(bMs);
      handBoth.push(hbMs);
      cold.push(ms);
      hand.push(hMs);
      plain.push(pMs);
      handPlain.push(hpMs);
    }
  }
  log(`cold: ${WARMUP + COLD} first runs of charts on the join, each equal to the hand-written join SQL`);
  const s = stats(cold);
  const h = stats(hand);
  const ratio = s.p50 / h.p50;
  failed = printResults(
    [`joined table (${ROWS} fact rows × 10000 products × 100 stores, left joins) — load at start ${loadAtStart}, at end ${load()}`],
    [
      { measure: 'chart on the join, cold (sum by category)', s, baseline: h.p50.toFixed(1), ratio, target: `≤ ${TARGET}×`, pass: ratio <= TARGET },
      { measure: '(info) the same chart against the hand-written SQL without the store join', s, baseline: stats(handMin).p50.toFixed(1), ratio: s.p50 / stats(handMin).p50, target: '—', pass: null },
      { measure: '(info) chart reading both joined tables, cold (by category and region)', s: stats(both), baseline: stats(handBoth).p50.toFixed(1), ratio: stats(both).p50 / stats(handBoth).p50, target: '—', pass: null },
      { measure: '(info) chart on the fact table alone, cold', s: stats(plain), baseline: stats(handPlain).p50.toFixed(1), ratio: stats(plain).p50 / stats(handPlain).p50, target: '—', pass: null },
    ],
    { bench: 'join', rows: ROWS, loadavg: loadAtStart, hand: h, handMin: stats(handMin), handBoth: stats(handBoth), handPlain: stats(handPlain) },
  );
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  agent.destroy();
  await product.stop();
  baseConn.closeSync();
  baseDb.closeSync();
  work.remove();
}
process.exit(failed ? 1 : 0);
