import { fileURLToPath } from 'node:url';

import type { AppConfig, ServiceName } from '@bi/config';
import { Logger } from '@bi/core';
import { createBffApp } from '@bi/bff';
import { startChartQueryService } from '@bi/chart-query';
import { startDashboardService } from '@bi/dashboard';
import { startDataSourceService } from '@bi/data-source';
import { startIdentityService } from '@bi/identity';
import { startRelationService } from '@bi/relation';
import { startTemplateService } from '@bi/template';
import { startWarningService, type WarningServiceOptions } from '@bi/warning';
import { closeRuntime, openRuntime, type ServiceRuntime } from '@bi/service-kit';
import { startDemoErp, type DemoErp } from './demo-erp.js';

/** A started service: a Nest application (its providers by class, for tests that drive a job round). */
type StartedService = { close(): Promise<void>; get?(token: unknown): unknown };
type Starter = (runtime: ServiceRuntime, url: string, options?: WarningServiceOptions) => Promise<StartedService>;

/** Start order: identity first (it seeds the users), the BFF last (it needs them all). */
const SERVICES: [ServiceName, Starter][] = [
  ['identity', startIdentityService],
  ['dashboard', startDashboardService],
  ['chart-query', startChartQueryService],
  ['data-source', startDataSourceService],
  ['relation', startRelationService],
  ['template', startTemplateService],
  ['warning', startWarningService],
];

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface EmbeddedHost {
  url: string;
  runtime: ServiceRuntime;
  /** A provider of a service's Nest application (tests: run a job round of a service now). */
  provider<T>(service: ServiceName, token: abstract new (...args: never[]) => T): T;
  stop(): Promise<void>;
}

/**
 * Every service and the BFF in one Node process, sharing one runtime (PGlite, in-process bus,
 * memory cache). Each service still listens on its gRPC address (health, streaming calls), and a
 * unary call between them is made in-process on gRPC's terms: contract codecs, the service's error
 * filter, size limits (@bi/service-kit in-process.ts, docs/adr/0005-in-process-calls-in-embedded-mode.md).
 */
export async function startEmbeddedHost(
  config: AppConfig,
  logger = new Logger('bi', config.logLevel),
  // Tests hand in a runtime over a test database; the host owns and closes it either way.
  runtime?: ServiceRuntime,
  // tests: the warning service's stand-ins (a resolver for webhook targets)
  options: { warning?: WarningServiceOptions } = {},
): Promise<EmbeddedHost> {
  runtime ??= await openRuntime(config, logger);
  runtime.inProcess = true;
  const started: StartedService[] = [];
  const services = new Map<ServiceName, StartedService>();
  let demoErp: DemoErp | undefined;
  try {
    // before the services: they read the outbound policy (which opens the provider's port) when they start
    demoErp = await startDemoErp(config, runtime, logger);
    if (demoErp) started.push(demoErp);
    for (const [name, start] of SERVICES) {
      const service = await start(runtime, config.services[name][0], name === 'warning' ? options.warning : undefined);
      started.push(service);
      services.set(name, service);
    }
    // the BFF reads the services' freshness stamps from the runtime's cache (docs/adr/0003-bff-answer-cache.md)
    const bff = await createBffApp(config, logger, config.webDist ?? DEFAULT_WEB_DIST, runtime.cache, runtime.bus);
    await bff.listen(config.port, config.host);
    started.push(bff);
    demoErp?.register().catch((e: unknown) => logger.warn('demo ERP account not registered', { error: e }));
  } catch (e) {
    for (const s of started.reverse()) await s.close().catch(() => undefined);
    await closeRuntime(runtime);
    throw e;
  }
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const port = (started.at(-1) as { getHttpServer?: () => { address(): { port: number } } }).getHttpServer?.().address().port ?? config.port;
  return {
    url: `http://${host}:${port}`,
    runtime: runtime!,
    provider: <T,>(service: ServiceName, token: abstract new (...args: never[]) => T) => services.get(service)!.get!(token) as T,
    async stop() {
      for (const s of [...started].reverse()) await s.close().catch((e) => logger.warn('error while stopping', { error: e }));
      await closeRuntime(runtime!);
    },
  };
}

