import { Body, Controller, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@bi/core';
import type { AppConfig } from '@bi/config';
import type { chartQueryV1, dashboardV1, dataSourceQueryV1 } from '@bi/proto';
import { checkGlobalFilters, globalFilterMessage, parseGlobalFilters, type GlobalFilterProblem } from '@bi/query';
import { INPUT_BOUNDS } from '@bi/rules';
import { CONFIG, deadlines } from '@bi/service-kit';
import { z } from 'zod';
import { ChartAccess, sourceFieldRefs } from '../chart/chart.controller.js';
import { canAccessSource, viewerOf } from '../data-source/source-access.js';
import { CHART_QUERY_CLIENT, DASHBOARD_CLIENT, DATA_SOURCE_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { dashboardContent } from './dashboard.controller.js';
import { LiveHub } from '../live/live-hub.js';
import { tabAccess } from './tab-access.js';

const nullable = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === null ? undefined : v), s.optional());
/** POST /api/global_filter/range/{tab}/{dashboardId}: a field of a table the dashboard's charts use. */
const rangeBody = z.object({
  dataSourceId: z.string().min(1).max(64),
  name: z.string().min(1).max(128),
  search: nullable(z.string().max(INPUT_BOUNDS.filterValueChars)),
  limit: nullable(z.number().int().min(1).max(INPUT_BOUNDS.filterValues)),
});

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
  private readonly deadlineMs: number;

  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    private readonly access: ChartAccess,
    @Inject(CONFIG) config: AppConfig,
    private readonly live: LiveHub,
  ) {
    this.deadlineMs = deadlines(config).chart;
  }

  /**
   * The values a global filter's picker offers: of a field of a table one of the dashboard's charts
   * uses (read through that chart, so with the caller's access to its source and row rules), computed
   * by chart-query and run by data-source with parameters only — the same call as the inner filters'.
   */
  @Post('range/:tab/:dashboardId')
  @ApiOperation({ summary: 'Values of a global filter field {dataSourceId, name, search?, limit?}: text {name, dataType, values: [{value, count}], more}; number / date {name, dataType, min, max}' })
  async range(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(rangeBody, body);
    const t = tabAccess(user, tab, 'read');
    const chart = (await rpc(this.dashboards.listCharts({ tab: t, dashboardId }))).charts.find((c) => c.dataSourceId === b.dataSourceId);
    if (!chart) throw refusal({ kind: 'unknown_source' });
    const { record, source } = await this.access.chartWithSource(user, t, chart.chartId);
    if (!source) throw refusal({ kind: 'unknown_source' });
    const reply = await rpc(
      this.charts.fieldRange({ tab: t, chartId: record.chartId, chartJson: record.chartJson, source, field: b.name, search: b.search ?? '', limit: b.limit ?? 0, viewer: viewerOf(user) }),
      this.deadlineMs,
    );
    return JSON.parse(reply.answerJson) as unknown;
  }

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
      this.dashboards.saveGlobalFilter({ tab: t, dashboardId, globalFilterJson: JSON.stringify(parsed.items), sources: sources.map((s) => ({ dataSourceId: s.dataSourceId, fields: sourceFieldRefs(s) })), actorId: user.userId }),
    );
    void this.live.announceSave(user, t, dashboardId, 'filters');
    return dashboardContent(reply);
  }
}
