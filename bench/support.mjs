// Pieces the benchmarks share: statistics, the 5M-row `sales` table, the machine's load.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';

/** The p-th percentile (nearest rank) of the numbers. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
export const stats = (xs) => ({ n: xs.length, p50: pct(xs, 50), p99: pct(xs, 99), min: Math.min(...xs), max: Math.max(...xs) });
/** milliseconds, with as many decimals as their size deserves */
export const f = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(3));
/** the 1, 5 and 15 minute load averages */
export const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/**
 * Prints a bench's results as a table (measure, n, p50, p99, baseline, ratio, target, PASS/FAIL) after
 * its header lines, then one JSON line (`json`, e.g. { bench, rows, loadavg }, with the CPUs, the date
 * and the results); each result is { measure, s: stats(…), baseline, ratio (a number or '—'), target,
 * pass (true, false, or null for no target) }. Answers whether any target was missed.
 */
export function printResults(headerLines, results, json) {
  const table = [
    ['measure', 'n', 'p50 ms', 'p99 ms', 'baseline ms', 'ratio', 'target', 'result'],
    ...results.map((r) => [r.measure, String(r.s.n), f(r.s.p50), f(r.s.p99), r.baseline, typeof r.ratio === 'number' ? r.ratio.toFixed(2) : r.ratio, r.target, r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL']),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  for (const line of headerLines) console.log(line);
  for (const row of table) console.log('| ' + row.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |');
  console.log(JSON.stringify({ ...json, cpus: cpus().length, date: new Date().toISOString(), results: results.map((r) => ({ measure: r.measure.trim(), ...r.s, ratio: r.ratio, target: r.target, pass: r.pass })) }));
  return results.some((r) => r.pass === false);
}

/**
 * Writes the benchmark table `sales` into a new DuckDB file: `rows` rows, `order_date` over 1095 days
 * from 2022-01-01, `category` A–H, `amount` a random double in [0, 1000); with `customers` > 0 also a
 * text column `customer` of that many distinct values ('C00000', 'C00001', …, spread over the rows);
 * checkpointed and closed.
 */
export async function createSalesTable(file, rows, { customers = 0 } = {}) {
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  const customer = customers > 0 ? `, 'C' || lpad(((i * 7919) % ${Number(customers)})::VARCHAR, 5, '0') AS customer` : '';
  await conn.run(
    `CREATE TABLE sales AS SELECT DATE '2022-01-01' + (i % 1095)::INT AS order_date, ['A','B','C','D','E','F','G','H'][1 + (i % 8)] AS category, (random()*1000)::DOUBLE AS amount${customer} FROM range(${rows}) t(i)`,
  );
  await conn.run('CHECKPOINT');
  conn.closeSync();
  db.closeSync();
}

/**
 * A benchmark's working directory with its `data/` folder: under BENCH_DIR as `<name>-<time>` (kept),
 * else a fresh temp dir that `remove()` deletes.
 */
export function benchDir(name) {
  const keep = !!process.env.BENCH_DIR;
  const dir = keep ? resolve(process.env.BENCH_DIR, `${name}-${Date.now()}`) : mkdtempSync(join(tmpdir(), `bi-${name}-bench-`));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  return { dir, dataDir, remove: () => !keep && rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Writes `sales` (createSalesTable with `options`) into `dataDir`/analytics.duckdb, the product's
 * analytics store, and opens a byte copy of it, `dir`/baseline.duckdb, READ_ONLY for the baselines:
 * the product opens its file read-write (DuckDBInstance.create, apps/data-source/src/drivers/duckdb.driver.ts),
 * which locks it to its process, so the baselines read the copy and can run interleaved with the
 * product's measurements in the same run. Answers { conn (one connection), direct(sql, params) (a
 * query on it, every row read in DuckDB's JSON form, as the product's driver reads), close() }.
 */
export async function salesStoreWithBaseline({ dir, dataDir }, rows, options, log) {
  const storeFile = join(dataDir, 'analytics.duckdb');
  const baselineFile = join(dir, 'baseline.duckdb');
  log(`generating ${rows} rows${options?.customers ? ` (${options.customers} customers)` : ''} into ${storeFile}`);
  const started = Date.now();
  await createSalesTable(storeFile, rows, options);
  copyFileSync(storeFile, baselineFile);
  log(`data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const db = await DuckDBInstance.create(baselineFile, { access_mode: 'READ_ONLY' });
  const conn = await db.connect();
  return {
    conn,
    async direct(sql, params) {
      const reader = params?.length ? await conn.runAndReadAll(sql, params) : await conn.runAndReadAll(sql);
      return reader.getRowsJson();
    },
    close() {
      conn.closeSync();
      db.closeSync();
    },
  };
}

/**
 * HTTP to the product on 127.0.0.1:`port` (keep-alive, up to `maxSockets`): `request(method, path,
 * token, body, { gzip = defaultGzip })` answers { status, bytes, text } — with gzip the answer is asked
 * compressed and decompressed before it counts as received (as a browser); `wire()` is the bytes
 * received so far (compressed where the answer was); `agent` to destroy at the end.
 */
export function productClient(port, { maxSockets = 8, gzip: defaultGzip = false } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  let wire = 0;
  function request(method, path, token, body, { gzip = defaultGzip } = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolveP, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path, agent, headers: { 'content-type': 'application/json', 'accept-encoding': gzip ? 'gzip' : 'identity', currentLanguage: 'en', ...(token ? { authorization: token } : {}), ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            wire += raw.length;
            const bytes = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
            // the text only when read: timed loops may compare bytes
            resolveP({ status: res.statusCode, bytes, get text() { return bytes.toString('utf8'); } });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  return { agent, request, wire: () => wire };
}

/**
 * Starts the built product (apps/embedded/dist/main.js under `root`) on 127.0.0.1:`port` with the
 * benchmarks' settings (no demo, no sign-in limit, warn logs; `env`: more variables); its stderr is shown. Answers `pid`,
 * `exited()` (whether the process has ended) and `stop()` (SIGTERM, SIGKILL after 10 s).
 */
export function startProduct({ root, port, grpcBasePort, password, dataDir, webDist, nodeArgs = [], env = {} }) {
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/embedded/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BI_DATA_DIR: dataDir,
      BI_ADMIN_PASSWORD: password,
      BI_GRPC_BASE_PORT: String(grpcBasePort),
      BI_DEMO: 'false',
      BI_LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      BI_LOG_LEVEL: 'warn',
      BI_WEB_DIST: webDist,
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_PRODUCT_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  async function stop() {
    if (exited) return;
    child.kill('SIGTERM');
    await new Promise((r) => {
      child.once('exit', r);
      setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, 10_000).unref();
    });
  }
  return { pid: child.pid, exited: () => exited, stop };
}

/**
 * `call(method, path, token, body)` over a bench's `request(method, path, token, body)` (answering
 * { status, text }): the data of a success answer; anything else throws, naming the call.
 */
export function successCall(request) {
  return async function call(method, path, token, body) {
    const r = await request(method, path, token, body);
    const json = JSON.parse(r.text);
    if (json.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 500)}`);
    return json.data;
  };
}

/** Asks /api/health/ready every 200 ms (at most 900 times: the product took 56 s to start at a load of 18 on 2 CPUs) until the product answers 200; throws when it does not start. */
export async function waitReady(request, product) {
  let ready = false;
  for (let i = 0; i < 900 && !ready && !product.exited(); i++) {
    ready = await request('GET', '/api/health/ready').then((r) => r.status === 200, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) throw new Error('the product did not start');
}

/**
 * Through `call` (successCall) as `token`: a folder and a table source on the analytics store's `sales`
 * (cached 60 minutes), a dashboard folder and `boards` dashboards (their names). Answers { source,
 * folder, boards, chartOf(chartId, title, points, values, secondPoints = [category]) (a line chart's
 * definition), newChart(dashboardId, …the same) (created and saved) } with the field builders
 * point(granularity) (order_date), category and measure(aggregator) (amount).
 */
export async function createSalesDashboards(call, token, boardNames) {
  const dsFolder = await call('POST', '/api/data_source/proj', token, { name: 'Bench sources' });
  const created = await call('POST', '/api/data_source/sql/', token, { projectId: dsFolder.projectId, name: 'Bench sales', type: 8, tableName: 'sales', tableSchema: 'main', cacheInterval: 60 });
  if (created.error) throw new Error(`creating the source: ${created.error}`);
  const source = created.dataSource;
  const folder = await call('POST', '/api/dashboard/project/dashboard', token, { name: 'Bench charts' });
  const boards = [];
  for (const name of boardNames) boards.push(await call('POST', '/api/dashboard/dashboard', token, { name, projectId: folder.projectId }));
  const field = (name) => source.fields.find((x) => x.name === name);
  const point = (granularity) => ({ name: 'order_date', title: 'order_date', dataType: field('order_date').dataType, granularity });
  const category = { name: 'category', title: 'category', dataType: field('category').dataType };
  const measure = (aggregator) => ({ name: 'amount', title: `amount ${aggregator}`, dataType: field('amount').dataType, aggregator });
  /** a line chart's definition on the source */
  const chartOf = (chartId, title, points, values, secondPoints = [category]) => ({
    chartId, title, type: 'line', dataSourceId: source.dataSourceId, points, values, secondPoints, secondValues: [],
    innerFilters: [], colorSettings: [], gaugeSection: [], showTitle: true, legendStyle: 1,
  });
  async function newChart(dashboardId, title, points, values, secondPoints = [category]) {
    const chartId = await call('POST', `/api/chart-edit/dashboard/${dashboardId}`, token, { title, dataSourceId: source.dataSourceId, type: 'line' });
    return call('PUT', '/api/chart-edit/dashboard', token, chartOf(chartId, title, points, values, secondPoints));
  }
  return { source, folder, boards, field, point, category, measure, chartOf, newChart };
}

/** The 20 charts of the benchmarks' dashboard: order_date by year/quarter/month/week (granularity 1–4) × amount sum/avg/count/max/min, plus count, compare by category. */
export const TWENTY_CHARTS = [1, 2, 3, 4].flatMap((granularity) => ['sum', 'avg', 'count', 'max', 'min'].map((aggregator) => ({ granularity, aggregator })));
