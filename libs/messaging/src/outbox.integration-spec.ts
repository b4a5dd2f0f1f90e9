import { migrate, openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { eventsV1 } from '@bi/proto';
import type { BusMessage, EventBus } from './event-bus.js';
import { InProcessEventBus } from './in-process-event-bus.js';
import { enqueueEvent, OutboxRelay, outboxMigration } from './outbox.js';
import { encodeDataChanged, TOPICS } from './topics.js';

describe('transactional outbox and relay', () => {
  let db: SqlDatabase;
  beforeEach(async () => {
    db = await openTestDatabase();
    await migrate(db, 'svc', [outboxMigration('svc'), { id: '0001_t', sql: 'CREATE TABLE svc.things (id text PRIMARY KEY)' }]);
  });
  afterEach(async () => db.close());

  it('publishes only events whose transaction committed, in order, once', async () => {
    const bus = new InProcessEventBus();
    const got: eventsV1.DataChanged[] = [];
    await bus.subscribe(TOPICS.dataChanged, 'test', async (m) => void got.push(eventsV1.DataChanged.decode(m.value)));
    const relay = new OutboxRelay(db, 'svc', bus);

    for (const id of ['ds-1', 'ds-2']) {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO svc.things (id) VALUES ($1)', [id]);
        await enqueueEvent(tx, 'svc', encodeDataChanged(id, { changeKind: 'ingest', dataVersion: 1, rowCount: 10, changedBy: 'admin' }));
      });
    }
    await expect(
      db.transaction(async (tx) => {
        await enqueueEvent(tx, 'svc', encodeDataChanged('ds-rolled-back', { changeKind: 'ingest', dataVersion: 1, rowCount: 0, changedBy: 'x' }));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');

    expect(await relay.nudge()).toBe(2);
    expect(await relay.nudge()).toBe(0);
    await bus.idle();
    expect(got.map((e) => e.aggregateId)).toEqual(['ds-1', 'ds-2']);
    expect(got[0].payload).toEqual({ changeKind: 'ingest', dataVersion: 1, rowCount: 10, changedBy: 'admin' });
    expect(Date.parse(got[0].occurredAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps events when the bus is down and delivers them when it is back', async () => {
    const inner = new InProcessEventBus();
    let down = true;
    const flaky: EventBus = {
      publish: async (m: readonly BusMessage[]) => {
        if (down) throw new Error('broker unreachable');
        return inner.publish(m);
      },
      subscribe: (t, g, h) => inner.subscribe(t, g, h),
      close: () => inner.close(),
    };
    const got: string[] = [];
    await inner.subscribe(TOPICS.dataChanged, 'test', async (m) => void got.push(m.key));
    const relay = new OutboxRelay(db, 'svc', flaky);
    await db.transaction((tx) => enqueueEvent(tx, 'svc', encodeDataChanged('ds-9', { changeKind: 'append', dataVersion: 2, rowCount: 1, changedBy: 'a' })));

    expect(await relay.nudge()).toBe(0);
    const pending = await db.query<{ attempts: number; last_error: string }>('SELECT attempts, last_error FROM svc.outbox WHERE published_at IS NULL');
    expect(pending.rows).toEqual([{ attempts: 1, last_error: 'Error: broker unreachable' }]);

    down = false;
    expect(await relay.nudge()).toBe(1);
    await inner.idle();
    expect(got).toEqual(['ds-9']);
  });

  it('sends a message whose handler keeps failing to the dead-letter topic', async () => {
    const bus = new InProcessEventBus(undefined, 3);
    let calls = 0;
    const dead: BusMessage[] = [];
    await bus.subscribe('t', 'g', async () => {
      calls++;
      throw new Error('boom');
    });
    await bus.subscribe('t.dead-letter', 'g', async (m) => void dead.push(m));
    await bus.publish([{ topic: 't', key: 'k', value: new Uint8Array([1]) }]);
    await bus.idle();
    expect(calls).toBe(3);
    expect(dead).toHaveLength(1);
    expect(dead[0].headers?.error).toContain('boom');
  });
});
