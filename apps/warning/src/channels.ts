import { join } from 'node:path';
import { Inject, Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { readOrCreateSecretFile, type Logger } from '@bi/core';
import { ChannelDriverFactory, DeliveryWorker, MAIL_CHANNEL } from '@bi/delivery';
import { outboundPolicy, type Resolver } from '@bi/outbound';
import type { SqlDatabase } from '@bi/persistence';
import { CONFIG, DATABASE, LOGGER } from '@bi/service-kit';
import { WARNING_SCHEMA } from './migrations.js';

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

  constructor(
    @Inject(DATABASE) db: SqlDatabase,
    @Inject(CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    @Optional() @Inject(OUTBOUND_RESOLVER) resolver?: Resolver,
  ) {
    const signingSecret = config.alerts.webhookSecret ?? readOrCreateSecretFile(join(config.dataDir, 'secrets', 'webhook-secret'));
    this.worker = new DeliveryWorker(
      db,
      WARNING_SCHEMA,
      new ChannelDriverFactory({ smtp: config.alerts.smtp }),
      { outbound: outboundPolicy(config.outbound.allow), signingSecret, ...(resolver ? { resolve: resolver } : {}) },
      { warn: (msg, fields) => logger.warn(`alert ${msg}`, fields) },
    );
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
