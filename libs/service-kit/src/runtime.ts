import type { AppConfig } from '@bi/config';
import { Logger } from '@bi/core';
import { createCache, type Cache } from '@bi/cache';
import { createEventBus, type EventBus } from '@bi/messaging';
import { openDatabase, type SqlDatabase } from '@bi/persistence';

/** The infrastructure a service runs on, chosen by configuration (ARCHITECTURE §3). */
export interface ServiceRuntime {
  config: AppConfig;
  db: SqlDatabase;
  bus: EventBus;
  cache: Cache;
  logger: Logger;
  /**
   * The services on this runtime run in one process (the embedded host sets it): their unary gRPC
   * methods are also served to callers of the process directly (in-process.ts).
   */
  inProcess?: boolean;
}

/** Nest injection tokens for the runtime parts. */
export const CONFIG = Symbol('BI_CONFIG');
export const DATABASE = Symbol('BI_DATABASE');
export const EVENT_BUS = Symbol('BI_EVENT_BUS');
export const CACHE = Symbol('BI_CACHE');
export const LOGGER = Symbol('BI_LOGGER');

export function runtimeProviders(runtime: ServiceRuntime, serviceName: string) {
  return [
    { provide: CONFIG, useValue: runtime.config },
    { provide: DATABASE, useValue: runtime.db },
    { provide: EVENT_BUS, useValue: runtime.bus },
    { provide: CACHE, useValue: runtime.cache },
    { provide: LOGGER, useValue: runtime.logger.child(serviceName) },
  ];
}

/** Opens the stores of one process. The embedded host opens one runtime and shares it. */
export async function openRuntime(config: AppConfig, logger = new Logger('bi', config.logLevel), clientId = 'bi'): Promise<ServiceRuntime> {
  const db = await openDatabase(config.metadataStore);
  const bus = createEventBus(config.eventBus, logger.child('event-bus'), clientId);
  const cache = createCache(config.cache);
  return { config, db, bus, cache, logger };
}

export async function closeRuntime(runtime: ServiceRuntime): Promise<void> {
  await runtime.bus.close().catch(() => undefined);
  await runtime.cache.close().catch(() => undefined);
  await runtime.db.close();
}
