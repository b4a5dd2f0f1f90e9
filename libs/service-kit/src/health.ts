import { Controller, Inject } from '@nestjs/common';
import { healthV1 } from '@bi/proto';
import type { SqlDatabase } from '@bi/persistence';
import { DATABASE } from './runtime.js';

export const SERVICE_NAME = Symbol('BI_SERVICE_NAME');

/** health.v1.HealthService, served beside every service's own contract. */
@Controller()
@healthV1.HealthServiceControllerMethods()
export class GrpcHealthController implements healthV1.HealthServiceController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(DATABASE) private readonly db: SqlDatabase,
  ) {}

  async check(): Promise<healthV1.HealthCheckReply> {
    return { service: this.service, status: (await this.db.ping()) ? 'SERVING' : 'NOT_SERVING' };
  }
}
