import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@bi/core';
import { TOPICS, type EventBus, type Subscription } from '@bi/messaging';
import { eventsV1 } from '@bi/proto';
import { EVENT_BUS, LOGGER } from '@bi/service-kit';
import { GrantService } from './grants.service.js';

export const IDENTITY_GROUP = 'identity';

/**
 * A deleted data source takes its grants with it: on DataChanged with changeKind delete_source every grant of
 * datasource:{id} is removed (idempotent, so a redelivery is harmless).
 */
@Injectable()
export class GrantEventsListener implements OnModuleInit, OnModuleDestroy {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly grants: GrantService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(TOPICS.dataChanged, IDENTITY_GROUP, async (m) => {
      const event = eventsV1.DataChanged.decode(m.value);
      if (event.payload?.changeKind !== 'delete_source') return;
      const dropped = await this.grants.drop([`datasource:${event.aggregateId}`], { userId: '', userName: event.payload.changedBy || 'system' });
      if (dropped) this.logger.info('grants of a deleted source dropped', { dataSourceId: event.aggregateId, dropped });
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
