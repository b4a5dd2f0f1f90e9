import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@bi/core';
import { encodeDataChanged, enqueueEvent, OutboxRelay, type EventBus } from '@bi/messaging';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import { DATABASE, EVENT_BUS, LOGGER } from '@bi/service-kit';
import { DATA_SOURCE_SCHEMA } from './migrations.js';

export type DataChangeKind = 'update' | 'schema' | 'delete_source' | 'ingest' | 'append' | 'replace' | 'delete_rows';

/** DataChanged events through the data_source outbox, published by a relay this service runs. */
@Injectable()
export class DataSourceEvents implements OnModuleInit, OnModuleDestroy {
  private readonly relay: OutboxRelay;

  constructor(@Inject(DATABASE) db: SqlDatabase, @Inject(EVENT_BUS) bus: EventBus, @Inject(LOGGER) logger: Logger) {
    this.relay = new OutboxRelay(db, DATA_SOURCE_SCHEMA, bus, logger);
  }

  onModuleInit(): void {
    this.relay.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay.stop();
  }

  /** Writes the event in the caller's transaction. */
  async dataChanged(tx: SqlExecutor, dataSourceId: string, changeKind: DataChangeKind, dataVersion: number, changedBy: string, rowCount = 0): Promise<void> {
    await enqueueEvent(tx, DATA_SOURCE_SCHEMA, encodeDataChanged(dataSourceId, { changeKind, dataVersion, rowCount, changedBy }));
  }

  /** After a commit that wrote events: publish now rather than on the next tick. */
  published(): void {
    void this.relay.nudge();
  }
}
