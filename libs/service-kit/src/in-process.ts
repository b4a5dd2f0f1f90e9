import { EventEmitter } from 'node:events';
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import { ServerGrpc, type ClientGrpc } from '@nestjs/microservices';
import { Observable } from 'rxjs';

/**
 * In-process calls (embedded mode, docs/adr/0005-in-process-calls-in-embedded-mode.md): when a service's gRPC server
 * runs in the same process as its caller, a unary call goes to the server's own handler directly
 * instead of over loopback HTTP/2. Everything else stays the gRPC path's:
 *
 * - the request and the answer are encoded and decoded with the contract's codecs (the same
 *   proto-loader serializers grpc-js uses), so each side has its own copy shaped exactly as the wire
 *   makes it (defaults, enums, longs) and neither can change the other's objects;
 * - the handler is the one grpc-js would call (Nest's processing hooks, pipes, the GrpcAppErrorFilter),
 *   and a failure reaches the caller as grpc-js delivers it (code, details, metadata), so
 *   fromGrpcError maps it to the same AppError;
 * - the size limits of the channel (the server's receive limit, the client's maxReceiveMessageLength)
 *   fail a call with RESOURCE_EXHAUSTED as grpc-js does;
 * - the caller's deadline (callService's timeout) and unsubscribe work as before; an unsubscribed call
 *   is marked cancelled for the handler, as a cancelled gRPC call is;
 * - streaming methods (data-source ExportRows, UploadChunks) keep going over gRPC.
 *
 * Servers register under the address they listen on and clients look that address up at each call,
 * so a client made before its server started (chart-query's clients of data-source) switches over
 * once it is up, two hosts in one process (tests) never cross, and a process whose service runs
 * elsewhere (distributed mode) finds nothing and uses gRPC.
 */

/** The grpc-js method definition (proto-loader): path, streaming flags and the four codecs. */
interface MethodDefinition {
  path: string;
  requestStream: boolean;
  responseStream: boolean;
  requestSerialize(value: unknown): Buffer;
  requestDeserialize(bytes: Buffer): unknown;
  responseSerialize(value: unknown): Buffer;
  responseDeserialize(bytes: Buffer): unknown;
}

type UnaryCallback = (error: unknown, value?: unknown) => void;
type UnaryHandler = (call: unknown, callback: UnaryCallback) => unknown;

interface LocalMethod {
  definition: MethodDefinition;
  handler: UnaryHandler;
  /** the server's receive limit for a request (grpc-js' default 4 MiB unless configured) */
  maxRequestBytes: number;
}

/** Served methods by listening address, then by method path (`/package.Service/Method`). */
const served = new Map<string, Map<string, LocalMethod>>();

/** grpc-js' default receive limit of a server (and of a channel not given one). */
const GRPC_DEFAULT_MAX_RECEIVE = 4 * 1024 * 1024;

/** The unary method served in this process at address, if any. */
export function localMethod(address: string, path: string): LocalMethod | undefined {
  return served.get(address)?.get(path);
}

/** Whether some service registered in-process calls under address (tests, health). */
export function servesInProcess(address: string): boolean {
  return served.has(address);
}

/**
 * The gRPC server strategy of a service that also serves in-process callers: grpc-js still listens
 * (health checks, streaming calls, other processes), and every unary method it binds is registered
 * under the listening address until the server closes.
 */
export class InProcessServerGrpc extends ServerGrpc {
  private readonly methods = new Map<string, LocalMethod>();

  constructor(
    private readonly address: string,
    options: ConstructorParameters<typeof ServerGrpc>[0],
  ) {
    super(options);
    this.maxRequestBytes = (options as { maxReceiveMessageLength?: number }).maxReceiveMessageLength ?? GRPC_DEFAULT_MAX_RECEIVE;
  }

  private readonly maxRequestBytes: number;

  override async createService(grpcService: { prototype: Record<string, MethodDefinition> }, name: string): Promise<{}> {
    const service = (await super.createService(grpcService, name)) as Record<string, UnaryHandler>;
    for (const [methodName, handler] of Object.entries(service)) {
      const definition = grpcService.prototype[methodName];
      if (!definition?.path || definition.requestStream || definition.responseStream) continue;
      this.methods.set(definition.path, { definition, handler, maxRequestBytes: this.maxRequestBytes });
    }
    return service;
  }

  override async listen(callback: (...optionalParams: unknown[]) => unknown): Promise<void> {
    await super.listen((...args: unknown[]) => {
      if (!args[0]) served.set(this.address, this.methods);
      return callback(...args);
    });
  }

  override async close(): Promise<void> {
    if (served.get(this.address) === this.methods) served.delete(this.address);
    await super.close();
  }
}

/** The error object grpc-js hands a client for a failed call (client-side `callErrorFromStatus`). */
function callError(code: number, details: string, metadata = new Metadata()): Error & { code: number; details: string; metadata: Metadata } {
  const error = new Error(`${code} ${GrpcStatus[code]}: ${details}`) as Error & { code: number; details: string; metadata: Metadata };
  return Object.assign(error, { code, details, metadata });
}

/** What grpc-js' server sends for an error handed to a unary callback. */
function serverError(error: unknown) {
  const e = (error ?? {}) as { code?: unknown; details?: unknown; message?: unknown; metadata?: unknown };
  const code = typeof e.code === 'number' && Number.isInteger(e.code) && e.code > 0 && e.code <= 16 ? e.code : GrpcStatus.UNKNOWN;
  const details = typeof e.details === 'string' ? e.details : typeof e.message === 'string' ? e.message : 'Unknown Error';
  return callError(code, details, e.metadata instanceof Metadata ? e.metadata.clone() : new Metadata());
}

/** One unary call to a handler of this process, on gRPC's terms (see the module comment). */
function callLocal(method: LocalMethod, address: string, request: unknown, metadata: unknown, maxResponseBytes: number): Observable<unknown> {
  const { definition, handler, maxRequestBytes } = method;
  return new Observable((observer) => {
    let finished = false;
    let bytes: Buffer;
    try {
      bytes = definition.requestSerialize(request);
    } catch (e) {
      observer.error(callError(GrpcStatus.INTERNAL, `Request message serialization failure: ${(e as Error)?.message ?? e}`));
      return;
    }
    if (bytes.length > maxRequestBytes) {
      observer.error(callError(GrpcStatus.RESOURCE_EXHAUSTED, `Received message larger than max (${bytes.length} vs. ${maxRequestBytes})`));
      return;
    }
    const call = Object.assign(new EventEmitter(), {
      request: definition.requestDeserialize(bytes),
      metadata: metadata instanceof Metadata ? metadata.clone() : new Metadata(),
      cancelled: false,
      getPeer: () => 'in-process',
      getDeadline: () => Infinity,
      getPath: () => definition.path,
      getHost: () => address,
      sendMetadata: () => undefined,
    });
    const done: UnaryCallback = (error, value) => {
      if (finished) return;
      finished = true;
      if (error) return observer.error(serverError(error));
      let answer: Buffer;
      try {
        answer = definition.responseSerialize(value);
      } catch {
        return observer.error(callError(GrpcStatus.INTERNAL, 'Failed to serialize response'));
      }
      if (answer.length > maxResponseBytes) {
        return observer.error(callError(GrpcStatus.RESOURCE_EXHAUSTED, `Received message larger than max (${answer.length} vs. ${maxResponseBytes})`));
      }
      observer.next(definition.responseDeserialize(answer));
      observer.complete();
    };
    try {
      void Promise.resolve(handler(call, done)).catch(done);
    } catch (e) {
      done(e);
    }
    return () => {
      if (finished) return;
      finished = true;
      call.cancelled = true;
      call.emit('cancelled', 'Cancelled on client');
    };
  });
}

/**
 * A client that sends a unary call to the in-process server at address when one is registered there
 * at the time of the call, and over its gRPC channel otherwise. Only a single-address client can be
 * local (several addresses are replicas of a distributed deployment).
 */
export function inProcessAware(client: ClientGrpc, address: string, maxResponseBytes: number): ClientGrpc {
  const raw = client as ClientGrpc & { getClientByServiceName<T>(name: string): T };
  const aware = Object.create(raw) as ClientGrpc;
  aware.getService = <T extends object>(serviceName: string): T => {
    const remote = raw.getService<Record<string, (...args: unknown[]) => Observable<unknown>>>(serviceName);
    const grpcClient = raw.getClientByServiceName<Record<string, Partial<MethodDefinition>>>(serviceName);
    const service: Record<string, (...args: unknown[]) => Observable<unknown>> = {};
    for (const [methodName, viaGrpc] of Object.entries(remote)) {
      const path = grpcClient[methodName]?.path;
      service[methodName] = (...args: unknown[]) => {
        const local = path ? localMethod(address, path) : undefined;
        const request = args[0];
        const isStream = request !== null && typeof request === 'object' && typeof (request as { subscribe?: unknown }).subscribe === 'function';
        return local && !isStream ? callLocal(local, address, request, args[1], maxResponseBytes) : viaGrpc(...args);
      };
    }
    return service as T;
  };
  return aware;
}
