import type { Logger } from '@bi/core';
import type { LoggerService } from '@nestjs/common';

/** Routes Nest's own log lines through the JSON logger (and so through its redaction). */
export class NestJsonLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string): void {
    this.logger.debug(String(message), { nestContext: context });
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error(String(message), { nestContext: context, trace });
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn(String(message), { nestContext: context });
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug(String(message), { nestContext: context });
  }
  verbose(message: unknown, context?: string): void {
    this.logger.debug(String(message), { nestContext: context });
  }
}
