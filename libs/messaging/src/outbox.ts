import { randomUUID } from 'node:crypto';
import type { Logger } from '@bi/core';
import { assertIdentifier, type Migration, type SqlDatabase, type SqlExecutor } from '@bi/persistence';
import type { EventBus } from './event-bus.js';
import { Rounds } from './rounds.js';

/** The outbox table of a service schema; include it in that service's migrations. */
export function outboxMigration(schema: string, id = '0000_outbox'): Migration {
  assertIdentifier(schema);
  return {
    id,
    sql: `CREATE TABLE ${schema}.outbox (
      seq bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      topic text NOT NULL,
      key text NOT NULL,
      payload bytea NOT NULL,
      headers jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      attempts int NOT NULL DEFAULT 0,
      last_error text
    );
    CREATE INDEX outbox_unpublished ON ${schema}.outbox (seq) WHERE published_at IS NULL;`,
  };
}

export interface OutboxEvent {
  topic: string;
  key: string;
  payload: Uint8Array;
  eventId?: string;
  headers?: Record<string, string>;
}

/** Writes the event in the caller's transaction, so it exists exactly when the state change does. */
export async function enqueueEvent(tx: SqlExecutor, schema: string, event: OutboxEvent): Promise<string> {
  const eventId = event.eventId ?? randomUUID();
  await tx.query(`INSERT INTO ${assertIdentifier(schema)}.outbox (event_id, topic, key, payload, headers) VALUES ($1, $2, $3, $4, $5)`, [
    eventId,
    event.topic,
    event.key,
    Buffer.from(event.payload),
    JSON.stringify({ ...event.headers, 'event-id': eventId }),
  ]);
  return eventId;
}

interface OutboxRow {
  seq: number;
  event_id: string;
  topic: string;
  key: string;
  payload: Uint8Array;
  headers: Record<string, string>;
}

/**
 * Publishes committed outbox rows in sequence order, at least once. A publish failure leaves the
 * rows in place (and stops the round, keeping order); the next round tries again.
 */
export class OutboxRelay {
  private readonly rounds: Rounds;

  constructor(
    private readonly db: SqlDatabase,
    private readonly schema: string,
    private readonly bus: EventBus,
    private readonly logger?: Logger,
    private readonly options: { intervalMs?: number; batchSize?: number } = {},
  ) {
    assertIdentifier(schema);
    this.rounds = new Rounds(
      () => this.publishBatch(),
      (e) => this.logger?.warn('outbox relay could not publish; will retry', { schema: this.schema, error: e }),
      options.intervalMs ?? 1000,
    );
  }

  start(): void {
    this.rounds.start();
  }

  /** Runs a round now (called after a commit that wrote events); rounds never overlap. */
  nudge(): Promise<number> {
    return this.rounds.nudge();
  }

  async stop(): Promise<void> {
    await this.rounds.stop();
  }

  private async publishBatch(): Promise<number> {
    let published = 0;
    for (;;) {
      let attempted: number[] = [];
      const n = await this.db
        .transaction(async (tx) => {
          // One relay per schema at a time (replicas may run several), or batches could overtake
          // each other and break the per-key order.
          const lock = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS ok', [`outbox:${this.schema}`]);
          if (!lock.rows[0].ok) return 0;
          const { rows } = await tx.query<OutboxRow>(
            `SELECT seq, event_id, topic, key, payload, headers FROM ${this.schema}.outbox
             WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
            [this.options.batchSize ?? 100],
          );
          if (!rows.length) return 0;
          attempted = rows.map((r) => r.seq);
          await this.bus.publish(rows.map((r) => ({ topic: r.topic, key: r.key, value: new Uint8Array(r.payload), headers: r.headers })));
          await tx.query(`UPDATE ${this.schema}.outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [attempted]);
          return rows.length;
        })
        .catch(async (e) => {
          // The transaction rolled back; note the failed try outside it, for operators.
          if (attempted.length)
            await this.db
              .query(`UPDATE ${this.schema}.outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = ANY($1::bigint[])`, [attempted, String(e).slice(0, 1000)])
              .catch(() => undefined);
          throw e;
        });
      published += n;
      if (n === 0) return published;
    }
  }
}
