import type { AppConfig, ServiceName } from '@bi/config';
import { AppError } from '@bi/core';
import { GRPC_LOADER_OPTIONS, HEALTH_CONTRACT, protoPath, SERVICE_CONTRACTS, type dashboardV1, type dataSourceV1, type healthV1, type identityV1 } from '@bi/proto';
import { fromGrpcError } from '@bi/service-kit';
import { ClientProxyFactory, Transport, type ClientGrpc } from '@nestjs/microservices';
import { firstValueFrom, timeout, type Observable } from 'rxjs';

export const IDENTITY_CLIENT = Symbol('IDENTITY_CLIENT');
export const HEALTH_CLIENTS = Symbol('HEALTH_CLIENTS');
export const DASHBOARD_CLIENT = Symbol('DASHBOARD_CLIENT');
export const DATA_SOURCE_CLIENT = Symbol('DATA_SOURCE_CLIENT');

export type HealthClients = Record<ServiceName, healthV1.HealthServiceClient>;

/**
 * Round-robin over a service's replicas, and a call that finds a replica gone (UNAVAILABLE: nothing
 * was processed) is retried on another one, so killing a replica fails no user request.
 */
const SERVICE_CONFIG = JSON.stringify({
  loadBalancingConfig: [{ round_robin: {} }],
  methodConfig: [
    {
      name: [{}],
      retryPolicy: { maxAttempts: 4, initialBackoff: '0.05s', maxBackoff: '1s', backoffMultiplier: 2, retryableStatusCodes: ['UNAVAILABLE'] },
    },
  ],
});

/** gRPC target for a service; several addresses (replicas) are balanced round-robin by grpc-js. */
export function grpcTarget(addresses: readonly string[]): string {
  return addresses.length === 1 ? addresses[0] : `ipv4:${addresses.join(',')}`;
}

function connect(name: ServiceName, config: AppConfig): ClientGrpc {
  const contract = SERVICE_CONTRACTS[name];
  return ClientProxyFactory.create({
    transport: Transport.GRPC,
    options: {
      url: grpcTarget(config.services[name]),
      package: [contract.package, HEALTH_CONTRACT.package],
      protoPath: [protoPath(contract), protoPath(HEALTH_CONTRACT)],
      loader: GRPC_LOADER_OPTIONS,
      channelOptions: {
        'grpc.service_config': SERVICE_CONFIG,
        'grpc.enable_retries': 1,
        'grpc.dns_min_time_between_resolutions_ms': 1000,
        // A channel of its own: a restarted host (tests, embedded restarts) must not inherit dead connections.
        'grpc.use_local_subchannel_pool': 1,
      },
    },
  }) as unknown as ClientGrpc;
}

export function grpcClientProviders(config: AppConfig) {
  const clients = Object.fromEntries((Object.keys(SERVICE_CONTRACTS) as ServiceName[]).map((n) => [n, connect(n, config)])) as Record<ServiceName, ClientGrpc>;
  return [
    { provide: IDENTITY_CLIENT, useValue: clients.identity.getService<identityV1.IdentityServiceClient>(SERVICE_CONTRACTS.identity.service) },
    { provide: DASHBOARD_CLIENT, useValue: clients.dashboard.getService<dashboardV1.DashboardServiceClient>(SERVICE_CONTRACTS.dashboard.service) },
    { provide: DATA_SOURCE_CLIENT, useValue: clients['data-source'].getService<dataSourceV1.DataSourceServiceClient>(SERVICE_CONTRACTS['data-source'].service) },
    {
      provide: HEALTH_CLIENTS,
      useValue: Object.fromEntries(Object.entries(clients).map(([n, c]) => [n, c.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service)])),
    },
  ];
}

/** Awaits one gRPC call with a deadline; failures become AppErrors the HTTP layer can translate. */
export async function rpc<T>(call: Observable<T>, timeoutMs = 15_000): Promise<T> {
  try {
    return await firstValueFrom(call.pipe(timeout(timeoutMs)));
  } catch (e) {
    if ((e as Error)?.name === 'TimeoutError') throw new AppError('unavailable', 'service.unavailable');
    throw fromGrpcError(e);
  }
}
