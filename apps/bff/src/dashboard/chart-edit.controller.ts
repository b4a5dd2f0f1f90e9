import { Body, Controller, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { dashboardV1 } from '@bi/proto';
import { z } from 'zod';
import { ChartWriteAccess } from '../chart/chart-write-access.js';
import { DASHBOARD_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';

const newChartBody = z.object({ title: z.string().max(200).default(''), dataSourceId: z.string().max(64).default(''), type: z.string().max(20).optional() });

/** Chart-edit calls of spec 01 §7; the chart engine fills in the rest. */
@ApiTags('chart-edit')
@ApiBearerAuth()
@Controller('chart-edit')
export class ChartEditController {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    private readonly writes: ChartWriteAccess,
  ) {}

  @Post(':tab/:dashboardId')
  @ApiOperation({ summary: 'Add a chart {title, dataSourceId} to a dashboard at the default size; answers the new chart id' })
  async create(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(newChartBody, body);
    const { tab: t, target } = await this.writes.newChart(user, tab, b.dataSourceId);
    const chart = await rpc(this.dashboards.createChart({ tab: t, dashboardId, title: b.title, dataSourceId: target?.dataSourceId ?? '', type: b.type ?? '', actorId: user.userId }));
    return chart.chartId;
  }
}
