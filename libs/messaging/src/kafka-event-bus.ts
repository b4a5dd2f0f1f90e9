import { Kafka, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import type { Logger } from '@bi/core';
import { DEAD_LETTER_SUFFIX, type BusMessage, type EventBus, type MessageHandler, type Subscription } from './event-bus.js';

export interface KafkaBusOptions {
  brokers: string[];
  clientId?: string;
  /** Tries of a handler before its message goes to the dead-letter topic. */
  maxAttempts?: number;
  partitions?: number;
  /** How long start-up waits for new topics to get leaders (default 60 s). */
  topicWaitMs?: number;
  logger?: Logger;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Kafka behind the event-bus port. Producing: idempotent producer, one request in flight, acks from
 * all replicas, so messages of one key keep their order. Consuming: offsets are committed only after
 * the handler succeeded; a message that keeps failing goes to `<topic>.dead-letter` and is then
 * committed, so one poison message cannot block its partition.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private connecting: Promise<Producer> | null = null;
  private readonly knownTopics = new Set<string>();
  private readonly consumers = new Set<Consumer>();
  /** set by close(): a subscribe or topic wait still under way stops and leaves nothing connected */
  private closed = false;

  constructor(private readonly options: KafkaBusOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'bi',
      brokers: options.brokers,
      logLevel: logLevel.NOTHING,
      connectionTimeout: 3000,
      requestTimeout: 10_000,
      retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
    });
  }

  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (!messages.length) return;
    const producer = await this.connectProducer();
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    await this.ensureTopics([...byTopic.keys()]);
    try {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, ms]) => ({
          topic,
          messages: ms.map((m) => ({ key: m.key, value: Buffer.from(m.value), headers: m.headers })),
        })),
      });
    } catch (e) {
      // Drop the producer so the next publish reconnects (broker restarted, leader moved).
      this.producer = null;
      await producer.disconnect().catch(() => undefined);
      throw e;
    }
  }

  async subscribe(topic: string, groupId: string, handler: MessageHandler): Promise<Subscription> {
    await this.ensureTopics([topic, topic + DEAD_LETTER_SUFFIX]);
    this.throwIfClosed();
    let unsubscribed = false;
    // kafkajs restarts a crashed consumer (broker gone) on a timer that a disconnect made while the crash
    // is handled does not cancel: never once the bus or this subscription was closed (it would reconnect
    // and keep the process alive)
    const restartOnFailure = async () => !this.closed && !unsubscribed;
    const consumer = this.kafka.consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 1000, retry: { retries: 10, restartOnFailure } });
    // known from its creation, so a close() during the steps below disconnects it too
    this.consumers.add(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    this.throwIfClosed();
    const maxAttempts = this.options.maxAttempts ?? 3;
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic: t, partition, message, heartbeat }) => {
        const m: BusMessage = {
          topic: t,
          key: message.key?.toString() ?? '',
          value: new Uint8Array(message.value ?? Buffer.alloc(0)),
          headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v ?? '')])),
        };
        for (let attempt = 1; ; attempt++) {
          try {
            await handler(m);
            break;
          } catch (e) {
            if (attempt >= maxAttempts) {
              this.options.logger?.error('event handler failed; message sent to dead-letter topic', { topic: t, key: m.key, groupId, error: e });
              await this.publish([{ ...m, topic: t + DEAD_LETTER_SUFFIX, headers: { ...m.headers, error: String(e).slice(0, 500), 'consumer-group': groupId } }]);
              break;
            }
            await sleep(100 * 2 ** attempt);
            await heartbeat();
          }
        }
        await consumer.commitOffsets([{ topic: t, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
      },
    });
    return {
      close: async () => {
        unsubscribed = true;
        this.consumers.delete(consumer);
        // Waits for the message being handled, then leaves the group.
        await consumer.disconnect();
      },
    };
  }

  private throwIfClosed(): void {
    if (this.closed) throw new Error('the Kafka event bus was closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.consumers].map((c) => c.disconnect().catch(() => undefined)));
    this.consumers.clear();
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = null;
  }

  private async connectProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    this.connecting ??= (async () => {
      const p = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
      try {
        await p.connect();
        if (this.closed) {
          await p.disconnect().catch(() => undefined);
          this.throwIfClosed();
        }
        this.producer = p;
        return p;
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  private async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (!missing.length) return;
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      await createTopicsWithLeaders(admin, missing, { partitions: this.options.partitions ?? 3, waitMs: this.options.topicWaitMs ?? 60_000, stopped: () => this.closed });
      for (const t of missing) this.knownTopics.add(t);
    } finally {
      await admin.disconnect();
    }
  }
}

type TopicAdmin = Pick<Admin, 'createTopics' | 'fetchTopicMetadata'>;

/**
 * Creates the topics (those that exist already are fine) and waits until every partition has a
 * leader. Several services create the same topics at start-up, and a broker answers metadata for
 * a new topic only once its metadata cache has caught up: kafkajs' own waitForLeaders gives up on
 * UNKNOWN_TOPIC_OR_PARTITION. So this polls, retrying retriable errors until the deadline.
 */
export async function createTopicsWithLeaders(admin: TopicAdmin, topics: string[], options: { partitions: number; waitMs: number; stopped?: () => boolean }): Promise<void> {
  const deadline = Date.now() + options.waitMs;
  for (let attempt = 0; ; attempt++) {
    if (options.stopped?.()) throw new Error('stopped waiting for Kafka topics: the bus was closed');
    try {
      await admin.createTopics({ waitForLeaders: false, topics: topics.map((topic) => ({ topic, numPartitions: options.partitions })) });
      const { topics: meta } = await admin.fetchTopicMetadata({ topics });
      if (meta.length === topics.length && meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
      if (Date.now() > deadline) throw new Error(`Kafka topics have no leader yet: ${topics.join(', ')}`);
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || Date.now() > deadline) throw error;
    }
    await sleep(Math.min(100 * 2 ** attempt, 1000));
  }
}
