import { Body, Controller, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@bi/core';
import type { dashboardV1, dataSourceQueryV1 } from '@bi/proto';
import { checkGlobalFilters, globalFilterMessage, parseGlobalFilters, type GlobalFilterProblem } from '@bi/query';
import { sourceFieldRefs } from '../chart/chart.controller.js';
import { canAccessSource } from '../data-source/source-access.js';
import { DASHBOARD_CLIENT, DATA_SOURCE_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { dashboardContent } from './dashboard.controller.js';
import { tabAccess } from './tab-access.js';

const refusal = (problem: GlobalFilterProblem) => {
  const { key, params } = globalFilterMessage(problem);
  return new AppError('invalid', key, params);
};

/**
 * The dashboard's global filters (spec 01 §2 global filter configuration and bar, §7 Filters;
 * docs/api/dashboard.md "Global filters"). The list is checked here (@bi/query parseGlobalFilters,
 * checkGlobalFilters) against the fields of the sources this caller may read, and again by the
 * dashboard service, which stores it.
 */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('global_filter')
export class GlobalFilterController {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
  ) {}

  @Post(':tab/:dashboardId')
  @ApiOperation({
    summary:
      'Store the global filter list of a dashboard (editAuth) [{id, name, title?, dataType, dataSourceId, range, granularity?, numberOption?, relative?, show?, showAll?, charts?: [{chartId, field?}]}]: the dashboard content',
  })
  async save(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const t = tabAccess(user, tab, 'write');
    const parsed = parseGlobalFilters(Array.isArray(body) ? body : (body as { globalFilter?: unknown } | null)?.globalFilter);
    if ('problem' in parsed) throw refusal(parsed.problem);
    const charts = (await rpc(this.dashboards.listCharts({ tab: t, dashboardId }))).charts;
    // the items' tables: the caller must be able to read them; the charts' sources: their fields only
    const own = new Set(parsed.items.map((i) => i.dataSourceId!));
    const ids = [...new Set([...own, ...charts.map((c) => c.dataSourceId).filter((id) => !!id)])];
    const sources = (
      await Promise.all(
        ids.map(async (id) => {
          const source = await rpc(this.queries.describe({ dataSourceId: id })).catch((e: unknown) => {
            if (own.has(id)) throw e;
            return undefined; // a chart whose source is gone: its fields are none
          });
          if (source && own.has(id) && !canAccessSource(user, source)) throw new AppError('forbidden', 'chart.source_forbidden');
          return source;
        }),
      )
    ).filter((s): s is dataSourceQueryV1.SourceDescription => !!s);
    const fields = new Map(sources.map((s) => [s.dataSourceId, s.fields.map((f) => ({ name: f.name, dataType: f.dataType as 'string' | 'number' | 'date' }))]));
    const onDashboard = new Map(charts.map((c) => [c.chartId, c.dataSourceId]));
    const problem = checkGlobalFilters(parsed.items, { sourceFields: (id) => fields.get(id), chartSource: (id) => onDashboard.get(id) });
    if (problem) throw refusal(problem);
    const reply = await rpc(
      this.dashboards.saveGlobalFilter({ tab: t, dashboardId, globalFilterJson: JSON.stringify(parsed.items), sources: sources.map((s) => ({ dataSourceId: s.dataSourceId, fields: sourceFieldRefs(s) })) }),
    );
    return dashboardContent(reply);
  }
}
