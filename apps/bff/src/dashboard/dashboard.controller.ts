import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { dashboardV1 } from '@bi/proto';
import { z } from 'zod';
import { ChartWriteAccess } from '../chart/chart-write-access.js';
import { DeletionAudit } from '../identity/deletion-audit.js';
import { DASHBOARD_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { TemplateVisibility } from '../template/template-visibility.js';
import { LiveHub } from '../live/live-hub.js';
import { tabAccess } from './tab-access.js';

const name = z.string().max(200);
const nameBody = z.object({ name: name.default('') });
const dashboardBody = z.object({ name: name.default(''), projectId: z.string().max(64).default(''), description: z.string().max(500).default('') });
const moveBody = z.object({ projectId: z.string().max(64).default('') });
const copyBody = z.object({ name: name.default(''), projectId: z.string().max(64).default('') });
const orderQuery = z.coerce.number({ message: 'order must be a number' }).refine(Number.isFinite, 'order must be a number');
const int = z.number().int().min(0).max(1000);
const gridItem = z.object({
  chartId: z.string().max(64),
  row: int,
  col: int,
  sizeX: int,
  sizeY: int,
  minSizeX: int.optional(),
  minSizeY: int.optional(),
  maxSizeX: int.optional(),
  maxSizeY: int.optional(),
});
const layoutBody = z.union([z.array(gridItem).max(500), z.object({ aspects: z.array(gridItem).max(500) }).transform((b) => b.aspects)]);
const hideBody = z.array(z.object({ chartId: z.string().max(64), title: z.string().optional(), hide: z.boolean() })).max(500);

/** The dashboard content as the REST answer carries it: the JSON texts of the global filter and the link settings parsed. */
export function dashboardContent(c: dashboardV1.DashboardContent) {
  const { globalFilterJson, linkageJson, ...rest } = c;
  return { ...rest, globalFilter: JSON.parse(globalFilterJson || '[]') as unknown[], linkage: JSON.parse(linkageJson || '[]') as unknown[] };
}

/** Folders, dashboards and layout of both tabs (spec 01 §7 "Dashboard"; docs/api/dashboard.md). */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    private readonly writes: ChartWriteAccess,
    private readonly templateVisibility: TemplateVisibility,
    private readonly deletions: DeletionAudit,
    private readonly live: LiveHub,
  ) {}

  @Get('projects/:tab')
  @ApiOperation({ summary: 'Folders with their dashboards, in order' })
  async projects(@Param('tab') tab: string, @CurrentUser() user: AuthUser) {
    const t = tabAccess(user, tab, 'read');
    const projects = (await rpc(this.dashboards.listProjects({ tab: t }))).projects;
    // the template tab: only what the caller may see (docs/api/template.md "Model")
    return t === 'template' ? this.templateVisibility.filterProjects(user, projects) : projects;
  }

  @Post('project/:tab')
  @ApiOperation({ summary: "Create a folder {name}; 'name used' when taken" })
  createProject(@Param('tab') tab: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { name } = parseInput(nameBody, body);
    return rpc(this.dashboards.createProject({ tab: tabAccess(user, tab, 'write'), name, userId: user.userId }));
  }

  @Put('project/:tab/:projectId')
  @ApiOperation({ summary: 'Rename a folder {name}' })
  renameProject(@Param('tab') tab: string, @Param('projectId') projectId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { name } = parseInput(nameBody, body);
    return rpc(this.dashboards.renameProject({ tab: tabAccess(user, tab, 'write'), projectId, name }));
  }

  @Delete('project/:tab/:projectId')
  @ApiOperation({ summary: 'Delete a folder with all its dashboards and charts' })
  async deleteProject(@Param('tab') tab: string, @Param('projectId') projectId: string, @CurrentUser() user: AuthUser) {
    // the folder's charts go with it: each needs what deleting that chart needs (ChartWriteAccess)
    const t = await this.writes.folderCharts(user, tab, projectId);
    const what = await this.deletions.dashboardFolder(t, projectId);
    const r = await rpc(this.dashboards.deleteProject({ tab: t, projectId }));
    await this.deletions.record(user, 'dashboard_folder.delete', `dashboard_folder:${projectId}`, { ...what, dashboards: r.deletedDashboards });
    return r;
  }

  @Put('move-dashboard/:tab/:dashboardId')
  @ApiOperation({ summary: 'Move a dashboard to the folder {projectId}' })
  move(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { projectId } = parseInput(moveBody, body);
    return rpc(this.dashboards.moveDashboard({ tab: tabAccess(user, tab, 'write'), dashboardId, projectId }));
  }

  @Post('copy/:tab/:dashboardId')
  @ApiOperation({ summary: 'Copy a dashboard with its charts {name, projectId?} (extension of the spec)' })
  async copy(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { name, projectId } = parseInput(copyBody, body);
    // the copy writes every chart anew: each needs the caller's access to its source
    const t = await this.writes.dashboard(user, tab, dashboardId);
    return rpc(this.dashboards.copyDashboard({ tab: t, dashboardId, name, projectId, userId: user.userId }));
  }

  @Post('sort/:tab/:id')
  @ApiOperation({ summary: 'Set the order of a folder or dashboard (?order=)' })
  sort(@Param('tab') tab: string, @Param('id') id: string, @Query('order') order: string, @CurrentUser() user: AuthUser) {
    const value = parseInput(orderQuery, order);
    return rpc(this.dashboards.sort({ tab: tabAccess(user, tab, 'write'), id, order: value }));
  }

  @Put('aspect_changed/:apiName/:dashboardId')
  @ApiOperation({ summary: 'Save the layout: the grid items of the dashboard' })
  async saveLayout(@Param('apiName') apiName: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const aspects = parseInput(layoutBody, body) as dashboardV1.GridItem[];
    const saved = dashboardContent(await rpc(this.dashboards.saveLayout({ tab: tabAccess(user, apiName, 'write'), dashboardId, aspects, actorId: user.userId })));
    void this.live.announceSave(user, apiName, dashboardId, 'layout');
    return saved;
  }

  @Post('hide_setting/:tab')
  // Hide flags are the dashboard's view of its charts (like the layout), not chart writes: the tab's permission only.
  @ApiOperation({ summary: 'Hide or show charts [{chartId, hide}]' })
  async hide(@Param('tab') tab: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const items = parseInput(hideBody, body).map(({ chartId, hide }) => ({ chartId, hide }));
    const charts = (await rpc(this.dashboards.saveHideSettings({ tab: tabAccess(user, tab, 'write'), items, actorId: user.userId }))).charts;
    for (const d of new Set(charts.map((c) => c.dashboardId))) void this.live.announceSave(user, tab, d, 'hidden');
    return charts;
  }

  @Get('all_charts/:tab/:dashboardId')
  @ApiOperation({ summary: 'The charts of a dashboard with their hide flags' })
  async allCharts(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @CurrentUser() user: AuthUser) {
    return (await rpc(this.dashboards.listCharts({ tab: tabAccess(user, tab, 'read'), dashboardId }))).charts;
  }

  @Delete('chart/:tab/:chartId')
  @ApiOperation({ summary: 'Delete a chart (and its place on the grid)' })
  async deleteChart(@Param('tab') tab: string, @Param('chartId') chartId: string, @CurrentUser() user: AuthUser) {
    const w = await this.writes.chart(user, tab, chartId);
    const what = await this.deletions.chart(w.tab, w.record);
    const r = await rpc(this.dashboards.deleteChart({ tab: w.tab, chartId, actorId: user.userId }));
    await this.deletions.record(user, 'chart.delete', `chart:${chartId}`, what);
    return r;
  }

  @Post(':tab')
  @ApiOperation({ summary: 'Create a dashboard {name, projectId, description}' })
  createDashboard(@Param('tab') tab: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(dashboardBody, body);
    return rpc(this.dashboards.createDashboard({ tab: tabAccess(user, tab, 'write'), ...b, userId: user.userId }));
  }

  @Put(':tab/:dashboardId')
  @ApiOperation({ summary: 'Rename a dashboard {name}' })
  async renameDashboard(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { name } = parseInput(nameBody, body);
    const renamed = await rpc(this.dashboards.renameDashboard({ tab: tabAccess(user, tab, 'write'), dashboardId, name, actorId: user.userId }));
    void this.live.announceSave(user, tab, dashboardId, 'name');
    return renamed;
  }

  @Delete(':tab/:dashboardId')
  @ApiOperation({ summary: 'Delete a dashboard and its charts' })
  async deleteDashboard(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @CurrentUser() user: AuthUser) {
    // the dashboard's charts go with it: each needs what deleting that chart needs (ChartWriteAccess)
    const t = await this.writes.dashboard(user, tab, dashboardId);
    const what = await this.deletions.dashboard(t, dashboardId);
    const r = await rpc(this.dashboards.deleteDashboard({ tab: t, dashboardId, actorId: user.userId }));
    await this.deletions.record(user, 'dashboard.delete', `dashboard:${dashboardId}`, what);
    return r;
  }

  @Get(':apiName/:dashboardId')
  @ApiOperation({ summary: 'Dashboard content: layout, charts, global filter' })
  async get(@Param('apiName') apiName: string, @Param('dashboardId') dashboardId: string, @CurrentUser() user: AuthUser) {
    const tab = tabAccess(user, apiName, 'read');
    if (tab === 'template') await this.templateVisibility.checkDashboard(user, dashboardId);
    return dashboardContent(await rpc(this.dashboards.getDashboard({ tab, dashboardId })));
  }
}
