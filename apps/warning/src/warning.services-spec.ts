import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { INestMicroservice } from '@nestjs/common';
import { loadConfig } from '@bi/config';
import { freePortBlock, Logger } from '@bi/core';
import { MemoryCache } from '@bi/cache';
import { asBusMessage, encodeChartChanged, KafkaEventBus, TOPICS, waitFor } from '@bi/messaging';
import { openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { eventsV1, type chartQueryV1 } from '@bi/proto';
import type { WarningBackends } from './backends.js';
import { startWarningService, WarningEngine } from './index.js';

const brokers = process.env.TEST_KAFKA_BROKERS?.split(',');
const kafkaScript = new URL('../../../scripts/services/kafka.sh', import.meta.url).pathname;
const maybe = brokers ? describe : describe.skip;
if (!brokers) console.warn('warning services: TEST_KAFKA_BROKERS not set, skipped (runs in npm run test:services)');

// Two warning replicas on real Kafka and PostgreSQL (issue 16 services run): a due timed rule is
// evaluated and fired once across the replicas (DB claims); a firing while the broker is down commits
// and its AlertTriggered arrives after the broker returns, once by its idempotency key; an outside
// kafkajs consumer in its own group reads the documented payload.
maybe('warning replicas on Kafka and PostgreSQL', () => {
  let db: SqlDatabase;
  const apps: INestMicroservice[] = [];
  const buses: KafkaEventBus[] = [];
  let amount = 500;
  const queries: string[] = [];
  const backends: WarningBackends = {
    async chartValues(req: chartQueryV1.ChartValuesRequest) {
      queries.push(req.chartId);
      return {
        columnsJson: JSON.stringify([
          { alias: 'd0', role: 'dimension', field: { name: 'region', dataType: 'string' } },
          { alias: 'm0', role: 'measure', field: { name: 'amount', dataType: 'number', aggregator: 'sum' } },
        ]),
        rowsJson: JSON.stringify([{ d0: 'East', m0: amount }]),
        truncated: false,
        dataVersion: 1,
      };
    },
    async user(userId: string) {
      return { userId, userName: `user-${userId.slice(0, 4)}`, roleIds: [] };
    },
  };
  const chartId = randomUUID();
  const dashboardId = randomUUID();
  const warnId = `rule-${randomUUID().slice(0, 8)}`;
  const alerts: eventsV1.AlertTriggered[] = [];
  let consumer: ReturnType<Kafka['consumer']>;

  beforeAll(async () => {
    db = await openTestDatabase();
    const base = await freePortBlock(20);
    for (const i of [0, 1]) {
      const config = loadConfig({ BI_GRPC_BASE_PORT: String(base + i * 10), BI_DATA_DIR: `/tmp/bi-warning-svc-${process.pid}`, BI_TIME_ZONE: 'UTC', BI_EVENT_BUS: 'kafka', KAFKA_BROKERS: brokers!.join(','), BI_WEBHOOK_SECRET: 'services-test-secret-123' });
      const bus = new KafkaEventBus({ brokers: brokers! });
      buses.push(bus);
      const runtime = { config, db, bus, cache: new MemoryCache(), logger: new Logger(`warning-${i}`, 'warn') };
      // the services' own tick sees a clock at which the test's rule is never due
      apps.push(await startWarningService(runtime, config.services.warning[0]!, { backends, clock: { now: () => new Date('2000-01-01T00:30:00Z') } }));
    }
    const kafka = new Kafka({ clientId: 'outside-system', brokers: brokers!, logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: TOPICS.alertTriggered }], waitForLeaders: true }).catch(() => false);
    await admin.disconnect();
    consumer = kafka.consumer({ groupId: `outside-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe({ topic: TOPICS.alertTriggered, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const a = eventsV1.AlertTriggered.decode(message.value!);
        if (a.aggregateId === chartId) alerts.push(a);
      },
    });
    // the chart's rules arrive by its ChartChanged event (as the dashboard service publishes it)
    const chart = {
      chartId,
      title: 'Revenue',
      type: 'bar',
      dataSourceId: 'ds-1',
      points: [{ name: 'region', dataType: 'string' }],
      values: [{ name: 'amount', title: 'Amount', dataType: 'number', aggregator: 'sum' }],
      secondPoints: [],
      secondValues: [],
      innerFilters: [],
      colorSettings: [],
      gaugeSection: [],
      warnConfigData: {
        userId: 'u-analyst',
        warnItemsYList: [{ warnId, warnName: 'Big', isSwitch: true, logic: 0, warnTime: 1, warnExactTime: 9, warnConditions: [{ axisField: { axisName: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 100 }] }],
        warnItemsYOptionalList: [],
      },
    };
    const publisher = new KafkaEventBus({ brokers: brokers! });
    await publisher.publish([asBusMessage(encodeChartChanged(chartId, { changeKind: 'saved', dashboardId, tab: 'dashboard', chartJson: JSON.stringify(chart), dashboardOwnerId: 'u-owner', version: 1 }))]);
    await publisher.close();
    await waitFor(async () => (await db.query('SELECT 1 FROM warning.rules WHERE rule_id = $1', [warnId])).rows.length === 1, 90_000, 'the rule');
  }, 180_000);

  afterAll(async () => {
    await consumer?.disconnect();
    for (const a of apps) await a.close();
    for (const b of buses) await b.close().catch(() => undefined);
    await db?.close();
  });

  const both = (at: string) => Promise.all(apps.map((a) => a.get(WarningEngine).evaluateDue(new Date(at))));

  it('evaluates a due rule once over two replicas, and an outside consumer reads the documented AlertTriggered', async () => {
    // 09 stands for 10:00 UTC
    const rounds = await both('2026-06-01T10:05:00Z');
    expect(rounds.reduce((n, r) => n + r.evaluated, 0)).toBe(1);
    expect(rounds.reduce((n, r) => n + r.fired, 0)).toBe(1);
    expect(queries).toHaveLength(1);
    await waitFor(() => alerts.length >= 1, 90_000, 'AlertTriggered on Kafka');
    const a = alerts[0]!;
    expect(a.payload).toMatchObject({ warnId, warnName: 'Big', chartTitle: 'Revenue', dashboardId, tab: 'dashboard', window: '2026-06-01T10', idempotencyKey: `${warnId}:2026-06-01T10`, userNames: ['user-u-an', 'user-u-ow'] });
    expect(JSON.parse(a.payload!.valuesJson)).toEqual({ category: 'East', values: { Amount: 500 } });
    const messages = await db.query<{ user_id: string }>('SELECT user_id FROM warning.messages WHERE warn_id = $1 ORDER BY user_id', [warnId]);
    expect(messages.rows.map((r) => r.user_id)).toEqual(['u-analyst', 'u-owner']);
  }, 120_000);

  it('commits a firing while the broker is down; its event arrives after the broker returns, once by idempotency key', async () => {
    amount = 10;
    await both('2026-06-02T10:05:00Z'); // false: no firing
    amount = 900;
    execFileSync('bash', [kafkaScript, 'stop'], { stdio: 'ignore' });
    let rounds;
    try {
      rounds = await both('2026-06-03T10:05:00Z');
    } finally {
      execFileSync('bash', [kafkaScript, 'start'], { stdio: 'ignore' });
    }
    expect(rounds.reduce((n, r) => n + r.fired, 0)).toBe(1);
    const key = `${warnId}:2026-06-03T10`;
    await waitFor(() => alerts.some((a) => a.payload?.idempotencyKey === key), 180_000, 'the AlertTriggered of the outage');
    // give a duplicate the chance to show up, then count by key
    await new Promise((r) => setTimeout(r, 3000));
    const byKey = new Map<string, Set<string>>();
    for (const a of alerts) byKey.set(a.payload!.idempotencyKey, (byKey.get(a.payload!.idempotencyKey) ?? new Set()).add(a.eventId));
    expect([...byKey.keys()].sort()).toEqual([`${warnId}:2026-06-01T10`, key]);
    expect(byKey.get(key)!.size).toBe(1);
  }, 300_000);
});
