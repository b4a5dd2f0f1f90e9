import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { migrate, openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { eventsV1 } from '@bi/proto';
import { waitFor } from './wait-for.js';
import { idempotent, processedEventsMigration } from './idempotent-consumer.js';
import { KafkaEventBus } from './kafka-event-bus.js';
import { enqueueEvent, OutboxRelay, outboxMigration } from './outbox.js';
import { asBusMessage, encodeAlertTriggered, encodeDataChanged, TOPICS } from './topics.js';

const brokers = process.env.TEST_KAFKA_BROKERS?.split(',');
const kafkaScript = new URL('../../../scripts/services/kafka.sh', import.meta.url).pathname;
const maybe = brokers ? describe : describe.skip;
if (!brokers) console.warn('kafka-outage: TEST_KAFKA_BROKERS not set, skipped (runs in npm run test:services)');

// The outbox → Kafka path with real faults: the broker goes away and comes back.
maybe('outbox to Kafka (real broker)', () => {
  let db: SqlDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db, 'svc', [outboxMigration('svc'), processedEventsMigration('svc'), { id: '0001_t', sql: 'CREATE TABLE svc.changes (id text PRIMARY KEY); CREATE TABLE svc.seen (event_id text, aggregate text)' }]);
  });
  afterAll(async () => db?.close());

  it('lets a plain kafkajs consumer decode the documented topics and payloads', async () => {
    const bus = new KafkaEventBus({ brokers: brokers! });
    const dsId = `ds-${randomUUID()}`;
    const chartId = `chart-${randomUUID()}`;
    await bus.publish([
      asBusMessage(encodeDataChanged(dsId, { changeKind: 'append', dataVersion: 7, rowCount: 100, changedBy: 'admin' })),
      asBusMessage(encodeAlertTriggered(chartId, {
        dashboardId: 'd1',
        warnName: 'low sales',
        message: 'sum < 10',
        userNames: ['admin'],
        tab: 'dashboard',
        warnId: 'w1',
        chartTitle: 'Sales',
        idempotencyKey: 'w1:data-7',
        window: 'data-7',
        conditionsJson: '[]',
        valuesJson: '{}',
        logic: 0,
      })),
    ]);
    await bus.close();

    const kafka = new Kafka({ clientId: 'outside-system', brokers: brokers!, logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `outside-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe({ topics: [TOPICS.dataChanged, TOPICS.alertTriggered], fromBeginning: true });
    const changes: eventsV1.DataChanged[] = [];
    const alerts: eventsV1.AlertTriggered[] = [];
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        if (topic === TOPICS.dataChanged) changes.push(eventsV1.DataChanged.decode(message.value!));
        if (topic === TOPICS.alertTriggered) alerts.push(eventsV1.AlertTriggered.decode(message.value!));
      },
    });
    await waitFor(() => changes.some((c) => c.aggregateId === dsId) && alerts.some((a) => a.aggregateId === chartId), 60_000, 'decoded events');
    await consumer.disconnect();
    expect(changes.find((c) => c.aggregateId === dsId)!.payload).toEqual({ changeKind: 'append', dataVersion: 7, rowCount: 100, changedBy: 'admin' });
    expect(alerts.find((a) => a.aggregateId === chartId)!.payload).toMatchObject({ warnName: 'low sales', userNames: ['admin'] });
  });

  it('commits state changes while the broker is down and delivers every event exactly once to the idempotent consumer after it returns', async () => {
    const bus = new KafkaEventBus({ brokers: brokers! });
    const relay = new OutboxRelay(db, 'svc', bus, undefined, { intervalMs: 300 });
    const group = `idem-${randomUUID()}`;
    const consumerBus = new KafkaEventBus({ brokers: brokers! });
    const tag = randomUUID();
    await consumerBus.subscribe(
      TOPICS.dataChanged,
      group,
      idempotent(db, 'svc', group, async (m, tx) => {
        const e = eventsV1.DataChanged.decode(m.value);
        if (e.payload?.changedBy === tag) await tx.query('INSERT INTO svc.seen (event_id, aggregate) VALUES ($1, $2)', [e.eventId, e.aggregateId]);
      }),
    );
    relay.start();
    const change = (i: number) =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO svc.changes (id) VALUES ($1)', [`${tag}-${i}`]);
        await enqueueEvent(tx, 'svc', encodeDataChanged(`ds-${i % 2}`, { changeKind: 'ingest', dataVersion: i, rowCount: i, changedBy: tag }));
      });
    try {
      await change(1);
      execFileSync('bash', [kafkaScript, 'stop'], { stdio: 'ignore' });
      for (let i = 2; i <= 6; i++) await change(i); // commits without a broker
      const committed = await db.query('SELECT count(*)::int8 AS n FROM svc.changes WHERE id LIKE $1', [`${tag}-%`]);
      expect(committed.rows[0]).toEqual({ n: 6 });
      await new Promise((r) => setTimeout(r, 1500));
      execFileSync('bash', [kafkaScript, 'start'], { stdio: 'ignore' });
      for (let i = 7; i <= 8; i++) await change(i);
      const seen = async () => (await db.query<{ event_id: string }>('SELECT event_id FROM svc.seen')).rows;
      const end = Date.now() + 90_000;
      while ((await seen()).length < 8 && Date.now() < end) await new Promise((r) => setTimeout(r, 300));
      // redeliver everything once more: the idempotent consumer must not count anything twice
      const unpublished = await db.query('SELECT count(*)::int8 AS n FROM svc.outbox WHERE published_at IS NULL');
      expect(unpublished.rows[0]).toEqual({ n: 0 });
      await db.query('UPDATE svc.outbox SET published_at = NULL');
      await relay.nudge();
      await new Promise((r) => setTimeout(r, 3000));
      const rows = await seen();
      expect(rows).toHaveLength(8);
      expect(new Set(rows.map((r) => r.event_id)).size).toBe(8);
    } finally {
      await relay.stop();
      await consumerBus.close();
      await bus.close();
    }
  });
});
