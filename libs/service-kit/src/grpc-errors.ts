import { status as GrpcStatus } from '@grpc/grpc-js';
import { AppError, type ErrorKind } from '@bi/core';
import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

const GRPC_BY_KIND: Record<ErrorKind, GrpcStatus> = {
  invalid: GrpcStatus.INVALID_ARGUMENT,
  unauthenticated: GrpcStatus.UNAUTHENTICATED,
  forbidden: GrpcStatus.PERMISSION_DENIED,
  not_found: GrpcStatus.NOT_FOUND,
  conflict: GrpcStatus.ALREADY_EXISTS,
  throttled: GrpcStatus.RESOURCE_EXHAUSTED,
  // Not UNAVAILABLE: clients retry that code on another replica, and this call may have had effects.
  unavailable: GrpcStatus.ABORTED,
  internal: GrpcStatus.INTERNAL,
};

const KIND_BY_GRPC = new Map<number, ErrorKind>(Object.entries(GRPC_BY_KIND).map(([k, v]) => [v, k as ErrorKind]));

/** Carries an AppError over gRPC: status code from its kind, details = JSON {kind, key, params}. */
@Catch()
export class GrpcAppErrorFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const appError = exception instanceof AppError ? exception : new AppError('internal', 'operation.failed');
    if (!(exception instanceof AppError)) console.error(JSON.stringify({ level: 'error', msg: 'unhandled error in gRPC handler', error: String(exception) }));
    return throwError(() => ({ code: GRPC_BY_KIND[appError.kind], message: JSON.stringify(appError.toJSON()) }));
  }
}

/** Turns an error from a gRPC client call back into an AppError the BFF can translate. */
export function fromGrpcError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  const err = e as { code?: number; details?: string; message?: string };
  const text = err?.details ?? err?.message ?? '';
  try {
    const start = text.indexOf('{');
    const parsed = start >= 0 ? JSON.parse(text.slice(start)) : null;
    if (parsed && typeof parsed.key === 'string') return new AppError(parsed.kind ?? 'internal', parsed.key, parsed.params ?? {});
  } catch {
    // not one of ours; fall through
  }
  const kind = KIND_BY_GRPC.get(err?.code ?? -1);
  if (err?.code === GrpcStatus.UNAVAILABLE || err?.code === GrpcStatus.DEADLINE_EXCEEDED) return new AppError('unavailable', 'service.unavailable');
  return new AppError(kind && kind !== 'invalid' ? kind : 'internal', kind === 'unauthenticated' ? 'auth.unauthenticated' : 'operation.failed');
}
