import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { success } from './envelope.js';

/**
 * Wraps what a route handler returns in the success envelope. Success is always HTTP 200 (Nest's
 * default 201 for POST is dropped): clients read the envelope, as the spec's calls do.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<{ statusCode: number; status(n: number): unknown }>();
    return next.handle().pipe(
      map((data) => {
        if (res.statusCode === 201) res.status(200);
        return success(data ?? null);
      }),
    );
  }
}
