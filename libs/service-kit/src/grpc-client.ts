import type { ServiceName } from '@bi/config';
import { AppError } from '@bi/core';
import { EXTRA_CONTRACTS, GRPC_LOADER_OPTIONS, HEALTH_CONTRACT, protoPath, SERVICE_CONTRACTS } from '@bi/proto';
import { ClientProxyFactory, Transport, type ClientGrpc } from '@nestjs/microservices';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { firstValueFrom, retry, throwError, timeout, timer, type Observable } from 'rxjs';
import { DEFAULT_DEADLINE_MS } from './deadlines.js';
import { fromGrpcError } from './grpc-errors.js';
import { inProcessAware } from './in-process.js';

/**
 * Round-robin over a service's replicas, and a call that finds a replica gone (UNAVAILABLE: nothing
 * was processed) is retried on another one, so killing a replica fails no request.
 */
export const GRPC_SERVICE_CONFIG = JSON.stringify({
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

/**
 * The channel of a client of one service (callers use serviceClient, service-client.ts): every contract it serves (its first one, the further ones of
 * EXTRA_CONTRACTS, health) over one channel of its own, so a service calling another one (chart-query
 * → dashboard, data-source) behaves like the BFF does. A unary call to a server running in this
 * process (embedded host) is made in-process, on gRPC's terms (in-process.ts).
 */
export function connectService(name: ServiceName, addresses: readonly string[], maxMessageBytes = 16 * 1024 * 1024): ClientGrpc {
  const client = grpcClient(name, addresses, maxMessageBytes);
  return addresses.length === 1 ? inProcessAware(client, addresses[0], maxMessageBytes) : client;
}

function grpcClient(name: ServiceName, addresses: readonly string[], maxMessageBytes: number): ClientGrpc {
  const contracts = [SERVICE_CONTRACTS[name], ...(EXTRA_CONTRACTS[name] ?? []), HEALTH_CONTRACT];
  return ClientProxyFactory.create({
    transport: Transport.GRPC,
    options: {
      url: grpcTarget(addresses),
      package: [...new Set(contracts.map((c) => c.package))],
      protoPath: contracts.map(protoPath),
      loader: GRPC_LOADER_OPTIONS,
      maxReceiveMessageLength: maxMessageBytes,
      channelOptions: {
        'grpc.service_config': GRPC_SERVICE_CONFIG,
        'grpc.enable_retries': 1,
        'grpc.dns_min_time_between_resolutions_ms': 1000,
        // A channel of its own: a restarted host (tests, embedded restarts) must not inherit dead connections.
        'grpc.use_local_subchannel_pool': 1,
      },
    },
  }) as unknown as ClientGrpc;
}

/**
 * A call made in the instant after a replica died can still be written to its dropped connection,
 * before the channel has noticed; grpc-js then fails it with UNAVAILABLE without trying another
 * replica. The call observable is cold (each subscription is a new call), so it is made again, on
 * the same terms as the channel's own retry policy (UNAVAILABLE: nothing was processed).
 */
const UNAVAILABLE_RETRIES = 2;
const retryUnavailable = <T>(call: Observable<T>) =>
  call.pipe(
    retry({
      count: UNAVAILABLE_RETRIES,
      delay: (error: { code?: number }, attempt) => (error?.code === GrpcStatus.UNAVAILABLE ? timer(50 * attempt) : throwError(() => error)),
    }),
  );

/** Awaits one gRPC call with a deadline (one of deadlines(config), service-kit's deadlines.ts); failures become AppErrors (translated by the BFF). */
export async function callService<T>(call: Observable<T>, timeoutMs = DEFAULT_DEADLINE_MS): Promise<T> {
  try {
    return await firstValueFrom(retryUnavailable(call).pipe(timeout(timeoutMs)));
  } catch (e) {
    if ((e as Error)?.name === 'TimeoutError') throw new AppError('unavailable', 'service.unavailable');
    throw fromGrpcError(e);
  }
}
