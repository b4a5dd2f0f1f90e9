import { randomUUID } from 'node:crypto';
import { Rounds } from '@bi/messaging';
import type { SqlDatabase } from '@bi/persistence';
import type { ChannelDriverFactory } from './factory.js';
import { backoffMs, DELIVERY_LEASE_MS, DELIVERY_MAX_ATTEMPTS, leaseDeliveries, settleDelivery } from './store.js';
import type { Delivery, DeliveryContext, DeliveryOutcome, DeliveryStatus } from './types.js';

export interface DeliveryLogger {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface DeliveryWorkerOptions {
  /** between rounds (default 2 s; a nudge runs one at once) */
  intervalMs?: number;
  /** deliveries leased per round (default 20), sent concurrently */
  batch?: number;
  maxAttempts?: number;
  leaseMs?: number;
}

/**
 * Sends the due deliveries of a schema's deliveries table in rounds: leases a batch (so replicas never
 * send one row twice at once), hands each row to its channel's driver (the factory's), and settles the
 * outcome: sent; retry with back-off (5 s doubling) until the attempts (6) are used up, then failed;
 * failed; not_allowed. A channel without a driver fails its rows. A failing row delays no other.
 */
export class DeliveryWorker {
  private readonly rounds: Rounds;
  private readonly batch: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;

  constructor(
    private readonly db: SqlDatabase,
    private readonly schema: string,
    private readonly factory: ChannelDriverFactory,
    private readonly ctx: DeliveryContext,
    private readonly logger: DeliveryLogger,
    options: DeliveryWorkerOptions = {},
  ) {
    this.batch = options.batch ?? 20;
    this.maxAttempts = options.maxAttempts ?? DELIVERY_MAX_ATTEMPTS;
    this.leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
    this.rounds = new Rounds(() => this.round(), (e) => this.logger.warn('delivery round failed', { error: e }), options.intervalMs ?? 2_000);
  }

  start(firstDelayMs = 1_000): void {
    this.rounds.start(firstDelayMs);
  }

  async stop(): Promise<void> {
    await this.rounds.stop();
    await this.factory.close();
  }

  /** Sends the due deliveries now (rounds never overlap); answers how many were tried. */
  nudge(): Promise<number> {
    return this.rounds.nudge();
  }

  private async round(): Promise<number> {
    const token = randomUUID();
    const due = await leaseDeliveries(this.db, this.schema, token, this.batch, this.leaseMs);
    await Promise.all(due.map((d) => this.deliver(d, token)));
    return due.length;
  }

  private async deliver(d: Delivery, token: string): Promise<void> {
    const driver = this.factory.driverFor(d.channel);
    let outcome: DeliveryOutcome;
    if (!driver) outcome = { kind: 'failed', reason: `no driver for channel ${d.channel}` };
    else outcome = await driver.send(d, this.ctx).catch((e: unknown) => ({ kind: 'retry', reason: e instanceof Error ? e.message : String(e) }) as DeliveryOutcome);
    const status: DeliveryStatus = outcome.kind === 'retry' ? (d.attempts >= this.maxAttempts ? 'failed' : 'pending') : outcome.kind;
    const error = outcome.kind === 'sent' ? null : outcome.reason;
    const retryInMs = outcome.kind === 'retry' && outcome.afterMs !== undefined ? outcome.afterMs : backoffMs(d.attempts);
    const settled = await settleDelivery(this.db, this.schema, { id: d.id, token, status, error, retryInMs });
    if (error !== null || !settled)
      this.logger.warn(settled ? 'delivery failed' : 'delivery lease lost before its result was kept', {
        channel: d.channel,
        origin: d.origin,
        originKey: d.originKey,
        attempts: d.attempts,
        status,
        error,
      });
  }
}
