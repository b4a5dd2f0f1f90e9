import { Body, Controller, Get, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { federationSettingSchema } from '@bi/chart-model';
import type { dashboardV1, dataSourceQueryV1, dataSourceV1 } from '@bi/proto';
import { CONFIG, deadlines } from '@bi/service-kit';
import { z } from 'zod';
import { sourceFieldRefs } from '../chart/chart.controller.js';
import { DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, RequireAdmin, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { actorOf, canAccessSource, checkSourceAccess, checkWholeSource, readSources } from './source-access.js';

/** The designer's join as sent (docs/api/join-table.md JoinTableInput); the data-source service checks the rest. */
const joinBody = z
  .object({
    name: z.string().max(200).default(''),
    description: z.string().max(2000).optional(),
    nodeDataArray: z.array(z.object({ dataSourceId: z.string().max(64) }).passthrough()).max(16).default([]),
    links: z.array(z.object({}).passthrough()).max(16).default([]),
    where: z.object({}).passthrough().optional(),
    cacheInterval: z.union([z.coerce.number().int(), z.null()]).optional(),
    dataSourceId: z.string().max(64).optional(),
    joinTableId: z.string().max(64).optional(),
  })
  .passthrough();
type JoinBody = z.infer<typeof joinBody>;

const request = (r: Partial<dataSourceV1.JoinTableRequest>): dataSourceV1.JoinTableRequest => ({ dataSourceId: '', projectId: '', showName: '', inputJson: '', actor: undefined, ...r });

/** Joined tables (spec 02 §7 "Joined tables", docs/api/join-table.md). */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:view')
@Controller('data_source')
export class JoinTableController {
  private readonly deadlineMs: number;

  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(CONFIG) config: AppConfig,
  ) {
    // a preview runs three statements side by side, each under the query timeout
    this.deadlineMs = deadlines(config).chart;
  }

  @Get('join_table_projs')
  @ApiOperation({ summary: 'Folders with the sources the caller may join, each with its store' })
  async projects(@CurrentUser() user: AuthUser) {
    const reply = await rpc(this.sources.listJoinable(request({})));
    const projects = JSON.parse(reply.json) as { projectId: string; name: string; order: number; dataSources: { dataSourceId: string; createdById: string }[] }[];
    return projects.map((p) => ({
      ...p,
      dataSources: p.dataSources.filter((s) => canAccessSource(user, s)).map(({ createdById: _c, ...s }) => s),
    }));
  }

  @Get('join_table/:id')
  @ApiOperation({ summary: 'A joined table for the designer (edit)' })
  async get(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    await this.visible(user, [id]);
    return JSON.parse((await rpc(this.sources.getJoin(request({ dataSourceId: id })))).json);
  }

  @Get('join_table_fields/:showName/:dataSourceId')
  @ApiOperation({ summary: 'A table dropped on the designer: its node with every field checked' })
  async fields(@Param('showName') showName: string, @Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    await this.visible(user, [dataSourceId]);
    return JSON.parse((await rpc(this.sources.joinFields(request({ dataSourceId, showName })))).json);
  }

  @Post('join_table_preview')
  @ApiOperation({ summary: 'First 100 rows, the row count of the join and of its root table (not stored)' })
  async preview(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const input = parseInput(joinBody, body);
    await this.inputsVisible(user, input, true);
    return JSON.parse((await rpc(this.sources.previewJoin(request({ inputJson: JSON.stringify(input) })), this.deadlineMs)).json);
  }

  @Post('join_table_add/:project')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Save a new joined table in a folder' })
  async add(@Param('project') projectId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const input = parseInput(joinBody, body);
    await this.inputsVisible(user, input);
    return JSON.parse((await rpc(this.sources.saveJoin(request({ projectId, inputJson: JSON.stringify(input), actor: actorOf(user) })), this.deadlineMs)).json);
  }

  @Post('join_table_update')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Save an edited joined table (a refused save changes nothing)' })
  async update(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const input = parseInput(joinBody, body);
    const id = input.dataSourceId || input.joinTableId || '';
    if (!id) throw new AppError('not_found', 'datasource.not_found');
    const join = await rpc(this.sources.getSource({ dataSourceId: id }));
    checkSourceAccess(user, join, 'write');
    await this.inputsVisible(user, input);
    const saved = JSON.parse((await rpc(this.sources.saveJoin(request({ dataSourceId: id, inputJson: JSON.stringify(input), actor: actorOf(user) })), this.deadlineMs)).json);
    return { ...saved, switchedCharts: saved.removedFields?.length ? await this.followDroppedFields(id) : [] };
  }

  @Get('federation')
  @RequireAdmin()
  @ApiOperation({ summary: 'Joins across stores: the federation setting {trinoSourceId, mappings: [{dataSourceId | "analytics", catalog, schema}]} (admins)' })
  async getFederation() {
    return JSON.parse((await rpc(this.sources.getFederation(request({})))).json);
  }

  @Put('federation')
  @RequireAdmin()
  @ApiOperation({ summary: 'Joins across stores: store the federation setting (an empty trinoSourceId turns it off; admins)' })
  async setFederation(@Body() body: unknown) {
    const input = parseInput(federationSettingSchema, body);
    return JSON.parse((await rpc(this.sources.setFederation(request({ inputJson: JSON.stringify(input) })))).json);
  }

  /**
   * Charts on a join whose edit dropped fields follow the source-switch rules of @bi/chart-model (as
   * if switched to the new join: the fields that remain are kept, the dropped ones removed), so none
   * is left naming a field the join no longer has. A consequence of the source's change, like its
   * deletion: made for every chart on it, whoever's dashboard it is on.
   */
  private async followDroppedFields(dataSourceId: string): Promise<{ chartId: string; dropped: string[] }[]> {
    const source = await rpc(this.queries.describe({ dataSourceId }));
    // every chart on the join in one dashboard call (not a read and a switch per chart)
    const r = await rpc(this.dashboards.followSourceFields({ dataSourceId, sourceFields: sourceFieldRefs(source) }));
    return r.charts.filter((c) => c.dropped.length).map((c) => ({ chartId: c.chartId, dropped: c.dropped }));
  }

  /** Sources the caller cannot see are "not found" (never named); all read in one GetSources call. */
  private async visible(user: AuthUser, ids: string[]) {
    const sourceOf = await readSources(this.sources, ids);
    for (const dataSourceId of new Set(ids)) {
      const s = sourceOf(dataSourceId);
      if (!s || !canAccessSource(user, s)) throw new AppError('not_found', 'datasource.not_found');
    }
  }

  /**
   * Every input must be visible to the caller. Saving needs no more: every query of the saved join
   * applies each reader's rules of each input (docs/api/join-table.md "Row-level rules"). The
   * designer's preview (`whole`) shows the unfiltered join: refused to a caller whom any input's
   * row-level rules restrict, as the whole-source preview of such a source is.
   */
  private async inputsVisible(user: AuthUser, input: JoinBody, whole = false) {
    const ids = [...new Set(input.nodeDataArray.map((n) => n.dataSourceId))];
    await this.visible(user, ids);
    if (!whole) return;
    // the inputs' descriptions (their row-level rules) side by side, not one after another
    for (const d of await Promise.all(ids.map((dataSourceId) => rpc(this.queries.describe({ dataSourceId }))))) checkWholeSource(user, d);
  }
}
