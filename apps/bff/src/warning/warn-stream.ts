import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@bi/core';
import { TOPICS, type EventBus, type Subscription } from '@bi/messaging';
import { eventsV1 } from '@bi/proto';

export const EVENT_BUS = Symbol('EVENT_BUS');
export const BFF_LOGGER = Symbol('BFF_LOGGER');

/** What a page's stream receives when a warning message is written for its user (docs/api/warning.md "Stream"). */
export interface WarnStreamEvent {
  warnMessageId: string;
  dashboardId: string;
  chartId: string;
  warnName: string;
  createDate: string;
}

type Listener = (event: WarnStreamEvent) => void;

/** Events older than this when the BFF starts are not pushed (a fresh Kafka group reads the topic from its beginning). */
const REPLAY_SKIP_MS = 60_000;

/**
 * The BFF's side of `warning.message-created` (docs/events.md): one subscription per BFF process (its
 * own consumer group, so every BFF sees every message: in-process bus in embedded mode, Kafka in
 * distributed mode), handing each message to the open streams of its recipient.
 */
@Injectable()
export class WarnStreamHub implements OnModuleInit, OnModuleDestroy {
  private readonly listeners = new Map<string, Listener[]>();
  private subscription: Subscription | null = null;
  private closed = false;
  private readonly startedAt = Date.now();

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus | null,
    @Inject(BFF_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    if (!this.bus) {
      this.logger.info('no event bus given to the BFF: the warning stream only keeps pages connected');
      return;
    }
    // not awaited: a broker that is not up yet must not hold the BFF's start (the bus retries)
    this.bus
      .subscribe(TOPICS.warningMessageCreated, `bff-stream-${randomUUID()}`, async (m) => this.deliver(eventsV1.WarningMessageCreated.decode(m.value)))
      .then(async (s) => {
        if (this.closed) await s.close();
        else this.subscription = s;
      })
      .catch((e: unknown) => this.logger.error('warning stream: cannot subscribe to warning.message-created', { error: e }));
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.subscription?.close().catch(() => undefined);
    this.subscription = null;
  }

  /** Pushes one message to its recipient's open streams (older ones than the BFF's start are dropped). */
  deliver(message: eventsV1.WarningMessageCreated): void {
    const p = message.payload;
    const userId = p?.userId || message.aggregateId;
    if (!p || !userId) return;
    const at = message.occurredAt ? Date.parse(String(message.occurredAt)) : NaN;
    if (Number.isFinite(at) && at < this.startedAt - REPLAY_SKIP_MS) return;
    const event: WarnStreamEvent = { warnMessageId: p.warnMessageId, dashboardId: p.dashboardId, chartId: p.chartId, warnName: p.warnName, createDate: p.createDate };
    for (const l of this.listeners.get(userId) ?? []) {
      try {
        l(event);
      } catch (e) {
        this.logger.warn('warning stream: a listener failed', { error: e });
      }
    }
  }

  /**
   * Adds a stream of a user; answers its removal. `_close` is no longer called: the number of streams is
   * bounded where they open (LiveHub: BI_LIVE_STREAMS_PER_USER / _PER_BFF refuse a new one).
   */
  listen(userId: string, listener: Listener, _close?: () => void): () => void {
    const list = this.listeners.get(userId) ?? [];
    const entry: Listener = (e: WarnStreamEvent) => listener(e);
    list.push(entry);
    this.listeners.set(userId, list);
    return () => {
      const now = this.listeners.get(userId) ?? [];
      const i = now.indexOf(entry);
      if (i >= 0) now.splice(i, 1);
      if (now.length === 0) this.listeners.delete(userId);
    };
  }

  /** Open streams (for tests and health). */
  openStreams(): number {
    let n = 0;
    for (const l of this.listeners.values()) n += l.length;
    return n;
  }
}
