import { outboundPolicy } from '@bi/outbound';
import { migrate, openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { ChannelDriverFactory } from './factory.js';
import { DELIVERY_MAX_ATTEMPTS, deliveriesMigration, deliveryStatuses, enqueueDeliveries, leaseDeliveries, settleDelivery, summarizeStatus } from './store.js';
import { failed, notAllowed, retry, sent, type ChannelDriver, type Delivery, type DeliveryOutcome } from './types.js';
import { DeliveryWorker } from './worker.js';

const ctx = { outbound: outboundPolicy([]), signingSecret: 's' };
const quiet = { warn: () => undefined };

/** A driver answering what `answer` says, recording each try. */
function fake(channel: string, answer: (d: Delivery) => DeliveryOutcome): ChannelDriver & { tries: Delivery[] } {
  const tries: Delivery[] = [];
  return { channel, tries, send: async (d) => (tries.push(d), answer(d)) };
}

describe('deliveries: rows per (origin, recipient, channel), leases, retries', () => {
  let db: SqlDatabase;
  beforeEach(async () => {
    db = await openTestDatabase();
    await migrate(db, 'svc', [deliveriesMigration('svc')]);
  });
  afterEach(() => db.close());

  const rows = async () =>
    (await db.query<{ channel: string; recipient: string; status: string; attempts: number; last_error: string | null }>('SELECT channel, recipient, status, attempts, last_error FROM svc.deliveries ORDER BY channel, recipient')).rows;
  const makeDue = () => db.query("UPDATE svc.deliveries SET next_at = now() WHERE status = 'pending'");

  it('queues one row per recipient and channel, once', async () => {
    const req = { origin: 'firing' as const, originKey: 'r:w', targets: [{ channel: 'mail', recipient: 'a@x.test' }, { channel: 'mail', recipient: 'b@x.test' }, { channel: 'webhook', recipient: 'https://h.example/' }], payload: { text: 't' } };
    expect(await db.transaction((tx) => enqueueDeliveries(tx, 'svc', req))).toBe(3);
    expect(await db.transaction((tx) => enqueueDeliveries(tx, 'svc', req))).toBe(0);
    expect((await rows()).map((r) => [r.channel, r.recipient, r.status, r.attempts])).toEqual([
      ['mail', 'a@x.test', 'pending', 0],
      ['mail', 'b@x.test', 'pending', 0],
      ['webhook', 'https://h.example/', 'pending', 0],
    ]);
  });

  it('settles each row by its driver’s outcome; a retried row waits its back-off and fails after the last attempt', async () => {
    const mail = fake('mail', (d) => (d.recipient.startsWith('bad') ? retry('answered 550') : sent()));
    const hook = fake('webhook', () => notAllowed());
    const robot = fake('wecom', () => failed('robot said no'));
    const worker = new DeliveryWorker(db, 'svc', new ChannelDriverFactory({}, { mail: () => mail, webhook: () => hook, wecom: () => robot }), ctx, quiet);
    await db.transaction((tx) =>
      enqueueDeliveries(tx, 'svc', {
        origin: 'firing',
        originKey: 'k',
        targets: [
          { channel: 'mail', recipient: 'ok@x.test' },
          { channel: 'mail', recipient: 'bad@x.test' },
          { channel: 'webhook', recipient: 'http://10.0.0.1/' },
          { channel: 'wecom', recipient: 'https://qyapi.example/' },
          { channel: 'fax', recipient: '+1 555' },
        ],
        payload: { subject: 'S', text: 'T' },
      }),
    );
    expect(await worker.nudge()).toBe(5);
    expect(await rows()).toEqual([
      { channel: 'fax', recipient: '+1 555', status: 'failed', attempts: 1, last_error: 'no driver for channel fax' },
      { channel: 'mail', recipient: 'bad@x.test', status: 'pending', attempts: 1, last_error: 'answered 550' },
      { channel: 'mail', recipient: 'ok@x.test', status: 'sent', attempts: 1, last_error: null },
      { channel: 'webhook', recipient: 'http://10.0.0.1/', status: 'not_allowed', attempts: 1, last_error: 'target not allowed' },
      { channel: 'wecom', recipient: 'https://qyapi.example/', status: 'failed', attempts: 1, last_error: 'robot said no' },
    ]);
    expect(mail.tries[0]!.payload).toEqual({ subject: 'S', text: 'T' });
    // the retried row is not due before its back-off (5 s): a round now tries nothing
    expect(await worker.nudge()).toBe(0);
    for (let attempt = 2; attempt <= DELIVERY_MAX_ATTEMPTS; attempt++) {
      await makeDue();
      expect(await worker.nudge()).toBe(1);
    }
    expect((await rows()).find((r) => r.recipient === 'bad@x.test')).toEqual({ channel: 'mail', recipient: 'bad@x.test', status: 'failed', attempts: DELIVERY_MAX_ATTEMPTS, last_error: 'answered 550' });
    await makeDue();
    expect(await worker.nudge()).toBe(0);
    expect(mail.tries.filter((d) => d.recipient === 'bad@x.test').map((d) => d.attempts)).toEqual([1, 2, 3, 4, 5, 6]);
    const statuses = (await deliveryStatuses(db, 'svc', 'firing', ['k', 'other'])).get('k')!;
    expect(summarizeStatus(statuses.filter((s) => s.channel === 'mail').map((s) => s.status))).toBe('sent');
    expect(summarizeStatus(statuses.filter((s) => s.channel !== 'mail').map((s) => s.status))).toBe('failed');
  });

  it('leases: two senders never send one row twice, and a sender whose lease was taken over keeps nothing', async () => {
    const sends: string[] = [];
    const driver = () => fake('webhook', (d) => (sends.push(d.id), sent()));
    const factory = () => new ChannelDriverFactory({}, { webhook: driver });
    await db.transaction((tx) =>
      enqueueDeliveries(tx, 'svc', { origin: 'run', originKey: 'run-1', targets: Array.from({ length: 45 }, (_, i) => ({ channel: 'webhook', recipient: `https://h${i}.example/` })), payload: {} }),
    );
    const a = new DeliveryWorker(db, 'svc', factory(), ctx, quiet);
    const b = new DeliveryWorker(db, 'svc', factory(), ctx, quiet);
    await Promise.all([a.nudge(), b.nudge(), a.nudge(), b.nudge()]);
    await Promise.all([a.nudge(), b.nudge()]);
    expect(sends).toHaveLength(45);
    expect(new Set(sends).size).toBe(45);

    await db.transaction((tx) => enqueueDeliveries(tx, 'svc', { origin: 'run', originKey: 'run-2', targets: [{ channel: 'webhook', recipient: 'https://late.example/' }], payload: {} }));
    const [first] = await leaseDeliveries(db, 'svc', 'token-a', 10);
    expect(first).toMatchObject({ origin: 'run', originKey: 'run-2', attempts: 1 });
    // leased: no other sender gets it
    expect(await leaseDeliveries(db, 'svc', 'token-b', 10)).toEqual([]);
    // the lease ran out (a stalled sender) and another sender took the row over
    await db.query("UPDATE svc.deliveries SET next_at = now() WHERE lease_token = 'token-a'");
    expect((await leaseDeliveries(db, 'svc', 'token-b', 10)).map((d) => d.id)).toEqual([first!.id]);
    expect(await settleDelivery(db, 'svc', { id: first!.id, token: 'token-a', status: 'failed', error: 'late', retryInMs: 0 })).toBe(false);
    expect(await settleDelivery(db, 'svc', { id: first!.id, token: 'token-b', status: 'sent', error: null, retryInMs: 0 })).toBe(true);
    expect((await db.query('SELECT status, attempts, last_error, sent_at IS NOT NULL AS sent FROM svc.deliveries WHERE id = $1', [first!.id])).rows).toEqual([{ status: 'sent', attempts: 2, last_error: null, sent: true }]);
  });
});
