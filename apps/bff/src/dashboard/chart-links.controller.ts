import { Body, Controller, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@bi/core';
import { LINKAGE_LIMITS, chartLinkageSchema, checkLinkage, linkageTargetsSchema, type Chart } from '@bi/chart-model';
import type { dashboardV1, dataSourceQueryV1 } from '@bi/proto';
import { isTab } from '@bi/rules';
import { z } from 'zod';
import { ChartWriteAccess } from '../chart/chart-write-access.js';
import { sourceFieldRefs } from '../chart/chart.controller.js';
import { canAccessSource } from '../data-source/source-access.js';
import { DASHBOARD_CLIENT, DATA_SOURCE_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { canUseTab } from '@bi/access';
import { CurrentUser, principalOf, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { dashboardContent } from './dashboard.controller.js';
import { LiveHub } from '../live/live-hub.js';
import { tabAccess } from './tab-access.js';

/** The link settings of one chart: the wire schema of @bi/chart-model (absent targets: none). */
const linkageBody = chartLinkageSchema.extend({ targets: linkageTargetsSchema.default([]) });
const copyBody = z.object({ dashboardId: z.string().max(64).min(1, 'choose the dashboard to copy to'), targetTab: z.enum(['dashboard', 'template']).optional() });

/**
 * A chart's links to the other charts of its dashboard (link settings, spec 01 §2) and copying a chart
 * (the chart box's "copy"): docs/api/dashboard.md "Link settings" and "Copy a chart".
 */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class ChartLinksController {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    private readonly writes: ChartWriteAccess,
    private readonly live: LiveHub,
  ) {}

  @Put('linkage/:tab/:chartId')
  @ApiOperation({ summary: 'Link settings of a chart {targets: [{chartId, fields: [{source, target}]}]}: the charts its click filters' })
  async saveLinkage(@Param('tab') tab: string, @Param('chartId') chartId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const linkage = parseInput(linkageBody, body);
    const w = await this.writes.chart(user, tab, chartId);
    const chart = JSON.parse(w.record.chartJson) as Chart;
    const onDashboard = new Map((await rpc(this.dashboards.listCharts({ tab: w.tab, dashboardId: w.record.dashboardId }))).charts.map((c) => [c.chartId, c]));
    // the fields of each target's source (each source read once; the caller must be able to see it)
    const sourceIds = [...new Set(linkage.targets.map((t) => onDashboard.get(t.chartId)?.dataSourceId).filter((id): id is string => !!id))];
    const sources = new Map(
      await Promise.all(
        sourceIds.map(async (id) => {
          const source = await rpc(this.queries.describe({ dataSourceId: id }));
          if (!canAccessSource(user, source)) throw new AppError('forbidden', 'chart.source_forbidden');
          return [id, source] as const;
        }),
      ),
    );
    const fieldsOf = (id: string) => {
      const c = onDashboard.get(id);
      if (!c) return undefined;
      const s = sources.get(c.dataSourceId);
      return s ? s.fields.map((f) => f.name) : [];
    };
    const dims = (chart.points ?? []).map((p) => p.name);
    if (linkage.targets.length > 0 && dims.length === 0) throw new AppError('invalid', 'linkage.no_dimension');
    const problem = checkLinkage(chartId, linkage, dims, fieldsOf);
    if (problem) {
      const title = 'chartId' in problem ? (onDashboard.get(problem.chartId)?.title ?? '') : '';
      throw new AppError('invalid', `linkage.${problem.kind}`, { ...problem, title, targets: LINKAGE_LIMITS.targets, fields: LINKAGE_LIMITS.fields });
    }
    const targetFields = linkage.targets.map((t) => {
      const s = sources.get(onDashboard.get(t.chartId)!.dataSourceId);
      return { chartId: t.chartId, fields: s ? sourceFieldRefs(s) : [] };
    });
    const saved = dashboardContent(await rpc(this.dashboards.saveLinkage({ tab: w.tab, chartId, linkageJson: JSON.stringify(linkage), targetFields, actorId: user.userId })));
    void this.live.announceSave(user, w.tab, w.record.dashboardId, 'linkage');
    return saved;
  }

  @Post('copy_chart/:tab/:chartId')
  @ApiOperation({ summary: 'Copy a chart to a dashboard {dashboardId, targetTab?}: a new chart placed at the end of its grid' })
  async copyChart(@Param('tab') tab: string, @Param('chartId') chartId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(copyBody, body);
    const targetTab = b.targetTab ?? tab;
    // spec 01 §5: copying into a template needs template:edit; without it only to a dashboard
    if (isTab(tab) && targetTab === 'template' && !canUseTab(principalOf(user), 'template', 'write')) throw new AppError('forbidden', 'chart.copy_template_forbidden');
    // the copy is a new chart on the chart's source: the caller needs access to it, and the write permission of both tabs
    const w = await this.writes.chart(user, tab, chartId);
    const target = tabAccess(user, targetTab, 'write');
    return rpc(this.dashboards.copyChart({ tab: w.tab, chartId, targetTab: target, targetDashboardId: b.dashboardId, userId: user.userId }));
  }
}
