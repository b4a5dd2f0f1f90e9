import { assertIdentifier, type Migration, type SqlDatabase, type SqlExecutor } from '@bi/persistence';
import type { BusMessage, MessageHandler } from './event-bus.js';

/** The table of handled event ids of a service schema; include it in that service's migrations. */
export function processedEventsMigration(schema: string, id = '0000_processed_events'): Migration {
  assertIdentifier(schema);
  return {
    id,
    sql: `CREATE TABLE ${schema}.processed_events (
      consumer text NOT NULL,
      event_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    );`,
  };
}

/**
 * Makes a handler idempotent by event id (header `event-id`, set by the outbox): the id is recorded
 * in the same transaction as the handler's own writes, so a redelivered event is skipped, and a
 * failed handler leaves no record and is tried again.
 */
export function idempotent(
  db: SqlDatabase,
  schema: string,
  consumer: string,
  handler: (message: BusMessage, tx: SqlExecutor) => Promise<void>,
): MessageHandler {
  assertIdentifier(schema);
  return async (message) => {
    const eventId = message.headers?.['event-id'];
    if (!eventId) throw new Error(`message on ${message.topic} has no event-id header`);
    await db.transaction(async (tx) => {
      const r = await tx.query(`INSERT INTO ${schema}.processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [consumer, eventId]);
      if (r.rowCount === 0) return;
      await handler(message, tx);
    });
  };
}
