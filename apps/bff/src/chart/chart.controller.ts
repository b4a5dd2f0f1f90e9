import { Body, Controller, Get, Inject, Injectable, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { translate } from '@bi/i18n';
import type { Logger } from '@bi/core';
import type { chartQueryV1, dashboardV1, dataSourceQueryV1, dataSourceV1, warningV1 } from '@bi/proto';
import { outboundPolicy, type OutboundPolicy } from '@bi/outbound';
import { DRILL_LIMITS, chartKindInfo, chartKinds, isChartType } from '@bi/chart-model';
import { INPUT_BOUNDS } from '@bi/rules';
import { CONFIG, deadlines } from '@bi/service-kit';
import { z } from 'zod';
import { dashboardContent } from '../dashboard/dashboard.controller.js';
import { tabAccess } from '../dashboard/tab-access.js';
import { TemplateVisibility } from '../template/template-visibility.js';
import { canAccessSource, isNoSourceAccess, projectView, querySource, readSources, viewerOf } from '../data-source/source-access.js';
import { CHART_QUERY_CLIENT, DASHBOARD_CLIENT, DATA_SOURCE_CLIENT, WARNING_CLIENT, rpc } from '../grpc-clients.js';
import { BFF_LOGGER } from '../warning/warn-stream.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { EnvelopeExceptionFilter } from '../http/exception.filter.js';
import { fail, success } from '../http/envelope.js';
import { requestLanguage } from '../http/request-language.js';

type Language = ReturnType<typeof requestLanguage>;
import { parseInput } from '../http/validation.js';
import { ChartAnswers, envelopeBytes, type ChartWithSource } from './answer-cache.js';
import { ChartWriteAccess } from './chart-write-access.js';
import { checkChartWarnings, warnBody } from './warn-config.js';
import { checkWarnTargets } from './warn-targets.js';
import { firstScreenRuns } from './first-screen.js';
import { batchEnvelopeParts, batchRunBody, detailFilter, drillPath, filters, runBody, runRequestKey, type RunBody } from './run-request.js';

const nullable = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === null ? undefined : v), s.optional());

/** The detail dialog's body (docs/api/chart.md DetailsBody). */
export const detailsBody = runBody.extend({
  filter: nullable(detailFilter),
  search: nullable(z.string().max(INPUT_BOUNDS.filterValueChars)),
  pageSize: nullable(z.number().int().min(1).max(100_000)),
  pageIndex: nullable(z.number().int().min(1).max(1_000_000)),
});
/** The drill into one point: the detail filter itself as the body (spec 01 §7), with the details' optional keys. */
const pointDetailsBody = detailFilter.partial().extend({
  search: nullable(z.string().max(INPUT_BOUNDS.filterValueChars)),
  innerFilters: filters,
  globalFilters: filters,
  drill: drillPath,
  pageSize: nullable(z.number().int().min(1).max(100_000)),
  pageIndex: nullable(z.number().int().min(1).max(1_000_000)),
});
export const filterKeyQuery = z.string().max(1000);
/** The chart as the editor sends it; the dashboard service checks the rest (docs/api/chart.md "Save"). */
const chartBody = z
  .object({
    chartId: z.string().min(1).max(64),
    dataSourceId: nullable(z.string().max(64)),
    // the drill hierarchy's shape (its rules: the dashboard service, @bi/chart-model drillProblem)
    drill: nullable(z.array(z.object({ name: z.string().min(1).max(DRILL_LIMITS.fieldName), dataType: nullable(z.enum(['string', 'number', 'date'])), granularity: nullable(z.number().int().min(0).max(5)) })).max(DRILL_LIMITS.maxLevels)),
  })
  .passthrough();
const customOptionBody = z.object({ chartId: z.string().min(1).max(64), customOption: nullable(z.string().max(INPUT_BOUNDS.customOptionChars)) }).passthrough();
/** The first-screen call's body: how far down the page's first screen reaches (px; the web's innerHeight + SEEN_MARGIN_PX). */
const firstScreenBody = z.object({ height: z.number().int().min(1).max(100_000) });
const batchBody = z.object({ dataSourceId: nullable(z.string().max(64)), projectId: nullable(z.string().max(64)) });

type Req = { headers: Record<string, string | string[] | undefined> };
/** The express response, written directly for answers that are JSON text already. */
type RawResponse = { status(code: number): unknown; type(type: string): unknown; send(body: string | Buffer): unknown };

/** Sends bytes that are a whole success envelope already (the cached chart answer). */
function sendRaw(res: RawResponse, body: Buffer): void {
  res.status(200);
  res.type('application/json');
  res.send(body);
}

export function sourceFieldRefs(source: dataSourceQueryV1.SourceDescription): dashboardV1.SourceFieldRef[] {
  return source.fields.map((f) => ({ name: f.name, dataType: f.dataType }));
}

const chartView = (r: dashboardV1.ChartRecord) => JSON.parse(r.chartJson) as Record<string, unknown>;

/**
 * Charts and the sources behind them for the chart reads: access to a chart's source is the data-source
 * area's rule (admin, grant datasource:{id}, or its creator — canAccessSource), checked on the source's
 * description, which then travels to chart-query with the chart so it is not read twice. Reads go
 * through the BFF's kept copies (ChartAnswers); writes are checked by ChartWriteAccess, afresh.
 */
@Injectable()
export class ChartAccess {
  constructor(
    @Inject(DASHBOARD_CLIENT) readonly dashboards: dashboardV1.DashboardServiceClient,
    readonly answers: ChartAnswers,
  ) {}

  /** A chart and (when it has one) its source, checked. */
  chartWithSource(user: AuthUser, tab: string, chartId: string): Promise<ChartWithSource> {
    return this.answers.chartWithSource(user, tab, chartId);
  }
}

/** Runs a chart through chart-query, sends its answer text as is, and keeps it for the hit path. */
async function runChart(
  access: ChartAccess,
  charts: chartQueryV1.ChartQueryServiceClient,
  deadlineMs: number,
  args: { user: AuthUser; tab: string; chartId: string; body: unknown; req: Req; res: RawResponse; globalFilters: boolean },
): Promise<void> {
  const b = parseInput(runBody, args.body);
  const tab = tabAccess(args.user, args.tab, 'read');
  sendRaw(args.res, await computeChart(access, charts, deadlineMs, { user: args.user, tab, chartId: args.chartId, run: b, language: requestLanguage(args.req), globalFilters: args.globalFilters, alone: true }));
}

/** A chart's answer from chart-query as the envelope's bytes, kept for the hit path. */
export async function computeChart(
  access: ChartAccess,
  charts: chartQueryV1.ChartQueryServiceClient,
  deadlineMs: number,
  args: { user: AuthUser; tab: string; chartId: string; run: RunBody; language: Language; globalFilters: boolean; alone?: boolean },
): Promise<Buffer> {
  // a run asked again while it is computed (the first-screen call, then the page's own batch) waits for it
  return access.answers.once(args.user, args.tab, args.chartId, runRequestKey(args.globalFilters, args.run, args.language), () => computeChartNow(access, charts, deadlineMs, args));
}

async function computeChartNow(
  access: ChartAccess,
  charts: chartQueryV1.ChartQueryServiceClient,
  deadlineMs: number,
  args: { user: AuthUser; tab: string; chartId: string; run: RunBody; language: Language; globalFilters: boolean; alone?: boolean },
): Promise<Buffer> {
  const { tab, language, run: b } = args;
  let read: ChartWithSource;
  try {
    read = await access.chartWithSource(args.user, tab, args.chartId);
  } catch (e) {
    // the spec's no-permission state (dataSourceAuth): the chart box shows it instead of data (docs/api/sharing.md)
    if (isNoSourceAccess(e)) return Buffer.from(JSON.stringify(success({ dataSourceAuth: false, chartId: args.chartId, message: translate(e.key, language) })));
    // the chart's source was deleted: the stored chart without data, so it can be put on another source
    // (the chart box's and the editor's "modify data source"; docs/api/chart.md "Source deleted")
    if (e instanceof AppError && e.key === 'datasource.not_found') {
      const record = await access.answers.storedChart(args.user, tab, args.chartId);
      return Buffer.from(JSON.stringify(success({ sourceMissing: true, chartId: args.chartId, chart: chartView(record), dataSourceName: '', message: translate(e.key, language) })));
    }
    throw e;
  }
  const { record, source } = read;
  const reply = await rpc(
    charts.runChart({
      tab,
      chartId: record.chartId,
      chartJson: record.chartJson,
      source: querySource(args.user, source),
      innerFiltersJson: b.innerFilters ? JSON.stringify(b.innerFilters) : '',
      globalFiltersJson: args.globalFilters && b.globalFilters ? JSON.stringify(b.globalFilters) : '',
      language,
      pageIndex: b.page?.index ?? 0,
      pageSize: b.page?.size ?? 0,
      viewer: viewerOf(args.user),
      // a single run starts its query at once; a batch's runs gather for shared scans (chart-query shared-scan.ts)
      alone: args.alone ?? false,
      drillJson: b.drill?.length ? JSON.stringify(b.drill) : '',
    }),
    deadlineMs,
  );
  const body = envelopeBytes(reply.answerJson);
  access.answers.keep(args.user, tab, args.chartId, runRequestKey(args.globalFilters, b, language), read, reply.answerJson, body);
  return body;
}

/** What a detail read asks for (the detail dialog, the drill into a point, the export). */
export interface DetailsQuery {
  innerFilters?: unknown[];
  globalFilters?: unknown[];
  filter?: unknown;
  search?: string;
  /** the drill path of the chart as viewed: the rows under it, a point key naming the drilled level's value */
  drill?: string[];
  pageIndex?: number;
  pageSize?: number;
  pointKey: string;
}

/** A chart's detail rows from chart-query (docs/api/chart.md Details) as JSON text, after the caller's access to the tab and the chart's source is checked. */
export async function detailsAnswer(
  access: ChartAccess,
  charts: chartQueryV1.ChartQueryServiceClient,
  deadlineMs: number,
  user: AuthUser,
  tab: string,
  chartId: string,
  q: DetailsQuery,
): Promise<string> {
  const t = tabAccess(user, tab, 'read');
  const { record, source } = await access.chartWithSource(user, t, chartId);
  if (!source) throw new AppError('invalid', 'chart.source_required');
  const reply = await rpc(
    charts.details({
      tab: t,
      chartId: record.chartId,
      chartJson: record.chartJson,
      source: querySource(user, source),
      innerFiltersJson: q.innerFilters ? JSON.stringify(q.innerFilters) : '',
      globalFiltersJson: q.globalFilters ? JSON.stringify(q.globalFilters) : '',
      detailFilterJson: q.filter ? JSON.stringify(q.filter) : '',
      page: q.pageIndex ?? 0,
      pageSize: q.pageSize ?? 0,
      pointKey: q.pointKey,
      search: q.search ?? '',
      viewer: viewerOf(user),
      drillJson: q.drill?.length ? JSON.stringify(q.drill) : '',
    }),
    deadlineMs,
  );
  return reply.answerJson;
}

/** The chart calls of spec 01 §7 "Dashboard" (docs/api/chart.md). */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class ChartRunController {
  private readonly deadlineMs: number;

  constructor(
    private readonly access: ChartAccess,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(CONFIG) config: AppConfig,
    private readonly failures: EnvelopeExceptionFilter,
    private readonly templates: TemplateVisibility,
  ) {
    this.deadlineMs = deadlines(config).chart;
  }

  @Post('chart/:tab/:chartId')
  @ApiOperation({ summary: 'Run a chart {isFullScreen, innerFilters, globalFilters, isFirstRequest, page?, drill?}: {option, chart, meta, dataSourceName}' })
  async run(@Param('tab') tab: string, @Param('chartId') chartId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req, @Res() res: RawResponse) {
    await runChart(this.access, this.charts, this.deadlineMs, { user, tab, chartId, body, req, res, globalFilters: true });
  }

  /**
   * The charts of a dashboard that came into view together, in one request (a browser opens at most six
   * connections to a host, so twenty boxes would otherwise queue): one envelope per chart, in order,
   * each what the single run answers — a chart that fails has its own {status: 'fail', data, httpStatus} and does
   * not fail the others. Kept answers are sent as they are (the hit path serves a batch of hits before
   * Nest); the others run side by side.
   */
  @Post('charts/:tab')
  @ApiOperation({ summary: 'Run several charts {charts: [{chartId, isFullScreen, innerFilters, globalFilters, isFirstRequest, page?}]} (1 to 50): [{status, data}] per chart, in order' })
  async runMany(@Param('tab') tab: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req & { url?: string }, @Res() res: RawResponse) {
    const b = parseInput(batchRunBody, body);
    const t = tabAccess(user, tab, 'read');
    const language = requestLanguage(req);
    const runs = b.charts.map(({ chartId, ...run }) => ({ chartId, run, key: runRequestKey(true, run, language) }));
    const kept = (await this.access.answers.keptBodies(user, t, runs)) ?? [];
    const bodies = await Promise.all(
      runs.map(async ({ chartId, run }, i) => {
        const hit = kept[i];
        if (hit) return hit;
        try {
          return await computeChart(this.access, this.charts, this.deadlineMs, { user, tab: t, chartId, run, language, globalFilters: true });
        } catch (e) {
          const { status, message } = this.failures.failure(e, language, `${req.url ?? ''} ${chartId}`);
          // the HTTP status the single run would have answered, for the caller's handling (403, 404, …)
          return Buffer.from(JSON.stringify({ ...fail(message), httpStatus: status }));
        }
      }),
    );
    sendRaw(res, Buffer.concat(batchEnvelopeParts(bodies)));
  }

  /**
   * A dashboard's first screen computed ahead (docs/api/chart.md "First screen"): the web's boot script
   * calls it as the page starts loading, before the app's scripts ran, and the page's own batch run then
   * finds the answers kept (or still being computed, and waits for them). The runs are those the web
   * sends for the dashboard opened without picked values (firstScreenRuns); each is checked and kept as
   * a run of the batch would be. Answers {charts: the runs started}.
   */
  @Post('first_screen/:tab/:dashboardId')
  @ApiOperation({ summary: "Compute a dashboard's first-screen chart answers ahead {height}: {charts}" })
  async firstScreen(@Param('tab') tab: string, @Param('dashboardId') dashboardId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const { height } = parseInput(firstScreenBody, body);
    const t = tabAccess(user, tab, 'read');
    if (t === 'template') await this.templates.checkDashboard(user, dashboardId);
    const language = requestLanguage(req);
    const runs = firstScreenRuns(dashboardContent(await rpc(this.access.dashboards.getDashboard({ tab: t, dashboardId }))), height).map(({ chartId, run }) => {
      const parsed = parseInput(runBody, run);
      return { chartId, run: parsed, key: runRequestKey(true, parsed, language) };
    });
    if (runs.length === 0) return { charts: 0 };
    const kept = (await this.access.answers.keptBodies(user, t, runs)) ?? [];
    await Promise.all(
      runs.map(({ chartId, run }, i) =>
        kept[i] ? undefined : computeChart(this.access, this.charts, this.deadlineMs, { user, tab: t, chartId, run, language, globalFilters: true }).catch(() => undefined),
      ),
    );
    return { charts: runs.length };
  }

  @Post('all_details/:tab/:chartId')
  @ApiOperation({ summary: 'Detail rows under the chart filters {innerFilters, globalFilters, filter, pageIndex, pageSize}: {columns, rows, page, pageSize, hasMore}' })
  async details(@Param('tab') tab: string, @Param('chartId') chartId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Res() res: RawResponse) {
    const b = parseInput(detailsBody, body);
    await this.sendDetails(user, tab, chartId, res, { innerFilters: b.innerFilters, globalFilters: b.globalFilters, filter: b.filter, search: b.search, drill: b.drill, pageIndex: b.pageIndex, pageSize: b.pageSize, pointKey: '' });
  }

  @Post('detail/:tab/:chartId')
  @ApiOperation({ summary: 'Detail rows behind one point of the chart (?filterKey= its category) under the detail filter (body {logic, filterItems}, optional innerFilters, globalFilters, pageIndex, pageSize): {columns, rows, page, pageSize, hasMore}' })
  async pointDetails(@Param('tab') tab: string, @Param('chartId') chartId: string, @Query('filterKey') filterKey: unknown, @Body() body: unknown, @CurrentUser() user: AuthUser, @Res() res: RawResponse) {
    const key = parseInput(filterKeyQuery, (Array.isArray(filterKey) ? filterKey[0] : filterKey) ?? '');
    const b = parseInput(pointDetailsBody, body);
    const filter = b.filterItems?.length ? { logic: b.logic ?? 0, filterItems: b.filterItems } : undefined;
    await this.sendDetails(user, tab, chartId, res, { innerFilters: b.innerFilters, globalFilters: b.globalFilters, filter, search: b.search, drill: b.drill, pageIndex: b.pageIndex, pageSize: b.pageSize, pointKey: key });
  }

  private async sendDetails(user: AuthUser, tab: string, chartId: string, res: RawResponse, q: DetailsQuery) {
    sendRaw(res, envelopeBytes(await detailsAnswer(this.access, this.charts, this.deadlineMs, user, tab, chartId, q)));
  }

  @Get('data_source')
  @ApiOperation({ summary: 'Data-source folders with the sources the caller may use in charts' })
  async dataSources(@CurrentUser() user: AuthUser) {
    return usableSources(user, await rpc(this.sources.listProjects({})));
  }

  @Get('datasource/projects/:route/:projectId')
  @ApiOperation({
    summary: 'The data sources the charts of a dashboard folder use, most used first: [{dataSourceId, name, projectId, projectName, type, charts, dataSourceAuth, exists}]',
  })
  async folderSources(@Param('route') route: string, @Param('projectId') projectId: string, @CurrentUser() user: AuthUser) {
    const tab = tabAccess(user, route, 'read');
    const listed = (await rpc(this.access.dashboards.listProjects({ tab }))).projects;
    // the template tab: only the folders the caller may see (docs/api/template.md "Model")
    const visible = tab === 'template' ? await this.templates.filterProjects(user, listed) : listed;
    const project = visible.find((p) => p.projectId === projectId);
    if (!project) throw new AppError('not_found', 'project.not_found');
    const charts = (await Promise.all(project.dashboards.map(async (d) => (await rpc(this.access.dashboards.listCharts({ tab, dashboardId: d.dashboardId }))).charts))).flat();
    const counts = new Map<string, number>();
    for (const c of charts) if (c.dataSourceId) counts.set(c.dataSourceId, (counts.get(c.dataSourceId) ?? 0) + 1);
    // the sources in one GetSources call; a deleted one answers undefined
    const sourceOf = await readSources(this.sources, counts.keys());
    const rows = [...counts].map(([dataSourceId, n]) => {
      const source = sourceOf(dataSourceId);
      // a source the caller may not read is counted but not named (its name is the owner's to show)
      const auth = source !== undefined && canAccessSource(user, source);
      return {
        dataSourceId,
        name: auth ? source.name : '',
        projectId: auth ? source.projectId : '',
        projectName: auth ? source.projectName : '',
        type: auth ? source.type : null,
        charts: n,
        dataSourceAuth: auth,
        exists: source !== undefined,
      };
    });
    return rows.sort((a, b) => b.charts - a.charts || a.name.localeCompare(b.name) || a.dataSourceId.localeCompare(b.dataSourceId));
  }

  @Get('schema/:apiName/:chartId')
  @ApiOperation({ summary: "The fields of a chart's source [{name, title, dataType, aggregator, calculated}]" })
  async schema(@Param('apiName') apiName: string, @Param('chartId') chartId: string, @CurrentUser() user: AuthUser) {
    const { source } = await this.access.chartWithSource(user, tabAccess(user, apiName, 'read'), chartId);
    return source ? source.fields.map((f) => ({ name: f.name, title: f.title, dataType: f.dataType, aggregator: f.aggregator, calculated: f.calculated })) : [];
  }
}

/** Folders holding at least one source the caller may use. */
function usableSources(user: AuthUser, reply: dataSourceV1.ListProjectsReply) {
  return reply.projects.map((p) => projectView(user, p)).filter((p) => p.dataSources.length > 0);
}

/** Chart editing of spec 01 §7 "Chart editing" (docs/api/chart.md); adding a chart is ChartEditController's. */
@ApiTags('chart-edit')
@ApiBearerAuth()
@Controller('chart-edit')
export class ChartEditorController {
  private readonly deadlineMs: number;
  private readonly outbound: OutboundPolicy;

  constructor(
    private readonly access: ChartAccess,
    private readonly writes: ChartWriteAccess,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(DATA_SOURCE_CLIENT) private readonly sources: dataSourceV1.DataSourceServiceClient,
    @Inject(CONFIG) config: AppConfig,
    @Inject(WARNING_CLIENT) private readonly warningService: warningV1.WarningServiceClient,
    @Inject(BFF_LOGGER) private readonly logger: Logger,
  ) {
    this.deadlineMs = deadlines(config).chart;
    this.outbound = outboundPolicy(config.outbound.allow);
  }

  /**
   * A saved dashboard chart's alerts to the warning service before the save answers (issue 26 "no
   * lost transitions"): it keeps them at the save's version and establishes their state against the
   * data of now; the ChartChanged event of the same version is then a no-op. A failure is logged, the
   * save stands (the event brings the rules later).
   */
  private async keepAlerts(r: dashboardV1.ChartRecord): Promise<void> {
    if (r.tab !== 'dashboard' || !r.version) return;
    try {
      await rpc(
        this.warningService.keepChart({ chartId: r.chartId, tab: r.tab, dashboardId: r.dashboardId, dashboardOwnerId: r.dashboardOwnerId, chartJson: r.chartJson, version: r.version }),
        this.deadlineMs,
      );
    } catch (e) {
      this.logger.warn('alerts of a saved chart not handed to the warning service; its ChartChanged event will bring them', { chartId: r.chartId, error: e });
    }
  }

  @Post('chart/:tab/:chartId')
  @ApiOperation({ summary: 'The editor opens or refreshes a chart {isFullScreen, innerFilters, isFirstRequest, page?}: {chart, option, dataSourceName, meta}' })
  async run(@Param('tab') tab: string, @Param('chartId') chartId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req, @Res() res: RawResponse) {
    await runChart(this.access, this.charts, this.deadlineMs, { user, tab, chartId, body, req, res, globalFilters: false });
  }

  @Get('dataSources')
  @ApiOperation({ summary: 'Data-source folders with the sources the caller may use in charts' })
  async dataSources(@CurrentUser() user: AuthUser) {
    return usableSources(user, await rpc(this.sources.listProjects({})));
  }

  @Get('charts/:type')
  @ApiOperation({ summary: 'What the editor offers for a chart kind ({type} = all: every kind)' })
  kinds(@Param('type') type: string) {
    if (type === 'all') return chartKinds();
    if (!isChartType(type)) throw new AppError('invalid', 'request.invalid', { detail: `type ${type}` });
    return chartKindInfo(type);
  }

  @Put('change-custom-option/:tab')
  @ApiOperation({ summary: 'Save only the custom option {chartId, customOption} of a chart' })
  async customOption(@Param('tab') tab: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(customOptionBody, body);
    const w = await this.writes.chart(user, tab, b.chartId);
    return chartView(await rpc(this.access.dashboards.setCustomOption({ tab: w.tab, chartId: b.chartId, customOption: b.customOption ?? '', actorId: user.userId })));
  }

  @Post('change/:tab/:dataSourceId')
  @ApiOperation({ summary: 'Switch a chart (body) to another source; fields it lacks are removed: {chart, dropped}' })
  async change(@Param('tab') tab: string, @Param('dataSourceId') dataSourceId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(chartBody, body);
    const { tab: t, target: source } = await this.writes.chart(user, tab, b.chartId, dataSourceId);
    if (!source) throw new AppError('invalid', 'chart.source_required');
    // the sender becomes the alerts' owner, as at a save (alerts exist on the dashboard tab only)
    const chart = t === 'dashboard' ? checkChartWarnings(t, b, user) : b;
    const r = await rpc(this.access.dashboards.switchDataSource({ tab: t, chartJson: JSON.stringify(chart), dataSourceId: source.dataSourceId, sourceFields: sourceFieldRefs(source), actorId: user.userId }));
    await this.keepAlerts(r.chart!);
    return { chart: chartView(r.chart!), dropped: r.dropped };
  }

  @Put('batch-edit-datasource/:tab/:projectId')
  @ApiOperation({ summary: 'Switch every chart of a dashboard folder to the source {dataSourceId, projectId (its data-source folder)}' })
  async batch(@Param('tab') tab: string, @Param('projectId') projectId: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(batchBody, body);
    tabAccess(user, tab, 'write');
    if (!b.projectId) throw new AppError('invalid', 'project.required');
    if (!b.dataSourceId) throw new AppError('invalid', 'chart.source_required');
    const { tab: t, target: source } = await this.writes.folder(user, tab, projectId, b.dataSourceId);
    const r = await rpc(this.access.dashboards.switchProjectDataSource({ tab: t, projectId, dataSourceId: source.dataSourceId, sourceFields: sourceFieldRefs(source) }));
    return { projectId, dataSourceId: source.dataSourceId, charts: r.charts };
  }

  @Put(':tab')
  @ApiOperation({ summary: 'Save a chart (the whole chart as body); answers the saved chart' })
  async save(@Param('tab') tab: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(chartBody, body);
    const { tab: t, target: source } = await this.writes.chart(user, tab, b.chartId, b.dataSourceId);
    const chart = checkChartWarnings(t, b, user);
    checkWarnTargets(chart, this.outbound);
    const saved = await rpc(
      this.access.dashboards.saveChart({ tab: t, chartJson: JSON.stringify(chart), sourceFields: source ? sourceFieldRefs(source) : [], checkFields: source !== undefined, actorId: user.userId }),
    );
    await this.keepAlerts(saved);
    return chartView(saved);
  }

  @Get('warn/:tab/:chartId')
  @ApiOperation({ summary: "A chart's alerts for the alarm dialog (editors): {chartId, title, type, values, secondValues, warnConfigData, alertStates: {warnId: {state, reason}}}" })
  async warnings(@Param('tab') tab: string, @Param('chartId') chartId: string, @CurrentUser() user: AuthUser) {
    const w = await this.writes.chart(user, tab, chartId);
    const c = chartView(w.record);
    // each alert's state as the warning service runs it (active, paused because its owner can no longer read the source, off, unknown)
    const states = await rpc(this.warningService.ruleStates({ chartId: w.record.chartId })).then(
      (r) => r.states,
      (e: unknown) => {
        this.logger.warn('alert states not read', { chartId: w.record.chartId, error: e });
        return [];
      },
    );
    const alertStates = Object.fromEntries(states.map((s) => [s.warnId, { state: s.state, reason: s.reason }]));
    return { chartId: c.chartId, title: c.title, type: c.type, values: c.values ?? [], secondValues: c.secondValues ?? [], warnConfigData: c.warnConfigData ?? null, alertStates };
  }

  @Put('warn/:tab')
  @ApiOperation({ summary: 'Save only the alerts {chartId, warnConfigData} of a dashboard chart (the chart box alarm dialog); answers the saved chart' })
  async saveWarnings(@Param('tab') tab: string, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(warnBody, body);
    const w = await this.writes.chart(user, tab, b.chartId);
    const chart = checkChartWarnings(w.tab, { ...chartView(w.record), warnConfigData: b.warnConfigData }, user);
    checkWarnTargets(chart, this.outbound);
    const saved = await rpc(this.access.dashboards.saveChart({ tab: w.tab, chartJson: JSON.stringify(chart), sourceFields: [], checkFields: false, actorId: user.userId }));
    await this.keepAlerts(saved);
    return chartView(saved);
  }
}
