import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { AppError, type Logger } from '@bi/core';
import { translate, type MessageKey } from '@bi/i18n';
import { newRequestId } from '@bi/service-kit';
import { fail } from './envelope.js';
import { requestLanguage } from './request-language.js';

const KEY_BY_HTTP: Record<number, MessageKey> = {
  400: 'request.invalid',
  401: 'auth.unauthenticated',
  403: 'auth.forbidden',
  404: 'request.not_found',
  413: 'request.body_too_large',
  429: 'login.too_many_attempts',
};

/** Every failure leaves as {status: 'fail', data: message in the caller's language}. */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest();
    const { status, message } = this.failure(exception, requestLanguage(req), req.url);
    http.getResponse().status(status).json(fail(message));
  }

  /** The HTTP status and the caller's message for a failure (logged when unexpected); also one chart's of a batch run. */
  failure(exception: unknown, lang: ReturnType<typeof requestLanguage>, path: string): { status: number; message: string } {
    let status: number;
    let message: string;
    if (exception instanceof AppError) {
      status = exception.httpStatus;
      message = translate(exception.key, lang, exception.params);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      // Body-parser failures (bad JSON) arrive as 400 HttpExceptions.
      message = translate(KEY_BY_HTTP[status] ?? 'operation.failed', lang, { detail: status === 400 ? 'JSON' : '' });
    } else {
      // the cause goes to the log under a request id; the user reads the id, never the error's text
      status = 500;
      const requestId = newRequestId();
      message = translate('operation.failed_ref', lang, { requestId });
      this.logger.error('unhandled error', { path, requestId, error: exception });
    }
    if (exception instanceof AppError && (status >= 500 || exception.params.requestId !== undefined)) this.logger.warn('request failed', { path, key: exception.key, requestId: exception.params.requestId });
    return { status, message };
  }
}
