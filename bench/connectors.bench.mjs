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
// The floor (information, measured in each round beside read_json): the two parts of the product's sync
// alone, in this process — the parse thread's work on the same answers (the product's own rawPageParser
// and stagePage from apps/data-source/dist/connectors/http-api.pages.js: the one scan that finds the rows
// array, checks each column's value kind and counts the rows, JSON.parse of the rest of the answer, the
// staged write; the paging makes it one page after another) and DuckDB's load of those staged pages alone
// (the product's own rawPagesLoad from http-api.raw.js: its INSERT … SELECT from read_json(format =
// 'array'), the numbers' check and the UPDATE of the keys, into the store's table shape, in one
// transaction, into a fresh database file), on DuckDB's default threads and on one thread (its work,
// against read_json's on one thread). A sync cannot take less than the parse, nor less CPU than the two
// parts together.
//
//   npm run build:server && npm run bench:connectors
//
// Environment: BENCH_ROWS (default 1000000), BENCH_PAGE (default 10000), BENCH_SYNC_ROUNDS (default 3:
// read_json / sync pairs, medians compared; the first sync creates the source, the others are "refresh
// now" replacing its copy), BENCH_CLIENTS (chart clients, default 8), BENCH_WITHOUT_MS (chart runs without
// a sync, default 10000), BENCH_DIR (working directory, default a fresh temp dir, removed at the end unless
// given), BENCH_PORT (HTTP, default 18231), BENCH_GRPC_BASE_PORT (default 27060), BENCH_NODE_ARGS.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join, resolve, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/**
 * `work(conn)` timed (wall and this process's CPU, ms) in a fresh database file (as the product's store is a file;
 * `options`: DuckDB's, e.g. threads), then the table t's rows counted and the file removed.
 */
async function inFreshDb(prefix, options, work) {
  const file = join(dir, `${prefix}-${Date.now()}.duckdb`);
  const db = await DuckDBInstance.create(file, options);
  const conn = await db.connect();
  const started = performance.now();
  const cpuStart = ownCpu();
  await work(conn);
  const ms = performance.now() - started;
  const cpu = ownCpu() - cpuStart;
  const rows = Number((await conn.runAndReadAll('SELECT count(*) FROM t')).getRows()[0][0]);
  conn.closeSync();
  db.closeSync();
  rmSync(file, { force: true });
  rmSync(file + '.wal', { force: true });
  return { ms, cpu, rows };
}

/** Baseline: DuckDB reading the same rows from a file into a table of a fresh database file (as the product's store is a file). */
async function duckdbRead(fn, path) {
  const { ms, cpu, rows } = await inFreshDb('baseline', {}, (conn) => conn.run(`CREATE TABLE t AS SELECT * FROM ${fn}('${path.replace(/'/g, "''")}')`));
  if (rows !== ROWS) throw new Error(`${fn} read ${rows} rows, not ${ROWS}`);
  return { ms, cpu };
}

log(`writing ${ROWS} rows (pages of ${PAGE}) under ${dir}`);
const data = await makeRows();
log(`rows.ndjson ${(statSync(data.ndjson).size / 1048576).toFixed(1)} MiB, rows.csv ${(statSync(data.csv).size / 1048576).toFixed(1)} MiB, API ${(data.pages.reduce((n, p) => n + p.length, 0) / 1048576).toFixed(1)} MiB in ${data.pages.length} pages`);

// ---- the floor: the sync's two parts alone ------------------------------------------------------
const raw = await import(pathToFileURL(join(root, 'apps/data-source/dist/connectors/http-api.pages.js')).href);
const { rawPagesLoad } = await import(pathToFileURL(join(root, 'apps/data-source/dist/connectors/http-api.raw.js')).href);
const FLOOR_COLUMNS = [['id', 'whole'], ['order_no', 'text'], ['order_date', 'date'], ['region', 'text'], ['customer', 'text'], ['product', 'text'], ['qty', 'whole'], ['price', 'decimal'], ['amount', 'decimal']];
const floorPlan = { head: ['data', 'items'], columns: FLOOR_COLUMNS.map(([key, type]) => ({ key, type, name: key })) };
/**
 * The parse thread's work on the API's answers, one after another as the paging reads them (the product's
 * rawPageParser and stagePage), in this thread: staged files under `into`. Answers wall and CPU (ms) and the files.
 */
async function floorParse(into) {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const parse = raw.rawPageParser(floorPlan, null);
  const files = [];
  const started = performance.now();
  const cpuStart = ownCpu();
  for (const page of data.pages) {
    const r = parse(page);
    if (r.kind !== 'page') throw new Error(`the floor's parse refused a page: ${JSON.stringify(r)}`);
    if (r.count) files.push({ path: await raw.stagePage(into, (r.reencoded ?? page).subarray(r.start, r.end)), page: files.length + 1, rows: r.count, bytes: r.end - r.start });
  }
  return { ms: performance.now() - started, cpu: ownCpu() - cpuStart, files };
}
/**
 * DuckDB alone loading the staged pages by the product's load (rawPagesLoad), into a fresh database file
 * (`threads`: DuckDB's default when undefined). The load removes the files it read: it is given links to them.
 */
async function floorLoad(files, threads) {
  const links = join(dir, 'floor-links');
  rmSync(links, { recursive: true, force: true });
  mkdirSync(links);
  const pages = files.map((p) => ({ ...p, path: join(links, `${p.page}.json`) }));
  files.forEach((p, i) => linkSync(p.path, pages[i].path));
  const load = rawPagesLoad(floorPlan, async function* () { yield* pages; }, Number.MAX_SAFE_INTEGER, () => new Error('too many rows'));
  const typeOf = (t) => (t === 'text' ? 'VARCHAR' : t === 'date' ? 'DATE' : 'DOUBLE');
  const { ms, cpu, rows } = await inFreshDb('floor', threads ? { threads: String(threads) } : {}, async (conn) => {
    // as the store writer's transaction (apps/data-source store-writer.ts)
    await conn.run('SET SESSION write_buffer_row_group_count = 1');
    await conn.run('BEGIN TRANSACTION');
    await conn.run(`CREATE TABLE t (key_id BIGINT NOT NULL, ${FLOOR_COLUMNS.map(([k, t]) => `"${k}" ${typeOf(t)}`).join(', ')}, deleted BOOLEAN NOT NULL DEFAULT false)`);
    await load.feed(conn, 't', 1, FLOOR_COLUMNS.map(([, t]) => t === 'date'));
    await conn.run('COMMIT');
  });
  rmSync(links, { recursive: true, force: true });
  if (rows !== ROWS) throw new Error(`the floor's load read ${rows} rows, not ${ROWS}`);
  return { ms, cpu };
}
/** read_json of the baseline's file on one DuckDB thread: its work, against the floor's load on one thread. */
async function readJsonOneThread() {
  const { cpu } = await inFreshDb('baseline1', { threads: '1' }, (conn) => conn.run(`CREATE TABLE t AS SELECT * FROM read_json('${data.ndjson.replace(/'/g, "''")}')`));
  return cpu;
}

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
  const floor = { parseMs: [], parseCpu: [], loadMs: [], loadCpu: [], load1Cpu: [], json1Cpu: [] };
  let source;
  for (let round = 1; round <= SYNC_ROUNDS; round++) {
    const json = await duckdbRead('read_json', data.ndjson);
    jsonMs.push(json.ms);
    jsonCpu.push(json.cpu);
    csvMs.push((await duckdbRead('read_csv', data.csv)).ms);
    {
      const parsed = await floorParse(join(dir, 'floor-pages'));
      const loaded = await floorLoad(parsed.files);
      const loaded1 = await floorLoad(parsed.files, 1);
      const json1 = await readJsonOneThread();
      rmSync(join(dir, 'floor-pages'), { recursive: true, force: true });
      floor.parseMs.push(parsed.ms);
      floor.parseCpu.push(parsed.cpu);
      floor.loadMs.push(loaded.ms);
      floor.loadCpu.push(loaded.cpu);
      floor.load1Cpu.push(loaded1.cpu);
      floor.json1Cpu.push(json1);
      log(`round ${round} floor: the parse alone ${f(parsed.ms)} ms (CPU ${f(parsed.cpu)} ms); DuckDB's load of the staged pages alone ${f(loaded.ms)} ms (CPU ${f(loaded.cpu)} ms), on one thread CPU ${f(loaded1.cpu)} ms against read_json on one thread ${f(json1)} ms`);
    }
    pagesServed = 0;
    const started = performance.now();
    const cpuStart = cpuOf(product.pid);
    const threadsStart = threadCpuOf(product.pid);
    const apiCpuStart = ownCpu();
    if (round === 1) {
      const created = await call('POST', `/api/data_source/api/${folder}`, token, { name: 'Bench orders', settings: { ...settings, columns } });
      if (created.rowCount !== ROWS) throw new Error(`the sync loaded ${created.rowCount} rows, not ${ROWS}`);
      source = created.dataSource;
      syncMs.push(performance.now() - started);
    } else {
      const asked = Date.now();
      await call('POST', `/api/data_source/sync/${source.dataSourceId}`, token);
      const run = await finished(token, source.dataSourceId);
      if (run.state !== 'succeeded' || run.rows !== ROWS) throw new Error(`the sync ended ${run.state} with ${run.rows} rows: ${run.errorJson}`);
      // a "refresh now" answers at once: its time is from the request to the run's end as the product
      // recorded it (the same clock), not to the poll that saw it
      syncMs.push(Date.parse(run.finishedAt) - asked);
    }
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
    { measure: '  floor: the parse alone (the product\'s rawPageParser + stagePage, one page after another)', s: stats(floor.parseMs), baseline: `read_json ${f(jsonMedian)}`, ratio: median(floor.parseMs) / jsonMedian, target: '(information)', pass: null },
    { measure: '  floor: DuckDB\'s load of the staged pages alone (the product\'s INSERT, default threads)', s: stats(floor.loadMs), baseline: `read_json ${f(jsonMedian)}`, ratio: median(floor.loadMs) / jsonMedian, target: '(information)', pass: null },
    { measure: '  floor, one after the other: the parse + DuckDB\'s load (wall)', s: stats(floor.parseMs.map((p, i) => p + floor.loadMs[i])), baseline: `read_json ${f(jsonMedian)}`, ratio: median(floor.parseMs.map((p, i) => p + floor.loadMs[i])) / jsonMedian, target: '(information)', pass: null },
    { measure: '  floor CPU: the parse + DuckDB\'s load', s: stats(floor.parseCpu.map((p, i) => p + floor.loadCpu[i])), baseline: `read_json CPU ${f(median(jsonCpu))}`, ratio: median(floor.parseCpu.map((p, i) => p + floor.loadCpu[i])) / median(jsonCpu), target: '(information)', pass: null },
    { measure: '  floor CPU on one DuckDB thread: DuckDB\'s load / read_json', s: stats(floor.load1Cpu), baseline: `read_json 1 thread CPU ${f(median(floor.json1Cpu))}`, ratio: median(floor.load1Cpu) / median(floor.json1Cpu), target: '(information)', pass: null },
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

/**
 * Polls the source's sync status (every 200 ms: each poll is work for the product) until its newest run
 * has finished; answers that run (its finishedAt is the end a refresh's time is measured to).
 */
async function finished(token, id) {
  for (;;) {
    const st = await call('GET', `/api/data_source/sync/${id}`, token);
    const run = st.runs[0];
    if (run && run.state !== 'running' && run.state !== 'queued') return run;
    await sleep(200);
  }
}
