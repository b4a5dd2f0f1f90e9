import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { Inject, Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '@bi/config';
import { readOrCreateSecretFile, type Logger } from '@bi/core';
import { Rounds } from '@bi/messaging';
import { outboundPolicy, sendOutbound, TargetNotAllowed, type OutboundPolicy, type Resolver } from '@bi/outbound';
import type { SqlDatabase } from '@bi/persistence';
import { CONFIG, DATABASE, LOGGER } from '@bi/service-kit';

/** Tests: a resolver standing in for DNS (a name that resolves to loopback); unset: the system's. */
export const OUTBOUND_RESOLVER = Symbol('OUTBOUND_RESOLVER');

export const DELIVERY_MAX_ATTEMPTS = 6;
/** Back-off before try n+1: 5 s, 10 s, 20 s, 40 s, 80 s (then the delivery is failed). */
export function backoffMs(attempts: number): number {
  return 5_000 * 2 ** Math.max(0, attempts - 1);
}

/** The webhook signature header value: sha256=<hex HMAC-SHA256 of the raw body>. */
export function signBody(secret: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

interface DeliveryRow {
  id: number;
  firing_key: string;
  channel: 'mail' | 'webhook';
  request: { to?: string[]; subject?: string; text?: string; url?: string; format?: 'json' | 'wecom'; alert?: Record<string, unknown> & { message?: string; eventId?: string } };
  attempts: number;
}

/**
 * Mail (SMTP, nodemailer) and webhook (JSON with an HMAC-SHA256 signature, or a WeCom robot text)
 * deliveries of firings. Each channel of each firing is a row of warning.deliveries, leased before it is
 * sent so replicas never send it twice at once, retried with back-off, and its status is copied onto the
 * firing's messages (mail_status / webhook_status). A failing channel delays nothing else: the bell's
 * messages are committed before any delivery starts.
 *
 * Webhooks go through the outbound targets policy (@bi/outbound, BI_OUTBOUND_ALLOW): the name is resolved
 * and every address checked at each try, the post sent to the checked address, redirects not followed.
 * A target the policy refuses is not retried: the delivery and the messages' webhook status become
 * `not_allowed` ("target not allowed"); every other failure reads alike ("target not reachable",
 * "answered HTTP n"), so a status probes nothing.
 */
@Injectable()
export class DeliveryWorker implements OnModuleInit, OnModuleDestroy {
  private readonly rounds: Rounds;
  private readonly secret: string;
  private transport: Transporter | null = null;
  private readonly outbound: OutboundPolicy;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(OUTBOUND_RESOLVER) private readonly resolver?: Resolver,
  ) {
    this.outbound = outboundPolicy(config.outbound.allow);
    this.secret = config.alerts.webhookSecret ?? readOrCreateSecretFile(join(config.dataDir, 'secrets', 'webhook-secret'));
    this.rounds = new Rounds(() => this.round(), (e) => this.logger.warn('alert delivery round failed', { error: e }), 2_000);
  }

  onModuleInit(): void {
    this.rounds.start(1_000);
  }

  async onModuleDestroy(): Promise<void> {
    await this.rounds.stop();
    this.transport?.close();
  }

  /** Sends the due deliveries now (rounds never overlap); answers how many were tried. */
  nudge(): Promise<number> {
    return this.rounds.nudge();
  }

  private async round(): Promise<number> {
    // lease: a row is taken for 2 minutes; a crashed sender's rows come back after that
    const { rows } = await this.db.query<DeliveryRow>(
      `UPDATE warning.deliveries SET next_at = now() + interval '2 minutes', attempts = attempts + 1
       WHERE id IN (SELECT id FROM warning.deliveries WHERE status = 'pending' AND next_at <= now() ORDER BY next_at LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, firing_key, channel, request, attempts`,
    );
    await Promise.all(rows.map((d) => this.deliver(d)));
    return rows.length;
  }

  private async deliver(d: DeliveryRow): Promise<void> {
    let error: string | null = null;
    let refused = false;
    try {
      if (d.channel === 'mail') await this.sendMail(d);
      else await this.post(d);
    } catch (e) {
      refused = e instanceof TargetNotAllowed;
      error = e instanceof Error ? e.message : String(e);
    }
    const status = error === null ? 'sent' : refused ? 'not_allowed' : d.attempts >= DELIVERY_MAX_ATTEMPTS ? 'failed' : 'pending';
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE warning.deliveries SET status = $2, last_error = $3, next_at = now() + ($4::int * interval '1 millisecond') WHERE id = $1`, [
        d.id,
        status,
        error?.slice(0, 1000) ?? null,
        backoffMs(d.attempts),
      ]);
      const column = d.channel === 'mail' ? 'mail_status' : 'webhook_status';
      await tx.query(`UPDATE warning.messages SET ${column} = $2 WHERE firing_key = $1`, [d.firing_key, status]);
    });
    if (error !== null) this.logger.warn('alert delivery failed', { channel: d.channel, firingKey: d.firing_key, attempts: d.attempts, status, error });
  }

  private async sendMail(d: DeliveryRow): Promise<void> {
    const smtp = this.config.alerts.smtp;
    if (!smtp) throw new Error('SMTP not configured (BI_SMTP_HOST)');
    this.transport ??= nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      connectionTimeout: 10_000,
      socketTimeout: 20_000,
    });
    await this.transport.sendMail({ from: smtp.from, to: d.request.to ?? [], subject: d.request.subject ?? '', text: d.request.text ?? '' });
  }

  private async post(d: DeliveryRow): Promise<void> {
    const alert = d.request.alert ?? {};
    const body = d.request.format === 'wecom' ? JSON.stringify({ msgtype: 'text', text: { content: String(alert.message ?? '') } }) : JSON.stringify(alert);
    // the policy checks the URL (http/https, port), resolves the name, checks every address and posts to the checked one
    await sendOutbound(this.outbound, d.request.url ?? '', {
      headers: { 'content-type': 'application/json', 'x-bi-signature': signBody(this.secret, body), 'x-bi-event-id': String(alert.eventId ?? '') },
      body,
      timeoutMs: 10_000,
      ...(this.resolver ? { resolve: this.resolver } : {}),
    });
  }
}
