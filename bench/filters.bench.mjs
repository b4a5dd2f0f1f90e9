#!/usr/bin/env node
// Global filter benchmark (issue 15 "Benchmark", docs/benchmarks.md "Global filters"): a dashboard of
// 20 charts over the 5M-row `sales` table with one global filter (order_date), against baselines
// measured in the same run (the 20 hand-written filtered queries run directly on DuckDB, one after
// another on one connection; the hand-written distinct-values query).
//
//   npm run build:server && npm run bench:filters
//
// Environment: BENCH_ROWS (default 5000000), BENCH_COLD (cold filter changes, default 20),
// BENCH_WARM (warm batch rounds, default 300), BENCH_RANGE (range calls, default 200),
// BENCH_DIR (working directory, default a fresh temp dir, removed at the end unless given),
// BENCH_PORT (HTTP, default 18591), BENCH_GRPC_BASE_PORT (default 46051), BENCH_NODE_ARGS (node options of the product).
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chartFilters } from '@bi/chart-model';
import { TWENTY_CHARTS, benchDir, createSalesDashboards, f, load, printResults, productClient, salesStoreWithBaseline, stats, startProduct, successCall, waitReady } from './support.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const COLD = Math.max(5, Number(process.env.BENCH_COLD ?? 20));
const WARM = Math.max(30, Number(process.env.BENCH_WARM ?? 300));
const RANGE = Math.max(30, Number(process.env.BENCH_RANGE ?? 200));
const WARMUP = 2;
const CUSTOMERS = 10_000;
const PORT = Number(process.env.BENCH_PORT ?? 18591);
const GRPC_BASE_PORT = Number(process.env.BENCH_GRPC_BASE_PORT ?? 46051);
const PASSWORD = 'bench-password-1';
const TARGETS = { coldRatio: 1.2, warmP99: 10, rangeP50: 50 };
const TAB = 'dashboard';

const work = benchDir('filters');
const { dir, dataDir } = work;
const log = (...a) => console.log('[bench]', ...a);
const loadAtStart = load();

if (!existsSync(join(root, 'apps/embedded/dist/main.js'))) {
  console.error('apps/embedded/dist/main.js is missing: run "npm run build:server" first');
  process.exit(1);
}
// data: `sales` with a 10 000-value text field `customer`, written before the product starts; the
// baselines run on a READ_ONLY copy on one connection
const store = await salesStoreWithBaseline(work, ROWS, { customers: CUSTOMERS }, log);
const direct = store.direct;

// ---- the product -------------------------------------------------------------------------------
const { agent, request } = productClient(PORT);
const call = successCall(request);

log('starting the product');
const product = startProduct({ root, port: PORT, grpcBasePort: GRPC_BASE_PORT, password: PASSWORD, dataDir, webDist: join(dir, 'no-web'), nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean) });

const GRANULARITY_SQL = { 1: 'year', 2: 'quarter', 3: 'month', 4: 'week' };
const DAY = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
/** The k-th filter value: a different day range each time (so each change is a cold cache), 200–500 days of 2022–2024. */
function rangeOf(k) {
  const from = Date.UTC(2022, 0, 1) + ((k * 37) % 400) * DAY;
  return [isoDay(from), isoDay(from + (200 + ((k * 53) % 300)) * DAY)];
}
/** the numbers of an answer's option: every number of every series' data, sorted */
function answerNumbers(answer) {
  const out = [];
  for (const s of answer.option.series ?? []) for (const d of s.data ?? []) for (const x of Array.isArray(d) ? d : [d]) if (typeof x === 'number') out.push(x);
  return out.sort((a, b) => a - b);
}
/** the numbers of hand-written rows (every column but the two dimensions), sorted */
function rowNumbers(rows) {
  return rows.flatMap((r) => r.slice(2).map(Number)).sort((a, b) => a - b);
}
function sameNumbers(a, b) {
  return a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= 1e-9 * Math.max(1, Math.abs(x)));
}

let failed = false;
try {
  await waitReady(request, product);
  const token = (await call('POST', '/api/identity/login', undefined, { userName: 'admin', password: PASSWORD })).token.result.token;
  const { source, boards: [board], point, measure, newChart } = await createSalesDashboards(call, token, ['Bench filters']);
  const dashboardId = board.dashboardId;
  const charts = [];
  for (const { granularity, aggregator } of TWENTY_CHARTS) charts.push(await newChart(dashboardId, `Chart ${granularity} ${aggregator}`, [point(granularity)], [measure(aggregator), measure('count')]));
  // the dashboard's one global filter: order_date by day, stored as the config dialog stores it
  const item = { id: 'gf-date', name: 'order_date', dataSourceId: source.dataSourceId, dataType: 'date', title: 'Order date', granularity: 5, range: [] };
  const content = await call('POST', `/api/global_filter/${TAB}/${dashboardId}`, token, [item]);
  const items = content.globalFilter;
  if (items?.length !== 1) throw new Error(`the global filter was not stored: ${JSON.stringify(content).slice(0, 300)}`);
  log(`dashboard ${dashboardId}: ${charts.length} charts, global filter ${JSON.stringify(items[0])}`);

  /** the batch body the dashboard page sends when the viewer picks `range`: each chart's filters by chartFilters, as the web's */
  const batchBody = (range) => ({
    charts: charts.map((c) => ({ chartId: c.chartId, globalFilters: chartFilters({ chart: c, fields: source.fields, globalFilters: items, globalValues: { [items[0].id]: { range, granularity: 5 } } }).globalFilters })),
  });
  async function batch(body) {
    const t = performance.now();
    const r = await request('POST', `/api/dashboard/charts/${TAB}`, token, body);
    const ms = performance.now() - t;
    return { ms, r };
  }
  const batchAnswers = (r) => {
    const json = JSON.parse(r.text);
    if (json.status !== 'success') throw new Error(`batch run: ${r.text.slice(0, 300)}`);
    return json.data.map((a, k) => {
      if (a.status !== 'success') throw new Error(`chart ${k} failed: ${JSON.stringify(a).slice(0, 300)}`);
      return a.data;
    });
  };
  // the 20 hand-written filtered queries (a day range is the half-open [from, day after to))
  const handSql = charts.map((_, k) => {
    const { granularity, aggregator } = TWENTY_CHARTS[k];
    return `SELECT date_trunc('${GRANULARITY_SQL[granularity]}', order_date) AS p, category, ${aggregator}(amount), count(amount) FROM sales WHERE order_date >= $1::DATE AND order_date < $2::DATE + 1 GROUP BY 1, 2 ORDER BY 1, 2`;
  });
  async function handAll(range) {
    const t = performance.now();
    const out = [];
    for (const sql of handSql) out.push(await direct(sql, range));
    return { ms: performance.now() - t, rows: out };
  }
  async function check(range, answers, hand) {
    answers.forEach((a, k) => {
      const want = rowNumbers(hand[k]);
      const got = answerNumbers(a);
      if (!sameNumbers(got, want)) throw new Error(`chart ${k} (${a.chart.title}) differs from its hand-written query for ${range}: ${got.length} numbers vs ${want.length}, first ${got.slice(0, 3)} vs ${want.slice(0, 3)}`);
      if (!a.chart || a.meta.notes?.some((n) => n.key === 'globalFilterSkipped')) throw new Error(`chart ${k}: the filter was skipped`);
    });
  }

  // (1) cold: each round a new filter value (never asked before, so no kept answer anywhere), the batch
  // of the 20 and, interleaved, the 20 hand-written queries one after another on one connection
  const cold = [], hand = [];
  for (let i = 0; i < WARMUP + COLD; i++) {
    const range = rangeOf(i);
    const h = await handAll(range);
    const asked = new Date(Date.now() - 1000).toISOString();
    const b = await batch(batchBody(range));
    const answers = batchAnswers(b.r);
    await check(range, answers, h.rows);
    if (answers.some((a) => a.meta.computedAt < asked)) throw new Error('a cold answer was computed before it was asked (kept?)');
    if (i >= WARMUP) {
      hand.push(h.ms);
      cold.push(b.ms);
    }
  }
  log(`cold: ${WARMUP + COLD} filter changes, every answer computed when asked and equal to its hand-written query`);

  // (2) warm: the same filter again (the last value), as the page asks when it returns to it
  const lastBody = batchBody(rangeOf(WARMUP + COLD - 1));
  const first = (await batch(lastBody)).r.bytes;
  const warm = [];
  for (let i = 0; i < WARMUP + WARM; i++) {
    const b = await batch(lastBody);
    if (!b.r.bytes.equals(first)) {
      // the same kept answers are the same bytes; anything else is looked at
      const answers = batchAnswers(b.r);
      const firstAnswers = batchAnswers({ text: first.toString('utf8') });
      if (answers.some((a, k) => a.meta.computedAt !== firstAnswers[k].meta.computedAt)) throw new Error('a warm batch was recomputed');
    }
    if (i >= WARMUP) warm.push(b.ms);
  }

  // (3) the values of the 10 000-value text field for the filter bar's picker, next to the hand-written
  // distinct-values query run directly (the first answer timed alone: a cold cache)
  const rangeBody = { dataSourceId: source.dataSourceId, name: 'customer' };
  const rangePath = `/api/global_filter/range/${TAB}/${dashboardId}`;
  const HAND_RANGE = `SELECT customer, count(*) FROM sales WHERE customer IS NOT NULL AND customer <> '' GROUP BY 1 ORDER BY 1 LIMIT 1001`;
  let t = performance.now();
  const firstRange = await call('POST', rangePath, token, rangeBody);
  const rangeCold = performance.now() - t;
  const handRange = await direct(HAND_RANGE);
  const wantValues = handRange.slice(0, 1000).map(([v, c]) => `${v}:${c}`).join();
  if (firstRange.values.map((v) => `${v.value}:${v.count}`).join() !== wantValues || firstRange.more !== handRange.length > 1000) throw new Error(`the range answer differs from the hand-written query: ${JSON.stringify(firstRange).slice(0, 300)}`);
  const rangeMs = [], handRangeMs = [];
  for (let i = 0; i < WARMUP + RANGE; i++) {
    t = performance.now();
    await direct(HAND_RANGE);
    const hMs = performance.now() - t;
    t = performance.now();
    const r = await request('POST', rangePath, token, rangeBody);
    const ms = performance.now() - t;
    if (r.status !== 200) throw new Error(`range: ${r.status} ${r.text.slice(0, 300)}`);
    if (i >= WARMUP) {
      rangeMs.push(ms);
      handRangeMs.push(hMs);
    }
  }
  // (3s) for information: a search typed into the picker, each text new (so never kept), next to the
  // hand-written search run directly
  const HAND_SEARCH = `SELECT customer, count(*) FROM sales WHERE contains(customer, $1) GROUP BY 1 ORDER BY 1 LIMIT 1001`;
  const searchMs = [], handSearchMs = [];
  for (let i = 0; i < WARMUP + 20; i++) {
    const search = `C${String(100 + i).padStart(4, '0')}`;
    t = performance.now();
    const want = await direct(HAND_SEARCH, [search]);
    const hMs = performance.now() - t;
    t = performance.now();
    const got = await call('POST', rangePath, token, { ...rangeBody, search });
    const ms = performance.now() - t;
    if (got.values.map((v) => `${v.value}:${v.count}`).join() !== want.map(([v, c]) => `${v}:${c}`).join()) throw new Error(`the search ${search} differs from the hand-written query`);
    if (i >= WARMUP) {
      searchMs.push(ms);
      handSearchMs.push(hMs);
    }
  }
  const distinct = (await direct('SELECT count(DISTINCT customer) FROM sales'))[0][0];

  // ---- report ----------------------------------------------------------------------------------
  const H = stats(hand), C = stats(cold), W = stats(warm), R = stats(rangeMs), HR = stats(handRangeMs);
  const results = [
    { measure: '(1) 20 hand-written filtered queries, direct, one after another (baseline)', s: H, baseline: '—', ratio: '—', target: '—', pass: null },
    { measure: '(1) filter change: the 20 charts in one batch run, cold cache', s: C, baseline: `${f(H.p50)} (1)`, ratio: C.p50 / H.p50, target: `≤ ${TARGETS.coldRatio}× p50`, pass: C.p50 / H.p50 <= TARGETS.coldRatio },
    { measure: '(2) the same filter again: the batch, warm', s: W, baseline: '—', ratio: '—', target: `≤ ${TARGETS.warmP99} ms p99`, pass: W.p99 <= TARGETS.warmP99 },
    { measure: `(3) hand-written distinct values of customer (${distinct} values), direct`, s: HR, baseline: '—', ratio: '—', target: '—', pass: null },
    { measure: `(3) range answer of customer (${distinct} values)`, s: R, baseline: `${f(HR.p50)} (3 direct)`, ratio: R.p50 / HR.p50, target: `≤ ${TARGETS.rangeP50} ms p50`, pass: R.p50 <= TARGETS.rangeP50 },
    { measure: '(3s) hand-written search of customer, direct', s: stats(handSearchMs), baseline: '—', ratio: '—', target: '—', pass: null },
    { measure: '(3s) range answer with a new search (cold)', s: stats(searchMs), baseline: `${f(stats(handSearchMs).p50)} (3s direct)`, ratio: stats(searchMs).p50 / stats(handSearchMs).p50, target: '—', pass: null },
  ];
  failed = printResults(
    [
      `\nGlobal filter benchmark — ${ROWS} rows, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${new Date().toISOString()}, load average ${loadAtStart} at start / ${load()} at end`,
      `every cold answer equals its hand-written query's numbers; range: first answer (cold) ${f(rangeCold)} ms, ${firstRange.values.length} values, more ${firstRange.more}`,
    ],
    results,
    { bench: 'filters', rows: ROWS, loadavg: [loadAtStart, load()], rangeColdMs: rangeCold },
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
