#!/usr/bin/env node
// Live dashboards benchmark (docs/benchmarks.md "Live dashboards", issue 33): 1 000 open page streams
// (Node SSE clients, GET /api/live) on 50 dashboards over one uploaded source; one append →
//   - every stream told (charts-changed), p99 of the time from the append call to each stream's event ≤ 2 s;
//   - each client then re-runs its chart as the page does (after a random delay up to 750 ms, through the
//     ordinary chart run): chart-query computations ≤ the number of distinct charts (50), counted as the
//     distinct computedAt values among the answers of the new data version (each computation stamps its
//     answer; a kept answer repeats the stamp);
//   - memory per open stream: the product's RSS after opening them minus before, / 1 000 (target ≤ 50 KB).
//
//   npm run build:server && npm run bench:live
//
// Environment: BENCH_STREAMS (default 1000), BENCH_BOARDS (default 50), BENCH_PORT (HTTP, default 18392),
// BENCH_GRPC_BASE_PORT (default 44151), BENCH_DIR (working directory, default a fresh temp dir).
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchDir, f, load, printResults, productClient, startProduct, stats, successCall, waitReady } from './support.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 18392);
const GRPC_BASE_PORT = Number(process.env.BENCH_GRPC_BASE_PORT ?? 44151);
const PASSWORD = 'bench-password-1';
const JITTER_MS = 750;
const TARGETS = { toldP99: 2000, perStreamKb: 50 };

const work = benchDir('live');
const log = (...a) => console.log('[bench]', ...a);
const loadAtStart = load();

if (!existsSync(join(root, 'apps/embedded/dist/main.js'))) {
  console.error('apps/embedded/dist/main.js is missing: run "npm run build:server" first');
  process.exit(1);
}

const { request } = productClient(PORT, { maxSockets: 32 });
const call = successCall(request);
/** The product's resident memory (KB), from /proc. */
const rssKb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** A multipart upload of CSV text (the excel upload's first step). */
async function upload(token, action, csv) {
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${action}.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await new Promise((ok, fail) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, method: 'POST', path: `/api/excel_upload/upload/${action}`, headers: { authorization: token, currentLanguage: 'en', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
  if (r.status !== 'success') throw new Error(`upload: ${JSON.stringify(r)}`);
  return { uploadId: r.data.uploadId, sheet: r.data.sheets[0].name };
}

/** One page's stream: its own connection; calls onEvent(name, data, receivedAt) per event. */
function openStream(token, dashboardId, onEvent) {
  return new Promise((ready, fail) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, method: 'GET', path: `/api/live?timeout=600&dashboards=${dashboardId}`, agent: false, headers: { authorization: token, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        fail(new Error(`stream refused: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!name) continue;
          if (name === 'ready') ready({ close: () => req.destroy() });
          else onEvent(name, data ? JSON.parse(data) : undefined, at);
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', fail);
    req.end();
  });
}

log('starting the product');
// the bench's clients are one user: the per-user limit raised for them (the product reads it at start)
process.env.BI_LIVE_STREAMS_PER_USER = String(STREAMS + 10);
const product = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir: work.dataDir, webDist: join(work.dir, 'no-web') });

let failed = false;
const streams = [];
try {
  await waitReady(request, product);
  const token = (await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD })).token.result.token;
  const folder = await call('POST', '/api/data_source/proj', token, { name: 'Live bench' });
  const columns = [
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ];
  const rows = ['region,amount', ...Array.from({ length: 1000 }, (_, i) => `R${i % 20},${i}`)].join('\n');
  const first = await upload(token, 'create', rows);
  const source = (await call('POST', '/api/excel_upload/import/create', token, { uploadId: first.uploadId, sheet: first.sheet, projectId: folder.projectId, tableName: 'live_bench', columns })).dataSource;
  const project = await call('POST', '/api/dashboard/project/dashboard', token, { name: 'Live bench' });
  const boards = [];
  for (let b = 0; b < BOARDS; b++) {
    const { dashboardId } = await call('POST', '/api/dashboard/dashboard', token, { name: `Live ${b}`, projectId: project.projectId });
    const chartId = await call('POST', `/api/chart-edit/dashboard/${dashboardId}`, token, { title: `Chart ${b}`, dataSourceId: source.dataSourceId, type: 'bar' });
    await call('PUT', '/api/chart-edit/dashboard', token, { chartId, title: `Chart ${b}`, type: 'bar', dataSourceId: source.dataSourceId, points: [{ name: 'region', dataType: 'string' }], values: [{ name: 'amount', dataType: 'number', aggregator: b % 2 ? 'sum' : 'max' }] });
    boards.push({ dashboardId, chartId });
  }
  // every chart run once (the pages loaded), so the re-runs after the append are what is counted
  for (const { chartId } of boards) await call('POST', `/api/dashboard/chart/dashboard/${chartId}`, token, {});
  log(`${BOARDS} dashboards, one chart each, over source ${source.dataSourceId}`);

  // ---- open the streams, measure the product's memory before and after -----------------------------
  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = rssKb(product.pid);
  const told = new Array(STREAMS).fill(NaN);
  let appendStart = NaN;
  const reruns = [];
  const opened = performance.now();
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(STREAMS, i + 50); j++) {
      const board = boards[j % BOARDS];
      batch.push(
        openStream(token, board.dashboardId, (name, data, at) => {
          if (name !== 'charts-changed' || !Number.isNaN(told[j])) return;
          told[j] = at - appendStart;
          // the page: re-runs its chart after a random delay, cache-first through the ordinary run
          reruns.push(new Promise((r) => setTimeout(r, Math.random() * JITTER_MS)).then(() => call('POST', `/api/dashboard/chart/dashboard/${data.chartIds[0]}`, token, {})));
        }),
      );
    }
    streams.push(...(await Promise.all(batch)));
  }
  log(`${streams.length} streams open in ${f(performance.now() - opened)} ms`);
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfter = rssKb(product.pid);
  const perStreamKb = (rssAfter - rssBefore) / STREAMS;

  // ---- one append --------------------------------------------------------------------------------
  const more = await upload(token, 'append', 'region,amount\nR0,100000\n');
  appendStart = performance.now();
  const appended = await call('POST', '/api/excel_upload/import/append', token, { uploadId: more.uploadId, sheet: more.sheet, dataSourceId: source.dataSourceId, columns: columns.map((c) => ({ ...c, targetName: c.name })) });
  const appendMs = performance.now() - appendStart;
  const newVersion = appended.dataSource.dataVersion;
  for (let i = 0; i < 600 && told.some(Number.isNaN); i++) await new Promise((r) => setTimeout(r, 50));
  const missing = told.filter(Number.isNaN).length;
  const answers = await Promise.all(reruns);
  const computations = new Set(answers.filter((a) => a.meta.dataVersion === newVersion).map((a) => `${a.chart.chartId}:${a.meta.computedAt}`)).size;
  const stale = answers.filter((a) => a.meta.dataVersion !== newVersion).length;
  log(`append answered in ${f(appendMs)} ms (data version ${newVersion}); ${STREAMS - missing} of ${STREAMS} streams told; ${answers.length} re-runs, ${stale} of an older version`);

  const toldMs = told.filter((x) => !Number.isNaN(x)).map((x) => Math.max(0, x));
  const one = (v) => ({ n: 1, p50: v, p99: v, min: v, max: v });
  const results = [
    { measure: 'stream told after the append call (ms)', s: stats(toldMs), baseline: `append ${f(appendMs)}`, ratio: '—', target: `p99 ≤ ${TARGETS.toldP99} ms, all told`, pass: missing === 0 && stats(toldMs).p99 <= TARGETS.toldP99 },
    { measure: `chart-query computations (${answers.length} re-runs)`, s: one(computations), baseline: `${BOARDS} charts`, ratio: computations / BOARDS, target: `≤ ${BOARDS}, none stale`, pass: computations <= BOARDS && stale === 0 },
    { measure: 'product RSS per open stream (KB)', s: one(perStreamKb), baseline: `${rssBefore} → ${rssAfter} KB`, ratio: '—', target: `≤ ${TARGETS.perStreamKb} KB`, pass: perStreamKb <= TARGETS.perStreamKb },
  ];
  failed = printResults(
    [`live dashboards: ${STREAMS} streams on ${BOARDS} dashboards over one source, one append (load at start ${loadAtStart}, now ${load()})`],
    results,
    { bench: 'live', streams: STREAMS, boards: BOARDS, loadavg: loadAtStart },
  );
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  for (const s of streams) s.close();
  await product.stop();
  work.remove();
}
process.exit(failed ? 1 : 0);
