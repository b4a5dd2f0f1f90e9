import { assertIdentifier, type Migration, type SqlExecutor } from '@bi/persistence';
import type { Delivery, DeliveryOrigin, DeliveryPayload, DeliveryStatus } from './types.js';

export const DELIVERY_MAX_ATTEMPTS = 6;
/** Back-off before try n+1: 5 s, 10 s, 20 s, 40 s, 80 s (then the delivery is failed). */
export function backoffMs(attempts: number): number {
  return 5_000 * 2 ** Math.max(0, attempts - 1);
}
/** A leased row is this sender's for 2 minutes; a crashed sender's rows come back after that. */
export const DELIVERY_LEASE_MS = 120_000;

/**
 * The deliveries table of a schema, for a schema that has none yet (a service with an older table
 * writes its own migration from it: warning's 0005_deliveries). One row per (origin, recipient,
 * channel): its status, tries, next try (and lease), last error.
 */
export function deliveriesTableSql(schema: string): string {
  const s = assertIdentifier(schema);
  return `
CREATE TABLE ${s}.deliveries (
  id bigserial PRIMARY KEY,
  -- firing (an alert's) or run (a scheduled report's), and its key
  origin text NOT NULL CHECK (origin IN ('firing', 'run')),
  origin_key text NOT NULL,
  -- the driver: mail, webhook, wecom, …
  channel text NOT NULL,
  -- a mail address, a webhook or robot URL
  recipient text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'not_allowed')),
  attempts int NOT NULL DEFAULT 0,
  -- the next try; while leased, the lease's end
  next_at timestamptz NOT NULL DEFAULT now(),
  -- the sender holding the lease (only it settles the try)
  lease_token text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (origin, origin_key, channel, recipient)
);
CREATE INDEX deliveries_due ON ${s}.deliveries (next_at) WHERE status = 'pending';
`;
}

/** A migration creating the deliveries table in a new schema. */
export function deliveriesMigration(schema: string, id = '0001_deliveries'): Migration {
  return { id, sql: deliveriesTableSql(schema) };
}

export interface DeliveryTarget {
  channel: string;
  recipient: string;
}

/**
 * Queues the deliveries of one firing or run, one row per (recipient, channel), in the caller's
 * transaction (so they exist exactly when what they announce does). A row already queued is kept.
 * Answers how many rows were added.
 */
export async function enqueueDeliveries(
  tx: SqlExecutor,
  schema: string,
  d: { origin: DeliveryOrigin; originKey: string; targets: readonly DeliveryTarget[]; payload: DeliveryPayload },
): Promise<number> {
  const targets = d.targets.filter((t) => t.channel && t.recipient);
  if (!targets.length) return 0;
  const r = await tx.query(
    `INSERT INTO ${assertIdentifier(schema)}.deliveries (origin, origin_key, channel, recipient, payload)
     SELECT $1, $2, t.channel, t.recipient, $5::jsonb FROM unnest($3::text[], $4::text[]) AS t(channel, recipient)
     ON CONFLICT DO NOTHING`,
    [d.origin, d.originKey, targets.map((t) => t.channel), targets.map((t) => t.recipient), JSON.stringify(d.payload)],
  );
  return r.rowCount ?? 0;
}

interface LeasedRow {
  id: string | number;
  origin: DeliveryOrigin;
  origin_key: string;
  channel: string;
  recipient: string;
  payload: DeliveryPayload;
  attempts: number;
}

/**
 * Leases up to `limit` due deliveries to `token` (one sender's try): each row's attempts counted and
 * its next try moved past the lease, so no other sender takes it meanwhile (rows locked by another
 * sender's lease are skipped). A crashed sender's rows are due again when the lease ends.
 */
export async function leaseDeliveries(db: SqlExecutor, schema: string, token: string, limit: number, leaseMs = DELIVERY_LEASE_MS): Promise<Delivery[]> {
  const s = assertIdentifier(schema);
  const { rows } = await db.query<LeasedRow>(
    `UPDATE ${s}.deliveries SET next_at = now() + ($3::int * interval '1 millisecond'), attempts = attempts + 1, lease_token = $1
     WHERE id IN (SELECT id FROM ${s}.deliveries WHERE status = 'pending' AND next_at <= now() ORDER BY next_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id, origin, origin_key, channel, recipient, payload, attempts`,
    [token, limit, leaseMs],
  );
  return rows.map((r) => ({ id: String(r.id), origin: r.origin, originKey: r.origin_key, channel: r.channel, recipient: r.recipient, payload: r.payload, attempts: r.attempts }));
}

/**
 * Records a try's result: the status, the error kept, the next try. Only the lease's holder settles
 * (a sender whose lease ran out and was taken over writes nothing); answers whether it did.
 */
export async function settleDelivery(
  db: SqlExecutor,
  schema: string,
  s: { id: string; token: string; status: DeliveryStatus; error: string | null; retryInMs: number },
): Promise<boolean> {
  const r = await db.query(
    `UPDATE ${assertIdentifier(schema)}.deliveries
     SET status = $3, last_error = $4, next_at = now() + ($5::int * interval '1 millisecond'), lease_token = NULL,
       sent_at = CASE WHEN $3 = 'sent' THEN now() ELSE sent_at END
     WHERE id = $1 AND lease_token = $2`,
    [s.id, s.token, s.status, s.error?.slice(0, 1000) ?? null, Math.max(0, Math.round(s.retryInMs))],
  );
  return (r.rowCount ?? 0) > 0;
}

/** The channels and statuses of the deliveries of some firings or runs, by key. */
export async function deliveryStatuses(db: SqlExecutor, schema: string, origin: DeliveryOrigin, keys: readonly string[]): Promise<Map<string, { channel: string; status: DeliveryStatus }[]>> {
  const out = new Map<string, { channel: string; status: DeliveryStatus }[]>();
  if (!keys.length) return out;
  const { rows } = await db.query<{ origin_key: string; channel: string; status: DeliveryStatus }>(
    `SELECT origin_key, channel, status FROM ${assertIdentifier(schema)}.deliveries WHERE origin = $1 AND origin_key = ANY($2::text[])`,
    [origin, [...new Set(keys)]],
  );
  for (const r of rows) {
    const list = out.get(r.origin_key) ?? [];
    list.push({ channel: r.channel, status: r.status });
    out.set(r.origin_key, list);
  }
  return out;
}

/**
 * One status for several deliveries (a mail to several addresses, a channel's rows): pending while any
 * is pending; else sent when any was sent (as one mail to several addresses is sent when the server
 * accepts any of them); else failed, else not_allowed. Undefined for none.
 */
export function summarizeStatus(statuses: readonly DeliveryStatus[]): DeliveryStatus | undefined {
  for (const s of ['pending', 'sent', 'failed', 'not_allowed'] as const) if (statuses.includes(s)) return s;
  return undefined;
}
