// Data change → AlertTriggered in DISTRIBUTED mode (issue 16: p99 ≤ 3 s): every service its own
// process (apps/embedded/dist/distributed.js) on real PostgreSQL, Redis and Kafka; an outside kafkajs
// consumer in its own group reads AlertTriggered from its topic. Baseline in the same run: the same
// loop in embedded mode (one process, in-process bus). Each mode: one warm-up firing (consumer groups
// joining), then ALERT_FIRINGS (default 50) timed firings from the upload call's start to the event's
// arrival at the consumer.
// Run: npm run build:server && npm run bench:alerts-distributed
//   (= scripts/services/run-with-services.sh with postgres, redis and kafka around this file)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { startTestStack } from '../apps/embedded/dist/testing.js';
import { startDistributed } from '../apps/embedded/dist/distributed.js';
import { freePortBlock } from '../libs/core/dist/index.js';
import { eventsV1 } from '../libs/proto/dist/index.js';
import { TOPICS } from '../libs/messaging/dist/index.js';
import { PostgresDatabase } from '../libs/persistence/dist/index.js';
import { load, printResults, stats } from './support.mjs';
import { alertLatencies, bffCalls, evaluatedIn, immediateAlert, waitUntil } from './alerts-latency.mjs';

const FIRINGS = Number(process.env.ALERT_FIRINGS ?? 50);
const servers = { db: process.env.TEST_DATABASE_URL, redis: process.env.TEST_REDIS_URL, kafka: process.env.TEST_KAFKA_BROKERS };
if (!servers.db || !servers.redis || !servers.kafka) {
  console.error('needs TEST_DATABASE_URL, TEST_REDIS_URL and TEST_KAFKA_BROKERS: run it through npm run bench:alerts-distributed');
  process.exit(2);
}
const loadBefore = load();

/** Warm-up firing, then the timed ones. */
async function measure(alert, arrivals, evaluated) {
  await alertLatencies(alert, { firings: 1, arrivals, evaluated });
  return alertLatencies(alert, { firings: FIRINGS, arrivals, evaluated });
}

// 1. embedded mode (the baseline)
let embedded;
{
  const stack = await startTestStack({ BI_TIME_ZONE: 'UTC', BI_LOG_LEVEL: 'warn', BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-alerts-dist-emb-')) });
  try {
    const alert = await immediateAlert(bffCalls(stack.url, await stack.login('admin')), 'Bench alerts');
    await waitUntil(async () => (await stack.runtime.db.query('SELECT 1 FROM warning.rules WHERE chart_id = $1', [alert.chartId])).rows.length === 1, 'the immediate rule');
    const arrivals = new Map();
    await stack.runtime.bus.subscribe(TOPICS.alertTriggered, 'alerts-bench', async (m) => {
      const a = eventsV1.AlertTriggered.decode(m.value);
      if (a.aggregateId === alert.chartId) arrivals.set(a.payload.window, Date.now());
    });
    embedded = stats(await measure(alert, arrivals, evaluatedIn(stack.runtime.db)));
  } finally {
    await stack.stop();
  }
}

// 2. distributed mode: a fresh database, one process per service, Kafka between them
const dbName = `bi_alerts_bench_${randomBytes(4).toString('hex')}`;
const serverDb = new PostgresDatabase(servers.db, 1);
await serverDb.exec(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(servers.db);
dbUrl.pathname = `/${dbName}`;
const db = new PostgresDatabase(dbUrl.toString(), 2);
const kafka = new Kafka({ clientId: 'alerts-bench-outside', brokers: servers.kafka.split(','), logLevel: logLevel.NOTHING });
const consumer = kafka.consumer({ groupId: `alerts-bench-${randomUUID()}` });
let cluster;
let distributed;
try {
  const base = await freePortBlock(12);
  const password = 'alerts-bench-pass-1';
  cluster = await startDistributed({
    port: base + 10,
    grpcBasePort: base,
    chartQueryReplicas: 1,
    readyTimeoutMs: 180_000,
    env: {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: servers.redis,
      KAFKA_BROKERS: servers.kafka,
      BI_ADMIN_PASSWORD: password,
      BI_JWT_SECRET: randomBytes(32).toString('hex'),
      BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-alerts-dist-')),
      BI_DEMO: 'false',
      BI_TIME_ZONE: 'UTC',
      BI_LOG_LEVEL: 'warn',
    },
  });
  const login = await (await fetch(`${cluster.url}/api/identity/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password }) })).json();
  const alert = await immediateAlert(bffCalls(cluster.url, login.data.token.result.token), 'Bench alerts');
  await waitUntil(async () => (await db.query('SELECT 1 FROM warning.rules WHERE chart_id = $1', [alert.chartId])).rows.length === 1, 'the immediate rule');
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic: TOPICS.alertTriggered }], waitForLeaders: true }).catch(() => false);
  await admin.disconnect();
  const arrivals = new Map();
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
  await consumer.connect();
  await consumer.subscribe({ topic: TOPICS.alertTriggered, fromBeginning: false });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const a = eventsV1.AlertTriggered.decode(message.value);
      if (a.aggregateId === alert.chartId) arrivals.set(a.payload.window, Date.now());
    },
  });
  await waitUntil(() => joined, 'the outside consumer to join its group');
  distributed = stats(await measure(alert, arrivals, evaluatedIn(db)));
} catch (e) {
  if (cluster) console.error(cluster.tails());
  throw e;
} finally {
  await consumer.disconnect().catch(() => undefined);
  await cluster?.stop();
  await db.close();
  await serverDb.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await serverDb.close();
}

const failed = printResults(
  [
    `Data change → AlertTriggered, upload call start → event at the consumer, ${FIRINGS} firings per mode (after one warm-up)`,
    `load before: ${loadBefore}, after: ${load()}`,
  ],
  [
    { measure: 'embedded (in-process bus)  ', s: embedded, baseline: '—', ratio: '—', target: '—', pass: null },
    { measure: 'distributed (Kafka, outside consumer)', s: distributed, baseline: `p99 ${embedded.p99.toFixed(0)}`, ratio: distributed.p99 / embedded.p99, target: 'p99 ≤ 3000 ms', pass: distributed.p99 <= 3000 },
  ],
  { bench: 'alerts-distributed', firings: FIRINGS, loadavg: load() },
);
process.exit(failed ? 1 : 0);
