// Alert evaluation at scale (issue 16): 10 000 rules on 1 000 charts over the demo data.
// 1. One timed evaluation round on one warning replica: wall time (target ≤ 60 s) and chart queries
//    (target ≤ 1 000: one per chart, shared by its rules). Baseline measured in the same run: one
//    query per rule (the naive way), timed over a sample of 200 rules and extrapolated to 10 000.
// 2. Data change committed → AlertTriggered delivered: p99 over 20 firings (target ≤ 3 s). Embedded
//    mode (in-process bus); distributed mode over Kafka: bench/alerts-distributed.bench.mjs.
// Run: npm run build:server && node bench/alerts.bench.mjs
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestStack } from '../apps/embedded/dist/testing.js';
import { connectService, callService } from '../libs/service-kit/dist/index.js';
import { SERVICE_CONTRACTS, eventsV1 } from '../libs/proto/dist/index.js';
import { TOPICS } from '../libs/messaging/dist/index.js';
import { f, load, stats } from './support.mjs';
import { alertLatencies, bffCalls, evaluatedIn, immediateAlert, waitUntil } from './alerts-latency.mjs';

const CHARTS = Number(process.env.ALERT_CHARTS ?? 1000);
const RULES_PER_CHART = 10;
const FIRINGS = 20;

const stack = await startTestStack({ BI_DEMO: 'true', BI_TIME_ZONE: 'UTC', BI_LOG_LEVEL: 'warn', BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-alerts-bench-')) });
const db = stack.runtime.db;
const wait = waitUntil;
try {
  console.log(`load before: ${load()}`);
  const demo = await wait(async () => (await db.query(`SELECT id, dashboard_id, tab, title, type, data_source_id, definition FROM dashboard.charts WHERE type = 'bar' AND title LIKE '%Revenue by region%' LIMIT 1`)).rows[0], 'the demo chart');
  const def = typeof demo.definition === 'string' ? JSON.parse(demo.definition) : demo.definition;
  const rule = (c, r) => ({
    warnId: `b${c}-${r}`,
    warnName: `Rule ${r}`,
    isSwitch: true,
    logic: 0,
    warnTime: 1,
    warnExactTime: 9,
    warnConditions: [{ axisField: { axisName: '金额', aggregator: def.values[0].aggregator ?? 'sum' }, compare: '>', compareValue: r * 1000 }],
  });
  // 1 000 charts like the demo one, 10 rules each (inserted in the dashboard schema: its trigger sends ChartChanged)
  const t0 = Date.now();
  for (let c = 0; c < CHARTS; c += 100) {
    await db.transaction(async (tx) => {
      for (let i = c; i < Math.min(CHARTS, c + 100); i++) {
        const definition = { ...def, warnConfigData: { warnItemsYList: Array.from({ length: RULES_PER_CHART }, (_, r) => rule(i, r)), warnItemsYOptionalList: [] } };
        await tx.query('INSERT INTO dashboard.charts (id, dashboard_id, tab, title, type, data_source_id, definition) VALUES ($1, $2, $3, $4, $5, $6, $7)', [randomUUID(), demo.dashboard_id, demo.tab, `Bench ${i}`, demo.type, demo.data_source_id, JSON.stringify(definition)]);
      }
    });
  }
  const rules = await wait(async () => {
    const n = Number((await db.query(`SELECT count(*)::int AS n FROM warning.rules WHERE rule_id LIKE 'b%'`)).rows[0].n);
    return n >= CHARTS * RULES_PER_CHART ? n : 0;
  }, 'the rules in the warning service');
  console.log(`${rules} rules on ${CHARTS} charts kept by the warning service in ${f(Date.now() - t0)} ms`);

  const warning = connectService('warning', stack.config.services.warning).getService(SERVICE_CONTRACTS.warning.service);
  const charts = connectService('chart-query', stack.config.services['chart-query']).getService(SERVICE_CONTRACTS['chart-query'].service);
  const chartJson = JSON.stringify({ ...def, chartId: demo.id, title: demo.title, type: demo.type, dataSourceId: demo.data_source_id });

  // baseline: one query per rule, timed over a sample
  const SAMPLE = 200;
  const b0 = Date.now();
  for (let i = 0; i < SAMPLE; i++) await callService(charts.chartValues({ tab: demo.tab, chartId: demo.id, chartJson, viewer: { userId: '', roleIds: [], isAdmin: false } }));
  const perQuery = (Date.now() - b0) / SAMPLE;
  const baselineMs = perQuery * CHARTS * RULES_PER_CHART;

  const r0 = Date.now();
  const round = await callService(warning.evaluateDue({ at: '2026-06-01T10:05:00Z' }), 600_000);
  const roundMs = Date.now() - r0;
  console.log(`round: ${round.evaluated} rules evaluated, ${round.fired} fired, ${round.queries} queries in ${f(roundMs)} ms (targets: ≤ 60000 ms, ≤ ${CHARTS} queries)`);
  console.log(`baseline (one query per rule): ${f(perQuery)} ms per query × ${CHARTS * RULES_PER_CHART} = ${f(baselineMs)} ms; ratio ${(baselineMs / roundMs).toFixed(1)}× faster, ${((CHARTS * RULES_PER_CHART) / Math.max(1, round.queries)).toFixed(0)}× fewer queries`);

  // data change → AlertTriggered (immediate rule on an uploaded source)
  const calls = bffCalls(stack.url, await stack.login('admin'));
  const alert = await immediateAlert(calls, 'Bench alerts');
  await wait(async () => (await db.query('SELECT 1 FROM warning.rules WHERE chart_id = $1', [alert.chartId])).rows.length === 1, 'the immediate rule');
  const arrivals = new Map();
  await stack.runtime.bus.subscribe(TOPICS.alertTriggered, 'alerts-bench', async (m) => {
    const a = eventsV1.AlertTriggered.decode(m.value);
    if (a.aggregateId === alert.chartId) arrivals.set(a.payload.window, Date.now());
  });
  const latencies = await alertLatencies(alert, { firings: FIRINGS, arrivals, evaluated: evaluatedIn(db) });
  const s = stats(latencies);
  console.log(`data change → AlertTriggered (embedded, upload call start → event delivered): p50 ${f(s.p50)} ms, p99 ${f(s.p99)} ms, max ${f(s.max)} ms over ${s.n} firings (target p99 ≤ 3000 ms)`);
  console.log(`load after: ${load()}`);
} finally {
  await stack.stop();
}
