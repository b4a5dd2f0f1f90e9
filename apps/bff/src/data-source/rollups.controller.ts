import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { chartQueryV1, dataSourceQueryV1, dataSourceV1 } from '@bi/proto';
import { rollupSpecSchema, type RollupListing, type RollupView } from '@bi/chart-model';
import { CONFIG } from '@bi/service-kit';
import { z } from 'zod';
import { CHART_QUERY_CLIENT, DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { canEditSource, checkSourceAccess } from './source-access.js';

const id = z.string().min(1).max(64);
const switchBody = z.object({ enabled: z.boolean() });


/**
 * Kept rollups of a source (issue 31, ADR 0022): the list on its page (grouping, rows, size, hits,
 * last build) for who may read the source, and the per-source switch for who may edit it (@bi/access
 * canEditSource). Switching off drops the source's rollups (charts run raw, meta.rollup says
 * "switched off"); switching on has chart-query choose and build them again. BI_ROLLUPS=off, the
 * global switch, is answered as globalOff.
 */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:view')
@Controller('data_source')
export class RollupsController {
  private readonly globalOff: boolean;

  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.globalOff = !config.charts.rollups;
  }

  @Get('rollups/:dataSourceId')
  @ApiOperation({ summary: "A source's kept rollups {applies, enabled, globalOff, dataVersion, editable, rollups: [{id, dimensions, measures, rows, sizeBytes, hits, lastHitAt, builtAt, buildMs, dataVersion, current, tableRows}]}" })
  async list(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    const s = await rpc(this.sources.getSource({ dataSourceId: parseInput(id, dataSourceId) }));
    checkSourceAccess(user, s, 'read');
    return this.view(user, s, await rpc(this.queries.listRollups({ dataSourceId: s.dataSourceId })));
  }

  @Put('rollups/:dataSourceId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Switch the source\'s rollups off or on {enabled}: off drops them and charts run on the table; on builds them again in the background. Answers the list' })
  @ApiBody({ schema: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'] } })
  async set(@Param('dataSourceId') dataSourceId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const sourceId = parseInput(id, dataSourceId);
    const { enabled } = parseInput(switchBody, body);
    const s = await rpc(this.sources.getSource({ dataSourceId: sourceId }));
    if (!canEditSource(user, s)) throw new AppError('forbidden', 'auth.forbidden');
    const reply = await rpc(this.queries.setRollupsEnabled({ dataSourceId: s.dataSourceId, enabled, changedBy: user.userName }));
    if (enabled && reply.applies && !this.globalOff) await rpc(this.charts.rebuildRollups({ dataSourceId: s.dataSourceId }));
    return this.view(user, s, reply);
  }

  private view(user: AuthUser, s: dataSourceV1.DataSource, r: dataSourceQueryV1.ListRollupsReply): RollupListing {
    const titles = new Map(s.fields.map((f) => [f.name, f.title || f.name]));
    const dataVersion = Number(r.dataVersion);
    const rollups: RollupView[] = [];
    for (const k of r.rollups) {
      const spec = rollupSpecSchema.safeParse(JSON.parse(k.specJson || '{}'));
      if (!spec.success) continue;
      rollups.push({
        id: k.id,
        dimensions: spec.data.dimensions.map((f) => ({ name: f.name, title: titles.get(f.name) ?? f.name, dataType: f.dataType, grain: f.dataType === 'date' ? 'day' : null })),
        measures: spec.data.measures.map((m) => ({ name: m.field.name, title: titles.get(m.field.name) ?? m.field.name, parts: m.parts })),
        rows: Number(k.rows),
        sizeBytes: Number(k.sizeBytes),
        hits: Number(k.hits),
        lastHitAt: k.lastHitAt || null,
        builtAt: k.builtAt || null,
        buildMs: k.buildMs,
        dataVersion: Number(k.dataVersion),
        current: Number(k.dataVersion) === dataVersion,
        tableRows: Number(k.tableRows),
      });
    }
    return { dataSourceId: s.dataSourceId, applies: r.applies, enabled: r.enabled, globalOff: this.globalOff, dataVersion, editable: canEditSource(user, s), rollups };
  }
}
