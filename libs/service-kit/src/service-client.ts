import type { AppConfig, ServiceName } from '@bi/config';
import {
  EXTRA_CONTRACTS,
  HEALTH_CONTRACT,
  SERVICE_CONTRACTS,
  type chartQueryV1,
  type dashboardV1,
  type dataSourceQueryV1,
  type dataSourceV1,
  type healthV1,
  type identityV1,
  type relationV1,
  type templateV1,
  type warningV1,
} from '@bi/proto';
import type { ClientGrpc } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import { deadlines, FIXED_DEADLINES, type DeadlineConfig, type DeadlineName, type Deadlines } from './deadlines.js';
import { callService, connectService } from './grpc-client.js';

/** The typed client of each service's first contract. */
export interface ServiceContracts {
  identity: identityV1.IdentityServiceClient;
  dashboard: dashboardV1.DashboardServiceClient;
  'chart-query': chartQueryV1.ChartQueryServiceClient;
  'data-source': dataSourceV1.DataSourceServiceClient;
  relation: relationV1.RelationServiceClient;
  template: templateV1.TemplateServiceClient;
  warning: warningV1.WarningServiceClient;
}

/** The typed clients of the further contracts a service serves (EXTRA_CONTRACTS), by a short name. */
interface ExtraContracts {
  'data-source': { query: dataSourceQueryV1.DataSourceQueryServiceClient };
}
const EXTRA_NAMES: { [N in keyof ExtraContracts]: (keyof ExtraContracts[N])[] } = { 'data-source': ['query'] };

type Extras<N extends ServiceName> = N extends keyof ExtraContracts ? ExtraContracts[N] : unknown;

/**
 * A client of one service (docs/adr/0011-grpc-client-factory.md): one channel of its own carrying
 * every contract the service serves, balanced round-robin over its replicas, a call that finds a
 * replica gone (UNAVAILABLE) retried on another one, in-process calls when the service runs in this
 * process (embedded mode), and the named deadlines of the configuration.
 */
export type ServiceClient<N extends ServiceName> = {
  readonly name: N;
  /** the service's first contract */
  readonly service: ServiceContracts[N];
  /** the health contract every service serves */
  readonly health: healthV1.HealthServiceClient;
  /** the deadlines of the configuration */
  readonly deadlines: Deadlines;
  /** Awaits one call of this client with a named deadline ('default' unless told); failures become AppErrors. */
  call<T>(call: Observable<T>, deadline?: DeadlineName): Promise<T>;
  /** The grpc-js client of the first contract, for a client-streaming call with flow control (its deadline: deadlineOption). */
  raw<T>(): T;
  close(): void;
} & Extras<N>;

export interface ServiceClientOptions {
  /** addresses to call instead of the configured ones (the container health check calls its own port) */
  addresses?: readonly string[];
  /** the largest answer accepted (bytes) */
  maxMessageBytes?: number;
}

/** What a client is made from: the services' addresses and what the deadlines depend on. */
export type ClientConfig = DeadlineConfig & { readonly services: Pick<AppConfig['services'], ServiceName> };

/** The one way to call another service: `serviceClient(config, 'chart-query')`. */
export function serviceClient<N extends ServiceName>(config: ClientConfig, name: N, options: ServiceClientOptions = {}): ServiceClient<N> {
  const channel = connectService(name, options.addresses ?? config.services[name], options.maxMessageBytes);
  const named = deadlines(config);
  const extraNames = (EXTRA_NAMES as Partial<Record<ServiceName, string[]>>)[name] ?? [];
  const extras = Object.fromEntries(extraNames.map((short, i) => [short, channel.getService(EXTRA_CONTRACTS[name]![i].service)]));
  return {
    name,
    service: channel.getService<ServiceContracts[N]>(SERVICE_CONTRACTS[name].service),
    health: channel.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service),
    deadlines: named,
    call: <T>(call: Observable<T>, deadline: DeadlineName = 'default') => callService(call, named[deadline]),
    raw: <T>() => (channel as unknown as { getClientByServiceName<R>(service: string): R }).getClientByServiceName<T>(SERVICE_CONTRACTS[name].service),
    close: () => closeChannel(channel),
    ...extras,
  } as ServiceClient<N>;
}

/** The clients of several services, closed together (e.g. on module destroy: Nest calls onModuleDestroy of a provider's value). */
export type ServiceClients<N extends ServiceName> = { readonly [K in N]: ServiceClient<K> } & { close(): void; onModuleDestroy(): void };

export function serviceClients<N extends ServiceName>(config: ClientConfig, names: readonly N[]): ServiceClients<N> {
  const clients = Object.fromEntries(names.map((n) => [n, serviceClient(config, n)])) as { [K in N]: ServiceClient<K> };
  const close = () => {
    for (const n of names) clients[n].close();
  };
  return { ...clients, close, onModuleDestroy: close };
}

function closeChannel(channel: ClientGrpc): void {
  (channel as unknown as { close?: () => void }).close?.();
}

/**
 * The health status of the service listening at one address (a replica being started, the container's
 * own port), 'UNREACHABLE' when it does not answer within deadlineMs; its channel is closed after.
 */
export async function healthOf(name: ServiceName, address: string, deadlineMs: number = FIXED_DEADLINES.health): Promise<string> {
  const channel = connectService(name, [address]);
  try {
    return (await callService(channel.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service).check({}), deadlineMs)).status;
  } catch {
    return 'UNREACHABLE';
  } finally {
    closeChannel(channel);
  }
}
