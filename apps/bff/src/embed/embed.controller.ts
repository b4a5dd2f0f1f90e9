import { createHash } from 'node:crypto';
import { Body, Controller, Get, Inject, Injectable, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ADMIN_ROLE, canEmbedRead, type EmbedPrincipal } from '@bi/access';
import { filterValue } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { Language } from '@bi/i18n';
import type { dashboardV1, identityV1, chartQueryV1 } from '@bi/proto';
import { CHART_DETAIL_EXPORT_MAX_ROWS, INPUT_BOUNDS } from '@bi/rules';
import { CONFIG, deadlines } from '@bi/service-kit';
import { renderChartSvg, type ChartRunAnswer } from '@bi/render';
import { of } from 'rxjs';
import { z } from 'zod';
import { ChartAccess, computeChart, detailsAnswer } from '../chart/chart.controller.js';
import type { RunBody } from '../chart/run-request.js';
import { dashboardContent } from '../dashboard/dashboard.controller.js';
import { tabAccess } from '../dashboard/tab-access.js';
import { writeXlsx } from '../data-source/xlsx-export.js';
import { CHART_QUERY_CLIENT, DASHBOARD_CLIENT, IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, Public, RequireAdmin, principalOf, tokenFromHeader, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';
import { EmbedSecret } from './embed-secret.js';
import { verifyEmbedToken, type EmbedClaims } from './embed-token.js';

/** Embeds read the dashboard tab only. */
const TAB = 'dashboard';

/** What the embed page sends: new values of the token's editable filters (others are ignored). */
const embedBody = z.object({
  filters: z
    .array(z.object({ name: z.string().min(1).max(128), range: z.array(filterValue).max(INPUT_BOUNDS.filterValues) }))
    .max(20)
    .optional()
    .nullable(),
  pageIndex: z.number().int().min(1).max(1_000_000).optional().nullable(),
  pageSize: z.number().int().min(1).max(1000).optional().nullable(),
  // the picture (POST embed/picture): its CSS size and the page's theme
  width: z.number().int().min(50).max(4096).optional().nullable(),
  height: z.number().int().min(50).max(4096).optional().nullable(),
  theme: z.enum(['light', 'dark']).optional().nullable(),
});
type EmbedBody = z.infer<typeof embedBody>;

type Req = { headers: Record<string, string | string[] | undefined> };
type RawResponse = { status(code: number): unknown; type(type: string): unknown; send(body: string | Buffer): unknown };

/** A verified embedding caller: the token's maker read from identity now, limited by the token. */
export interface EmbedCaller {
  user: AuthUser;
  claims: EmbedClaims;
}

/**
 * Turns the Authorization header's embedding token into the caller (docs/api/embedding.md): the token
 * verified (embed-token.ts), its maker read from identity on every call (a disabled maker, or one who
 * lost a role or grant, stops the embedding at once), the principal @bi/access embedPrincipal.
 */
@Injectable()
export class EmbedAuth {
  constructor(
    private readonly secret: EmbedSecret,
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
  ) {}

  async caller(req: Req): Promise<EmbedCaller> {
    const token = tokenFromHeader(req.headers['authorization']);
    if (!token) throw new AppError('unauthenticated', 'embed.token_invalid');
    let claims: EmbedClaims;
    try {
      claims = verifyEmbedToken(token, await this.secret.value());
    } catch {
      // signed after a rotation through another BFF: read the stored secret again (at most once a second) and check once more
      claims = verifyEmbedToken(token, await this.secret.value('recheck'));
    }
    const grants = await rpc(this.identity.getUserGrants({ userId: claims.sub })).catch((e: unknown) => {
      if (e instanceof AppError && (e.kind === 'not_found' || e.kind === 'invalid')) return undefined;
      throw e;
    });
    if (!grants?.user || grants.user.disabled) throw new AppError('unauthenticated', 'embed.token_invalid');
    const roleIds = grants.user.roles.map((r) => r.id);
    const embed: { resource: EmbedPrincipal['resource']; rows: EmbedPrincipal['rows'] } = { resource: claims.resource, rows: claims.rows ?? [] };
    const user: AuthUser = {
      userId: claims.sub,
      userName: grants.user.userName,
      isAdmin: roleIds.includes(ADMIN_ROLE),
      permissions: grants.permissions,
      roleIds,
      // never the token itself: a digest tells concurrent runs of one token apart
      token: `embed:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`,
      embed,
    };
    const p = principalOf(user);
    return { user: { ...user, isAdmin: p.isAdmin, permissions: [...p.permissions] }, claims };
  }
}

/** The token's filters with the page's values for the editable ones: the run's dashboard-wide filters. */
export function embedFilters(claims: EmbedClaims, body: EmbedBody): RunBody['globalFilters'] {
  const given = new Map((body.filters ?? []).map((f) => [f.name, f.range]));
  const locked = claims.filters?.locked ?? [];
  const lockedNames = new Set(locked.map((f) => f.name));
  const editable = (claims.filters?.editable ?? []).filter((f) => !lockedNames.has(f.name)).map((f) => (given.has(f.name) ? { ...f, range: given.get(f.name) } : f));
  return [...locked, ...editable] as RunBody['globalFilters'];
}

/**
 * The read paths of an embedding (docs/api/embedding.md): what the token names, the run of one of its
 * charts, its detail rows and their export. No session token is taken here (the guard lets the routes
 * through; EmbedAuth verifies the embedding token on every call); each chart is checked to be the
 * token's chart or on the token's dashboard (@bi/access canEmbedRead) before anything runs.
 */
@ApiTags('embed')
@Controller('embed')
export class EmbedController {
  private readonly deadlineMs: number;

  constructor(
    private readonly auth: EmbedAuth,
    private readonly access: ChartAccess,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.deadlineMs = deadlines(config).chart;
  }

  /**
   * The way in of every embed route: the token verified and its maker read now (EmbedAuth), the body
   * parsed, the dashboard tab's read right asked of @bi/access with the embedding's principal, and the
   * chart, when one is named, checked to be one the token reads (404 otherwise: nothing tells which ids exist).
   */
  private async embedded(req: Req, body: unknown, chart: string | ((claims: EmbedClaims) => string | undefined)): Promise<{ c: EmbedCaller; b: EmbedBody; record?: dashboardV1.ChartRecord }> {
    const c = await this.auth.caller(req);
    const b = parseInput(embedBody, body ?? {});
    tabAccess(c.user, TAB, 'read');
    const chartId = typeof chart === 'string' ? chart : chart(c.claims);
    if (chartId === undefined) return { c, b };
    const record = await this.access.answers.storedChart(c.user, TAB, chartId).catch((e: unknown) => {
      if (e instanceof AppError && e.kind === 'not_found') throw new AppError('not_found', 'embed.not_found');
      throw e;
    });
    if (!canEmbedRead(principalOf(c.user), record)) throw new AppError('not_found', 'embed.not_found');
    return { c, b, record };
  }

  /** A run of the chart under the token's filters (with the page's values of the editable ones): the answer's envelope. */
  private runChart(c: EmbedCaller, b: EmbedBody, chartId: string, language: Language): Promise<Buffer> {
    const run: RunBody = { globalFilters: embedFilters(c.claims, b) };
    return computeChart(this.access, this.charts, this.deadlineMs, { user: c.user, tab: TAB, chartId, run, language, globalFilters: true, alone: true });
  }

  /** Detail rows of the chart under the token's filters. */
  private async detailRows(c: EmbedCaller, b: EmbedBody, chartId: string, pageIndex: number, pageSize: number) {
    const q = { globalFilters: embedFilters(c.claims, b), pageIndex, pageSize, pointKey: '' };
    return JSON.parse(await detailsAnswer(this.access, this.charts, this.deadlineMs, c.user, TAB, chartId, q)) as { columns: { key: string; name: string; title: string; dataType: string }[]; rows: Record<string, unknown>[]; hasMore: boolean };
  }

  @Public()
  @Get('resource')
  @ApiOperation({ summary: 'What the embedding token (Authorization: Bearer) names: the chart, or the dashboard with its charts; the editable filters with their values' })
  async resource(@Req() req: Req) {
    const { c, record } = await this.embedded(req, {}, (claims) => (claims.resource.type === 'chart' ? claims.resource.id : undefined));
    const editable = (c.claims.filters?.editable ?? []).map((f) => ({ name: f.name, dataType: f.dataType ?? 'string', range: f.range ?? [] }));
    if (record) {
      const chart = JSON.parse(record.chartJson) as { title?: string; type?: string };
      // `chart`: the chart as a dashboard lists it (what the embed page's chart box takes)
      const summary = { chartId: record.chartId, dashboardId: record.dashboardId, title: chart.title ?? '', type: chart.type ?? '', dataSourceId: record.dataSourceId, hide: false };
      return { type: 'chart', chartId: record.chartId, title: chart.title ?? '', chartType: chart.type ?? '', chart: summary, editable };
    }
    const content = dashboardContent(await rpc(this.dashboards.getDashboard({ tab: TAB, dashboardId: c.claims.resource.id })));
    return { type: 'dashboard', dashboardId: c.claims.resource.id, dashboard: { ...content, globalFilter: [], linkage: [] }, editable };
  }

  @Public()
  @Post('chart/:chartId')
  @ApiOperation({ summary: "Run a chart of the embedding {filters?: [{name, range}]} (the token's editable filters only): the run's answer" })
  async run(@Param('chartId') chartId: string, @Body() body: unknown, @Req() req: Req, @Res() res: RawResponse) {
    const { c, b } = await this.embedded(req, body, chartId);
    const answer = await this.runChart(c, b, chartId, requestLanguage(req));
    res.status(200);
    res.type('application/json');
    res.send(answer);
  }

  @Public()
  @Post('picture/:chartId')
  @ApiProduces('image/svg+xml')
  @ApiOperation({ summary: 'The chart of the embedding drawn as SVG on the server (@bi/render) {filters?, width?, height?, theme?}: what the embed page shows' })
  async picture(@Param('chartId') chartId: string, @Body() body: unknown, @Req() req: Req, @Res() res: RawResponse) {
    const { c, b } = await this.embedded(req, body, chartId);
    const language = requestLanguage(req);
    // the run's envelope as the shared answer cache keeps it (a run of the same filters before is a hit): read once
    const answer = JSON.parse((await this.runChart(c, b, chartId, language)).toString('utf8')) as { data?: { option?: unknown; chart?: unknown } };
    const data = answer.data;
    if (!data?.option || !data.chart) throw new AppError('not_found', 'embed.not_found');
    const svg = await renderChartSvg({ answer: data as unknown as ChartRunAnswer, width: b.width ?? 600, height: b.height ?? 400, locale: language, theme: b.theme ?? 'light' });
    res.status(200);
    res.type('image/svg+xml');
    res.send(svg);
  }

  @Public()
  @Post('details/:chartId')
  @ApiOperation({ summary: 'The detail rows of a chart of the embedding {filters?, pageIndex?, pageSize?}' })
  async details(@Param('chartId') chartId: string, @Body() body: unknown, @Req() req: Req) {
    const { c, b } = await this.embedded(req, body, chartId);
    return this.detailRows(c, b, chartId, b.pageIndex ?? 1, b.pageSize ?? 100);
  }

  @Public()
  @Post('export/:chartId')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: `The detail rows of a chart of the embedding as .xlsx {filters?}; refused above ${CHART_DETAIL_EXPORT_MAX_ROWS} rows` })
  async export(@Param('chartId') chartId: string, @Body() body: unknown, @Req() req: Req, @Res() res: Parameters<typeof writeXlsx>[1]) {
    const { c, b, record } = await this.embedded(req, body, chartId);
    const details = await this.detailRows(c, b, chartId, 1, CHART_DETAIL_EXPORT_MAX_ROWS);
    if (details.hasMore) throw new AppError('invalid', 'export.too_many_rows', { max: CHART_DETAIL_EXPORT_MAX_ROWS });
    const title = (JSON.parse(record!.chartJson) as { title?: string }).title || 'details';
    const batch = { columns: details.columns.map((col) => ({ name: col.name, title: col.title || col.name, dataType: col.dataType })), rowsJson: JSON.stringify(details.rows.map((r) => details.columns.map((col) => r[col.key] ?? null))) };
    await writeXlsx(of(batch), res, title, this.deadlineMs);
  }
}

/** The administrator's view of the embedding secret (admin settings): see it, rotate it. */
@ApiTags('embed')
@Controller('identity/admin/embed-secret')
export class EmbedSecretController {
  constructor(private readonly secret: EmbedSecret) {}

  @RequireAdmin()
  @Get()
  @ApiOperation({ summary: 'The embedding secret and where it comes from (env: BI_EMBED_SECRET, which cannot be rotated here; file: generated, kept encrypted by identity)' })
  async get() {
    return { secret: await this.secret.value('fresh'), source: this.secret.source };
  }

  @RequireAdmin()
  @Post('rotate')
  @ApiOperation({ summary: 'A new embedding secret: every token signed with the old one stops' })
  async rotate(@CurrentUser() user: AuthUser) {
    if (this.secret.source === 'env') throw new AppError('invalid', 'embed.secret_from_env');
    // identity stores it encrypted and writes the audit line (who rotated it, never the secret)
    const secret = await this.secret.rotate({ userId: user.userId, userName: user.userName });
    return { secret, source: this.secret.source };
  }
}
