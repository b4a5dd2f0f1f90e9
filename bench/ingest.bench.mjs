#!/usr/bin/env node
// Upload ingest benchmark (docs/benchmarks.md): a ~40 MB .xlsx (about 600k rows × 8 columns) and a
// 1M-row CSV, each loaded through the product's REST API (upload, then import) into the analytics
// store, against two baselines measured in the same run: a bare exceljs streaming read of the same
// workbook and DuckDB's read_csv of the same CSV. Also the peak RSS of the product process.
//
//   npm run build && npm run bench:ingest
//
// Environment: BENCH_XLSX_ROWS (default 600000), BENCH_CSV_ROWS (default 1000000), BENCH_DIR (keep
// the generated files there and reuse them), BENCH_PORT (default 18291), BENCH_GRPC_BASE_PORT
// (default 48251: the product's seven gRPC ports from there).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { once } from 'node:events';
import { cpus, tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 600_000);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 18291);
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

async function startProduct() {
  const data = join(dir, `data-${Date.now()}`);
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    BI_DATA_DIR: data,
    BI_ADMIN_PASSWORD: 'bench-password-1',
    BI_GRPC_BASE_PORT: String(Number(process.env.BENCH_GRPC_BASE_PORT ?? 48251)),
    BI_DEMO: 'false',
    BI_LOG_LEVEL: 'warn',
    BI_WEB_DIST: join(dir, 'no-web'),
  };
  const child = spawn(process.execPath, [join(root, 'apps/embedded/dist/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return { child, url, data };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the product did not start');
}

function memoryMb(pid, field = 'VmHWM') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}
const peakRssMb = (pid) => memoryMb(pid, 'VmHWM');

/** Samples the resident memory of a process while fn runs; answers fn's result and the highest sample. */
async function sampled(pid, fn) {
  let max = memoryMb(pid, 'VmRSS');
  const timer = setInterval(() => (max = Math.max(max, memoryMb(pid, 'VmRSS'))), 50);
  try {
    return { value: await fn(), maxRss: max };
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
  let started = Date.now();
  const res = await fetch(`${url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } });
  const up = await res.json();
  if (up.status !== 'success') throw new Error(`upload ${path}: ${JSON.stringify(up)}`);
  const uploadMs = Date.now() - started;
  const sheet = up.data.sheets[0];
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

// ---- run ---------------------------------------------------------------------------------------

if (!existsSync(join(root, 'apps/embedded/dist/main.js'))) {
  console.error('apps/embedded/dist/main.js is missing: run "npm run build" first');
  process.exit(1);
}
const xlsx = join(dir, 'bench.xlsx');
const csv = join(dir, 'bench.csv');
await makeXlsx(xlsx);
await makeCsv(csv);
const xlsxBytes = statSync(xlsx).size;
log(`xlsx ${(xlsxBytes / 1048576).toFixed(1)} MB, csv ${(statSync(csv).size / 1048576).toFixed(1)} MB`);
if (xlsxBytes > MAX_BYTES) throw new Error(`the workbook is over the 40 MB upload limit (${xlsxBytes} bytes); lower BENCH_XLSX_ROWS`);
if (statSync(csv).size > MAX_BYTES) throw new Error(`the CSV is over the 40 MB upload limit; lower BENCH_CSV_ROWS`);

log('baseline: bare exceljs streaming read …');
const base1 = await exceljsRead(xlsx);
log(`  ${secs(base1.ms)} (${base1.rows} rows)`);
log('baseline: DuckDB read_csv …');
const base2 = await duckdbReadCsv(csv);
log(`  ${secs(base2.ms)} (${base2.rows} rows)`);

log('starting the product (embedded, DuckDB analytics store) …');
const product = await startProduct();
let results;
try {
  const token = (await call(product.url, undefined, 'POST', '/api/identity/login', { userName: 'admin', password: 'bench-password-1', autoLogin: false, lang: 'en' })).token.result.token;
  const folder = await call(product.url, token, 'POST', '/api/data_source/proj', { name: `Bench ${Date.now().toString(36)}` });
  const rssStart = peakRssMb(product.child.pid);
  const idle = memoryMb(product.child.pid, 'VmRSS');
  log(`product idle: RSS ${idle.toFixed(0)} MB, peak so far ${rssStart.toFixed(0)} MB`);
  log('ingest: xlsx …');
  const xs = await sampled(product.child.pid, () => ingest(product.url, token, folder.projectId, xlsx, 'bench xlsx'));
  const x = xs.value;
  log(`  upload + preview ${secs(x.uploadMs)}, import ${secs(x.importMs)} (${x.rows} rows; ${x.types}); RSS up to ${xs.maxRss.toFixed(0)} MB`);
  log('ingest: csv …');
  const cs = await sampled(product.child.pid, () => ingest(product.url, token, folder.projectId, csv, 'bench csv'));
  const c = cs.value;
  log(`  upload + preview ${secs(c.uploadMs)}, import ${secs(c.importMs)} (${c.rows} rows; ${c.types}); RSS up to ${cs.maxRss.toFixed(0)} MB`);
  const rss = peakRssMb(product.child.pid);
  results = { x, c, rss, rssStart, idle, ingestRss: Math.max(xs.maxRss, cs.maxRss) };
} finally {
  product.child.kill('SIGTERM');
  await once(product.child, 'exit').catch(() => undefined);
  rmSync(product.data, { recursive: true, force: true });
}

const xr = results.x.importMs / base1.ms;
const cr = results.c.importMs / base2.ms;
const lines = [
  ['measure', 'value', 'baseline', 'ratio', 'limit', 'ok'],
  ['xlsx import (stream parse + load)', secs(results.x.importMs), secs(base1.ms) + ' exceljs read', xr.toFixed(2), `≤ ${LIMITS.xlsxRatio}×`, xr <= LIMITS.xlsxRatio ? 'yes' : 'NO'],
  ['xlsx upload + preview', secs(results.x.uploadMs), '', '', '', ''],
  ['csv import (stream parse + load)', secs(results.c.importMs), secs(base2.ms) + ' read_csv', cr.toFixed(2), `≤ ${LIMITS.csvRatio}×`, cr <= LIMITS.csvRatio ? 'yes' : 'NO'],
  ['csv upload + preview', secs(results.c.uploadMs), '', '', '', ''],
  ['peak RSS of the product process', `${results.rss.toFixed(0)} MB`, `${results.rssStart.toFixed(0)} MB before the ingests`, '', `≤ ${LIMITS.rssMb} MB`, results.rss <= LIMITS.rssMb ? 'yes' : 'NO'],
  ['RSS during the ingests (sampled)', `${results.ingestRss.toFixed(0)} MB`, `${results.idle.toFixed(0)} MB idle`, `+${(results.ingestRss - results.idle).toFixed(0)} MB`, '', ''],
];
const width = lines[0].map((_, i) => Math.max(...lines.map((l) => String(l[i]).length)));
console.log('\n' + lines.map((l) => l.map((v, i) => String(v).padEnd(width[i])).join('  ')).join('\n'));
console.log(`\nfiles: xlsx ${XLSX_ROWS} rows × 8 columns, ${(xlsxBytes / 1048576).toFixed(1)} MB; csv ${CSV_ROWS} rows × 8 columns, ${(statSync(csv).size / 1048576).toFixed(1)} MB; node ${process.version}, ${cpus().length} cores`);
console.log(JSON.stringify({ xlsxRows: XLSX_ROWS, csvRows: CSV_ROWS, xlsxBytes, exceljsReadMs: base1.ms, readCsvMs: base2.ms, xlsxImportMs: results.x.importMs, xlsxUploadMs: results.x.uploadMs, csvImportMs: results.c.importMs, csvUploadMs: results.c.uploadMs, peakRssMb: Math.round(results.rss), idleRssMb: Math.round(results.idle), ingestRssMb: Math.round(results.ingestRss), xlsxRatio: +xr.toFixed(2), csvRatio: +cr.toFixed(2) }));
if (!keep) rmSync(dir, { recursive: true, force: true });
const ok = xr <= LIMITS.xlsxRatio && cr <= LIMITS.csvRatio && results.rss <= LIMITS.rssMb;
process.exit(ok ? 0 : 1);
