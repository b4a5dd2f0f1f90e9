import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Logger } from '@bi/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { FIXED_DEADLINES } from '@bi/service-kit';
import { HEALTH_CLIENTS, rpc, type HealthClients } from '../grpc-clients.js';
import { Public } from '../http/auth.guard.js';
import { BFF_LOGGER } from '../warning/warn-stream.js';

/** The waits before each try of a service's health check (readiness). */
const READINESS_RETRY_MS = [0, 0, 200, 600];

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
        // the client's balancer then leaves it out — on a busy machine only once its event loop has seen the
        // broken connection — so a failed try is made again at once, then 200 ms and 600 ms later: a service
        // is unreachable when all four fail
        const check = () => rpc(client.check({}), FIXED_DEADLINES.health).then((r) => r.status);
        let status: string | undefined;
        let error: unknown;
        for (const wait of READINESS_RETRY_MS) {
          if (wait) await new Promise((r) => setTimeout(r, wait));
          try {
            status = await check();
            break;
          } catch (e) {
            error = e;
          }
        }
        // what the last try met (a deadline, a refused connection): the operator's first question
        if (status === undefined) this.logger.warn('readiness: a service is unreachable', { service: name, error });
        return [name, status ?? 'UNREACHABLE'] as const;
      }),
    );
    const ready = entries.every(([, s]) => s === 'SERVING');
    if (!ready) res.status(503);
    return { status: ready ? 'ready' : 'not-ready', services: Object.fromEntries(entries) };
  }
}
