import { randomBytes } from 'node:crypto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { AppError, type ErrorKind, type Logger, type MessageParams } from '@bi/core';
import { toMessageKey } from '@bi/i18n';
import { excerpt } from '@bi/rules';
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

/** A short id naming one failure in the logs and in the message the user reads. */
export function newRequestId(): string {
  return randomBytes(6).toString('hex');
}

/**
 * The parameter of an AppError holding a database's or engine's own text (parser errors, SQL, …):
 * never shown to users — the service that raised it logs it under a request id and sends the
 * request id instead (docs/api/README.md "Errors").
 */
export const ENGINE_TEXT = 'engine';

/** Characters of one message parameter sent over gRPC (the input itself is never echoed whole). */
export const MAX_PARAM_CHARS = 200;

/**
 * The error as it crosses gRPC, bounded: a status message travels in an HTTP/2 trailer, and one
 * beyond Node's header-block limit (64 000 bytes) fails to send and wedges the connection, stalling
 * every later call on it until its deadline (issue 12 #1). Each text parameter is cut to an excerpt.
 */
export function wireError(e: AppError): string {
  const params: MessageParams = {};
  for (const [k, v] of Object.entries(e.params ?? {}).slice(0, 20)) params[excerpt(k, 40)] = typeof v === 'string' ? excerpt(v, MAX_PARAM_CHARS) : v;
  return JSON.stringify({ kind: e.kind, key: e.key, params });
}

/**
 * An AppError ready to leave the service: engine text and unexpected errors are logged with a new
 * request id, and the error sent names that id instead of carrying the text.
 */
export function publicError(exception: unknown, logger?: Pick<Logger, 'error'>): AppError {
  const log = (msg: string, fields: Record<string, unknown>) =>
    logger ? logger.error(msg, fields) : console.error(JSON.stringify({ level: 'error', msg, ...fields }));
  if (!(exception instanceof AppError)) {
    const requestId = newRequestId();
    log('unhandled error in gRPC handler', { requestId, error: String((exception as Error)?.stack ?? exception) });
    return new AppError('internal', 'operation.failed_ref', { requestId });
  }
  if (!(ENGINE_TEXT in (exception.params ?? {}))) return exception;
  const { [ENGINE_TEXT]: engine, ...rest } = exception.params;
  const requestId = newRequestId();
  log('engine error', { requestId, key: exception.key, engine: String(engine).slice(0, 4000) });
  return new AppError(exception.kind, exception.key, { ...rest, requestId });
}

/** Carries an AppError over gRPC: status code from its kind, details = JSON {kind, key, params}, bounded. */
@Catch()
export class GrpcAppErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger?: Pick<Logger, 'error'>) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const appError = publicError(exception, this.logger);
    return throwError(() => ({ code: GRPC_BY_KIND[appError.kind], message: wireError(appError) }));
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
    if (parsed && typeof parsed.key === 'string') return new AppError(parsed.kind ?? 'internal', toMessageKey(parsed.key), parsed.params ?? {});
  } catch {
    // not one of ours; fall through
  }
  const kind = KIND_BY_GRPC.get(err?.code ?? -1);
  if (err?.code === GrpcStatus.UNAVAILABLE || err?.code === GrpcStatus.DEADLINE_EXCEEDED) return new AppError('unavailable', 'service.unavailable');
  return new AppError(kind && kind !== 'invalid' ? kind : 'internal', kind === 'unauthenticated' ? 'auth.unauthenticated' : 'operation.failed');
}
