import { sourceTarget } from '@bi/access';
import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { toMessageKey, translate, type Language } from '@bi/i18n';
import type { dashboardV1, dataSourceQueryV1, dataSourceV1, identityV1 } from '@bi/proto';
import { SOURCE_EXPORT_MAX_ROWS, SOURCE_TYPE } from '@bi/rules';
import { CONFIG, deadlines } from '@bi/service-kit';
import { z } from 'zod';
import { ChartWriteAccess } from '../chart/chart-write-access.js';
import { relatedChartsTree } from '../chart/related-charts.js';
import { DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, DATA_SOURCE_QUERY_CLIENT, IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { allows, CurrentUser, RequirePermission, type AuthUser } from '../http/auth.guard.js';
import { DeletionAudit } from '../identity/deletion-audit.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';
import { actorOf, canEditSource, checkSourceAccess, checkWholeSource, projectView, sourceView } from './source-access.js';
import { writeXlsx } from './xlsx-export.js';

const PERMISSION_TARGET_PREFIX = 'drn:iam:app:margin:';

const sqlText = z.string().max(200_000);
const nullableNumber = z.union([z.coerce.number().int(), z.null()]).optional();
const connectionInput = z.object({
  host: z.string().max(255).default(''),
  port: nullableNumber.transform((v) => v ?? 0),
  userName: z.string().max(128).default(''),
  password: z.string().max(512).default(''),
  type: z.enum(['Basic', 'TNS']).default('Basic'),
  serverName: z.string().max(2000).default(''),
  role: z.enum(['Default', 'SYSDBA', 'SYSOPER']).default('Default'),
  initialDatabase: z.string().max(128).default(''),
});
const sourceType = z.coerce.number({ message: 'expected a number' }).int();
const nameBody = z.object({ name: z.string().max(200).default('') });
const orderQuery = z.coerce.number({ message: 'order must be a number' }).refine(Number.isFinite, 'order must be a number');
const moveBody = z.object({ projectId: z.string().max(64).default(''), dataSourceIds: z.array(z.string().max(64)).max(10_000).optional() });
const probeBody = z.object({
  type: sourceType,
  connection: connectionInput.optional(),
  dataSourceId: z.string().max(64).default(''),
  content: sqlText.default(''),
  tableName: z.string().max(256).default(''),
  tableSchema: z.string().max(256).default(''),
  count: z.coerce.number().int().min(1).max(500).default(100),
});
const createBody = z.object({
  projectId: z.string().max(64).default(''),
  name: z.string().max(200).default(''),
  description: z.string().max(2000).default(''),
  type: sourceType,
  connection: connectionInput.optional(),
  content: sqlText.default(''),
  tableName: z.string().max(256).default(''),
  tableSchema: z.string().max(256).default(''),
  cacheInterval: nullableNumber.transform((v) => v ?? 0),
});
const updateBody = z.object({
  dataSourceId: z.string().max(64).default(''),
  description: z.string().max(2000).optional(),
  connection: connectionInput.optional(),
  content: sqlText.optional(),
  tableName: z.string().max(256).optional(),
  tableSchema: z.string().max(256).optional(),
  cacheInterval: nullableNumber.transform((v) => (v === undefined ? undefined : (v ?? 0))),
  name: z.string().optional(),
});
const field = z.object({
  name: z.string().max(256).default(''),
  title: z.string().max(200).default(''),
  dataType: z.string().max(20).default(''),
  expression: z.string().max(2000).default(''),
  aggregator: z.string().max(32).default(''),
});
const repointBody = z.object({ to: z.string().min(1, 'to: choose a data source').max(64), chartIds: z.array(z.string().max(64)).max(10_000).optional() });
const fieldsBody = z.union([z.array(field).max(5000), z.object({ fields: z.array(field).max(5000) }).transform((b) => b.fields)]);

/** Connection and SQL problems of the wizard and edit screen answer as data.error (spec 02 §8). */
const DATA_ERROR = /^(connection\.(refused|host_not_found|timeout|auth_failed|database_not_found|failed|password_again)|query\.|sql\.|table\.not_found|secret\.unreadable|field\.expression_)/;

type Req = { headers: Record<string, string | string[] | undefined> };

/** The data-source area of spec 02 §7 "Sources" and "Folders" (docs/api/data-source.md). */
@ApiTags('data_source')
@ApiBearerAuth()
@RequirePermission('datasource:view')
@Controller('data_source')
export class DataSourceController {
  /** Calls that run SQL may take several query timeouts (table list, columns, calculated fields). */
  private readonly queryDeadlineMs: number;
  private readonly maxRows: number;

  constructor(
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    @Inject(CONFIG) config: AppConfig,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    private readonly deletions: DeletionAudit,
    private readonly writes: ChartWriteAccess,
  ) {
    this.queryDeadlineMs = deadlines(config).source;
    this.maxRows = config.dataSources.queryMaxRows;
  }

  // ---- folders ----

  @Get('projs')
  @ApiOperation({ summary: 'Folders with the sources the caller may read' })
  async projects(@CurrentUser() user: AuthUser) {
    return (await rpc(this.sources.listProjects({}))).projects.map((p) => projectView(user, p));
  }

  @Get('projsById/:projectId')
  @ApiOperation({ summary: 'One folder with its sources' })
  async project(@Param('projectId') projectId: string, @CurrentUser() user: AuthUser) {
    return projectView(user, await rpc(this.sources.getProject({ projectId })));
  }

  @Get('template_datasource')
  @ApiOperation({ summary: 'Folders holding sources the caller may read (source picker of template screens)' })
  async templateSources(@CurrentUser() user: AuthUser) {
    return (await this.projects(user)).filter((p) => p.dataSources.length > 0);
  }

  @Post('proj')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: "Create a folder {name}; 'name used' when taken" })
  createProject(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { name } = parseInput(nameBody, body);
    return rpc(this.sources.createProject({ name, actor: actorOf(user) }));
  }

  @Put('project/:projectId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Rename a folder {name}' })
  renameProject(@Param('projectId') projectId: string, @Body() body: unknown) {
    const { name } = parseInput(nameBody, body);
    return rpc(this.sources.renameProject({ projectId, name }));
  }

  @Delete('proj/:projectId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Delete an empty folder (refused while it holds sources)' })
  async deleteProject(@Param('projectId') projectId: string, @CurrentUser() user: AuthUser) {
    const folder = await rpc(this.sources.getProject({ projectId }));
    const r = await rpc(this.sources.deleteProject({ projectId }));
    await this.deletions.record(user, 'datasource_folder.delete', `datasource_folder:${projectId}`, { name: folder.name });
    return r;
  }

  @Post('sort/:projectId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Set the order of a folder (?order=; extension like the dashboard sort)' })
  sortProject(@Param('projectId') projectId: string, @Query('order') order: string) {
    return rpc(this.sources.sortProject({ projectId, order: parseInput(orderQuery, order) }));
  }

  @Put('batch-edit-datasource/:projectId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Move sources of this folder to the folder {projectId} (all the caller may change, or {dataSourceIds})' })
  async moveSources(@Param('projectId') fromProjectId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(moveBody, body);
    if (!b.projectId) throw new AppError('invalid', 'project.required');
    const folder = await rpc(this.sources.getProject({ projectId: fromProjectId }));
    let ids: string[];
    if (b.dataSourceIds?.length) {
      ids = [...new Set(b.dataSourceIds)];
      for (const id of ids) {
        const s = folder.dataSources.find((x) => x.dataSourceId === id);
        if (!s) throw new AppError('not_found', 'datasource.not_found');
        if (!canEditSource(user, s)) throw new AppError('forbidden', 'auth.forbidden');
      }
    } else ids = folder.dataSources.filter((s) => canEditSource(user, s)).map((s) => s.dataSourceId);
    if (ids.length === 0) {
      // nothing to move (an empty id list would mean "all" to the service); the target must still exist
      await rpc(this.sources.getProject({ projectId: b.projectId }));
      return { projectId: b.projectId, moved: [] };
    }
    return rpc(this.sources.moveSources({ fromProjectId, toProjectId: b.projectId, dataSourceIds: ids, actor: actorOf(user) }));
  }

  // ---- sources ----

  @Get('datasourceById/:dataSourceId')
  @ApiOperation({ summary: 'One source: settings, connection without password, fields' })
  async source(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    return sourceView(user, await this.readable(user, dataSourceId));
  }

  @Get('head/:dataSourceId')
  @ApiOperation({ summary: 'The fields of a source (field-settings tab)' })
  async head(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    return (await this.readable(user, dataSourceId)).fields;
  }

  @Get('topds/:dataSourceId/:count')
  @ApiOperation({ summary: 'The first {count} rows of a source, calculated fields included' })
  async top(@Param('dataSourceId') dataSourceId: string, @Param('count') count: string, @CurrentUser() user: AuthUser) {
    const n = parseInput(z.coerce.number({ message: 'count: expected a number' }).int('count: expected a whole number').min(1).max(this.maxRows), count);
    await this.readable(user, dataSourceId);
    await this.wholeSource(user, dataSourceId);
    return previewView(await rpc(this.sources.preview({ dataSourceId, count: n }), this.queryDeadlineMs));
  }

  @Get('data_history/:dataSourceId')
  @ApiOperation({ summary: 'Change history, newest first' })
  async history(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser, @Req() req: Req) {
    await this.readable(user, dataSourceId);
    const lang = requestLanguage(req);
    const { entries } = await rpc(this.sources.listHistory({ dataSourceId }));
    return entries.map((h) => ({ updateTime: h.updateTime, updateLog: historyText(h.entriesJson, lang), userName: h.userName }));
  }

  @Get('datasource_charts/:dataSourceId')
  @ApiOperation({ summary: 'Charts using the source as a folder → dashboard → chart tree (both tabs; template charts need template:view)' })
  async charts(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    await this.readable(user, dataSourceId);
    return relatedChartsTree(user, (await rpc(this.dashboards.listChartsBySource({ dataSourceId }))).charts);
  }

  @Get('dependents/:dataSourceId')
  @ApiOperation({ summary: 'What uses the source, for the delete confirmation: {charts: [{chartId, title, type, tab, dashboardId, dashboardName, projectId, projectName}], hiddenCharts, joins: [{dataSourceId, name, projectId}]}' })
  async dependents(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    await this.readable(user, dataSourceId);
    const [charts, projects] = await Promise.all([rpc(this.dashboards.listChartsBySource({ dataSourceId })), rpc(this.sources.listProjects({}))]);
    // template-tab charts are named only to those who may read that tab; the others are counted
    const shown = charts.charts.filter((c) => c.tab !== 'template' || allows(user, 'template:view'));
    const joins = projects.projects.flatMap((p) => p.dataSources.filter((s) => s.type === SOURCE_TYPE.join && s.dataSourceId !== dataSourceId));
    const readers = await Promise.all(
      joins.map(async (j) => ((await rpc(this.sources.getJoin({ dataSourceId: j.dataSourceId, projectId: '', showName: '', inputJson: '', actor: undefined }))).inputIds.includes(dataSourceId) ? j : null)),
    );
    return {
      charts: shown.map((c) => ({ chartId: c.chartId, title: c.title, type: c.type, tab: c.tab, dashboardId: c.dashboardId, dashboardName: c.dashboardName, projectId: c.projectId, projectName: c.projectName })),
      hiddenCharts: charts.charts.length - shown.length,
      joins: readers.filter((j) => j !== null).map((j) => ({ dataSourceId: j.dataSourceId, name: j.name, projectId: j.projectId })),
    };
  }

  @Post('repoint/:dataSourceId')
  @ApiOperation({ summary: 'Put the charts using the source (all, or {chartIds}) on the source {to} before it is deleted; fields the new source lacks are removed: {dataSourceId, charts: [{chartId, title, dropped}]}' })
  async repoint(@Param('dataSourceId') dataSourceId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(repointBody, body);
    await this.readable(user, dataSourceId);
    if (b.to === dataSourceId) throw new AppError('invalid', 'chart.source_same');
    const wanted = b.chartIds ? new Set(b.chartIds) : null;
    const charts = (await rpc(this.dashboards.listChartsBySource({ dataSourceId }))).charts.filter((c) => !wanted || wanted.has(c.chartId));
    // every chart is checked (the tab's write permission, the caller's access to both sources) before any moves
    const checked = [];
    for (const c of charts) checked.push({ c, w: await this.writes.chart(user, c.tab, c.chartId, b.to) });
    const moved = [];
    for (const { c, w } of checked) {
      const r = await rpc(this.dashboards.switchDataSource({ tab: w.tab, chartJson: w.record.chartJson, dataSourceId: b.to, sourceFields: w.target!.fields.map((f) => ({ name: f.name, dataType: f.dataType })), actorId: user.userId }));
      moved.push({ chartId: c.chartId, title: c.title, dropped: r.dropped });
    }
    return { dataSourceId: b.to, charts: moved };
  }

  @Put('updateSchema/:dataSourceId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Save the field settings (the complete list; calculated fields checked by the database)' })
  async updateSchema(@Param('dataSourceId') dataSourceId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const fields = parseInput(fieldsBody, body);
    await this.writable(user, dataSourceId);
    return sourceView(user, await rpc(this.sources.updateFields({ dataSourceId, fields, actor: actorOf(user) }), this.queryDeadlineMs));
  }

  @Post('source')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Connect and list tables, or preview SQL / a table; data.error on a connection or SQL problem' })
  async probe(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const b = parseInput(probeBody, body);
    if (b.dataSourceId) await this.writable(user, b.dataSourceId);
    return this.orDataError(req, async () => {
      const r = await rpc(this.sources.probe({ ...b, actor: actorOf(user) }), this.queryDeadlineMs);
      return r.preview ? previewView(r.preview) : { tables: r.tables };
    });
  }

  @Post('sql')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Create a database source; answers {dataSource, permission}, or data.error' })
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const b = parseInput(createBody, body);
    return this.orDataError(req, async () => {
      const created = await rpc(this.sources.createSource({ ...b, actor: actorOf(user) }), this.queryDeadlineMs);
      return { dataSource: sourceView(user, created), permission: await this.permissionWith(user, sourceTarget(created.dataSourceId)) };
    });
  }

  @Put('update')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Change a source (name is read-only); data.error on a connection or SQL problem' })
  async update(@Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const { name: _readOnly, ...b } = parseInput(updateBody, body);
    await this.writable(user, b.dataSourceId);
    return this.orDataError(req, async () => sourceView(user, await rpc(this.sources.updateSource({ ...b, actor: actorOf(user) }), this.queryDeadlineMs)));
  }

  @Get('export/:dataSourceId')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'The source as .xlsx (at most 99999 rows; refused above) — extension of the spec' })
  async export(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser, @Res() res: Parameters<typeof writeXlsx>[1]) {
    const source = await this.readable(user, dataSourceId);
    await this.wholeSource(user, dataSourceId);
    await writeXlsx(this.sources.exportRows({ dataSourceId, maxRows: SOURCE_EXPORT_MAX_ROWS }), res, source.name, this.queryDeadlineMs);
  }

  @Delete(':dataSourceId')
  @RequirePermission('datasource:edit')
  @ApiOperation({ summary: 'Delete a source with its fields and history' })
  async remove(@Param('dataSourceId') dataSourceId: string, @CurrentUser() user: AuthUser) {
    const source = await this.writable(user, dataSourceId);
    const r = await rpc(this.sources.deleteSource({ dataSourceId, actor: actorOf(user) }));
    await this.deletions.record(user, 'datasource.delete', `datasource:${dataSourceId}`, { name: source.name, folder: source.projectName ?? '' });
    return r;
  }

  // ---- helpers ----

  private async readable(user: AuthUser, dataSourceId: string) {
    const s = await rpc(this.sources.getSource({ dataSourceId }));
    checkSourceAccess(user, s, 'read');
    return s;
  }

  /** The preview and export show the whole source: refused to a caller its row-level rules restrict (docs/api/sharing.md). */
  private async wholeSource(user: AuthUser, dataSourceId: string) {
    if (user.isAdmin) return;
    checkWholeSource(user, await rpc(this.queries.describe({ dataSourceId })));
  }

  private async writable(user: AuthUser, dataSourceId: string) {
    const s = await rpc(this.sources.getSource({ dataSourceId }));
    checkSourceAccess(user, s, 'write');
    return s;
  }

  private async orDataError<T>(req: Req, fn: () => Promise<T>): Promise<T | { error: string }> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof AppError && DATA_ERROR.test(e.key)) return { error: translate(e.key, requestLanguage(req), e.params) };
      throw e;
    }
  }

  /** The caller's permission object as login gives it, with the new source's permission added. */
  private async permissionWith(user: AuthUser, extra: string) {
    const [verified, rolesUsers] = await Promise.all([rpc(this.identity.verifyToken({ token: user.token })), rpc(this.identity.listRolesUsers({}))]);
    const names = new Map(rolesUsers.roles.map((r) => [r.id, r.name]));
    const permissions = [...new Set([...verified.permissions, extra])].sort();
    return { roles: verified.roleIds.map((id) => ({ id, name: names.get(id) ?? id })), permissions: permissions.map((p) => ({ target: PERMISSION_TARGET_PREFIX + p })) };
  }
}

/** Rows keyed by column name, as the screens read them. */
export function previewView(r: dataSourceV1.QueryResult) {
  const rows = JSON.parse(r.rowsJson || '[]') as unknown[][];
  const names = r.columns.map((c) => c.name);
  const view = { columns: r.columns, rows: rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i] ?? null]))), truncated: r.truncated };
  // a stored source's preview: the rows it has in all (absent when not counted)
  return r.totalRows >= rows.length && r.totalRows > 0 ? { ...view, totalRows: r.totalRows } : view;
}

/** History lines are stored as message keys; they are read in the caller's language. */
export function historyText(entriesJson: string, lang: Language): string {
  const entries = JSON.parse(entriesJson || '[]') as { key: string; params?: Record<string, string | number> }[];
  return entries.map((e) => translate(toMessageKey(e.key), lang, e.params)).join('; ');
}

