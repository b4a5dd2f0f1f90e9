import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Logger } from '@bi/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { FIXED_DEADLINES } from '@bi/service-kit';
import { HEALTH_CLIENTS, rpc, type HealthClients } from '../grpc-clients.js';
import { Public } from '../http/auth.guard.js';
import { BFF_LOGGER } from '../warning/warn-stream.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(HEALTH_CLIENTS) private readonly services: HealthClients,
    @Inject(BFF_LOGGER) private readonly logger: Logger,
  ) {}

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the BFF process answers' })
  live() {
    return { status: 'up' };
  }

  @Public()
  @Get('ready')
  @HttpCode(200)
  @ApiOperation({ summary: 'Readiness: every service answers its health check and reaches its store (503 otherwise)' })
  async ready(@Res({ passthrough: true }) res: { status(n: number): unknown }) {
    const entries = await Promise.all(
      Object.entries(this.services).map(async ([name, client]) => {
        // a call can pick a replica that has just gone (its connection not yet seen broken) and fail at once;
        // the client's balancer then leaves it out (on a busy machine only once its event loop has seen the
        // broken connection: the third try waits a moment), so a service is unreachable when three tries fail
        const check = () => rpc(client.check({}), FIXED_DEADLINES.health).then((r) => r.status);
        const later = () => new Promise<void>((r) => setTimeout(r, 200)).then(check);
        const status = await check()
          .catch(() => check())
          .catch(later)
          .catch((e: unknown) => {
            // what the last try met (a deadline, a refused connection): the operator's first question
            this.logger.warn('readiness: a service is unreachable', { service: name, error: e });
            return 'UNREACHABLE';
          });
        return [name, status] as const;
      }),
    );
    const ready = entries.every(([, s]) => s === 'SERVING');
    if (!ready) res.status(503);
    return { status: ready ? 'ready' : 'not-ready', services: Object.fromEntries(entries) };
  }
}
