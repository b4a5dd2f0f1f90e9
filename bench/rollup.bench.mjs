#!/usr/bin/env node
// Kept rollups benchmark (issue 31, docs/benchmarks.md "Rollups", docs/adr/0022-kept-rollups.md): the
// month × category chart (sum, avg, count of amount) over BENCH_ROWS rows of the DuckDB analytics
// store, saved, so chart-query chooses a rollup and data-source builds it; then run through the BFF
// with a filter never asked before on every run (an order_date range ending on another day: no kept
// answer anywhere), against the hand-written raw query with the same filter in the same run. Also:
// the rollup's build time against the table's own write time (the floor of any import of it), and its
// size against the table's.
//
//   npm run build:server && npm run bench:rollup
//
// Environment: BENCH_ROWS (default 5000000), BENCH_ITER (default 40), BENCH_DIR, BENCH_PORT (default
// 18393), BENCH_GRPC_BASE_PORT (default 44151).
import { copyFileSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildChartQuery, chooseRollups, rollupBuildQuery } from '@bi/query';
import { benchDir, createSalesTable, createSalesDashboards, load, printResults, productClient, salesStoreWithBaseline, stats, startProduct, successCall, waitReady } from './support.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const ITER = Math.max(20, Number(process.env.BENCH_ITER ?? 40));
const WARMUP = 3;
const PORT = Number(process.env.BENCH_PORT ?? 18393);
const GRPC_BASE_PORT = Number(process.env.BENCH_GRPC_BASE_PORT ?? 44151);
const PASSWORD = 'bench-password-1';
const TARGETS = { ratio: 0.15, p50: 100, buildShare: 0.2, sizeShare: 0.02 };

const work = benchDir('rollup');
const { dir, dataDir } = work;
const log = (...a) => console.log('[bench]', ...a);
const loadAtStart = load();

if (!existsSync(join(root, 'apps/embedded/dist/main.js'))) {
  console.error('apps/embedded/dist/main.js is missing: run "npm run build:server" first');
  process.exit(1);
}
const store = await salesStoreWithBaseline(work, ROWS, {}, log);
const direct = store.direct;

// the table's own write (CREATE TABLE … AS over range(), then CHECKPOINT): what any import of these rows costs at least
const writeFile = join(dir, 'write.duckdb');
let t0 = performance.now();
await createSalesTable(writeFile, ROWS);
const tableWriteMs = performance.now() - t0;

const { request } = productClient(PORT, { maxSockets: 8, gzip: true });
const call = successCall(request);
log('starting the product');
const product = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir, webDist: join(dir, 'no-web') });

let failed = false;
try {
  // a loaded machine may start the product in more than waitReady's minute: a few more
  for (let k = 0; ; k++) {
    try {
      await waitReady(request, product);
      break;
    } catch (e) {
      if (k >= 4 || product.exited()) throw e;
    }
  }
  const token = (await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD })).token.result.token;
  const { source, boards: [board], point, measure, newChart } = await createSalesDashboards(call, token, ['Rollup bench']);
  const MONTH = 3;
  const savedAt = performance.now();
  const chart = await newChart(board.dashboardId, 'Sales by month', [point(MONTH)], [measure('sum'), measure('avg'), measure('count')]);
  const runPath = `/api/dashboard/chart/dashboard/${chart.chartId}`;

  // a filter never asked before: order_date from 2022-01-01 to a day that differs on every run
  let asked = 0;
  const nextFilter = () => {
    const end = new Date(Date.UTC(2024, 11, 30) - (asked++ % 1000) * 86_400_000).toISOString().slice(0, 10);
    return { end, filter: { name: 'order_date', title: 'order_date', dataType: 'date', range: ['2022-01-01', end] } };
  };
  const runOnce = async () => {
    const { end, filter } = nextFilter();
    const t = performance.now();
    const r = await request('POST', runPath, token, { innerFilters: [filter] });
    const ms = performance.now() - t;
    const answer = JSON.parse(r.text);
    if (answer.status !== 'success') throw new Error(`run chart: ${r.text.slice(0, 300)}`);
    return { ms, end, meta: answer.data.meta };
  };

  // wait (bounded) until the rollup is built and serves the chart
  let servedAfterMs;
  for (let i = 0; ; i++) {
    const r = await runOnce();
    if (r.meta.rollup?.used) {
      servedAfterMs = performance.now() - savedAt;
      log(`rollup ${r.meta.rollup.id} (${r.meta.rollup.rows} rows) serves the chart ${(servedAfterMs / 1000).toFixed(1)} s after the save`);
      break;
    }
    if (i > 600) throw new Error(`no rollup served the chart: ${JSON.stringify(r.meta.rollup)}`);
    await new Promise((res) => setTimeout(res, 200));
  }

  // the rollup built again, alone, on a writable copy of the table: build time and size
  const copy = join(dir, 'copy.duckdb');
  copyFileSync(join(dir, 'baseline.duckdb'), copy);
  const db = await DuckDBInstance.create(copy);
  const conn = await db.connect();
  const fields = source.fields.map((x) => ({ name: x.name, dataType: x.dataType }));
  const table = { kind: 'table', table: 'sales', schema: 'main' };
  const [spec] = chooseRollups([buildChartQuery(chart, table, fields, {})]);
  const build = rollupBuildQuery(spec, table, 'duckdb', ['amount']);
  t0 = performance.now();
  await conn.run(`CREATE TABLE r AS ${build.sql}`);
  await conn.run('CHECKPOINT');
  const buildMs = performance.now() - t0;
  // the storage blocks each table occupies in the file (DuckDB's block size: 256 KiB)
  const size = async (name) => Number((await conn.runAndReadAll(`SELECT COUNT(DISTINCT block_id) FROM pragma_storage_info('${name}') WHERE block_id >= 0`)).getRows()[0][0]);
  const count = async (name) => Number((await conn.runAndReadAll(`SELECT COUNT(*) FROM ${name}`)).getRows()[0][0]);
  const [rollupRows, tableRows, rollupSize, tableSize] = [await count('r'), await count('sales'), await size('r'), await size('sales')];
  conn.closeSync();
  db.closeSync();

  // the timed loop: hand-written raw SQL and the product through the BFF, interleaved, each with a new filter
  const hand = [];
  const bff = [];
  let counts;
  for (let i = 0; i < WARMUP + ITER; i++) {
    const r = await runOnce();
    if (!r.meta.rollup?.used) throw new Error(`a run was not served by the rollup: ${JSON.stringify(r.meta.rollup)}`);
    const t = performance.now();
    const h = await direct(`SELECT date_trunc('month', order_date) m, category, sum(amount), avg(amount), count(amount) FROM sales WHERE order_date >= DATE '2022-01-01' AND order_date < DATE '${r.end}' + 1 GROUP BY 1, 2 ORDER BY 1, 2`);
    const handMs = performance.now() - t;
    counts = { hand: h.length, bff: r.meta.rowCount };
    if (i >= WARMUP) {
      hand.push(handMs);
      bff.push(r.ms);
    }
  }
  if (counts.hand !== counts.bff) throw new Error(`row counts differ: ${JSON.stringify(counts)}`);

  const h = stats(hand);
  const b = stats(bff);
  const one = (ms) => stats([ms]);
  const results = [
    { measure: 'raw: hand-written SQL, new filter', s: h, baseline: '—', ratio: '—', target: '', pass: null },
    { measure: 'chart via BFF from the rollup, new filter', s: b, baseline: h.p50.toFixed(0), ratio: b.p50 / h.p50, target: `≤ ${TARGETS.ratio}× and ≤ ${TARGETS.p50} ms`, pass: b.p50 / h.p50 <= TARGETS.ratio && b.p50 <= TARGETS.p50 },
    { measure: 'rollup build (alone)', s: one(buildMs), baseline: tableWriteMs.toFixed(0), ratio: buildMs / tableWriteMs, target: `≤ ${TARGETS.buildShare}× the table write`, pass: buildMs / tableWriteMs <= TARGETS.buildShare },
    { measure: 'save → first answer from the rollup', s: one(servedAfterMs), baseline: '—', ratio: '—', target: '', pass: null },
  ];
  failed = printResults(
    [
      `rows ${ROWS}; rollup ${rollupRows} rows (${((100 * rollupRows) / tableRows).toFixed(3)} % of the table's), storage ${rollupSize} vs ${tableSize} blocks (${((100 * rollupSize) / tableSize).toFixed(3)} %, target ≤ ${100 * TARGETS.sizeShare} %)`,
      `load average at start ${loadAtStart}, at end ${load()}`,
    ],
    results,
    { bench: 'rollup', rows: ROWS, rollupRows, tableRows, rollupSize, tableSize, loadavg: load() },
  );
  if (rollupSize / tableSize > TARGETS.sizeShare) failed = true;
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await product.stop();
  store.close();
  work.remove();
}
process.exit(failed ? 1 : 0);
