import { randomUUID } from 'node:crypto';
import type { BusMessage, EventBus } from './event-bus.js';
import { InProcessEventBus } from './in-process-event-bus.js';
import { KafkaEventBus } from './kafka-event-bus.js';
import { waitFor } from './wait-for.js';

// One contract for every adapter of the event-bus port; Kafka joins when TEST_KAFKA_BROKERS is set
// (the services run starts a single-node KRaft broker).
const adapters: [string, () => EventBus][] = [['in-process', () => new InProcessEventBus(undefined, 3)]];
if (process.env.TEST_KAFKA_BROKERS) adapters.push(['kafka', () => new KafkaEventBus({ brokers: process.env.TEST_KAFKA_BROKERS!.split(','), maxAttempts: 3, clientId: 'contract-test' })]);

const msg = (topic: string, key: string, text: string): BusMessage => ({ topic, key, value: new TextEncoder().encode(text), headers: { 'event-id': randomUUID() } });
const text = (m: BusMessage) => new TextDecoder().decode(m.value);

describe.each(adapters)('event bus contract: %s', (_name, make) => {
  let bus: EventBus;
  beforeEach(() => {
    bus = make();
  });
  afterEach(async () => bus.close());

  it('delivers every message to each group, in order per key', async () => {
    const topic = `contract-${randomUUID()}`;
    const a: string[] = [];
    const b: string[] = [];
    await bus.subscribe(topic, 'group-a', async (m) => void a.push(`${m.key}:${text(m)}`));
    await bus.subscribe(topic, 'group-b', async (m) => void b.push(`${m.key}:${text(m)}`));
    const sent = Array.from({ length: 20 }, (_, i) => msg(topic, `k${i % 3}`, String(i)));
    await bus.publish(sent.slice(0, 10));
    await bus.publish(sent.slice(10));
    await waitFor(() => a.length === 20 && b.length === 20, 60_000, 'deliveries');
    for (const list of [a, b]) {
      for (const key of ['k0', 'k1', 'k2']) {
        const got = list.filter((x) => x.startsWith(key + ':')).map((x) => Number(x.split(':')[1]));
        expect(got).toEqual([...got].sort((x, y) => x - y));
      }
      expect(new Set(list).size).toBe(20);
    }
  });

  it('carries headers and sends a message whose handler keeps failing to the dead-letter topic', async () => {
    const topic = `contract-${randomUUID()}`;
    let calls = 0;
    const dead: BusMessage[] = [];
    const ok: string[] = [];
    await bus.subscribe(topic + '.dead-letter', 'dlq-reader', async (m) => void dead.push(m));
    await bus.subscribe(topic, 'worker', async (m) => {
      if (text(m) === 'poison') {
        calls++;
        throw new Error('cannot handle');
      }
      ok.push(text(m));
    });
    const poison = msg(topic, 'p', 'poison');
    await bus.publish([poison, msg(topic, 'p', 'fine')]);
    await waitFor(() => dead.length === 1 && ok.length === 1, 60_000, 'dead letter');
    expect(calls).toBe(3);
    expect(dead[0].headers?.['event-id']).toBe(poison.headers!['event-id']);
    expect(dead[0].headers?.error).toContain('cannot handle');
    expect(ok).toEqual(['fine']);
  });
});
