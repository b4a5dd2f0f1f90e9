#!/usr/bin/env node
// Chart engine benchmark (docs/benchmarks.md "Chart engine"): a month × category chart with sum, avg
// and count over 5M rows in the DuckDB analytics store, run through the BFF, against baselines
// measured in the same run (the hand-written DuckDB SQL run directly, a bare HTTP round trip).
//
//   npm run build:server && npm run bench:chart
//
// Environment: BENCH_ROWS (default 5000000), BENCH_ITER (query iterations, default 60),
// BENCH_HIT_ITER (cache-hit iterations, default 1000), BENCH_ROUNDS (dashboard rounds, default 200;
// a p99 of 50 rounds would be their slowest),
// BENCH_DIR (working directory, default a fresh temp dir, removed at the end unless given),
// BENCH_PORT (HTTP, default 18391), BENCH_GRPC_BASE_PORT (default 44051), BENCH_NODE_ARGS (node options of the product),
// BENCH_DUMP (a file: the first batch answer of (6) is written there, to look at).
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildChartQuery, compile, normalizeRows } from '@bi/query';
import { buildOption } from '@bi/charts';
import { translate } from '@bi/i18n';
import { TWENTY_CHARTS, benchDir, createSalesDashboards, f, load, printResults, productClient, salesStoreWithBaseline, stats, startProduct, successCall, waitReady } from './support.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { chartColumns, rowObjects, labelsFor, CHART_ROW_LIMIT } = await import(join(root, 'apps/chart-query/dist/chart-plan.js'));

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const ITER = Math.max(30, Number(process.env.BENCH_ITER ?? 60));
const HIT_ITER = Math.max(30, Number(process.env.BENCH_HIT_ITER ?? 1000));
const ROUNDS = Math.max(30, Number(process.env.BENCH_ROUNDS ?? 200));
const OPTION_ITER = 500;
const WARMUP = 3;
const PORT = Number(process.env.BENCH_PORT ?? 18391);
const GRPC_BASE_PORT = Number(process.env.BENCH_GRPC_BASE_PORT ?? 44051);
const PASSWORD = 'bench-password-1';
const TARGETS = { missRatio: 1.15, sqlRatio: 1.2, hitP50: 1, hitP99: 5, optionP50: 1, dashboardP99: 10 };

const work = benchDir('chart');
const { dir, dataDir } = work;
const log = (...a) => console.log('[bench]', ...a);
const loadAtStart = load();

// ---- data: 5M rows written before the product starts ---------------------------------------------
if (!existsSync(join(root, 'apps/embedded/dist/main.js'))) {
  console.error('apps/embedded/dist/main.js is missing: run "npm run build:server" first');
  process.exit(1);
}
const store = await salesStoreWithBaseline(work, ROWS, {}, log);
const baseConn = store.conn;
const direct = store.direct;

// ---- the product -------------------------------------------------------------------------------
// as a browser: gzip accepted, a compressed answer decompressed before it counts as received
const { agent, request, wire } = productClient(PORT, { maxSockets: 32, gzip: true });
/**
 * Checks an answer of a timed loop: the first is parsed and checked; later ones are compared byte for
 * byte with it (the same bytes are the same kept answer, computedAt included), parsed and checked again
 * only when they differ. So the client makes little garbage of its own inside the clocks: its
 * collections would otherwise be counted as the product's time.
 */
function sameAnswer(seen, r, check) {
  if (seen.bytes && r.bytes.equals(seen.bytes)) return;
  check(JSON.parse(r.text));
  seen.bytes = r.bytes;
}
const call = successCall(request);

log('starting the product');
// BENCH_NODE_ARGS: extra node options for the product (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it)
const product = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir, webDist: join(dir, 'no-web'), nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean) });

let failed = false;
const results = [];
try {
  await waitReady(request, product);
  const token = (await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD })).token.result.token;

  // a table source on the analytics store (SELECT * FROM main.sales), cached 60 minutes
  const { source, boards: [mainBoard, board20], point, measure, chartOf, newChart } = await createSalesDashboards(call, token, ['Bench main', 'Bench 20 charts']);
  log(`source ${source.dataSourceId}: ${source.content}; fields ${source.fields.map((x) => `${x.name}:${x.dataType}`).join(', ')}`);
  const MONTH = 3;
  let chart = await newChart(mainBoard.dashboardId, 'Sales 0', [point(MONTH)], [measure('sum'), measure('avg'), measure('count')]);
  const runPath = `/api/dashboard/chart/dashboard/${chart.chartId}`;

  // (1) hand-written SQL and (2) the SQL the product generates for the same chart, both run directly
  const HAND_SQL = `SELECT date_trunc('month', order_date) m, category, sum(amount), avg(amount), count(amount) FROM sales GROUP BY 1, 2 ORDER BY 1, 2`;
  const fieldsOf = source.fields.map((x) => ({ name: x.name, dataType: x.dataType }));
  const querySource = { kind: 'table', table: source.tableName, ...(source.tableSchema ? { schema: source.tableSchema } : {}) };
  const generated = compile(buildChartQuery(chart, querySource, fieldsOf, { globalFilters: [], rowLimit: CHART_ROW_LIMIT + 1 }), 'duckdb');
  log(`generated SQL: ${generated.sql.replace(/\s+/g, ' ')}  params ${JSON.stringify(generated.params)}`);

  // (3) cache miss through the BFF. The cache key hashes the chart definition (apps/chart-query/src/chart-plan.ts
  // answerKey), so saving the chart with a new title (an ordinary chart edit, untimed) makes the next
  // run a miss while the SQL, its parameters and the rows stay exactly the same.
  let saved = 0;
  async function missOnce() {
    chart = await call('PUT', '/api/chart-edit/dashboard', token, { ...chart, title: `Sales ${++saved}` });
    const t = performance.now();
    const r = await request('POST', runPath, token, {});
    const ms = performance.now() - t;
    const answer = JSON.parse(r.text);
    if (answer.status !== 'success') throw new Error(`run chart: ${r.text.slice(0, 300)}`);
    if (answer.data.chart.title !== chart.title) throw new Error('the answer was not computed for the saved chart (cache hit?)');
    return { ms, rows: answer.data.meta.rowCount };
  }

  const hand = [], gen = [], miss = [];
  let counts;
  for (let i = 0; i < WARMUP + ITER; i++) {
    // interleaved, so that the baseline and the product see the same machine state
    let t = performance.now();
    const h = await direct(HAND_SQL);
    const handMs = performance.now() - t;
    t = performance.now();
    const g = await direct(generated.sql, generated.params);
    const genMs = performance.now() - t;
    const m = await missOnce();
    counts = { hand: h.length, generated: g.length, bff: m.rows };
    if (i >= WARMUP) {
      hand.push(handMs);
      gen.push(genMs);
      miss.push(m.ms);
    }
  }
  if (counts.hand !== counts.generated || counts.hand !== counts.bff) throw new Error(`row counts differ: ${JSON.stringify(counts)}`);
  log(`rows per answer: ${JSON.stringify(counts)}`);

  // (4) cache hit: the same request repeated, the BFF's answer as it is (uncompressed) and, interleaved,
  // gzip-compressed as a browser asks (decompressed by the client before it counts); reference: a bare
  // round trip to the BFF (GET /api/health/live)
  const hit = [], hitGz = [], floor = [];
  let computedAt;
  const hitSeen = {};
  for (let i = 0; i < WARMUP + HIT_ITER; i++) {
    let t = performance.now();
    await request('GET', '/api/health/live');
    const floorMs = performance.now() - t;
    const times = [];
    for (const gzip of [false, true]) {
      t = performance.now();
      const r = await request('POST', runPath, token, {}, { gzip });
      times.push(performance.now() - t);
      sameAnswer(hitSeen, r, (json) => {
        const at = json.data.meta.computedAt;
        if (computedAt !== undefined && at !== computedAt) throw new Error('cache-hit request was recomputed');
        computedAt = at;
      });
    }
    if (i >= WARMUP) {
      hit.push(times[0]);
      hitGz.push(times[1]);
      floor.push(floorMs);
    }
  }

  // (6) a dashboard of 20 cached charts, requested in parallel; wall time per round
  const ids = [];
  for (const { granularity: g, aggregator: a } of TWENTY_CHARTS) ids.push((await newChart(board20.dashboardId, `Chart ${g} ${a}`, [point(g)], [measure(a), measure('count')])).chartId);
  const runAll = () => Promise.all(ids.map((id) => request('POST', `/api/dashboard/chart/dashboard/${id}`, token, {})));
  const first = await runAll(); // fills the cache
  const firstAt = first.map((r) => JSON.parse(r.text).data.meta.computedAt);
  const rounds = [];
  let answerBytes = 0;
  const singleSeen = ids.map(() => ({}));
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const t = performance.now();
    const rs = await runAll();
    const ms = performance.now() - t;
    rs.forEach((r, k) =>
      sameAnswer(singleSeen[k], r, (json) => {
        if (json.data.meta.computedAt !== firstAt[k]) throw new Error('a dashboard chart was recomputed');
      }),
    );
    answerBytes = rs.reduce((s, r) => s + r.bytes.length, 0);
    if (i >= WARMUP) rounds.push(ms);
  }
  // (6) as the web loads a dashboard now: the boxes that come into view together in one batch run
  // (apps/web/src/modules/chart/api/run-batcher.ts → POST /api/dashboard/charts/{tab}); each answer
  // checked. Asked gzip-compressed (as a browser does) and uncompressed, alternating.
  const batchRounds = [];
  const batchPlainRounds = [];
  let batchBytes = 0;
  let batchWire = 0;
  const batchSeen = {};
  for (let i = 0; i < 2 * (WARMUP + ROUNDS); i++) {
    const gzip = i % 2 === 0;
    const t = performance.now();
    const wireBefore = wire();
    const r = await request('POST', '/api/dashboard/charts/dashboard', token, { charts: ids.map((chartId) => ({ chartId })) }, { gzip });
    const ms = performance.now() - t;
    if (gzip) batchWire = wire() - wireBefore;
    // checked after the clock, like the answers of (6b)
    sameAnswer(batchSeen, r, (json) =>
      json.data.forEach((a, k) => {
        if (a.status !== 'success' || a.data.meta.computedAt !== firstAt[k]) throw new Error('a batch chart failed or was recomputed');
      }),
    );
    batchBytes = r.bytes.length;
    if (process.env.BENCH_DUMP && i === 0) writeFileSync(process.env.BENCH_DUMP, r.text);
    if (i >= 2 * WARMUP) (gzip ? batchRounds : batchPlainRounds).push(ms);
  }
  // reference: 20 parallel bare round trips
  const floor20 = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const t = performance.now();
    await Promise.all(ids.map(() => request('GET', '/api/health/live')));
    if (i >= WARMUP) floor20.push(performance.now() - t);
  }

  // (5) rows → option → JSON, in-process. (5a) 1000 points: one series by day over 1000 days (the
  // target's case); (5b) 1000 result rows drawn as 3000 points: 125 days × 8 categories, sum/avg/count
  // (24 series of 125 points), for information. Rows read from DuckDB once.
  const labels = labelsFor((key) => translate(key, 'en'));
  async function optionCase(chart, range) {
    const q = compile(buildChartQuery(chart, querySource, fieldsOf, { innerFilters: [{ name: 'order_date', dataType: 'date', range }], globalFilters: [], rowLimit: CHART_ROW_LIMIT + 1 }), 'duckdb');
    return { chart, q, raw: (await baseConn.runAndReadAll(q.sql, q.params)).getRowsJson(), points: 0 };
  }
  const optionCases = [
    await optionCase(chartOf('bench-1000', 'Sales by day', [point(5)], [measure('sum')], []), ['2022-01-01', '2024-09-26']),
    await optionCase(chartOf('bench-day', 'Sales by day', [point(5)], [measure('sum'), measure('avg'), measure('count')]), ['2022-01-01', '2022-05-05']),
  ];
  const toJson = (c) => {
    const rows = rowObjects(c.q.columns, normalizeRows(c.raw, c.q.columns));
    const built = buildOption({ chart: c.chart, columns: chartColumns(c.chart, c.q.columns), rows }, { labels });
    c.points = built.meta.pointCount * (built.option.series?.length ?? 1);
    return JSON.stringify(built.option);
  };
  const optionMs = [[], []], stringifyMs = [[], []];
  const optionBytes = [0, 0];
  for (let i = 0; i < 20 + OPTION_ITER; i++) {
    optionCases.forEach((c, k) => {
      let t = performance.now();
      optionBytes[k] = toJson(c).length;
      const ms = performance.now() - t;
      t = performance.now();
      JSON.stringify(c.raw);
      const sMs = performance.now() - t;
      if (i >= 20) {
        optionMs[k].push(ms);
        stringifyMs[k].push(sMs);
      }
    });
  }

  // ---- report ----------------------------------------------------------------------------------
  const H = stats(hand), G = stats(gen), M = stats(miss), HI = stats(hit), HG = stats(hitGz), FL = stats(floor), D = stats(rounds), D0 = stats(floor20), DB = stats(batchRounds), DP = stats(batchPlainRounds);
  const [O, O3] = optionMs.map(stats), [S, S3] = stringifyMs.map(stats);
  results.push(
    { measure: '(1) hand-written SQL, direct (baseline)', s: H, baseline: '—', ratio: '—', target: '—', pass: null },
    { measure: '(2) generated SQL, direct', s: G, baseline: `${f(H.p50)} (1)`, ratio: G.p50 / H.p50, target: `≤ ${TARGETS.sqlRatio}× p50`, pass: G.p50 / H.p50 <= TARGETS.sqlRatio },
    { measure: '(3) cache miss via BFF', s: M, baseline: `${f(H.p50)} (1)`, ratio: M.p50 / H.p50, target: `≤ ${TARGETS.missRatio}× p50`, pass: M.p50 / H.p50 <= TARGETS.missRatio },
    { measure: '(4) cache hit via BFF, p50', s: HI, baseline: `${f(FL.p50)} (live)`, ratio: HI.p50 / FL.p50, target: `≤ ${TARGETS.hitP50} ms`, pass: HI.p50 <= TARGETS.hitP50 },
    { measure: '(4) cache hit via BFF, p99', s: HI, baseline: `${f(FL.p99)} (live)`, ratio: HI.p99 / FL.p99, target: `≤ ${TARGETS.hitP99} ms`, pass: HI.p99 <= TARGETS.hitP99 },
    { measure: '(4g) cache hit via BFF, gzip (as a browser asks)', s: HG, baseline: `${f(FL.p50)} (live)`, ratio: HG.p50 / FL.p50, target: '—', pass: null },
    { measure: '    bare BFF round trip (GET /api/health/live)', s: FL, baseline: '—', ratio: '—', target: '—', pass: null },
    { measure: `(5a) rows → option → JSON, ${optionCases[0].raw.length} rows = ${optionCases[0].points} points`, s: O, baseline: `${f(S.p50)} (rows JSON)`, ratio: O.p50 / S.p50, target: `≤ ${TARGETS.optionP50} ms p50`, pass: O.p50 <= TARGETS.optionP50 },
    { measure: `(5b) rows → option → JSON, ${optionCases[1].raw.length} rows = ${optionCases[1].points} points in 24 series`, s: O3, baseline: `${f(S3.p50)} (rows JSON)`, ratio: O3.p50 / S3.p50, target: '—', pass: null },
    { measure: '(6) dashboard, 20 cached charts in one batch run (as the web asks)', s: DP, baseline: `${f(FL.p99)} (1× live)`, ratio: DP.p99 / FL.p99, target: `≤ ${TARGETS.dashboardP99} ms p99`, pass: DP.p99 <= TARGETS.dashboardP99 },
    { measure: '(6g) the same batch, gzip (as a browser asks; 5× fewer bytes)', s: DB, baseline: `${f(FL.p99)} (1× live)`, ratio: DB.p99 / FL.p99, target: '—', pass: null },
    { measure: '(6b) dashboard, 20 cached charts as 20 parallel single runs', s: D, baseline: `${f(D0.p99)} (20× live)`, ratio: D.p99 / D0.p99, target: '—', pass: null },
  );
  failed = printResults(
    [
      `\nChart engine benchmark — ${ROWS} rows, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${new Date().toISOString()}, load average ${loadAtStart} at start / ${load()} at end`,
      `answer rows ${counts.bff}; dashboard answers ${(answerBytes / 1024).toFixed(0)} KiB per round (batch ${(batchBytes / 1024).toFixed(0)} KiB, ${(batchWire / 1024).toFixed(0)} KiB gzip on the wire); option JSON (5a) ${(optionBytes[0] / 1024).toFixed(0)} KiB, (5b) ${(optionBytes[1] / 1024).toFixed(0)} KiB`,
      `(4)/(6) ratios are against a bare BFF round trip and for information; their targets are absolute.`,
    ],
    results,
    { bench: 'chart', rows: ROWS, loadavg: [loadAtStart, load()] },
  );
} catch (e) {
  console.error('[bench] failed:', e?.stack ?? e);
  failed = true;
} finally {
  await product.stop();
  store.close();
  agent.destroy();
  work.remove();
}
process.exit(failed ? 1 : 0);
