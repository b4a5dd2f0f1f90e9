import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { Body, Controller, Delete, Get, Inject, Injectable, Optional, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { canUseLinkPath, linkState, userPrincipal, type LinkGrant, type LinkPath } from '@bi/access';
import { MemoryCache, type Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { chartQueryV1, dashboardV1, identityV1 } from '@bi/proto';
import { CHART_DETAIL_EXPORT_MAX_ROWS, INPUT_BOUNDS } from '@bi/rules';
import { CONFIG, deadlines } from '@bi/service-kit';
import { of } from 'rxjs';
import { z } from 'zod';
import { ChartAccess, computeChart, detailsAnswer, detailsBody, filterKeyQuery } from '../chart/chart.controller.js';
import { envelopeBytes, type ChartWithSource } from '../chart/answer-cache.js';
import { batchEnvelopeParts, batchRunBody, filters, runBody, type RunBody } from '../chart/run-request.js';
import { isNoSourceAccess, viewerOf } from '../data-source/source-access.js';
import { writeXlsx } from '../data-source/xlsx-export.js';
import { CHART_QUERY_CLIENT, DASHBOARD_CLIENT, IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, Public, RequireAdmin, principalOf, type AuthUser } from '../http/auth.guard.js';
import { EnvelopeExceptionFilter } from '../http/exception.filter.js';
import { fail } from '../http/envelope.js';
import { requestLanguage } from '../http/request-language.js';
import { SHARED_CACHE } from '../http/token-cache.js';
import { parseInput } from '../http/validation.js';
import { dashboardContent } from './dashboard.controller.js';
import { tabAccess } from './tab-access.js';

/** A link's expiry when the maker names none (bounded by BI_PUBLIC_LINK_MAX_DAYS). */
export const PUBLIC_LINK_DEFAULT_DAYS = 30;
/** A link session (after the password) lasts this long, never beyond the link's expiry. */
export const LINK_SESSION_MS = 60 * 60_000;
/** Wrong passwords one client address may try on one link per window (then 429). */
export const LINK_PASSWORD_ATTEMPTS = 5;
export const LINK_PASSWORD_WINDOW_MS = 15 * 60_000;
/** The header the public page sends its link session in (kept in the page's memory, never in a URL). */
export const LINK_SESSION_HEADER = 'x-link-session';

const nullable = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === null ? undefined : v), s.optional());
const uuid = z.string().uuid();
/** The URL id: 128 random bits in base64url. */
const publicIdParam = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const unlockBody = z.object({ password: z.string().min(1).max(256) });
const exportBody = detailsBody.omit({ pageIndex: true, pageSize: true });
const rangeBody = z.object({
  dataSourceId: z.string().min(1).max(64),
  name: z.string().min(1).max(128),
  search: nullable(z.string().max(INPUT_BOUNDS.filterValueChars)),
  limit: nullable(z.number().int().min(1).max(INPUT_BOUNDS.filterValues)),
});

type Req = { headers: Record<string, string | string[] | undefined>; ip?: string; url?: string };
type RawResponse = { status(code: number): unknown; type(type: string): unknown; send(body: string | Buffer): unknown };
type XlsxResponse = Parameters<typeof writeXlsx>[1];

// ---- the password: a slow hash (scrypt), a session signed with it ----

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 };
const scryptAsync = (password: string, salt: Buffer, N: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, SCRYPT.keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (e, key) => (e ? reject(e) : resolve(key))));

/** scrypt$N$r$p$salt$hash (base64url) */
export async function hashLinkPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyLinkPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  const expected = Buffer.from(hash, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A link session: "{expiry ms}.{HMAC-SHA-256 of publicId.expiry under the link's password hash}". The
 * hash is a secret of the server's: a session dies with a rotation (new id), a new password, or its time.
 */
export function linkSession(publicId: string, passwordHash: string, expiresAt: number): string {
  return `${expiresAt}.${createHmac('sha256', passwordHash).update(`${publicId}.${expiresAt}`).digest('base64url')}`;
}
function validSession(publicId: string, passwordHash: string, session: string | undefined, now = Date.now()): boolean {
  if (!session || session.length > 200) return false;
  const [exp, mac] = session.split('.');
  const expiresAt = Number(exp);
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now || !mac) return false;
  const expected = Buffer.from(linkSession(publicId, passwordHash, expiresAt));
  const given = Buffer.from(session);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Wrong passwords per link and client address, counted in the shared cache (docs/adr/0024): Redis when
 * the product runs distributed (BI_CACHE=redis, every BFF replica counts the same tries), the process's
 * own cache otherwise. The window starts at the first wrong try (Cache.increment), as sign-in's throttle.
 */
@Injectable()
export class LinkPasswordThrottle {
  private readonly cache: Cache;

  constructor(@Optional() @Inject(SHARED_CACHE) shared: Cache | null = null) {
    this.cache = shared ?? new MemoryCache(10_000);
  }

  /** Minutes until the next attempt is allowed; 0: allowed now. */
  async waitMinutes(linkId: string, address: string): Promise<number> {
    const key = throttleKey(linkId, address);
    const [failures] = await this.cache.getMany([key]);
    if (Number(failures ?? 0) < LINK_PASSWORD_ATTEMPTS) return 0;
    return Math.max(1, Math.ceil((await this.cache.ttl(key)) / 60_000));
  }

  async fail(linkId: string, address: string): Promise<void> {
    await this.cache.increment(throttleKey(linkId, address), LINK_PASSWORD_WINDOW_MS);
  }
}

const throttleKey = (linkId: string, address: string) => `publiclink:fail:${JSON.stringify([linkId, address || 'unknown'])}`;

// ---- what makers and administrators see of a link ----

function linkView(l: dashboardV1.PublicLink) {
  return {
    id: l.linkId,
    publicId: l.publicId,
    url: `/public/${l.publicId}`,
    dashboardId: l.dashboardId,
    dashboardName: l.dashboardName,
    chartId: l.chartId || null,
    creatorId: l.creatorId,
    creatorName: l.creatorName,
    createdAt: l.createdAt,
    expiresAt: l.expiresAt,
    revokedAt: l.revokedAt || null,
    lastOpenedAt: l.lastOpenedAt || null,
    hasPassword: l.passwordHash !== '',
    allowDetails: l.allowDetails,
    allowExport: l.allowExport,
    filters: JSON.parse(l.filtersJson || '[]') as unknown[],
    filtersEditable: l.filtersEditable,
    state: linkState({ expiresAt: l.expiresAt, revokedAt: l.revokedAt }),
  };
}

const grantOf = (l: dashboardV1.PublicLink): LinkGrant => ({
  linkId: l.linkId,
  expiresAt: l.expiresAt,
  revokedAt: l.revokedAt,
  allowDetails: l.allowDetails,
  allowExport: l.allowExport,
  filtersEditable: l.filtersEditable,
});

const notFound = () => new AppError('not_found', 'publiclink.not_found');

/** The feature switch (BI_PUBLIC_LINKS=false: every link route answers 404). */
function checkEnabled(config: AppConfig): void {
  if (!config.publicLinks.enabled) throw notFound();
}

/** Makers' links (docs/api/public-links.md): a signed-in user's own; any user who can read the dashboard may make one. */
@ApiTags('public-links')
@ApiBearerAuth()
@Controller('links')
export class PublicLinkMakerController {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly access: ChartAccess,
  ) {}

  @Get()
  @ApiOperation({ summary: "The caller's links, newest first (?dashboardId= one dashboard's): [{id, publicId, url, dashboardName, chartId, createdAt, expiresAt, revokedAt, lastOpenedAt, hasPassword, allowDetails, allowExport, filters, filtersEditable, state}]" })
  async list(@Query('dashboardId') dashboardId: unknown, @CurrentUser() user: AuthUser) {
    checkEnabled(this.config);
    const id = dashboardId === undefined || dashboardId === '' ? '' : parseInput(uuid, dashboardId);
    return (await rpc(this.dashboards.listPublicLinks({ creatorId: user.userId, dashboardId: id }))).links.map(linkView);
  }

  @Post()
  @ApiOperation({ summary: 'Make a link {dashboardId, chartId?, expiresInDays? (30), password? (8+), allowDetails?, allowExport?, filters? (global filter values), filtersEditable?}' })
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    checkEnabled(this.config);
    const max = this.config.publicLinks.maxDays;
    const b = parseInput(
      z.object({
        dashboardId: uuid,
        chartId: nullable(uuid),
        expiresInDays: nullable(z.number().int().min(1).max(max)),
        password: nullable(z.string().max(256)),
        allowDetails: nullable(z.boolean()),
        allowExport: nullable(z.boolean()),
        filters,
        filtersEditable: nullable(z.boolean()),
      }),
      body,
    );
    if (b.password !== undefined && b.password !== '' && b.password.length < 8) throw new AppError('invalid', 'publiclink.password_too_short');
    // the maker must see what they share, now: the dashboard tab (@bi/access), its content, or the chart with its source
    tabAccess(user, 'dashboard', 'read');
    await rpc(this.dashboards.getDashboard({ tab: 'dashboard', dashboardId: b.dashboardId }));
    if (b.chartId) await this.access.chartWithSource(user, 'dashboard', b.chartId);
    const link = await rpc(
      this.dashboards.createPublicLink({
        dashboardId: b.dashboardId,
        chartId: b.chartId ?? '',
        creatorId: user.userId,
        creatorName: user.userName,
        expiresInDays: b.expiresInDays ?? Math.min(PUBLIC_LINK_DEFAULT_DAYS, max),
        passwordHash: b.password ? await hashLinkPassword(b.password) : '',
        allowDetails: b.allowDetails ?? false,
        allowExport: b.allowExport ?? false,
        filtersJson: JSON.stringify(b.filters ?? []),
        filtersEditable: b.filtersEditable ?? false,
      }),
    );
    return linkView(link);
  }

  @Post(':linkId/rotate')
  @ApiOperation({ summary: 'Give a live link a new id; the old URL answers 404 from then on' })
  async rotate(@Param('linkId') linkId: string, @CurrentUser() user: AuthUser) {
    checkEnabled(this.config);
    return linkView(await rpc(this.dashboards.changePublicLink({ linkId: parseInput(uuid, linkId), creatorId: user.isAdmin ? '' : user.userId, action: 'rotate' })));
  }

  @Delete(':linkId')
  @ApiOperation({ summary: 'Revoke a link (the caller\'s own; an administrator any): its URL says "revoked" from then on' })
  async revoke(@Param('linkId') linkId: string, @CurrentUser() user: AuthUser) {
    checkEnabled(this.config);
    return linkView(await rpc(this.dashboards.changePublicLink({ linkId: parseInput(uuid, linkId), creatorId: user.isAdmin ? '' : user.userId, action: 'revoke' })));
  }
}

/** Every user's links, for administrators. */
@ApiTags('identity-admin')
@ApiBearerAuth()
@RequireAdmin()
@Controller('identity/admin/links')
export class PublicLinkAdminController {
  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: "Every user's public links, newest first (as GET /api/links, with creatorId and creatorName)" })
  async list() {
    checkEnabled(this.config);
    return (await rpc(this.dashboards.listPublicLinks({ creatorId: '', dashboardId: '' }))).links.map(linkView);
  }

  @Post('revoke_all')
  @ApiOperation({ summary: 'Revoke every live public link: {revoked}' })
  async revokeAll() {
    checkEnabled(this.config);
    return rpc(this.dashboards.revokeAllPublicLinks({}));
  }
}

/** A live link's reader: the creator's principal as of now (@bi/access linkPrincipal) and the link. */
interface Reader {
  link: dashboardV1.PublicLink;
  user: AuthUser;
  /** the ids of the link's dashboard's charts, listed once per call (a batch run checks each of its charts) */
  chartIds?: Promise<Set<string>>;
}

/**
 * The public page's calls (docs/api/public-links.md): no account, the link's id in the path. Every call
 * checks the link afresh — it exists (a rotated id does not), it is neither expired nor revoked, the
 * password session when it has a password, its creator is still active — and runs as the creator's
 * principal read now, so the creator's access to the dashboard, chart and sources and their row rules
 * decide, and the link's limits (its read paths, its locked filters) apply on top.
 */
@ApiTags('public-links')
@Controller('public/links')
export class PublicLinkReaderController {
  private readonly deadlineMs: number;

  constructor(
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly access: ChartAccess,
    private readonly throttle: LinkPasswordThrottle,
    private readonly failures: EnvelopeExceptionFilter,
  ) {
    this.deadlineMs = deadlines(config).chart;
  }

  /** The link, live; its session checked unless `locked` is asked for (the page's first call). */
  private async live(publicId: string, touch = false): Promise<dashboardV1.PublicLink> {
    checkEnabled(this.config);
    const id = publicIdParam.safeParse(publicId);
    if (!id.success) throw notFound();
    const link = await rpc(this.dashboards.findPublicLink({ publicId: id.data, touch }));
    const state = linkState(grantOf(link));
    if (state !== 'live') throw new AppError('unauthenticated', state === 'expired' ? 'publiclink.expired' : 'publiclink.revoked');
    return link;
  }

  private unlocked(link: dashboardV1.PublicLink, req: Req): boolean {
    return !link.passwordHash || validSession(link.publicId, link.passwordHash, header(req, LINK_SESSION_HEADER));
  }

  /** The creator as of now: an active user; the link's principal acts for them with the link's limits. */
  private async readerOf(link: dashboardV1.PublicLink): Promise<AuthUser> {
    const g = await rpc(this.identity.getUserGrants({ userId: link.creatorId })).catch((e: unknown) => {
      if (e instanceof AppError && (e.kind === 'not_found' || e.kind === 'invalid')) return undefined;
      throw e;
    });
    if (!g?.user || g.user.disabled) throw new AppError('forbidden', 'publiclink.creator_lost_access');
    const roleIds = g.user.roles.map((r) => r.id);
    const creator = userPrincipal({ userId: link.creatorId, isAdmin: roleIds.includes('admin'), permissions: g.permissions, roleIds });
    const user: AuthUser = { userId: creator.userId, userName: g.user.userName, isAdmin: creator.isAdmin, permissions: [...creator.permissions], roleIds, token: `link:${link.linkId}`, link: grantOf(link) };
    const reader = { ...user, permissions: [...principalOf(user).permissions] };
    // the creator, as the link acts now, may still read the dashboard tab (asked of @bi/access with the link's principal)
    try {
      tabAccess(reader, 'dashboard', 'read');
    } catch (e) {
      if (e instanceof AppError && e.kind === 'forbidden') throw new AppError('forbidden', 'publiclink.creator_lost_access');
      throw e;
    }
    return reader;
  }

  /** A data call: the live, unlocked link, its reader, the path allowed. */
  private async reader(publicId: string, req: Req, path: LinkPath): Promise<Reader> {
    const link = await this.live(publicId);
    if (!this.unlocked(link, req)) throw new AppError('unauthenticated', 'publiclink.password_required');
    const user = await this.readerOf(link);
    if (!canUseLinkPath(principalOf(user), path)) throw new AppError('forbidden', 'publiclink.not_allowed');
    return { link, user };
  }

  /** A chart the link shows (its one chart, or one of its dashboard's), readable by the creator now: the chart and its source as read. */
  private async checkChart(r: Reader, chartId: string): Promise<ChartWithSource> {
    r.chartIds ??= r.link.chartId ? Promise.resolve(new Set([r.link.chartId])) : rpc(this.dashboards.listCharts({ tab: 'dashboard', dashboardId: r.link.dashboardId })).then((l) => new Set(l.charts.map((c) => c.chartId)));
    if (!(await r.chartIds).has(chartId)) {
      throw new AppError('not_found', 'chart.not_found');
    }
    try {
      return await this.access.chartWithSource(r.user, 'dashboard', chartId);
    } catch (e) {
      if (isNoSourceAccess(e)) throw new AppError('forbidden', 'publiclink.creator_lost_access');
      throw e;
    }
  }

  /** The filters a call runs under: the link's own when locked (the request's are ignored), else the request's or the link's. */
  private filtered<T extends { innerFilters?: RunBody['innerFilters']; globalFilters?: RunBody['globalFilters'] }>(link: dashboardV1.PublicLink, b: T): T {
    const locked = parseInput(filters, JSON.parse(link.filtersJson || '[]'));
    if (!link.filtersEditable) return { ...b, innerFilters: undefined, globalFilters: locked };
    return { ...b, globalFilters: b.globalFilters ?? locked };
  }

  @Get(':publicId')
  @Public()
  @ApiOperation({ summary: "What the public page shows: {needsPassword: true} until unlocked; then {kind: dashboard | chart, dashboard, charts, chartId, filters, filtersEditable, allowDetails, allowExport, expiresAt, creatorName}" })
  async open(@Param('publicId') publicId: string, @Req() req: Req) {
    const link = await this.live(publicId, true);
    if (!this.unlocked(link, req)) return { needsPassword: true };
    const r: Reader = { link, user: await this.readerOf(link) };
    const content = dashboardContent(await rpc(this.dashboards.getDashboard({ tab: 'dashboard', dashboardId: link.dashboardId })));
    const charts = (await rpc(this.dashboards.listCharts({ tab: 'dashboard', dashboardId: link.dashboardId }))).charts.filter((c) => !c.hide && (!link.chartId || c.chartId === link.chartId));
    if (link.chartId) await this.checkChart(r, link.chartId);
    const aspects = link.chartId ? content.aspects.filter((a) => a.chartId === link.chartId) : content.aspects;
    return {
      needsPassword: false,
      kind: link.chartId ? 'chart' : 'dashboard',
      chartId: link.chartId || null,
      // what the page draws, nothing more: no folder, no other chart of the dashboard for a chart's link
      dashboard: { ...content, projectId: '', projectName: '', aspects, charts, globalFilter: link.chartId ? [] : content.globalFilter, linkage: [] },
      charts,
      filters: JSON.parse(link.filtersJson || '[]') as unknown[],
      filtersEditable: link.filtersEditable,
      allowDetails: link.allowDetails,
      allowExport: link.allowExport,
      expiresAt: link.expiresAt,
      creatorName: link.creatorName,
    };
  }

  @Post(':publicId/unlock')
  @Public()
  @ApiOperation({ summary: `Exchange the link's password {password} (a form body, never a URL) for a link session {session, expiresAt}, sent back in the ${LINK_SESSION_HEADER} header; ${LINK_PASSWORD_ATTEMPTS} wrong tries per address in 15 minutes, then 429` })
  async unlock(@Param('publicId') publicId: string, @Body() body: unknown, @Req() req: Req) {
    const link = await this.live(publicId);
    const { password } = parseInput(unlockBody, body);
    const address = req.ip ?? '';
    const wait = await this.throttle.waitMinutes(link.linkId, address);
    if (wait > 0) throw new AppError('throttled', 'publiclink.throttled', { minutes: wait });
    if (!link.passwordHash) return { session: '', expiresAt: link.expiresAt };
    if (!(await verifyLinkPassword(password, link.passwordHash))) {
      await this.throttle.fail(link.linkId, address);
      throw new AppError('unauthenticated', 'publiclink.password_wrong');
    }
    const expiresAt = Math.min(Date.now() + LINK_SESSION_MS, Date.parse(link.expiresAt));
    return { session: linkSession(link.publicId, link.passwordHash, expiresAt), expiresAt: new Date(expiresAt).toISOString() };
  }

  @Post(':publicId/chart/:chartId')
  @Public()
  @ApiOperation({ summary: 'Run one chart of the link (RunBody; the filters are the link\'s when locked): as POST /api/dashboard/chart' })
  async run(@Param('publicId') publicId: string, @Param('chartId') chartId: string, @Body() body: unknown, @Req() req: Req, @Res() res: RawResponse) {
    const r = await this.reader(publicId, req, 'run');
    const b = this.filtered(r.link, parseInput(runBody, body));
    await this.checkChart(r, chartId);
    sendRaw(res, await computeChart(this.access, this.charts, this.deadlineMs, { user: r.user, tab: 'dashboard', chartId, run: b, language: requestLanguage(req), globalFilters: true, alone: true }));
  }

  @Post(':publicId/charts')
  @Public()
  @ApiOperation({ summary: 'Run several charts of the link {charts: [{chartId, ...RunBody}]}: [{status, data}] per chart, as POST /api/dashboard/charts' })
  async runMany(@Param('publicId') publicId: string, @Body() body: unknown, @Req() req: Req, @Res() res: RawResponse) {
    const r = await this.reader(publicId, req, 'run');
    const b = parseInput(batchRunBody, body);
    const language = requestLanguage(req);
    const bodies = await Promise.all(
      b.charts.map(async ({ chartId, ...run }) => {
        try {
          await this.checkChart(r, chartId);
          return await computeChart(this.access, this.charts, this.deadlineMs, { user: r.user, tab: 'dashboard', chartId, run: this.filtered(r.link, run), language, globalFilters: true });
        } catch (e) {
          const { status, message } = this.failures.failure(e, language, `${req.url ?? ''} ${chartId}`);
          return Buffer.from(JSON.stringify({ ...fail(message), httpStatus: status }));
        }
      }),
    );
    sendRaw(res, Buffer.concat(batchEnvelopeParts(bodies)));
  }

  @Post(':publicId/details/:chartId')
  @Public()
  @ApiOperation({ summary: 'Detail rows of a chart of the link (only when the creator allowed details; ?filterKey= one point): as POST /api/dashboard/all_details' })
  async details(@Param('publicId') publicId: string, @Param('chartId') chartId: string, @Query('filterKey') filterKey: unknown, @Body() body: unknown, @Req() req: Req, @Res() res: RawResponse) {
    const r = await this.reader(publicId, req, 'details');
    const key = parseInput(filterKeyQuery, (Array.isArray(filterKey) ? filterKey[0] : filterKey) ?? '');
    const b = this.filtered(r.link, parseInput(detailsBody, body));
    await this.checkChart(r, chartId);
    const q = { innerFilters: b.innerFilters, globalFilters: b.globalFilters, filter: b.filter, search: b.search, drill: b.drill, pageIndex: b.pageIndex, pageSize: b.pageSize, pointKey: key };
    sendRaw(res, envelopeBytes(await detailsAnswer(this.access, this.charts, this.deadlineMs, r.user, 'dashboard', chartId, q)));
  }

  @Post(':publicId/export/:chartId')
  @Public()
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: `The detail rows of a chart of the link as .xlsx (only when the creator allowed export); refused above ${CHART_DETAIL_EXPORT_MAX_ROWS} rows` })
  async export(@Param('publicId') publicId: string, @Param('chartId') chartId: string, @Query('filterKey') filterKey: unknown, @Body() body: unknown, @Req() req: Req, @Res() res: XlsxResponse) {
    const r = await this.reader(publicId, req, 'export');
    const key = parseInput(filterKeyQuery, (Array.isArray(filterKey) ? filterKey[0] : filterKey) ?? '');
    const b = this.filtered(r.link, parseInput(exportBody, body));
    const { record } = await this.checkChart(r, chartId);
    const q = { innerFilters: b.innerFilters, globalFilters: b.globalFilters, filter: b.filter, search: b.search, drill: b.drill, pageIndex: 1, pageSize: CHART_DETAIL_EXPORT_MAX_ROWS, pointKey: key };
    const details = JSON.parse(await detailsAnswer(this.access, this.charts, this.deadlineMs, r.user, 'dashboard', chartId, q)) as {
      columns: { key: string; name: string; title: string; dataType: string }[];
      rows: Record<string, unknown>[];
      hasMore: boolean;
    };
    if (details.hasMore) throw new AppError('invalid', 'export.too_many_rows', { max: CHART_DETAIL_EXPORT_MAX_ROWS });
    const title = (JSON.parse(record.chartJson) as { title?: string }).title || 'details';
    const batch = {
      columns: details.columns.map((c) => ({ name: c.name, title: c.title || c.name, dataType: c.dataType })),
      rowsJson: JSON.stringify(details.rows.map((row) => details.columns.map((c) => row[c.key] ?? null))),
    };
    await writeXlsx(of(batch), res, title, this.deadlineMs);
  }

  @Post(':publicId/range')
  @Public()
  @ApiOperation({ summary: 'Values of a global filter field of the link\'s dashboard {dataSourceId, name, search?, limit?} (only when its filters are editable): as POST /api/global_filter/range' })
  async range(@Param('publicId') publicId: string, @Body() body: unknown, @Req() req: Req) {
    const r = await this.reader(publicId, req, 'range');
    const b = parseInput(rangeBody, body);
    const chart = (await rpc(this.dashboards.listCharts({ tab: 'dashboard', dashboardId: r.link.dashboardId }))).charts.find(
      (c) => c.dataSourceId === b.dataSourceId && (!r.link.chartId || c.chartId === r.link.chartId),
    );
    if (!chart) throw new AppError('invalid', 'globalFilter.unknown_source');
    const { record, source } = await this.checkChart(r, chart.chartId);
    if (!source) throw new AppError('invalid', 'globalFilter.unknown_source');
    const reply = await rpc(
      this.charts.fieldRange({ tab: 'dashboard', chartId: record.chartId, chartJson: record.chartJson, source, field: b.name, search: b.search ?? '', limit: b.limit ?? 0, viewer: viewerOf(r.user) }),
      this.deadlineMs,
    );
    return JSON.parse(reply.answerJson) as unknown;
  }
}

function header(req: Req, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sendRaw(res: RawResponse, body: Buffer): void {
  res.status(200);
  res.type('application/json');
  res.send(body);
}
