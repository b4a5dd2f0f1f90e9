#!/usr/bin/env node
// Connectors benchmark (issue 29 "Benchmark", docs/benchmarks.md "Connectors", bench/README.md): a full
// sync of BENCH_ROWS (default 1 000 000) rows of an HTTP API source — the product's real sync path:
// REST → data-source service → HttpApiConnector (apps/data-source/src/connectors/http-api.connector.ts)
// → SyncRunner → the analytics store (DuckDB), one store transaction — against DuckDB `read_json` of the
// same rows from a file, measured just before each sync in the same run (≤ 2×); then chart runs on the
// synced copy while a sync replaces it, against the same chart runs without a sync (p99 ≤ 2×).
//
// The API is a local paging server in this process (127.0.0.1, opened to the product with
// BI_OUTBOUND_ALLOW as an administrator would): pages of BENCH_PAGE rows (default 10 000, the product's
// largest page size) serialized once before the product starts, so serving them costs next to nothing;
// the same rows are written to rows.ndjson (read_json baseline) and rows.csv (read_csv, for information).
//
//   npm run build:server && npm run bench:connectors
//
// Environment: BENCH_ROWS (default 1000000), BENCH_PAGE (default 10000), BENCH_SYNC_ROUNDS (default 3:
// read_json / sync pairs, medians compared; the first sync creates the source, the others are "refresh
// now" replacing its copy), BENCH_CLIENTS (chart clients, default 8), BENCH_WITHOUT_MS (chart runs without
// a sync, default 10000), BENCH_DIR (working directory, default a fresh temp dir, removed at the end unless
// given), BENCH_PORT (HTTP, default 18231), BENCH_GRPC_BASE_PORT (default 27060), BENCH_NODE_ARGS.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join, resolve, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { benchDir, f, load, pct, printResults, productClient, stats, startProduct, successCall, waitReady } from './support.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PAGE = Math.min(10_000, Number(process.env.BENCH_PAGE ?? 10_000));
const SYNC_ROUNDS = Math.max(1, Number(process.env.BENCH_SYNC_ROUNDS ?? 3));
const CLIENTS = Math.max(1, Number(process.env.BENCH_CLIENTS ?? 8));
const WITHOUT_MS = Math.max(3000, Number(process.env.BENCH_WITHOUT_MS ?? 10_000));
const PORT = Number(process.env.BENCH_PORT ?? 18231);
const GRPC_BASE_PORT = Number(process.env.BENCH_GRPC_BASE_PORT ?? 27060);
const PASSWORD = 'bench-password-1';
const TARGETS = { syncRatio: 2, chartP99Ratio: 2 };

const work = benchDir('connectors');
const { dir, dataDir } = work;
const log = (...a) => console.log('[bench]', ...a);
const loadAtStart = load();
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!existsSync(join(root, 'apps/embedded/dist/main.js'))) {
  console.error('apps/embedded/dist/main.js is missing: run "npm run build:server" first');
  process.exit(1);
}

// ---- the rows ----------------------------------------------------------------------------------
// ERP-like order lines: an id, an order number, a date, a region and a customer in Chinese, a product
// code, quantity, unit price and amount (9 fields: whole, text, date, text, text, text, whole, decimal, decimal)
const REGIONS = ['华东', '华北', '华南', '西南', '华中'];
const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
function rowOf(i) {
  const qty = 1 + ((i * 7) % 23);
  const price = ((i * 7919) % 100_000) / 100;
  return {
    id: i + 1,
    order_no: `SO${String(i + 1).padStart(8, '0')}`,
    order_date: new Date(START + (i % 730) * DAY).toISOString().slice(0, 10),
    region: REGIONS[i % 5],
    customer: `客户${(i * 31) % 5000}`,
    product: `P${(i * 3) % 400}`,
    qty,
    price,
    amount: Math.round(qty * price * 100) / 100,
  };
}
const COLUMN_NAMES = Object.keys(rowOf(0));

/** The API's pages (serialized once) and the same rows as NDJSON and CSV files. */
async function makeRows() {
  const ndjson = join(dir, 'rows.ndjson');
  const csv = join(dir, 'rows.csv');
  const pages = [];
  const nd = createWriteStream(ndjson);
  const cs = createWriteStream(csv);
  cs.write(COLUMN_NAMES.join(',') + '\n');
  let expectedSum = 0;
  for (let from = 0; from < ROWS; from += PAGE) {
    const items = [];
    for (let i = from; i < Math.min(ROWS, from + PAGE); i++) {
      const r = rowOf(i);
      expectedSum += r.amount;
      items.push(r);
    }
    pages.push(Buffer.from(JSON.stringify({ code: 0, data: { items } })));
    const ndText = items.map((r) => JSON.stringify(r)).join('\n') + '\n';
    const csvText = items.map((r) => COLUMN_NAMES.map((k) => r[k]).join(',')).join('\n') + '\n';
    if (!nd.write(ndText)) await once(nd, 'drain');
    if (!cs.write(csvText)) await once(cs, 'drain');
  }
  nd.end();
  cs.end();
  await Promise.all([once(nd, 'finish'), once(cs, 'finish')]);
  return { pages, ndjson, csv, expectedSum };
}

/** CPU time (user + system, ms) of a process so far, from /proc (all its threads: DuckDB's too). */
const CLOCK_TICKS_MS = 10; // USER_HZ is 100 on Linux
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICKS_MS;
}
/** CPU time (ms) of each group of a process's threads so far, by thread name (/proc/<pid>/task/<tid>/stat: the main (JS) thread, DuckDB's, V8's, libuv's). */
function threadCpuOf(pid) {
  const out = {};
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'main (JS)' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+$/, '').trim() || '?';
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      out[name] = (out[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) * CLOCK_TICKS_MS;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}
/** The CPU (ms) each thread group spent between two threadCpuOf snapshots (threads that ended in between are not counted). */
const threadCpuDiff = (a, b) => Object.entries(b).map(([k, v]) => [k, v - (a[k] ?? 0)]).filter(([, v]) => v > 0).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${f(v)}`).join(', ');
/** CPU time (ms) of this process so far (its DuckDB threads included). */
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Baseline: DuckDB reading the same rows from a file into a table of a fresh database file (as the product's store is a file). */
async function duckdbRead(fn, path) {
  const file = join(dir, `baseline-${Date.now()}.duckdb`);
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  const started = performance.now();
  const cpuStart = ownCpu();
  await conn.run(`CREATE TABLE t AS SELECT * FROM ${fn}('${path.replace(/'/g, "''")}')`);
  const ms = performance.now() - started;
  const cpu = ownCpu() - cpuStart;
  const rows = Number((await conn.runAndReadAll('SELECT count(*) FROM t')).getRows()[0][0]);
  conn.closeSync();
  db.closeSync();
  rmSync(file, { force: true });
  rmSync(file + '.wal', { force: true });
  if (rows !== ROWS) throw new Error(`${fn} read ${rows} rows, not ${ROWS}`);
  return { ms, cpu };
}

log(`writing ${ROWS} rows (pages of ${PAGE}) under ${dir}`);
const data = await makeRows();
log(`rows.ndjson ${(statSync(data.ndjson).size / 1048576).toFixed(1)} MiB, rows.csv ${(statSync(data.csv).size / 1048576).toFixed(1)} MiB, API ${(data.pages.reduce((n, p) => n + p.length, 0) / 1048576).toFixed(1)} MiB in ${data.pages.length} pages`);

// ---- the API -----------------------------------------------------------------------------------
let pagesServed = 0;
const api = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const page = Number(url.searchParams.get('page'));
  if (url.pathname !== '/orders' || Number(url.searchParams.get('size')) !== PAGE || !Number.isInteger(page) || page < 1) {
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":1}');
    return;
  }
  pagesServed++;
  res.writeHead(200, { 'content-type': 'application/json' }).end(data.pages[page - 1] ?? '{"code":0,"data":{"items":[]}}');
});
await new Promise((r) => api.listen(0, '127.0.0.1', r));
const apiBase = `http://127.0.0.1:${api.address().port}`;

// ---- the product -------------------------------------------------------------------------------
const { agent, request } = productClient(PORT, { maxSockets: CLIENTS + 4 });
const call = successCall(request);
log('starting the product');
Object.assign(process.env, { BI_MODULES: 'sql,mysql,oracle,excel,api', BI_OUTBOUND_ALLOW: '127.0.0.1/32' });
const product = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir, webDist: join(dir, 'no-web'), nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean) });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failed = false;
try {
  await waitReady(request, product);
  const token = (await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD })).token.result.token;
  const folder = (await call('POST', '/api/data_source/proj', token, { name: 'Bench API sources' })).projectId;
  const settings = {
    url: `${apiBase}/orders`,
    method: 'GET',
    rowsPath: '$.data.items[*]',
    paging: { mode: 'page', param: 'page', sizeParam: 'size', size: PAGE, start: 1, maxPages: Math.ceil(ROWS / PAGE) + 10 },
    timeoutSec: 60,
  };
  const preview = await call('POST', '/api/data_source/api/preview', token, { settings });
  const columns = preview.columns;
  log('columns', columns.map((c) => `${c.name}:${c.type}`).join(', '));

  // ---- 1. full syncs against read_json, alternating --------------------------------------------
  const syncMs = [];
  const jsonMs = [];
  const csvMs = [];
  const syncCpu = [];
  const jsonCpu = [];
  const apiCpu = [];
  let source;
  for (let round = 1; round <= SYNC_ROUNDS; round++) {
    const json = await duckdbRead('read_json', data.ndjson);
    jsonMs.push(json.ms);
    jsonCpu.push(json.cpu);
    csvMs.push((await duckdbRead('read_csv', data.csv)).ms);
    pagesServed = 0;
    const started = performance.now();
    const cpuStart = cpuOf(product.pid);
    const threadsStart = threadCpuOf(product.pid);
    const apiCpuStart = ownCpu();
    if (round === 1) {
      const created = await call('POST', `/api/data_source/api/${folder}`, token, { name: 'Bench orders', settings: { ...settings, columns } });
      if (created.rowCount !== ROWS) throw new Error(`the sync loaded ${created.rowCount} rows, not ${ROWS}`);
      source = created.dataSource;
    } else {
      await call('POST', `/api/data_source/sync/${source.dataSourceId}`, token);
      const run = await finished(token, source.dataSourceId);
      if (run.state !== 'succeeded' || run.rows !== ROWS) throw new Error(`the sync ended ${run.state} with ${run.rows} rows: ${run.errorJson}`);
    }
    syncMs.push(performance.now() - started);
    syncCpu.push(cpuOf(product.pid) - cpuStart);
    apiCpu.push(ownCpu() - apiCpuStart);
    log(`round ${round}: read_json ${f(jsonMs.at(-1))} ms (CPU ${f(jsonCpu.at(-1))} ms), read_csv ${f(csvMs.at(-1))} ms, ${round === 1 ? 'create' : 'refresh (replace)'} sync ${f(syncMs.at(-1))} ms (CPU of the product ${f(syncCpu.at(-1))} ms; ${pagesServed} pages), load ${load()}`);
    log(`  the product's CPU by thread: ${threadCpuDiff(threadsStart, threadCpuOf(product.pid))}; the API server (this process, serving ${pagesServed} pages and polling) ${f(apiCpu.at(-1))} ms`);
  }

  // ---- 2. chart runs on the copy, without and during a sync --------------------------------------
  const chartFolder = (await call('POST', '/api/dashboard/project/dashboard', token, { name: 'Bench charts' })).projectId;
  const dashboardId = (await call('POST', '/api/dashboard/dashboard', token, { name: 'Bench API', projectId: chartFolder })).dashboardId;
  const chartId = await call('POST', `/api/chart-edit/dashboard/${dashboardId}`, token, { title: 'by region', dataSourceId: source.dataSourceId, type: 'bar' });
  await call('PUT', '/api/chart-edit/dashboard', token, {
    chartId, title: 'by region', type: 'bar', dataSourceId: source.dataSourceId,
    points: [{ name: 'region', title: 'region', dataType: 'string' }],
    values: [{ name: 'amount', title: 'amount', dataType: 'number', aggregator: 'sum' }],
  });
  // the copy holds the API's rows: the chart's total is the sum of the generated amounts
  const whole = await call('POST', `/api/dashboard/chart/dashboard/${chartId}`, token, {});
  const total = (whole.option.series?.[0]?.data ?? []).reduce((n, v) => n + Number(typeof v === 'object' && v !== null ? v.value : v), 0);
  if (Math.abs(total - data.expectedSum) > Math.max(1, data.expectedSum * 1e-9)) throw new Error(`the chart's total ${total} is not the API's ${data.expectedSum}`);

  /** CLIENTS clients run the chart without pause, each request with a filter value of its own (no answer cache serves it), until stop(). */
  function runCharts() {
    const runs = [];
    let stopped = false;
    const client = async () => {
      while (!stopped) {
        const filter = { name: 'customer', dataType: 'string', range: ['客户1', '客户2', `客户${randomBytes(2).readUInt16BE(0) % 5000}`, `x${randomBytes(6).toString('hex')}`] };
        const started = performance.now();
        const r = await request('POST', `/api/dashboard/chart/dashboard/${chartId}`, token, { innerFilters: [filter] });
        const ms = performance.now() - started;
        if (r.status !== 200 || JSON.parse(r.text).status !== 'success') throw new Error(`a chart run failed: ${r.status} ${r.text.slice(0, 300)}`);
        runs.push({ started, ms });
      }
    };
    const all = Promise.all(Array.from({ length: CLIENTS }, client));
    return { runs, stop: async () => ((stopped = true), await all) };
  }

  const warm = runCharts();
  await sleep(2000);
  await warm.stop();
  const quiet = runCharts();
  await sleep(WITHOUT_MS);
  await quiet.stop();
  const withoutSync = quiet.runs.map((r) => r.ms);

  const busy = runCharts();
  await sleep(500);
  const syncStart = performance.now();
  await call('POST', `/api/data_source/sync/${source.dataSourceId}`, token);
  const run = await finished(token, source.dataSourceId);
  const syncEnd = performance.now();
  await busy.stop();
  if (run.state !== 'succeeded' || run.rows !== ROWS) throw new Error(`the sync during chart runs ended ${run.state} with ${run.rows} rows`);
  const duringSync = busy.runs.filter((r) => r.started >= syncStart && r.started < syncEnd).map((r) => r.ms);
  log(`sync during chart runs: ${f(syncEnd - syncStart)} ms (${run.durationMs} ms in the service), ${duringSync.length} chart runs started during it`);

  // ---- results -----------------------------------------------------------------------------------
  const syncMedian = median(syncMs);
  const jsonMedian = median(jsonMs);
  const syncRatio = syncMedian / jsonMedian;
  const withoutP99 = pct(withoutSync, 99);
  const duringP99 = pct(duringSync, 99);
  const chartRatio = duringP99 / withoutP99;
  const results = [
    { measure: `full sync of ${ROWS} API rows (median of ${SYNC_ROUNDS})`, s: stats(syncMs), baseline: `read_json ${f(jsonMedian)}`, ratio: syncRatio, target: `≤ ${TARGETS.syncRatio}× (median)`, pass: syncRatio <= TARGETS.syncRatio },
    { measure: '  CPU time: the product during the sync / read_json', s: stats(syncCpu), baseline: `read_json CPU ${f(median(jsonCpu))}`, ratio: median(syncCpu) / median(jsonCpu), target: '(information)', pass: null },
    { measure: '  CPU time of the API server serving the pages (this process; part of a real sync, not of the product)', s: stats(apiCpu), baseline: '—', ratio: '—', target: '(information)', pass: null },
    { measure: '  same, against read_csv of the same rows', s: stats(syncMs), baseline: `read_csv ${f(median(csvMs))}`, ratio: syncMedian / median(csvMs), target: '(information)', pass: null },
    { measure: `chart runs during a sync (${CLIENTS} clients)`, s: stats(duringSync), baseline: `without ${f(withoutP99)} (n ${withoutSync.length})`, ratio: chartRatio, target: `p99 ≤ ${TARGETS.chartP99Ratio}×`, pass: chartRatio <= TARGETS.chartP99Ratio },
    { measure: '  chart runs without a sync', s: stats(withoutSync), baseline: '—', ratio: '—', target: '(reference)', pass: null },
  ];
  failed = printResults(
    [`load average at start ${loadAtStart}, at end ${load()}; syncs ${syncMs.map(f).join(', ')} ms; read_json ${jsonMs.map(f).join(', ')} ms; read_csv ${csvMs.map(f).join(', ')} ms`],
    results,
    { bench: 'connectors', rows: ROWS, page: PAGE, clients: CLIENTS, loadavg: [loadAtStart, load()] },
  );
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  agent.destroy();
  await product.stop();
  api.close();
  work.remove();
}
process.exit(failed ? 1 : 0);

/** Polls the source's sync status (every 200 ms: each poll is work for the product) until its newest run has finished; answers that run. */
async function finished(token, id) {
  for (;;) {
    const st = await call('GET', `/api/data_source/sync/${id}`, token);
    const run = st.runs[0];
    if (run && run.state !== 'running' && run.state !== 'queued') return run;
    await sleep(200);
  }
}
