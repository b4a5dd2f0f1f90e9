import type { Logger } from '@bi/core';
import { DEAD_LETTER_SUFFIX, type BusMessage, type EventBus, type MessageHandler, type Subscription } from './event-bus.js';

interface Group {
  handler: MessageHandler;
  queue: BusMessage[];
  running: Promise<void> | null;
}

/**
 * Delivers in this process, asynchronously and in publish order per group. A handler that keeps
 * failing (maxAttempts) sends the message to the topic's dead-letter topic, like the Kafka adapter.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, Map<string, Group>>();
  private closed = false;

  constructor(
    private readonly logger?: Logger,
    private readonly maxAttempts = 3,
  ) {}

  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    for (const m of messages) {
      for (const group of this.topics.get(m.topic)?.values() ?? []) {
        group.queue.push(m);
        group.running ??= this.drain(group);
      }
    }
  }

  async subscribe(topic: string, groupId: string, handler: MessageHandler): Promise<Subscription> {
    const groups = this.topics.get(topic) ?? new Map<string, Group>();
    this.topics.set(topic, groups);
    if (groups.has(groupId)) throw new Error(`group ${groupId} already subscribed to ${topic}`);
    groups.set(groupId, { handler, queue: [], running: null });
    return {
      close: async () => {
        const g = groups.get(groupId);
        groups.delete(groupId);
        await g?.running;
      },
    };
  }

  /** Waits until every queued message has been handled (tests and graceful shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.topics.values()].flatMap((g) => [...g.values()]).map((g) => g.running).filter(Boolean);
      if (!running.length) return;
      await Promise.all(running);
    }
  }

  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
    this.topics.clear();
  }

  private async drain(group: Group): Promise<void> {
    await Promise.resolve();
    while (group.queue.length) {
      const m = group.queue.shift()!;
      let attempt = 0;
      for (;;) {
        try {
          await group.handler(m);
          break;
        } catch (e) {
          attempt++;
          if (attempt >= this.maxAttempts) {
            this.logger?.error('event handler failed; message sent to dead-letter topic', { topic: m.topic, key: m.key, error: e });
            if (!m.topic.endsWith(DEAD_LETTER_SUFFIX))
              await this.publish([{ ...m, topic: m.topic + DEAD_LETTER_SUFFIX, headers: { ...m.headers, error: String(e) } }]);
            break;
          }
        }
      }
    }
    group.running = null;
  }
}
