import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { bumpStamps, stampKeys, type Cache } from '@bi/cache';
import type { Logger } from '@bi/core';
import { encodeDataChanged, enqueueEvent, OutboxRelay, type EventBus } from '@bi/messaging';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import { CACHE, DATABASE, EVENT_BUS, LOGGER } from '@bi/service-kit';
import { DATA_SOURCE_SCHEMA } from './migrations.js';

export type DataChangeKind = 'update' | 'schema' | 'delete_source' | 'ingest' | 'append' | 'replace' | 'delete_rows';

/**
 * DataChanged events through the data_source outbox, published by a relay this service runs; and the
 * sources' freshness stamps (libs/cache stamps.ts), written after every commit that changes a source
 * row, before the call answers, so no copy of a source's description or of an answer over it
 * (the BFF's answer cache) is used after the change.
 */
@Injectable()
export class DataSourceEvents implements OnModuleInit, OnModuleDestroy {
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
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
    // joined tables follow their inputs (docs/api/join-table.md "Data version"): each gets the event too,
    // so its cached charts are dropped and its immediate alerts run; the data version it carries is
    // the join's own plus its inputs' (as its Describe answers it)
    if (changeKind === 'delete_source') return;
    const joins = await tx.query<{ id: string; v: number }>(
      `SELECT j.join_id AS id, (s.data_version + (SELECT coalesce(sum(i.data_version), 0) FROM data_source.join_inputs ji JOIN data_source.sources i ON i.id = ji.input_id WHERE ji.join_id = j.join_id))::float8 AS v
         FROM data_source.join_inputs j JOIN data_source.sources s ON s.id = j.join_id WHERE j.input_id = $1`,
      [dataSourceId],
    );
    for (const j of joins.rows) await enqueueEvent(tx, DATA_SOURCE_SCHEMA, encodeDataChanged(j.id, { changeKind: changeKind === 'schema' ? 'schema' : 'update', dataVersion: j.v, rowCount: 0, changedBy }));
  }

  /**
   * After a commit that changed source rows: new stamps for them. A failed write is retried once,
   * then the call fails (the change is committed; repeating the call renews the stamps; a DataChanged
   * event, where there is one, renews them again when chart-query handles it —
   * docs/adr/0003-bff-answer-cache.md).
   */
  async sourcesChanged(ids: readonly string[]): Promise<void> {
    // the joined tables reading them changed with them
    const joins = ids.length ? await this.db.query<{ id: string }>('SELECT DISTINCT join_id AS id FROM data_source.join_inputs WHERE input_id = ANY($1::uuid[])', [ids]) : { rows: [] };
    const keys = [...new Set([...ids, ...joins.rows.map((j) => j.id)])].map(stampKeys.source);
    await bumpStamps(this.cache, keys).catch((e) => {
      this.logger.warn('renewing the stamps of changed sources failed; trying again', { dataSourceIds: ids, error: e });
      return bumpStamps(this.cache, keys);
    });
  }

  /** After a commit that wrote events: publish now rather than on the next tick. */
  published(): void {
    void this.relay.nudge();
  }
}
