import { Module } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { migrate } from '@bi/persistence';
import { CONFIG, serviceModule, startGrpcService, type ServiceRuntime } from '@bi/service-kit';
import { BACKENDS, GrpcBackends, type WarningBackends } from './backends.js';
import type { Resolver } from '@bi/outbound';
import { AlertDeliveries, OUTBOUND_RESOLVER } from './channels.js';
import { MessagesService } from './messages.service.js';
import { Robots } from './robots.js';
import { WARNING_MIGRATIONS, WARNING_SCHEMA } from './migrations.js';
import { WarningGrpcController } from './warning.grpc.controller.js';
import { CLOCK, systemClock, WarningEngine, type Clock } from './warning.engine.js';
import { GrpcReportBackends, REPORT_BACKENDS, type ReportBackends } from './subscriptions/backends.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';

@Module({})
export class WarningModule {}

export { WARNING_MIGRATIONS, WARNING_SCHEMA } from './migrations.js';
export { WarningEngine, uuidOf, type Clock } from './warning.engine.js';
export { signBody } from '@bi/delivery';
export { SubscriptionsService, SUBSCRIPTION_LOG_PRUNE_JOB, SUBSCRIPTIONS_JOB } from './subscriptions/subscriptions.service.js';

export interface WarningServiceOptions {
  /** tests: fake chart-query / identity calls and a fake clock */
  backends?: WarningBackends;
  clock?: Clock;
  /** tests: a resolver standing in for DNS for webhook targets (e.g. a name that resolves to loopback) */
  resolver?: Resolver;
  /** tests: fake dashboard calls of report subscriptions */
  reportBackends?: ReportBackends;
}

/**
 * Migrates the warning schema and serves WarningService; runs the alert engine (rules from
 * dashboard.chart-changed, evaluation on datasource.data-changed and at the hours of timed rules),
 * its outbox relay and the alert deliveries (@bi/delivery: mail, webhook, WeCom robot).
 */
export async function startWarningService(runtime: ServiceRuntime, url: string, options: WarningServiceOptions = {}) {
  await migrate(runtime.db, WARNING_SCHEMA, WARNING_MIGRATIONS);
  const app = await startGrpcService(
    'warning',
    serviceModule(WarningModule, 'warning', runtime, {
      controllers: [WarningGrpcController],
      providers: [
        MessagesService,
        Robots,
        AlertDeliveries,
        WarningEngine,
        SubscriptionsService,
        options.reportBackends ? { provide: REPORT_BACKENDS, useValue: options.reportBackends } : { provide: REPORT_BACKENDS, useFactory: (config: AppConfig) => new GrpcReportBackends(config), inject: [CONFIG] },
        options.backends ? { provide: BACKENDS, useValue: options.backends } : { provide: BACKENDS, useFactory: (config: AppConfig) => new GrpcBackends(config), inject: [CONFIG] },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        ...(options.resolver ? [{ provide: OUTBOUND_RESOLVER, useValue: options.resolver }] : []),
      ],
    }),
    runtime,
    url,
  );
  const engine = app.get(WarningEngine);
  const deliveries = app.get(AlertDeliveries);
  engine.onDeliveries = () => void deliveries.nudge();
  // a report run's mails go out at once (the same worker sends alerts' and reports' deliveries)
  app.get(SubscriptionsService).onDeliveries = () => deliveries.nudge();
  return app;
}
