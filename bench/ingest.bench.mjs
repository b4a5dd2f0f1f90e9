#!/usr/bin/env node
// Upload ingest benchmark (docs/benchmarks.md, bench/README.md): a ~40 MB .xlsx (about 600k rows × 8
// columns) and a 1M-row CSV, each loaded through the product's REST API (upload, then import) into a
// DuckDB analytics store, each import right after its baseline in the same run: a bare exceljs
// streaming read of the same workbook, DuckDB's read_csv of the same CSV. Twice:
//   1. the data-source service started on its own (apps/data-source/dist/main.js, as in distributed
//      mode: metadata on the PostgreSQL server, BI_ANALYTICS_STORE=duckdb, the Node options of
//      distributed mode and docker-compose.yml: a 256 MB V8 heap), behind the BFF
//      (apps/bff/dist/main.js) with identity (apps/identity/dist/main.js) for the sign-in; its peak
//      RSS (VmHWM) is the one the 400 MB limit is about;
//   2. the embedded one-process host (apps/embedded/dist/main.js, PGlite metadata), for information
//      (BENCH_EMBEDDED=0 leaves it out).
//
//   npm run build && npm run bench:ingest     (starts the test PostgreSQL: scripts/services/postgres.sh)
//
// Environment: TEST_DATABASE_URL (the PostgreSQL server; npm run bench:ingest sets it), BENCH_XLSX_ROWS
// (default 600000), BENCH_CSV_ROWS (default 1000000), BENCH_DIR (keep the generated files there and
// reuse them), BENCH_PORT (default 18291), BENCH_GRPC_BASE_PORT (default 48251: seven gRPC ports from
// there), BENCH_EMBEDDED (default 1), BENCH_CSV_ROUNDS (default 3: read_csv / CSV import pairs, medians).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 600_000);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 18291);
const GRPC_BASE = Number(process.env.BENCH_GRPC_BASE_PORT ?? 48251);
const EMBEDDED = !['0', 'false', 'no'].includes(String(process.env.BENCH_EMBEDDED ?? '1'));
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const CSV_ROUNDS = Math.max(1, Number(process.env.BENCH_CSV_ROUNDS ?? 3));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};
const MAX_BYTES = 40 * 1024 * 1024;
const LIMITS = { xlsxRatio: 1.5, csvRatio: 2, rssMb: 400 };

const keep = !!process.env.BENCH_DIR;
const dir = process.env.BENCH_DIR ? resolve(process.env.BENCH_DIR) : mkdtempSync(join(tmpdir(), 'bi-bench-'));
mkdirSync(dir, { recursive: true });
const log = (...a) => console.log('[bench]', ...a);
const secs = (ms) => (ms / 1000).toFixed(2) + ' s';

const REGIONS = ['华东 East', '华北 North', '华南 South', '西南 Southwest', '东北 Northeast', '西北 Northwest'];
const PRODUCTS = ['笔记本 Notebook', '签字笔 Pen', '办公椅 Office Chair', '书桌 Desk', '显示器 Monitor', '耳机 Headphones', '手机 Phone', '打印纸 Paper'];
const HEADER = ['订单日期', '发货时间', '地区', '产品', '客户', '数量', '单价', '金额'];
const DAY = 86_400_000;
const START = Date.UTC(2022, 0, 1);
function row(i) {
  const q = 1 + ((i * 7) % 23);
  const p = ((i * 7919) % 100_000) / 100;
  return [new Date(START + (i % 1096) * DAY), new Date(START + (i % 1096) * DAY + ((i * 37) % 86_400) * 1000), REGIONS[i % 6], PRODUCTS[(i * 3) % 8], `客户 C${(i * 31) % 50_000}`, q, p, Math.round(q * p * 100) / 100];
}

async function makeXlsx(path) {
  if (existsSync(path)) return;
  log(`writing ${XLSX_ROWS} rows to ${path}`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: true });
  const ws = wb.addWorksheet('销售明细');
  ws.columns = HEADER.map((h, i) => ({ header: h, key: String(i), style: i === 0 ? { numFmt: 'yyyy-mm-dd' } : i === 1 ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {} }));
  for (let i = 0; i < XLSX_ROWS; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
}

/**
 * The CSV must fit the 40 MB upload limit with 1M rows (≈ 40 bytes a row), so its 8 columns are
 * short: a date, region and channel codes (one Chinese character, one letter), product and customer
 * codes, quantity, unit price, amount.
 */
const CSV_HEADER = ['订单日期', '地区', '渠道', '产品', '客户', '数量', '单价', '金额'];
const CSV_REGIONS = ['东', '西', '南', '北', '中'];
async function makeCsv(path) {
  if (existsSync(path)) return;
  log(`writing ${CSV_ROWS} rows to ${path}`);
  const out = createWriteStream(path);
  let buf = CSV_HEADER.join(',') + '\n';
  for (let i = 0; i < CSV_ROWS; i++) {
    const q = 1 + ((i * 7) % 9);
    const p = 1 + ((i * 13) % 99);
    const day = new Date(START + (i % 1096) * DAY).toISOString().slice(0, 10);
    buf += `${day},${CSV_REGIONS[i % 5]},${'ABC'[i % 3]},P${i % 50},C${(i * 31) % 1000},${q},${p},${q * p}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
}

/** Baseline 1: a bare exceljs streaming read (the options the service uses), touching every value. */
async function exceljsRead(path) {
  const started = Date.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let rows = 0;
  let cells = 0;
  for await (const ws of reader) {
    for await (const r of ws) {
      rows++;
      r.eachCell({ includeEmpty: false }, (c) => {
        if (c.value !== undefined) cells++;
      });
    }
  }
  return { ms: Date.now() - started, rows, cells };
}

/** Baseline 2: DuckDB read_csv of the same file into a table of a fresh database file. */
async function duckdbReadCsv(path) {
  const file = join(dir, `baseline-${Date.now()}.duckdb`);
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  const started = Date.now();
  await conn.run(`CREATE TABLE t AS SELECT * FROM read_csv('${path.replace(/'/g, "''")}')`);
  const ms = Date.now() - started;
  const rows = Number((await conn.runAndReadAll('SELECT count(*) FROM t')).getRows()[0][0]);
  conn.closeSync();
  db.closeSync();
  rmSync(file, { force: true });
  rmSync(file + '.wal', { force: true });
  return { ms, rows };
}

// ---- the product -----------------------------------------------------------------------------

const PASSWORD = 'bench-password-1';
const SERVICE_URLS = ['BI_IDENTITY_URL', 'BI_DASHBOARD_URL', 'BI_CHART_QUERY_URL', 'BI_DATA_SOURCE_URL', 'BI_RELATION_URL', 'BI_TEMPLATE_URL', 'BI_WARNING_URL'];
const children = new Set();

function launch(script, env) {
  const child = spawn(process.execPath, [join(root, script)], { env: { ...process.env, ...env }, stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stopAll() {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await once(child, 'exit').catch(() => undefined);
      clearTimeout(timer);
    }),
  );
}

/** Waits until the BFF answers and the named services report SERVING (all of them when names is empty). */
async function waitReady(url, names = []) {
  let last;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    for (const c of children) if (c.exitCode !== null) throw new Error(`a process exited with code ${c.exitCode} during start-up`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      last = await res.json().catch(() => ({}));
      const services = last.services ?? last.data?.services;
      if (names.length ? names.every((n) => services?.[n] === 'SERVING') : res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the product did not start: ${JSON.stringify(last)}`);
}

const common = (data) => ({
  PORT: String(PORT),
  HOST: '127.0.0.1',
  BI_DATA_DIR: data,
  BI_ADMIN_PASSWORD: PASSWORD,
  BI_GRPC_BASE_PORT: String(GRPC_BASE),
  BI_DEMO: 'false',
  BI_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  BI_WEB_DIST: join(dir, 'no-web'),
});

/** The embedded one-process host: PGlite metadata, DuckDB analytics store. */
async function startEmbedded() {
  const data = join(dir, `data-${Date.now()}`);
  const child = launch('apps/embedded/dist/main.js', common(data));
  const url = `http://127.0.0.1:${PORT}`;
  await waitReady(url);
  return { url, pid: child.pid, data, stop: stopAll, label: 'embedded host (one process, PGlite metadata)' };
}

/**
 * The data-source service on its own, as in distributed mode: its metadata in a database of its
 * own on the PostgreSQL server, its analytics store a DuckDB file (BI_ANALYTICS_STORE=duckdb);
 * identity (sign-in) and the BFF (REST, streaming the upload over gRPC) as processes of their own;
 * in-memory event bus and cache (no other service listens).
 */
async function startService() {
  const name = `bi_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const data = join(dir, `service-${Date.now()}`);
  const addresses = Object.fromEntries(SERVICE_URLS.map((v, i) => [v, `127.0.0.1:${GRPC_BASE + i}`]));
  const jwt = randomBytes(32).toString('hex');
  const env = (sub) => ({
    ...common(join(data, sub)),
    ...addresses,
    BI_METADATA_STORE: 'postgres',
    BI_ANALYTICS_STORE: 'duckdb',
    DATABASE_URL: url.toString(),
    BI_EVENT_BUS: 'memory',
    BI_CACHE: 'memory',
    BI_JWT_SECRET: jwt,
  });
  // each process with the Node options of distributed mode (the data-source heap, SERVICE_NODE_OPTIONS)
  const { nodeOptionsFor } = await import(pathToFileURL(join(root, 'apps/embedded/dist/distributed.js')).href);
  const node = (name) => ({ NODE_OPTIONS: nodeOptionsFor(name) ?? '' });
  launch('apps/identity/dist/main.js', { ...env('identity'), ...node('identity') });
  const service = launch('apps/data-source/dist/main.js', { ...env('data-source'), ...node('data-source') });
  launch('apps/bff/dist/main.js', { ...env('bff'), ...node('bff') });
  const http = `http://127.0.0.1:${PORT}`;
  await waitReady(http, ['identity', 'data-source']);
  return {
    url: http,
    pid: service.pid,
    data,
    label: 'data-source service alone (PostgreSQL metadata, DuckDB analytics store)',
    stop: async () => {
      await stopAll();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

function memoryMb(pid, field = 'VmHWM') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}
const peakRssMb = (pid) => memoryMb(pid, 'VmHWM');

/** The step of the running ingest, for the memory samples: 'upload' (upload + preview) or 'import'. */
let step = 'upload';

/** Samples the resident memory of a process while fn runs; answers fn's result, the highest sample and the highest per step. */
async function sampled(pid, fn) {
  let max = memoryMb(pid, 'VmRSS');
  const bySteps = { upload: 0, import: 0 };
  const timer = setInterval(() => {
    const rss = memoryMb(pid, 'VmRSS');
    max = Math.max(max, rss);
    bySteps[step] = Math.max(bySteps[step], rss);
  }, 50);
  try {
    return { value: await fn(), maxRss: max, bySteps };
  } finally {
    clearInterval(timer);
  }
}

async function call(url, token, method, path, body) {
  const res = await fetch(url + path, { method, headers: { 'content-type': 'application/json', authorization: token ?? '', currentLanguage: 'en' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (json.status !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.data;
}

async function ingest(url, token, projectId, path, name) {
  const form = new FormData();
  form.append('file', await openAsBlob(path), path.split('/').pop());
  step = 'upload';
  let started = Date.now();
  const res = await fetch(`${url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } });
  const up = await res.json();
  if (up.status !== 'success') throw new Error(`upload ${path}: ${JSON.stringify(up)}`);
  const uploadMs = Date.now() - started;
  const sheet = up.data.sheets[0];
  step = 'import';
  started = Date.now();
  const r = await call(url, token, 'POST', '/api/excel_upload/import/create', {
    uploadId: up.data.uploadId,
    sheet: sheet.name,
    projectId,
    tableName: name,
    columns: sheet.columns.map((c) => ({ name: c.name, type: c.dataTypeDisp })),
  });
  return { uploadMs, importMs: Date.now() - started, rows: r.rowCount, types: sheet.columns.map((c) => c.dataTypeDisp).join(',') };
}

/** One setup: each ingest right after its baseline; memory of the process doing the ingest. */
async function measure(start) {
  const product = await start();
  log(`${product.label}: started`);
  try {
    const token = (await call(product.url, undefined, 'POST', '/api/identity/login', { userName: 'admin', password: PASSWORD, autoLogin: false, lang: 'en' })).token.result.token;
    const folder = await call(product.url, token, 'POST', '/api/data_source/proj', { name: `Bench ${Date.now().toString(36)}` });
    const rssStart = peakRssMb(product.pid);
    const idle = memoryMb(product.pid, 'VmRSS');
    log(`  idle: RSS ${idle.toFixed(0)} MB, peak so far ${rssStart.toFixed(0)} MB`);
    log('  baseline: bare exceljs streaming read …');
    const b1 = await exceljsRead(xlsx);
    log(`    ${secs(b1.ms)} (${b1.rows} rows)`);
    const xs = await sampled(product.pid, () => ingest(product.url, token, folder.projectId, xlsx, 'bench xlsx'));
    const x = xs.value;
    log(`  xlsx: upload + preview ${secs(x.uploadMs)}, import ${secs(x.importMs)} (${x.rows} rows; ${x.types}); RSS up to ${xs.maxRss.toFixed(0)} MB (upload ${xs.bySteps.upload.toFixed(0)}, import ${xs.bySteps.import.toFixed(0)})`);
    // the CSV pair is short: CSV_ROUNDS of them, alternating, and the medians compared
    const b2s = [];
    const cs = [];
    let csvRss = 0;
    for (let round = 1; round <= CSV_ROUNDS; round++) {
      const b = await duckdbReadCsv(csv);
      log(`  baseline: DuckDB read_csv ${secs(b.ms)} (${b.rows} rows)`);
      const s = await sampled(product.pid, () => ingest(product.url, token, folder.projectId, csv, `bench csv ${round}`));
      log(`  csv: upload + preview ${secs(s.value.uploadMs)}, import ${secs(s.value.importMs)} (${s.value.rows} rows; ${s.value.types}); RSS up to ${s.maxRss.toFixed(0)} MB (upload ${s.bySteps.upload.toFixed(0)}, import ${s.bySteps.import.toFixed(0)})`);
      b2s.push(b.ms);
      cs.push(s.value);
      csvRss = Math.max(csvRss, s.maxRss);
    }
    const b2 = { ms: median(b2s), all: b2s };
    const c = { importMs: median(cs.map((r) => r.importMs)), uploadMs: median(cs.map((r) => r.uploadMs)), all: cs.map((r) => r.importMs) };
    const rss = peakRssMb(product.pid);
    return { label: product.label, b1, b2, x, c, rss, rssStart, idle, ingestRss: Math.max(xs.maxRss, csvRss), xr: x.importMs / b1.ms, cr: c.importMs / b2.ms };
  } finally {
    await product.stop();
    rmSync(product.data, { recursive: true, force: true });
  }
}

// ---- run ---------------------------------------------------------------------------------------

for (const script of ['apps/embedded/dist/main.js', 'apps/data-source/dist/main.js', 'apps/bff/dist/main.js', 'apps/identity/dist/main.js']) {
  if (!existsSync(join(root, script))) {
    console.error(`${script} is missing: run "npm run build" first`);
    process.exit(1);
  }
}
if (!DATABASE_URL) {
  console.error('TEST_DATABASE_URL is not set: run "npm run bench:ingest" (it starts the test PostgreSQL), or point it at a PostgreSQL server');
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopAll().then(() => process.exit(130)));
const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
const loadStart = load();
log(`load average at start: ${loadStart} (${cpus().length} cores)`);
const xlsx = join(dir, 'bench.xlsx');
const csv = join(dir, 'bench.csv');
await makeXlsx(xlsx);
await makeCsv(csv);
const xlsxBytes = statSync(xlsx).size;
const csvBytes = statSync(csv).size;
log(`xlsx ${(xlsxBytes / 1048576).toFixed(1)} MB, csv ${(csvBytes / 1048576).toFixed(1)} MB`);
if (xlsxBytes > MAX_BYTES) throw new Error(`the workbook is over the 40 MB upload limit (${xlsxBytes} bytes); lower BENCH_XLSX_ROWS`);
if (csvBytes > MAX_BYTES) throw new Error(`the CSV is over the 40 MB upload limit; lower BENCH_CSV_ROWS`);

let service;
let embedded;
try {
  service = await measure(startService);
  if (EMBEDDED) embedded = await measure(startEmbedded);
} finally {
  await stopAll();
}
const loadEnd = load();

const ok = (v, limit) => (v <= limit ? 'yes' : 'NO');
const lines = [['setup', 'measure', 'value', 'baseline (just before)', 'ratio', 'limit', 'ok']];
for (const [name, r, limits] of [['service', service, true], ['embedded', embedded, false]]) {
  if (!r) continue;
  lines.push(
    [name, 'xlsx import (stream parse + load)', secs(r.x.importMs), secs(r.b1.ms) + ' exceljs read', r.xr.toFixed(2), `≤ ${LIMITS.xlsxRatio}×`, ok(r.xr, LIMITS.xlsxRatio)],
    [name, 'xlsx upload + preview', secs(r.x.uploadMs), '', '', '', ''],
    [name, `csv import (read_csv, checks, load)${CSV_ROUNDS > 1 ? `, median of ${CSV_ROUNDS}` : ''}`, secs(r.c.importMs), secs(r.b2.ms) + ' read_csv', r.cr.toFixed(2), `≤ ${LIMITS.csvRatio}×`, ok(r.cr, LIMITS.csvRatio)],
    [name, 'csv upload + preview', secs(r.c.uploadMs), '', '', '', ''],
    [name, 'peak RSS (VmHWM) of the process', `${r.rss.toFixed(0)} MB`, `${r.rssStart.toFixed(0)} MB before the ingests`, '', limits ? `≤ ${LIMITS.rssMb} MB` : '(information)', limits ? ok(r.rss, LIMITS.rssMb) : ''],
    [name, 'RSS during the ingests (sampled)', `${r.ingestRss.toFixed(0)} MB`, `${r.idle.toFixed(0)} MB idle`, `+${(r.ingestRss - r.idle).toFixed(0)} MB`, '', ''],
  );
}
const width = lines[0].map((_, i) => Math.max(...lines.map((l) => String(l[i]).length)));
console.log('\n' + lines.map((l) => l.map((v, i) => String(v).padEnd(width[i])).join('  ')).join('\n'));
console.log(`\nservice: ${service.label}; embedded: ${embedded ? embedded.label : 'not run'}`);
console.log(`files: xlsx ${XLSX_ROWS} rows × 8 columns, ${(xlsxBytes / 1048576).toFixed(1)} MB; csv ${CSV_ROWS} rows × 8 columns, ${(csvBytes / 1048576).toFixed(1)} MB; node ${process.version}, ${cpus().length} cores; load average ${loadStart} at start, ${loadEnd} at end`);
const raw = (r) =>
  r && {
    exceljsReadMs: r.b1.ms,
    xlsxImportMs: r.x.importMs,
    xlsxUploadMs: r.x.uploadMs,
    readCsvMs: r.b2.ms,
    csvImportMs: r.c.importMs,
    readCsvAllMs: r.b2.all,
    csvImportAllMs: r.c.all,
    csvUploadMs: r.c.uploadMs,
    peakRssMb: Math.round(r.rss),
    idleRssMb: Math.round(r.idle),
    ingestRssMb: Math.round(r.ingestRss),
    xlsxRatio: +r.xr.toFixed(2),
    csvRatio: +r.cr.toFixed(2),
  };
console.log(JSON.stringify({ xlsxRows: XLSX_ROWS, csvRows: CSV_ROWS, xlsxBytes, csvBytes, loadStart, loadEnd, service: raw(service), embedded: raw(embedded) }));
if (!keep) rmSync(dir, { recursive: true, force: true });
// the limits: the import ratios in both setups, the peak RSS of the data-source service
const pass = [service, embedded].filter(Boolean).every((r) => r.xr <= LIMITS.xlsxRatio && r.cr <= LIMITS.csvRatio) && service.rss <= LIMITS.rssMb;
process.exit(pass ? 0 : 1);
