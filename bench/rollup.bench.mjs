#!/usr/bin/env node
// Kept rollups benchmark (issue 31, docs/benchmarks.md "Rollups", docs/adr/0022-kept-rollups.md): the
// month × category chart (sum, avg, count of amount) over BENCH_ROWS rows of the DuckDB analytics
// store, saved, so chart-query chooses a rollup and data-source builds it; then run through the BFF
// with a filter never asked before on every run (an order_date range ending on another day: no kept
// answer anywhere), against the hand-written raw query with the same filter in the same run. Also:
// the rollup's build time against the table's own write time (the floor of any import of it), and its
// size against the table's. Then an append (issue 31's first option: merged into the rollup in the
// append's transaction): an uploaded source of the same BENCH_ROWS rows (a small CSV imported through
// the API, its table then filled in the store with the rows while the product is stopped: uploads are
// capped at 40 MB a file), the same chart saved on it, then BENCH_APPEND_ROWS rows (default 100 000)
// appended through the API as a CSV: the time until a chart answer is served by the merged rollup, the
// answer against the product's raw run of the same chart (field by field), and the runs after it.
//
//   npm run build:server && npm run bench:rollup
//
// Environment: BENCH_ROWS (default 5000000), BENCH_ITER (default 40), BENCH_APPEND_ROWS (default
// 100000; 0 leaves the append out), BENCH_DIR, BENCH_PORT (default 18393), BENCH_GRPC_BASE_PORT
// (default 44151).
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { openAsBlob } from 'node:fs';
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
const APPEND_ROWS = Number(process.env.BENCH_APPEND_ROWS ?? 100_000);
const TARGETS = { ratio: 0.15, p50: 100, buildShare: 0.2, sizeShare: 0.02 };
const CATEGORIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

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
const start = async () => {
  log('starting the product');
  const p = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir, webDist: join(dir, 'no-web'), env: { BI_UPLOAD_MAX_ROWS: String(Math.max(5_000_000, APPEND_ROWS)) } });
  // a loaded machine may start the product in more than waitReady's minute: a few more
  for (let k = 0; ; k++) {
    try {
      await waitReady(request, p);
      return p;
    } catch (e) {
      if (k >= 4 || p.exited()) throw e;
    }
  }
};
const login = async () => (await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD })).token.result.token;
/** A CSV of the sales table's columns: `n` rows from row `from` on (the generator's days and categories). */
const salesCsv = (n, from) => {
  const lines = ['order_date,category,amount'];
  for (let k = 0; k < n; k++) {
    const i = from + k;
    lines.push(`${new Date(Date.UTC(2022, 0, 1 + (i % 1095))).toISOString().slice(0, 10)},${CATEGORIES[i % 8]},${(Math.random() * 1000).toFixed(3)}`);
  }
  return lines.join('\n') + '\n';
};
async function uploadCsv(token, name, text, action) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const form = new FormData();
  form.append('file', await openAsBlob(path), name);
  const res = await fetch(`http://127.0.0.1:${PORT}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } });
  const up = await res.json();
  if (up.status !== 'success') throw new Error(`upload ${name}: ${JSON.stringify(up).slice(0, 300)}`);
  return up.data;
}
const uploadColumns = [
  { name: 'order_date', type: 'date' },
  { name: 'category', type: 'string' },
  { name: 'amount', type: 'number' },
];

let product;
let failed = false;
try {
  // the uploaded source for the append: created from a small CSV, its table then filled in the store
  // with BENCH_ROWS rows while the product is stopped (the product holds the store file open)
  let upload;
  if (APPEND_ROWS > 0) {
    product = await start();
    const token = await login();
    const folder = await call('POST', '/api/data_source/proj', token, { name: 'Bench uploads' });
    const up = await uploadCsv(token, 'seed.csv', salesCsv(8, 0), 'create');
    const imported = await call('POST', '/api/excel_upload/import/create', token, { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder.projectId, tableName: 'sales_upload', columns: uploadColumns });
    upload = { id: imported.dataSource.dataSourceId, fields: imported.dataSource.fields ?? [] };
    await product.stop();
    const db = await DuckDBInstance.create(join(dataDir, 'analytics.duckdb'));
    const conn = await db.connect();
    const [[table]] = (await conn.runAndReadAll(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'uploads'`)).getRows();
    upload.table = `uploads."${table}"`;
    log(`filling ${upload.table} with ${ROWS} rows`);
    await conn.run(`DELETE FROM ${upload.table}`);
    t0 = performance.now();
    await conn.run(
      `INSERT INTO ${upload.table} (key_id, order_date, category, amount, deleted) SELECT i + 1, DATE '2022-01-01' + (i % 1095)::INT, ['A','B','C','D','E','F','G','H'][1 + (i % 8)], (random()*1000)::DOUBLE, false FROM range(${ROWS}) t(i)`,
    );
    await conn.run('CHECKPOINT');
    upload.fillMs = performance.now() - t0;
    conn.closeSync();
    db.closeSync();
  }
  product = await start();
  const token = await login();
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
  const one = (ms) => stats([ms]);

  // ---- the append: merged into the rollup in the append's transaction ------------------------------
  const appendResults = [];
  const appendLines = [];
  if (upload) {
    const category = source.fields.find((x) => x.name === 'category');
    const uField = (name) => upload.fields.find((x) => x.name === name) ?? source.fields.find((x) => x.name === name);
    const uMeasure = (aggregator) => ({ name: 'amount', title: `amount ${aggregator}`, dataType: uField('amount').dataType, aggregator });
    const uChartId = await call('POST', `/api/chart-edit/dashboard/${board.dashboardId}`, token, { title: 'Uploaded sales by month', dataSourceId: upload.id, type: 'line' });
    const uSavedAt = performance.now();
    await call('PUT', '/api/chart-edit/dashboard', token, {
      chartId: uChartId, title: 'Uploaded sales by month', type: 'line', dataSourceId: upload.id,
      points: [{ name: 'order_date', title: 'order_date', dataType: uField('order_date').dataType, granularity: MONTH }],
      values: [uMeasure('sum'), uMeasure('avg'), uMeasure('count')],
      secondPoints: [{ name: 'category', title: 'category', dataType: (uField('category') ?? category).dataType }], secondValues: [],
      innerFilters: [], colorSettings: [], gaugeSection: [], showTitle: true, legendStyle: 1,
    });
    const uPath = `/api/dashboard/chart/dashboard/${uChartId}`;
    const uRun = async (body) => {
      const t = performance.now();
      const r = await request('POST', uPath, token, body ?? { innerFilters: [nextFilter().filter] });
      const ms = performance.now() - t;
      const answer = JSON.parse(r.text);
      if (answer.status !== 'success') throw new Error(`run the uploaded chart: ${r.text.slice(0, 300)}`);
      return { ms, data: answer.data };
    };
    let uServedMs;
    for (let i = 0; ; i++) {
      const r = await uRun();
      if (r.data.meta.rollup?.used) {
        uServedMs = performance.now() - uSavedAt;
        break;
      }
      if (i > 600) throw new Error(`no rollup served the uploaded chart: ${JSON.stringify(r.data.meta.rollup)}`);
      await new Promise((res) => setTimeout(res, 200));
    }
    const before = await uRun();
    log(`uploaded source: rollup serves ${(uServedMs / 1000).toFixed(1)} s after the save, at data version ${before.data.meta.rollup.dataVersion}`);

    // the append, through the API: the CSV upload, then the import (which merges)
    const text = salesCsv(APPEND_ROWS, 7);
    const appendAt = performance.now();
    const up = await uploadCsv(token, 'append.csv', text, 'append');
    const uploadedMs = performance.now() - appendAt;
    const appended = await call('POST', '/api/excel_upload/import/append', token, { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: upload.id, columns: uploadColumns.map((c) => ({ ...c, targetName: c.name })) });
    const importedMs = performance.now() - appendAt;
    const version = appended.dataSource.dataVersion;
    // until a chart answer (a filter never asked) is served by a rollup of the new version
    let servedMs;
    let first;
    for (let i = 0; ; i++) {
      const r = await uRun();
      if (r.data.meta.rollup?.used && r.data.meta.rollup.dataVersion === version) {
        servedMs = performance.now() - appendAt;
        first = r;
        break;
      }
      if (i > 600) throw new Error(`no rollup of version ${version} served the chart: ${JSON.stringify(r.data.meta.rollup)}`);
      await new Promise((res) => setTimeout(res, 50));
    }
    // exact: the whole chart from the rollup against the product's raw run of it (a filter on a field
    // no rollup groups by, which every row passes, makes it run on the table)
    const everything = { name: 'order_date', title: 'order_date', dataType: 'date', range: ['2021-01-01', '2025-12-31'] };
    const rolled = await uRun({ innerFilters: [everything] });
    const rawT = performance.now();
    const rawRun = await uRun({ innerFilters: [everything, { name: 'amount', title: 'amount', dataType: 'number', numberOption: 'greaterThan', range: [-1] }] });
    const rawMs = performance.now() - rawT;
    if (!rolled.data.meta.rollup?.used || rawRun.data.meta.rollup?.used) throw new Error(`the exactness pair is not rollup / raw: ${JSON.stringify([rolled.data.meta.rollup, rawRun.data.meta.rollup])}`);
    const seriesOf = (d) => JSON.stringify(d.option?.series?.map((x) => x.data) ?? d.option);
    const a = JSON.parse(seriesOf(rolled.data));
    const b = JSON.parse(seriesOf(rawRun.data));
    let compared = 0;
    let worst = 0;
    const walk = (x, y, path) => {
      if (typeof x === 'number' && typeof y === 'number') {
        compared++;
        const rel = x === y ? 0 : Math.abs(x - y) / Math.max(Math.abs(x), Math.abs(y));
        worst = Math.max(worst, rel);
        if (rel > 1e-9) throw new Error(`rollup and raw differ at ${path}: ${x} vs ${y}`);
      } else if (x && y && typeof x === 'object') {
        if (Object.keys(x).length !== Object.keys(y).length) throw new Error(`rollup and raw differ in shape at ${path}`);
        for (const k of Object.keys(x)) walk(x[k], y[k], `${path}.${k}`);
      } else if (x !== y) throw new Error(`rollup and raw differ at ${path}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
    };
    walk(a, b, 'series');
    if (compared === 0) throw new Error('no numbers compared');
    const after = [];
    for (let i = 0; i < ITER; i++) {
      const r = await uRun();
      if (!r.data.meta.rollup?.used) throw new Error(`a run after the append was not served by the rollup: ${JSON.stringify(r.data.meta.rollup)}`);
      after.push(r.ms);
    }
    appendResults.push(
      { measure: `append ${APPEND_ROWS} rows (upload + import with the merge)`, s: one(importedMs), baseline: '—', ratio: '—', target: '', pass: null },
      { measure: 'append start → first answer from the merged rollup', s: one(servedMs), baseline: '—', ratio: '—', target: '', pass: null },
      { measure: 'chart via BFF after the append (merged rollup), new filter', s: stats(after), baseline: h.p50.toFixed(0), ratio: stats(after).p50 / h.p50, target: `≤ ${TARGETS.ratio}× and ≤ ${TARGETS.p50} ms`, pass: stats(after).p50 / h.p50 <= TARGETS.ratio && stats(after).p50 <= TARGETS.p50 },
      { measure: 'the same chart raw through the BFF (exactness check)', s: one(rawMs), baseline: '—', ratio: '—', target: '', pass: null },
    );
    appendLines.push(
      `append: ${APPEND_ROWS} rows to the uploaded ${ROWS}-row source (store fill ${(upload.fillMs / 1000).toFixed(1)} s), upload ${uploadedMs.toFixed(0)} ms, import ${(importedMs - uploadedMs).toFixed(0)} ms; first answer at version ${version} from rollup ${first.data.meta.rollup.id} (${first.data.meta.rollup.rows} rows) ${servedMs.toFixed(0)} ms after the append started; ${compared} numbers equal to the raw run's (worst relative difference ${worst.toExponential(2)})`,
    );
  }

  const b = stats(bff);
  const results = [
    { measure: 'raw: hand-written SQL, new filter', s: h, baseline: '—', ratio: '—', target: '', pass: null },
    { measure: 'chart via BFF from the rollup, new filter', s: b, baseline: h.p50.toFixed(0), ratio: b.p50 / h.p50, target: `≤ ${TARGETS.ratio}× and ≤ ${TARGETS.p50} ms`, pass: b.p50 / h.p50 <= TARGETS.ratio && b.p50 <= TARGETS.p50 },
    { measure: 'rollup build (alone)', s: one(buildMs), baseline: tableWriteMs.toFixed(0), ratio: buildMs / tableWriteMs, target: `≤ ${TARGETS.buildShare}× the table write`, pass: buildMs / tableWriteMs <= TARGETS.buildShare },
    { measure: 'save → first answer from the rollup', s: one(servedAfterMs), baseline: '—', ratio: '—', target: '', pass: null },
    { measure: 'rollup size (storage blocks, % of the table)', s: one((100 * rollupSize) / tableSize), baseline: '—', ratio: rollupSize / tableSize, target: `≤ ${TARGETS.sizeShare}× the table`, pass: rollupSize / tableSize <= TARGETS.sizeShare },
    ...appendResults,
  ];
  failed = printResults(
    [
      `rows ${ROWS}; rollup ${rollupRows} rows (${((100 * rollupRows) / tableRows).toFixed(3)} % of the table's), storage ${rollupSize} vs ${tableSize} blocks (${((100 * rollupSize) / tableSize).toFixed(3)} %, target ≤ ${100 * TARGETS.sizeShare} %)`,
      ...appendLines,
      `load average at start ${loadAtStart}, at end ${load()}`,
    ],
    results,
    { bench: 'rollup', rows: ROWS, rollupRows, tableRows, rollupSize, tableSize, loadavg: load() },
  );
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await product?.stop();
  store.close();
  work.remove();
}
process.exit(failed ? 1 : 0);
