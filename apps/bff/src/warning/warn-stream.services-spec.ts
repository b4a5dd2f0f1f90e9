import { randomUUID } from 'node:crypto';
import { Logger } from '@bi/core';
import { asBusMessage, encodeWarningMessageCreated, KafkaEventBus, waitFor } from '@bi/messaging';
import { WarnStreamHub, type WarnStreamEvent } from './warn-stream.js';

const brokers = process.env.TEST_KAFKA_BROKERS?.split(',');
const maybe = brokers ? describe : describe.skip;
if (!brokers) console.warn('warn-stream: TEST_KAFKA_BROKERS not set, skipped (runs in npm run test:services)');

// The bell's stream in distributed mode: each BFF process reads warning.message-created from Kafka
// in its own consumer group, so a message reaches its recipient's pages whichever BFF they are on.
maybe('warning stream over Kafka (two BFF processes)', () => {
  const logger = new Logger('test', 'error');
  const buses: KafkaEventBus[] = [];
  const hubs: WarnStreamHub[] = [];
  afterAll(async () => {
    for (const h of hubs) await h.onModuleDestroy();
    for (const b of buses) await b.close();
  });

  it('hands a message to its recipient’s streams on every BFF, and to no one else', async () => {
    for (let i = 0; i < 2; i++) {
      const bus = new KafkaEventBus({ brokers: brokers!, clientId: `bff-${i}` });
      buses.push(bus);
      const hub = new WarnStreamHub(bus, logger);
      hub.onModuleInit();
      hubs.push(hub);
    }
    const user = `u-${randomUUID()}`;
    const got: WarnStreamEvent[][] = [[], []];
    const others: WarnStreamEvent[] = [];
    hubs.forEach((hub, i) => hub.listen(user, (e) => got[i]!.push(e), () => undefined));
    hubs[0]!.listen(`other-${randomUUID()}`, (e) => others.push(e), () => undefined);

    const id = randomUUID();
    const publisher = new KafkaEventBus({ brokers: brokers!, clientId: 'warning' });
    buses.push(publisher);
    await publisher.publish([asBusMessage(encodeWarningMessageCreated(user, { warnMessageId: id, userId: user, dashboardId: 'd1', chartId: 'c1', warnName: 'High', createDate: '2026-11-24 13:05:09' }))]);

    await waitFor(() => got.every((g) => g.some((e) => e.warnMessageId === id)), 60_000, 'the message on both BFFs');
    expect(got.map((g) => g.filter((e) => e.warnMessageId === id))).toEqual([
      [{ warnMessageId: id, dashboardId: 'd1', chartId: 'c1', warnName: 'High', createDate: '2026-11-24 13:05:09' }],
      [{ warnMessageId: id, dashboardId: 'd1', chartId: 'c1', warnName: 'High', createDate: '2026-11-24 13:05:09' }],
    ]);
    expect(others.filter((e) => e.warnMessageId === id)).toEqual([]);
  });
});
