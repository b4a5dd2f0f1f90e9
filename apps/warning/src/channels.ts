import { join } from 'node:path';
import { Inject, Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { readOrCreateSecretFile, type Logger } from '@bi/core';
import { ChannelDriverFactory, DeliveryWorker, MAIL_CHANNEL, failed, type DeliveryContext, type DeliveryOutcome, type DeliveryPayload } from '@bi/delivery';
import { outboundPolicy, type Resolver } from '@bi/outbound';
import type { SqlDatabase } from '@bi/persistence';
import { CONFIG, DATABASE, LOGGER } from '@bi/service-kit';
import { WARNING_SCHEMA } from './migrations.js';
import { Robots } from './robots.js';

/** Tests: a resolver standing in for DNS (a name that resolves to loopback); unset: the system's. */
export const OUTBOUND_RESOLVER = Symbol('OUTBOUND_RESOLVER');

/**
 * The channel of an alert's webhook by its format: json → the signed JSON webhook, wecom → the WeCom
 * robot's text (each a driver of @bi/delivery; a new robot format is a new driver named alike).
 */
export function webhookChannel(format: string | undefined): string {
  return !format || format === 'json' ? 'webhook' : format;
}

/** Whether a delivery's channel is what an alert message calls its mail (else its webhook). */
export const isMailChannel = (channel: string) => channel === MAIL_CHANNEL;

/**
 * The warning service's deliveries (@bi/delivery): warning.deliveries sent in rounds by the channels'
 * drivers with the service's SMTP server, webhook secret and outbound targets policy (BI_OUTBOUND_ALLOW).
 */
@Injectable()
export class AlertDeliveries implements OnModuleInit, OnModuleDestroy {
  private readonly worker: DeliveryWorker;
  private readonly factory: ChannelDriverFactory;
  private readonly ctx: DeliveryContext;

  constructor(
    @Inject(DATABASE) db: SqlDatabase,
    @Inject(CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    robots: Robots,
    @Optional() @Inject(OUTBOUND_RESOLVER) resolver?: Resolver,
  ) {
    const signingSecret = config.alerts.webhookSecret ?? readOrCreateSecretFile(join(config.dataDir, 'secrets', 'webhook-secret'));
    this.factory = new ChannelDriverFactory({ smtp: config.alerts.smtp });
    // a `robot:<id>` recipient (an alert's or a shared chart's robot) is looked up at each try
    this.ctx = { outbound: outboundPolicy(config.outbound.allow), signingSecret, robot: (id) => robots.target(id), ...(resolver ? { resolve: resolver } : {}) };
    this.worker = new DeliveryWorker(db, WARNING_SCHEMA, this.factory, this.ctx, { warn: (msg, fields) => logger.warn(`alert ${msg}`, fields) });
  }

  /**
   * Sends one message now through the channel's driver (the same drivers, rate limits and outbound
   * policy as the queued deliveries): a chart shared to chat, whose sender waits for the outcome.
   */
  async sendNow(channel: string, recipient: string, payload: DeliveryPayload): Promise<DeliveryOutcome> {
    const driver = this.factory.driverFor(channel);
    if (!driver) return failed(`no driver for channel ${channel}`);
    return driver.send({ id: '', origin: 'run', originKey: '', channel, recipient, payload, attempts: 1 }, this.ctx);
  }

  onModuleInit(): void {
    this.worker.start(1_000);
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker.stop();
  }

  /** Sends the due deliveries now; answers how many were tried. */
  nudge(): Promise<number> {
    return this.worker.nudge();
  }
}
