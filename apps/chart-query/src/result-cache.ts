import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { bumpStamps, stampKeys, type Cache } from '@bi/cache';
import type { Logger } from '@bi/core';
import { TOPICS, type EventBus, type Subscription } from '@bi/messaging';
import { eventsV1 } from '@bi/proto';
import { CACHE, EVENT_BUS, LOGGER } from '@bi/service-kit';

/** Every cached chart result of a source lives under this prefix, so a data change drops them all. */
export function resultCachePrefix(dataSourceId: string): string {
  return `chart-query:result:${dataSourceId}:`;
}

export const CHART_QUERY_GROUP = 'chart-query';

/**
 * Drops a source's cached results (and renews its freshness stamp) when its DataChanged event arrives (over Kafka in distributed
 * mode, one delivery per consumer group; dropping is idempotent, so redelivery is harmless).
 */
@Injectable()
export class DataChangedListener implements OnModuleInit, OnModuleDestroy {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(TOPICS.dataChanged, CHART_QUERY_GROUP, async (m) => {
      const event = eventsV1.DataChanged.decode(m.value);
      // the data-source service renewed the stamp after its commit; renewing it again covers a stamp
      // write that failed there, and producers of DataChanged other than data-source
      await bumpStamps(this.cache, [stampKeys.source(event.aggregateId)]);
      const dropped = await this.cache.deleteByPrefix(resultCachePrefix(event.aggregateId));
      this.logger.debug('dropped cached results after a data change', { dataSourceId: event.aggregateId, dropped, changeKind: event.payload?.changeKind });
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
