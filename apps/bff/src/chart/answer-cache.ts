import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { currentStamps, SingleFlight, stampKeys, type Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { translate } from '@bi/i18n';
import type { dashboardV1, dataSourceQueryV1 } from '@bi/proto';
import { CONFIG } from '@bi/service-kit';
import { tabAccess } from '../dashboard/tab-access.js';
import { canAccessSource, noSourceAccess, rowRulesFingerprint } from '../data-source/source-access.js';
import { DASHBOARD_CLIENT, DATA_SOURCE_QUERY_CLIENT, rpc } from '../grpc-clients.js';
import { tokenFromHeader, type AuthUser } from '../http/auth.guard.js';
import { fail } from '../http/envelope.js';
import { requestLanguage } from '../http/request-language.js';
import { SHARED_CACHE, TokenCache } from '../http/token-cache.js';
import { TemplateVisibility } from '../template/template-visibility.js';
import { acceptsGzip, deflatePiece, gzipJoin, type Deflated } from './gzip-join.js';
import { batchEnvelopeGzipParts, batchEnvelopeParts, batchRunBody, runBody, runRequestKey, type RunBody } from './run-request.js';

type SourceDescription = dataSourceQueryV1.SourceDescription;

/** Whether reads of this tab's charts by this user need the template visibility check (template tab, not admin). */
function templateChecked(user: AuthUser, tab: string): boolean {
  return tab === 'template' && !user.isAdmin;
}

/** Largest request body the hit path reads itself (a batch of 50 runs with their filters fits). */
const RAW_BODY_LIMIT = 256 * 1024;

/** Bounds of the BFF's copies (per BFF process). */
const MAX_CHARTS = 5_000;
const MAX_SOURCES = 2_000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/**
 * Kept chart records and source descriptions are read again after a minute even with unchanged
 * stamps: this bounds changes made outside the services (an edit straight in the database, which
 * writes no stamp), e.g. a source's creator, which the access check reads.
 */
const DESCRIPTION_TTL_MS = 60_000;
/** Kept answers are compressed once no answer was kept for this long (ChartAnswers.compressLater)… */
const COMPRESS_QUIET_MS = 1_000;
/** …or at the latest this long after the first of them was kept. */
const COMPRESS_WAIT_MS = 5_000;

/** The two chart-run routes the hit path serves: dashboard (with global filters) and editor. */
const RUN_ROUTE = /^\/api\/(dashboard|chart-edit)\/chart\/([^/]+)\/([^/]+)\/?$/;
/** The dashboard's batch run (several charts of one tab). */
const BATCH_ROUTE = /^\/api\/dashboard\/charts\/([^/]+)\/?$/;

/** One chart run asked of the kept answers: the chart and its request key (runRequestKey). */
export interface KeptRun {
  chartId: string;
  key: string;
}

interface Stamped<T> {
  value: T;
  stamp: string;
}

interface CachedAnswer {
  /** the whole HTTP body: {"status":"success","data":<answer>} */
  body: Buffer;
  /** the body compressed once, for gzip answers (set shortly after the answer is kept) */
  gz?: Deflated;
  chartStamp: string;
  /** '' for a chart without a source */
  sourceId: string;
  sourceStamp: string;
}

/** A chart, its source, and the stamps noted before they were read (undefined: nothing may be kept). */
export interface ChartWithSource {
  record: dashboardV1.ChartRecord;
  source: SourceDescription | undefined;
  stamps?: { chart: string; source: string };
}

/** Sends the envelope around answer JSON text (already JSON: not parsed again). */
export function envelopeBytes(dataJson: string): Buffer {
  return Buffer.from(`{"status":"success","data":${dataJson}}`, 'utf8');
}

type RawRequest = { method: string; path: string; headers: Record<string, string | string[] | undefined>; body?: unknown };
type RawResponse = {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  cork(): void;
  write(chunk: Buffer): unknown;
  end(body?: Buffer): unknown;
};

/**
 * The BFF's chart answer cache (docs/adr/0003-bff-answer-cache.md). Per process it keeps
 * - chart records (dashboard GetChart) and source descriptions (data-source Describe), each with the
 *   freshness stamp read before it was read, and
 * - whole answers as the bytes sent, keyed by tab + chart + request (filters, page, language,
 *   route), with the chart's and source's stamps they were computed under and the source's cache
 *   lifetime (counted from the answer's computedAt, so a copy never outlives chart-query's).
 * A copy is used only while its stamps are still the current ones in the shared cache (the
 * in-process cache in embedded mode, Redis in distributed mode), which the services renew after every
 * change they commit: a hit costs one read of three stamps (the session's revocation stamp, the
 * chart's and the source's) and no call to another service. The caller's access is checked on every
 * hit from the kept token (TokenCache) and the kept source description: admin, grant
 * datasource:{id}, or the source's creator. Anything unsure (no kept token, different stamps, a
 * shared-cache error) falls through to the ordinary path, which fills the copies again.
 */
@Injectable()
export class ChartAnswers {
  private readonly charts = new LRUCache<string, Stamped<dashboardV1.ChartRecord>>({ max: MAX_CHARTS, ttl: DESCRIPTION_TTL_MS });
  private readonly sources = new LRUCache<string, Stamped<SourceDescription>>({ max: MAX_SOURCES, ttl: DESCRIPTION_TTL_MS });
  private readonly answers = new LRUCache<string, CachedAnswer>({ maxSize: MAX_ANSWER_BYTES, sizeCalculation: (a) => a.body.length + 256, ttlAutopurge: false, allowStale: false });
  private readonly defaultTtlMs: number;
  /** runs being computed (once) */
  private readonly running = new Map<string, Promise<Buffer>>();
  /** source descriptions being read: the charts of a dashboard that run together after a change of their source read it once */
  private readonly describing = new SingleFlight();

  constructor(
    @Inject(SHARED_CACHE) private readonly shared: Cache | null,
    private readonly tokens: TokenCache,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(DATA_SOURCE_QUERY_CLIENT) private readonly queries: dataSourceQueryV1.DataSourceQueryServiceClient,
    @Inject(CONFIG) config: AppConfig,
    private readonly templates: TemplateVisibility,
  ) {
    this.defaultTtlMs = config.charts.defaultCacheSeconds * 1000;
  }

  get enabled(): boolean {
    return this.shared !== null;
  }

  /**
   * A chart and (when it has one) its source for a read, the caller's access to the source checked
   * (403). From the kept copies when their stamps are current; otherwise read, after noting the stamps.
   */
  async chartWithSource(user: AuthUser, tab: string, chartId: string): Promise<ChartWithSource> {
    const read = await this.readChartWithSource(user, tab, chartId);
    // a template-tab chart is read only by those its template is published to (docs/api/template.md "Model")
    if (templateChecked(user, tab)) await this.templates.checkDashboard(user, read.record.dashboardId);
    return read;
  }

  /**
   * The stored chart alone (its source is gone: the run answers `sourceMissing` with it, so the box and
   * the editor can put it on another source); a template-tab chart only for those it is published to.
   */
  async storedChart(user: AuthUser, tab: string, chartId: string): Promise<dashboardV1.ChartRecord> {
    const record = await rpc(this.dashboards.getChart({ tab, chartId }));
    if (templateChecked(user, tab)) await this.templates.checkDashboard(user, record.dashboardId);
    return record;
  }

  private async readChartWithSource(user: AuthUser, tab: string, chartId: string): Promise<ChartWithSource> {
    if (this.shared) {
      try {
        return await this.stamped(user, tab, chartId);
      } catch (e) {
        if (e instanceof AppError) throw e;
        // the shared cache failed: read without keeping anything (an error of a service call is thrown again there)
      }
    }
    const record = await rpc(this.dashboards.getChart({ tab, chartId }));
    const source = record.dataSourceId ? await this.describe(record.dataSourceId) : undefined;
    if (source && !canAccessSource(user, source)) throw noSourceAccess();
    return { record, source };
  }

  private async stamped(user: AuthUser, tab: string, chartId: string): Promise<ChartWithSource> {
    const shared = this.shared!;
    const chartKey = `${tab}:${chartId}`;
    const keptChart = this.charts.get(chartKey);
    const keptSourceId = keptChart?.value.dataSourceId ?? '';
    const keys = [stampKeys.chart(chartId), ...(keptSourceId ? [stampKeys.source(keptSourceId)] : [])];
    const [chartStamp, keptSourceStamp] = await currentStamps(shared, keys);
    let record: dashboardV1.ChartRecord;
    if (keptChart && keptChart.stamp === chartStamp) record = keptChart.value;
    else {
      record = await rpc(this.dashboards.getChart({ tab, chartId }));
      this.charts.set(chartKey, { value: record, stamp: chartStamp! });
    }
    if (!record.dataSourceId) return { record, source: undefined, stamps: { chart: chartStamp!, source: '' } };
    const sourceStamp = record.dataSourceId === keptSourceId ? keptSourceStamp! : (await currentStamps(shared, [stampKeys.source(record.dataSourceId)]))[0]!;
    const keptSource = this.sources.get(record.dataSourceId);
    let source: SourceDescription;
    if (keptSource && keptSource.stamp === sourceStamp) source = keptSource.value;
    else {
      // one read per source and stamp for the runs that ask together (all noted this stamp before it ends)
      source = await this.describing.run(`${record.dataSourceId}\u0000${sourceStamp}`, () => this.describe(record.dataSourceId));
      this.sources.set(record.dataSourceId, { value: source, stamp: sourceStamp });
    }
    if (!canAccessSource(user, source)) throw noSourceAccess();
    return { record, source, stamps: { chart: chartStamp!, source: sourceStamp } };
  }

  private describe(dataSourceId: string): Promise<SourceDescription> {
    return rpc(this.queries.describe({ dataSourceId }));
  }

  /**
   * One computation of a caller's run at a time: a run asked again while the same one (caller, tab,
   * chart, request key) is computed waits for that one (the first-screen call, then the page's batch).
   */
  once(user: AuthUser, tab: string, chartId: string, requestKey: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${user.userId}\u0000${user.token}\u0000${tab}\u0000${chartId}\u0000${requestKey}`;
    const running = this.running.get(key);
    if (running) return running;
    const computed = compute().finally(() => this.running.delete(key));
    this.running.set(key, computed);
    return computed;
  }

  /** Keeps an answer computed from `read` (its stamps noted before the chart and source were read). */
  keep(user: AuthUser, tab: string, chartId: string, requestKey: string, read: ChartWithSource, answerJson: string, body: Buffer): void {
    if (!read.stamps) return;
    const computedAt = computedAtOf(answerJson);
    if (computedAt === undefined) return;
    const lifetime = read.source && read.source.cacheInterval > 0 ? read.source.cacheInterval * 60_000 : this.defaultTtlMs;
    const ttl = computedAt + lifetime - Date.now();
    if (ttl < 1) return;
    // one caller's answer under row-level rules is never another's: the rules that apply are part of the key
    const key = answerKey(tab, chartId, requestKey, read.source ? rowRulesFingerprint(user, read.source) : '');
    const entry: CachedAnswer = { body, chartStamp: read.stamps.chart, sourceId: read.source?.dataSourceId ?? '', sourceStamp: read.stamps.source };
    this.answers.set(key, entry, { ttl });
    this.compressLater(key, entry);
  }

  /** Kept answers not compressed yet, and when the first of them was kept. */
  private readonly uncompressed: { key: string; entry: CachedAnswer }[] = [];
  private uncompressedSince = 0;
  private compressTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Compresses a kept answer in the thread pool, once, after the burst of computations it came with:
   * when no answer was kept for COMPRESS_QUIET_MS, at the latest COMPRESS_WAIT_MS after the first one
   * waiting. A cold dashboard's answers are kept together while the page that asked for them still
   * has to draw them, and on a small machine compressing them at once (the deflate in the pool, the
   * CRC and the compressor set-up on the event loop) takes CPU from that page (docs/benchmarks.md
   * "Browser"); the compressed copy only serves later hits. Until then hits are sent uncompressed.
   */
  private compressLater(key: string, entry: CachedAnswer): void {
    const now = Date.now();
    if (this.uncompressed.length === 0) this.uncompressedSince = now;
    this.uncompressed.push({ key, entry });
    if (this.compressTimer) clearTimeout(this.compressTimer);
    const wait = Math.max(0, Math.min(COMPRESS_QUIET_MS, this.uncompressedSince + COMPRESS_WAIT_MS - now));
    this.compressTimer = setTimeout(() => this.compressKept(), wait);
    this.compressTimer.unref?.();
  }

  private compressKept(): void {
    this.compressTimer = undefined;
    for (const { key, entry } of this.uncompressed.splice(0)) {
      // dropped or replaced meanwhile: nothing to compress
      if (this.answers.peek(key) !== entry) continue;
      deflatePiece(entry.body).then(
        (gz) => {
          if (this.answers.peek(key) === entry) entry.gz = gz;
        },
        () => undefined,
      );
    }
  }

  /**
   * The kept answers of these runs for one caller in one tab, each still current (undefined where
   * not): the caller's access from the kept source description, every chart's and source's stamp
   * (and the session's revocation stamp, when given) checked in one read of the shared cache. null
   * when the session was revoked or the shared cache failed.
   */
  async keptBodies(user: AuthUser, tab: string, runs: readonly KeptRun[], revokedKey?: string): Promise<(Buffer | undefined)[] | null> {
    // kept answers skip the template check of chartWithSource: template-tab runs of non-admins always take the checked path
    if (templateChecked(user, tab)) return null;
    return (await this.keptAnswers(user, tab, runs, revokedKey))?.map((a) => a?.body) ?? null;
  }

  private async keptAnswers(user: AuthUser, tab: string, runs: readonly KeptRun[], revokedKey?: string): Promise<(CachedAnswer | undefined)[] | null> {
    if (!this.shared) return null;
    const found = runs.map(({ chartId, key }) => {
      const answer = this.answers.get(answerKey(tab, chartId, key, this.keptRulesFingerprint(user, tab, chartId)));
      if (!answer?.sourceId) return answer;
      const source = this.sources.get(answer.sourceId);
      return source && source.stamp === answer.sourceStamp && canAccessSource(user, source.value) ? answer : undefined;
    });
    const keys = revokedKey ? [revokedKey] : [];
    // where each found answer's chart stamp sits in keys (its source's follows)
    const at = found.map((answer, i) => {
      if (!answer) return -1;
      keys.push(stampKeys.chart(runs[i]!.chartId));
      if (answer.sourceId) keys.push(stampKeys.source(answer.sourceId));
      return keys.length - (answer.sourceId ? 2 : 1);
    });
    if (keys.length === 0) return found.map(() => undefined);
    let stamps: (string | undefined)[];
    try {
      stamps = await this.shared.getMany(keys);
    } catch {
      return null;
    }
    if (revokedKey && stamps[0] !== undefined) return null;
    return found.map((answer, i) => (answer && stamps[at[i]!] === answer.chartStamp && (!answer.sourceId || stamps[at[i]! + 1] === answer.sourceStamp) ? answer : undefined));
  }

  /**
   * The row-level rules fingerprint of the caller on the kept chart's kept source ('' without rules);
   * with the chart or its source no longer kept, a key no answer has (a miss, never another caller's answer).
   */
  private keptRulesFingerprint(user: AuthUser, tab: string, chartId: string): string {
    const chart = this.charts.get(`${tab}:${chartId}`);
    if (!chart) return UNKNOWN_RULES;
    if (!chart.value.dataSourceId) return '';
    const source = this.sources.get(chart.value.dataSourceId);
    return source ? rowRulesFingerprint(user, source.value) : UNKNOWN_RULES;
  }

  /**
   * The hit path, before Nest's pipeline: answers a chart run, or a batch run whose every chart is
   * kept, from the kept answers; or resolves false (the request then takes the ordinary path, which
   * also checks what the hit path skips). Never answers anything but a hit.
   */
  async tryServe(req: RawRequest, res: RawResponse): Promise<boolean> {
    if (!this.shared || req.method !== 'POST') return false;
    const single = RUN_ROUTE.exec(req.path);
    const batch = single ? null : BATCH_ROUTE.exec(req.path);
    if (!single && !batch) return false;
    const token = tokenFromHeader(req.headers['authorization']);
    const kept = token ? this.tokens.peek(token) : undefined;
    if (!kept) return false;
    let tab: string;
    let runs: KeptRun[];
    try {
      tab = tabAccess(kept.user, decodeURIComponent((single ?? batch)![single ? 2 : 1]!), 'read');
      const language = requestLanguage(req);
      if (single) {
        const b = runBodyOf(req.body);
        if (!b) return false;
        runs = [{ chartId: decodeURIComponent(single[3]!), key: runRequestKey(single[1] === 'dashboard', b, language) }];
      } else {
        const parsed = batchRunBody.safeParse(req.body);
        if (!parsed.success) return false;
        runs = parsed.data.charts.map(({ chartId, ...b }) => ({ chartId, key: runRequestKey(true, b, language) }));
      }
    } catch {
      return false;
    }
    if (templateChecked(kept.user, tab)) return false;
    const found = await this.keptAnswers(kept.user, tab, runs, kept.revokedKey);
    if (!found) {
      this.tokens.drop(token!);
      return false;
    }
    if (found.some((a) => a === undefined)) return false;
    const answers = found as CachedAnswer[];
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept-Encoding' };
    const bodies = answers.map((a) => a.body);
    let parts: Buffer[];
    if (acceptsGzip(req.headers['accept-encoding']) && answers.every((a) => a.gz)) {
      const compressed = answers.map((a) => a.gz!);
      parts = single ? gzipJoin(compressed, bodies) : batchEnvelopeGzipParts(bodies, compressed);
      headers['Content-Encoding'] = 'gzip';
    } else parts = single ? bodies : batchEnvelopeParts(bodies);
    headers['Content-Length'] = parts.reduce((n, p) => n + p.length, 0);
    res.writeHead(200, headers);
    // the kept bytes as they are, in one write of the socket (a batch is hundreds of KB: no copy)
    res.cork();
    for (const p of parts) res.write(p);
    res.end();
    return true;
  }

  /**
   * The hit path on the HTTP server itself, before Express (whose router, request decoration and body
   * parsing cost more than a hit: ~0.5 ms of a ~0.9 ms hit). Only a chart run or batch run with a JSON
   * body of known, small length and a token this BFF verified lately is read here; its body is then
   * left parsed on the request (body-parser skips a request already read), so a miss goes on to
   * Express and Nest as usual. Everything else goes on untouched, unread.
   */
  serveRaw(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const url = req.url ?? '';
    if (!this.shared || req.method !== 'POST' || !url.startsWith('/api/')) return next();
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (!RUN_ROUTE.test(path) && !BATCH_ROUTE.test(path)) return next();
    const token = tokenFromHeader(req.headers['authorization']);
    if (!token || !this.tokens.peek(token)) return next();
    const type = req.headers['content-type'];
    const length = Number(req.headers['content-length'] ?? NaN);
    if ((type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) || !(length >= 0 && length <= RAW_BODY_LIMIT)) return next();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('error', () => res.destroy());
    req.once('end', () => {
      let body: unknown = {};
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        if (text.trim()) body = JSON.parse(text);
      } catch {
        // what body-parser's failure answers (the exception filter's 400 for bad JSON)
        const message = JSON.stringify(fail(translate('request.invalid', requestLanguage(req), { detail: 'JSON' })));
        res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(message) });
        res.end(message);
        return;
      }
      Object.assign(req, { body });
      this.tryServe({ method: 'POST', path, headers: req.headers, body }, res).then(
        (served) => (served ? undefined : next()),
        () => next(),
      );
    });
  }
}

/** A single run's body: the usual {} of a dashboard's first load needs no validation. */
function runBodyOf(raw: unknown = {}): RunBody | undefined {
  if (isEmptyObject(raw)) return {};
  const parsed = runBody.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

function isEmptyObject(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const _ in v) return false;
  return true;
}

/** Never a fingerprint (rowRuleFingerprint answers '', 'none' or JSON). */
const UNKNOWN_RULES = '\u0001unknown';

function answerKey(tab: string, chartId: string, requestKey: string, rules: string): string {
  return `${tab}\u0000${chartId}\u0000${requestKey}\u0000${rules}`;
}

/** Epoch ms of the answer's meta.computedAt (the last "computedAt" key: meta follows option and chart). */
function computedAtOf(answerJson: string): number | undefined {
  const marker = '"computedAt":"';
  const at = answerJson.lastIndexOf(marker);
  if (at < 0) return undefined;
  const end = answerJson.indexOf('"', at + marker.length);
  const t = Date.parse(answerJson.slice(at + marker.length, end));
  return Number.isFinite(t) ? t : undefined;
}
