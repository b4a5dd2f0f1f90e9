#!/usr/bin/env node
// Server-side render benchmark (docs/benchmarks.md "Server-side render"): the 20-chart benchmark
// dashboard (the one of bench:browser: order_date by year/quarter/month/week × five aggregators, two
// 6×4 boxes a row) drawn to one PNG on the server by @bi/render, against a headless Chromium screenshot
// of the same dashboard page, in the same run. Both read warm answers (the product keeps them), so the
// measure is the drawing: the browser from navigation to the full-page screenshot written; the server
// from the batch run call to the PNG written, in a separate Node process (the renderer) whose peak
// memory above its own start is the "extra memory".
//
//   npm run build && npm run bench:render
//
// Targets: server p50 ≤ 0.2× browser p50; extra memory ≤ 200 MB.
// Environment: BENCH_ROWS (default 200000), BENCH_ROUNDS (default 5), BENCH_VIEWPORT (default
// 1440x3400), BENCH_PORT (default 18493), BENCH_GRPC_BASE_PORT (default 45251), CHROMIUM_PATH
// (default /usr/bin/chromium), BENCH_OUT (a directory: the last screenshot and the last server PNG are
// written there to look at, with the dashboard's input to renderDashboardPng), BENCH_DIR (keep the working files there), BENCH_LANGUAGE (en, zh-CN, zh-TW).
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const LANGUAGE = process.env.BENCH_LANGUAGE ?? 'en';
const TAB = 'dashboard';
const CHARTS = 20;
const WIDTH = 1200;
const TARGETS = { ratio: 0.2, extraMb: 200 };

// ---- the renderer (a child process: its memory is measured alone) --------------------------------
if (process.argv[2] === 'renderer') {
  const { port, token, ids, title, rounds, out } = JSON.parse(process.argv[3]);
  const rssAtStart = process.memoryUsage().rss;
  const loadStart = performance.now();
  const { loadDrawing, renderDashboardPng } = await import('@bi/render');
  await loadDrawing();
  const loadMs = performance.now() - loadStart;
  const times = [];
  const fetchTimes = [];
  let png;
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/dashboard/charts/${TAB}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, currentLanguage: LANGUAGE },
      body: JSON.stringify({ charts: ids.map((chartId) => ({ chartId })) }),
    });
    const json = await res.json();
    if (json.status !== 'success' || json.data.some((e) => e.status !== 'success')) throw new Error(`the batch run failed: ${JSON.stringify(json).slice(0, 300)}`);
    const t1 = performance.now();
    const cells = json.data.map((e, k) => ({ row: Math.floor(k / 2) * 4, col: (k % 2) * 6, sizeX: 6, sizeY: 4, title: e.data.chart.title, answer: e.data }));
    if (out && round === 0) writeFileSync(join(out, `render-input-${LANGUAGE}.json`), JSON.stringify({ title, cells, width: WIDTH, locale: LANGUAGE, theme: 'light' }));
    png = await renderDashboardPng({ title, cells, width: WIDTH, locale: LANGUAGE, theme: 'light' });
    times.push(performance.now() - t0);
    fetchTimes.push(t1 - t0);
  }
  if (out) writeFileSync(join(out, `render-server-${LANGUAGE}.png`), png);
  const peak = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ times, fetchTimes, loadMs, rssAtStart, peak, extra: peak - rssAtStart, pngBytes: png.length }) + '\n');
  process.exit(0);
}

// ---- the run -----------------------------------------------------------------------------------
const { chromium } = await import('@playwright/test');
const { TWENTY_CHARTS, benchDir, createSalesDashboards, createSalesTable, f, load, productClient, stats, startProduct, successCall } = await import('./support.mjs');
const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const [VIEW_W, VIEW_H] = (process.env.BENCH_VIEWPORT ?? '1440x3400').split('x').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 18493);
const GRPC_BASE_PORT = Number(process.env.BENCH_GRPC_BASE_PORT ?? 45251);
const PASSWORD = 'bench-password-1';
const OUT = process.env.BENCH_OUT ? resolve(process.env.BENCH_OUT) : '';
const log = (...a) => console.log('[bench]', ...a);
const loadAtStart = load();

for (const file of [join(root, 'apps/embedded/dist/main.js'), join(root, 'apps/web/dist/index.html'), join(root, 'libs/render/dist/index.js')]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run "npm run build" first`);
    process.exit(1);
  }
}
const work = benchDir('render');
const { dir, dataDir } = work;
const webCopy = join(dir, 'web');
cpSync(join(root, 'apps/web/dist'), webCopy, { recursive: true });

log(`generating ${ROWS} rows`);
await createSalesTable(join(dataDir, 'analytics.duckdb'), ROWS);

const { agent, request } = productClient(PORT);
const call = successCall(request);
log('starting the product');
const product = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir, webDist: webCopy });

/** In the page before the app's scripts: signs in and notes when every chart was painted (data-drawn). */
function pageProbe({ want, storage }) {
  if (!location.protocol.startsWith('http')) return;
  for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
  const b = (window.__bench = { want, drawn: null, error: null });
  const check = () => {
    const views = document.querySelectorAll('[data-testid="chart-view"]');
    let drawn = 0;
    for (const v of views) {
      if (v.getAttribute('data-state') === 'error' && !b.error) b.error = v.textContent;
      if (v.getAttribute('data-drawn') === 'true') drawn += 1;
    }
    if (b.drawn === null && drawn >= want) {
      b.drawn = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn', 'data-state'] });
}

/** The renderer process: its JSON answer. */
function runRenderer(args) {
  return new Promise((resolveP, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'renderer', JSON.stringify(args)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolveP(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`the renderer exited with ${code}`))));
  });
}

/** Like support.mjs' waitReady, with room for a loaded machine (the product took 56 s to start at a load of 18 on 2 CPUs). */
async function waitReady() {
  for (let i = 0; i < 900 && !product.exited(); i++) {
    if (await request('GET', '/api/health/ready').then((r) => r.status === 200, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the product did not start');
}

let failed = false;
let browser;
try {
  await waitReady();
  const login = await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD });
  const token = login.token.result.token;
  const { folder, boards: [board], point, measure, newChart } = await createSalesDashboards(call, token, ['Bench 20 charts']);
  const ids = [];
  for (const { granularity: g, aggregator: a } of TWENTY_CHARTS) ids.push((await newChart(board.dashboardId, `Chart ${g} ${a}`, [point(g)], [measure(a), measure('count')])).chartId);
  await call('PUT', `/api/dashboard/aspect_changed/${TAB}/${board.dashboardId}`, token, ids.map((chartId, k) => ({ chartId, row: Math.floor(k / 2) * 4, col: (k % 2) * 6, sizeX: 6, sizeY: 4 })));
  const url = `http://127.0.0.1:${PORT}/${TAB}/${folder.projectId}/${board.dashboardId}`;
  // warm the answers (both sides then read kept answers)
  await call('POST', `/api/dashboard/charts/${TAB}`, token, { charts: ids.map((chartId) => ({ chartId })) });
  log(`dashboard ${url}: ${ids.length} charts`);

  // ---- the browser: navigation → all 20 painted → full-page screenshot written --------------------
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const storage = { authorization: token, autoLogin: 'true', userName: 'admin', permission: JSON.stringify(login.permission ?? null), language: LANGUAGE, theme: 'light' };
  const context = await browser.newContext({ viewport: { width: VIEW_W, height: VIEW_H }, deviceScaleFactor: 1, locale: LANGUAGE === 'en' ? 'en-US' : LANGUAGE });
  await context.addInitScript(pageProbe, { want: CHARTS, storage });
  const page = await context.newPage();
  const shot = async (label) => {
    const t0 = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench && (window.__bench.drawn !== null || window.__bench.error), undefined, { timeout: 120_000, polling: 50 });
    const error = await page.evaluate(() => window.__bench.error);
    if (error) throw new Error(`${label}: a chart shows an error: ${error}`);
    const png = await page.screenshot({ fullPage: true });
    return { ms: performance.now() - t0, png };
  };
  await shot('first navigation (scripts into the browser cache, not counted)');
  const browserTimes = [];
  let lastShot;
  for (let round = 0; round < ROUNDS; round++) {
    const s = await shot(`round ${round + 1}`);
    browserTimes.push(s.ms);
    lastShot = s.png;
    log(`browser round ${round + 1}: ${f(s.ms)} ms`);
  }
  if (OUT) writeFileSync(join(OUT, `render-browser-${LANGUAGE}.png`), lastShot);
  await context.close();

  // ---- the server: batch run call → one PNG of the grid, in the renderer process -------------------
  const server = await runRenderer({ port: PORT, token, ids, title: board.name ?? 'Bench 20 charts', rounds: ROUNDS, out: OUT });
  server.times.forEach((ms, i) => log(`server round ${i + 1}: ${f(ms)} ms (answers fetched in ${f(server.fetchTimes[i])} ms)`));

  const B = stats(browserTimes);
  const S = stats(server.times);
  const F = stats(server.fetchTimes);
  const ratio = S.p50 / B.p50;
  const extraMb = server.extra / 2 ** 20;
  const checks = [
    { target: `server p50 ≤ ${TARGETS.ratio}× browser p50 (${f(TARGETS.ratio * B.p50)} ms)`, value: `${f(S.p50)} ms (${ratio.toFixed(3)}×)`, pass: ratio <= TARGETS.ratio },
    { target: `renderer extra memory ≤ ${TARGETS.extraMb} MB`, value: `${extraMb.toFixed(0)} MB (peak ${(server.peak / 2 ** 20).toFixed(0)} MB, ${(server.rssAtStart / 2 ** 20).toFixed(0)} MB at start)`, pass: extraMb <= TARGETS.extraMb },
  ];
  console.log(`\nServer-side render benchmark — ${ROWS} rows, ${CHARTS} charts, ${ROUNDS} rounds, language ${LANGUAGE}, Chromium ${browser.version()} ${VIEW_W}×${VIEW_H}, PNG ${WIDTH} px wide (${(server.pngBytes / 1024).toFixed(0)} KiB), ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${new Date().toISOString()}, load average ${loadAtStart} at start / ${load()} at end`);
  const table = [
    ['measure', 'n', 'p50 ms', 'min ms', 'max ms'],
    ['browser: navigation → all 20 painted → full-page screenshot', B],
    ['server: batch run call → dashboard PNG (@bi/render)', S],
    ['    of which the batch run call (kept answers)', F],
  ].map((row, i) => (i === 0 ? row : [row[0], String(row[1].n), f(row[1].p50), f(row[1].min), f(row[1].max)]));
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  for (const row of table) console.log('| ' + row.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |');
  console.log(`renderer module load (once per process, not in the rounds): ${f(server.loadMs)} ms`);
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.target}: ${c.value}`);
  failed = checks.some((c) => !c.pass);
  console.log(JSON.stringify({ bench: 'render', rows: ROWS, charts: CHARTS, rounds: ROUNDS, language: LANGUAGE, cpus: cpus().length, loadavg: [loadAtStart, load()], date: new Date().toISOString(), browser: B, server: S, fetch: F, loadMs: server.loadMs, extraBytes: server.extra, peakBytes: server.peak, checks }));
} catch (e) {
  console.error('[bench] failed:', e?.stack ?? e);
  failed = true;
} finally {
  await browser?.close().catch(() => undefined);
  await product.stop();
  agent.destroy();
  work.remove();
}
process.exit(failed ? 1 : 0);
