import { AppError } from '@bi/core';
import type { ApiColumn, ApiRequestSettings, ApiSettings } from '@bi/chart-model';
import { AnswerTooLarge, OutboundTimeout, TargetNotAllowed, fetchOutbound, type OutboundAnswer, type OutboundPolicy, type Resolver } from '@bi/outbound';
import type { AnalyticsWriter, LoadTarget, StoreColumn, StoreValue } from '../uploads/store-writer.js';
import type { Connector, ConnectorRead } from './connector.js';
import { RawPagesRefused, rawPageParser, rawPagesLoad, rawPlan, stagePage, type RawPlan, type StagedPage } from './http-api.raw.js';
import { parseThreadOn, threadStagedPages } from './http-api.raw-thread.js';
import { buildRequest, convertValue, fieldOf, nextLink, rowsAt, storeType, valueAt, type ApiSecrets, type PagePosition } from './http-api.settings.js';

/** The most bytes one page's answer may have. */
export const API_MAX_PAGE_BYTES = 32 * 1024 * 1024;
const VALUE_SHOWN = 40;

/** What an API read needs besides its settings: the outbound policy, the clock and zone of the date variables, a resolver in tests. */
export interface ApiContext {
  policy: OutboundPolicy;
  timeZone: string;
  now?: () => Date;
  resolve?: Resolver;
}

/**
 * The pages of an API as raw rows (objects), fetched one at a time as they are asked for: page
 * numbers, offsets, a cursor out of each answer or the Link header's next URL, until a short or
 * empty page, no next cursor or link, or the page cap (refused: apisource.too_many_pages). Every
 * request goes through the outbound policy (@bi/outbound fetchOutbound); a next link to another
 * origin is refused (the auth headers must not follow it).
 */
export async function* apiPages(s: ApiRequestSettings, secrets: ApiSecrets, ctx: ApiContext, read: { signal?: AbortSignal; watermark?: string; maxPages?: number }): AsyncGenerator<unknown[]> {
  const cursorPath = s.paging.mode === 'cursor' ? s.paging.cursorPath : null;
  yield* answersOf(s, secrets, ctx, read, (answer, page) => {
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new AppError('invalid', 'apisource.not_json', { page });
    }
    const rows = rowsAt(json, s.rowsPath);
    return { count: rows.length, cursor: cursorPath ? valueAt(json, cursorPath) : undefined, page: rows };
  });
}

/** What the paging needs of one answer (its rows' count, the value at the cursor path) and what is handed on of it. */
export interface ReadAnswer<T> {
  count: number;
  cursor: unknown;
  page: T;
}

/**
 * The pages of an API, each answer read by `readAnswer` (which throws when it cannot: not JSON, or a
 * shape its reader does not take).
 */
export async function* answersOf<T>(
  s: ApiRequestSettings,
  secrets: ApiSecrets,
  ctx: ApiContext,
  read: { signal?: AbortSignal; watermark?: string; maxPages?: number },
  readAnswer: (answer: OutboundAnswer, page: number) => ReadAnswer<T> | Promise<ReadAnswer<T>>,
): AsyncGenerator<T> {
  const now = (ctx.now ?? (() => new Date()))();
  let origin = '';
  const maxPages = read.maxPages ?? s.paging.maxPages;
  let position: PagePosition = { kind: 'first' };
  let offset = 0;
  for (let page = 1; ; page++) {
    if (read.signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
    if (page > maxPages) throw new AppError('invalid', 'apisource.too_many_pages', { max: maxPages });
    const req = buildRequest(s, secrets, position, { now, timeZone: ctx.timeZone, watermark: read.watermark ?? '' });
    origin ||= new URL(req.url).origin;
    let answer: OutboundAnswer | undefined = await fetchPage(req, s.timeoutSec, ctx, read.signal);
    if (answer.status < 200 || answer.status >= 300) throw new AppError('invalid', 'apisource.http_status', { status: answer.status });
    let got: ReadAnswer<T> | undefined = await readAnswer(answer, page);
    // the next request is decided before the page is handed on, and nothing of the page is held here
    // while it is sent
    let next: PagePosition | null = null;
    /** a refusal of the next request: thrown after this page is handed on */
    let refused: AppError | null = null;
    const p = s.paging;
    const count = got.count;
    if (p.mode === 'page' || p.mode === 'offset') {
      if (count > 0 && count >= p.size) {
        offset += count;
        next = { kind: 'number', value: p.mode === 'page' ? p.start + page : offset };
      }
    } else if (p.mode === 'cursor') {
      const cursor = got.cursor;
      if (!(cursor === undefined || cursor === null || cursor === '' || cursor === false || count === 0)) {
        if (typeof cursor !== 'string' && typeof cursor !== 'number') refused = new AppError('invalid', 'apisource.cursor_invalid');
        else next = { kind: 'cursor', value: String(cursor) };
      }
    } else if (p.mode === 'link') {
      const link = nextLink(answer.headers.link, req.url);
      if (link && count > 0) {
        if (new URL(link).origin !== origin) refused = new AppError('invalid', 'apisource.link_other_origin');
        else next = { kind: 'url', value: link };
      }
    }
    answer = undefined;
    let out: T | undefined = got.page;
    got = undefined;
    yield out;
    out = undefined;
    if (refused) throw refused;
    if (!next) return;
    position = next;
  }
}

async function fetchPage(req: ReturnType<typeof buildRequest>, timeoutSec: number, ctx: ApiContext, signal?: AbortSignal): Promise<OutboundAnswer> {
  try {
    return await fetchOutbound(ctx.policy, req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      timeoutMs: timeoutSec * 1000,
      maxBytes: API_MAX_PAGE_BYTES,
      ...(signal ? { signal } : {}),
      ...(ctx.resolve ? { resolve: ctx.resolve } : {}),
    });
  } catch (e) {
    if (signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
    if (e instanceof TargetNotAllowed) throw new AppError('invalid', 'apisource.target_not_allowed');
    if (e instanceof OutboundTimeout) throw new AppError('invalid', 'apisource.timeout', { seconds: timeoutSec });
    if (e instanceof AnswerTooLarge) throw new AppError('invalid', 'apisource.answer_too_large', { mb: API_MAX_PAGE_BYTES / 1024 / 1024 });
    throw new AppError('invalid', 'apisource.unreachable');
  }
}

const clip = (v: unknown) => {
  const t = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  return t.length > VALUE_SHOWN ? `${t.slice(0, VALUE_SHOWN)}…` : t;
};

/**
 * An HTTP API source as a connector (docs/adr/0014-http-api-source.md): its pages (apiPages) read
 * one at a time as the sync runner asks, each row's fields converted by the column types (the first
 * bad value stops the read with its row and column). On an incremental read, rows whose watermark
 * field is not after the last watermark are left out; `watermark` holds the largest value seen.
 */
export class HttpApiConnector implements Connector {
  readonly kind = 'api';
  readonly fields: readonly StoreColumn[];
  /** The largest watermark value read so far (incremental sync), as text; '' when none. */
  watermark = '';

  constructor(
    private readonly settings: ApiSettings,
    private readonly secrets: ApiSecrets,
    private readonly ctx: ApiContext,
    /** the last sync's watermark: an incremental read sends it as ${watermark} and keeps only rows after it */
    private readonly since = '',
  ) {
    this.fields = settings.columns.map((c) => ({ name: c.name, type: storeType(c.type) }));
    this.watermark = since;
  }

  async *rows(read: ConnectorRead): AsyncGenerator<StoreValue[][]> {
    const columns = this.settings.columns;
    const mark = this.settings.sync.mode === 'incremental' ? columns.find((c) => c.path === this.settings.sync.watermark) : undefined;
    const convert = rowConverter(columns);
    let n = 0;
    for await (const page of apiPages(this.settings, this.secrets, this.ctx, { ...(read.signal ? { signal: read.signal } : {}), watermark: this.since })) {
      const out: StoreValue[][] = [];
      for (const row of page) {
        n++;
        if (mark && this.since && !after(fieldOf(row, mark.path), this.since, mark)) continue;
        out.push(convert(row, n));
        if (mark) {
          const v = fieldOf(row, mark.path);
          if (v !== null && v !== undefined && v !== '' && (!this.watermark || after(v, this.watermark, mark))) this.watermark = String(v);
        }
        if (n > read.maxRows) throw this.tooManyRows(read.maxRows);
      }
      yield out;
    }
  }

  tooManyRows(max: number): Error {
    return new AppError('invalid', 'apisource.too_many_rows', { max });
  }

  /**
   * The raw-page load (http-api.raw.ts) when the store is DuckDB and the source's shape allows it: the
   * pages as they came, read by DuckDB; undefined (the streamed rows() instead) when a page's values
   * are of another shape or DuckDB refuses them — that load is rolled back and the pages are read again.
   * When the service runs built, the pages are fetched, parsed, checked and staged on the parse thread
   * (http-api.raw-thread.ts): the service's thread sees only each staged file's name and row count.
   */
  async bulkLoad(w: AnalyticsWriter, target: LoadTarget, read: ConnectorRead): Promise<number | undefined> {
    const plan = rawPlan(this.settings);
    if (!plan || !w.loadSql || !w.stagingDir || target.columns.length !== plan.columns.length) return undefined;
    const job: RawPagesJob = {
      settings: this.settings,
      secrets: this.secrets,
      policy: this.ctx.policy,
      timeZone: this.ctx.timeZone,
      now: (this.ctx.now ?? (() => new Date()))().getTime(),
      plan,
      stagingDir: w.stagingDir,
    };
    // a resolver standing in for DNS (tests) is a function: it cannot go to another thread
    const pages = parseThreadOn() && !this.ctx.resolve ? () => threadStagedPages(job, read.signal) : () => stagedPages(job, read.signal, this.ctx.resolve);
    try {
      return await w.loadSql(target, rawPagesLoad(plan, pages, read.maxRows, () => this.tooManyRows(read.maxRows)), read.signal);
    } catch (e) {
      if (e instanceof RawPagesRefused && !read.signal?.aborted) return undefined;
      throw e;
    }
  }
}

/** What a raw-page read needs, as plain data (the parse thread is sent it as a message). */
export interface RawPagesJob {
  settings: ApiSettings;
  secrets: ApiSecrets;
  policy: OutboundPolicy;
  timeZone: string;
  /** the read's clock for the date variables (ms) */
  now: number;
  plan: RawPlan;
  stagingDir: string;
}

/**
 * The pages of a raw-page read, staged: each answer fetched through the outbound policy (answersOf: the
 * one paging loop), parsed, checked and scanned (rawPageParser), its rows array's bytes written to a
 * staged file; a page of another shape throws RawPagesRefused, an answer that is not JSON apisource.not_json.
 * Every file yielded is the caller's; nothing of an answer is held across the next request. Runs on the
 * parse thread (http-api.raw-worker.ts) or, from the TypeScript sources, in the service's thread.
 */
export async function* stagedPages(job: RawPagesJob, signal?: AbortSignal, resolve?: Resolver): AsyncGenerator<StagedPage> {
  const s = job.settings;
  const parse = rawPageParser(job.plan, s.paging.mode === 'cursor' ? s.paging.cursorPath : null);
  const ctx: ApiContext = { policy: job.policy, timeZone: job.timeZone, now: () => new Date(job.now), ...(resolve ? { resolve } : {}) };
  const answers = answersOf(s, job.secrets, ctx, { ...(signal ? { signal } : {}) }, async (answer, page): Promise<ReadAnswer<StagedPage | null>> => {
    const r = parse(answer.bytes);
    if (r.kind === 'not_json') throw new AppError('invalid', 'apisource.not_json', { page });
    if (r.kind === 'refused') throw new RawPagesRefused(r.reason);
    if (r.count === 0) return { count: 0, cursor: r.cursor, page: null };
    // DuckDB is handed only the rows array: nothing to unnest
    const bytes = r.reencoded ?? answer.bytes;
    const path = await stagePage(job.stagingDir, bytes.subarray(r.start, r.end));
    return { count: r.count, cursor: r.cursor, page: { path, rows: r.count, bytes: r.end - r.start } };
  });
  for await (const p of answers) if (p) yield p;
}

/** Whether a watermark value comes after another: numerically for number columns, by time for dates, else as text. */
function after(v: unknown, than: string, column: ApiColumn): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (column.type === 'whole' || column.type === 'decimal') return Number(v) > Number(than);
  if (column.type === 'date' || column.type === 'datetime') {
    const a = convertValue(v, column.type);
    const b = convertValue(than, column.type);
    if (a.ok && b.ok && a.value && b.value && typeof a.value === 'object' && typeof b.value === 'object') return a.value.ms > b.value.ms;
  }
  return String(v) > than;
}

/** One raw row as store values; the first value its column type refuses stops the read (apisource.bad_value with row and column). */
export function convertRow(row: unknown, columns: readonly ApiColumn[], n: number): StoreValue[] {
  return rowConverter(columns)(row, n);
}

/** Texts a date column remembers the conversion of (a read meets the same days again and again). */
const DATE_CACHE = 4096;
/** A value its column type refuses (rowConverter's columns answer values, not result objects: a read converts millions). */
const REFUSED = Symbol('refused');

/**
 * convertRow for one read: the same values, faster — each column's common case answered at once (a
 * number for a number column, a text for a text column), the conversions of a date column's texts
 * remembered, no result object per value; everything else goes through convertValue.
 */
export function rowConverter(columns: readonly ApiColumn[]): (row: unknown, n: number) => StoreValue[] {
  const convert = columns.map((c): ((raw: unknown) => StoreValue | typeof REFUSED) => {
    const general = (raw: unknown) => {
      const r = convertValue(raw, c.type);
      return r.ok ? r.value : REFUSED;
    };
    if (c.type === 'text') return (raw) => (typeof raw === 'string' ? (raw === '' ? null : raw) : general(raw));
    if (c.type === 'whole') return (raw) => (typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : general(raw));
    if (c.type === 'decimal') return (raw) => (typeof raw === 'number' && Number.isFinite(raw) ? raw : general(raw));
    const seen = new Map<string, StoreValue | typeof REFUSED>();
    return (raw) => {
      if (typeof raw !== 'string') return general(raw);
      let r = seen.get(raw);
      if (r === undefined) {
        if (seen.size >= DATE_CACHE) seen.clear();
        r = general(raw);
        seen.set(raw, r);
      }
      return r;
    };
  });
  return (row, n) => {
    const out: StoreValue[] = new Array(columns.length);
    for (let i = 0; i < columns.length; i++) {
      const raw = fieldOf(row, columns[i]!.path);
      const v = convert[i]!(raw);
      if (v === REFUSED) throw new AppError('invalid', 'apisource.bad_value', { row: n, column: columns[i]!.name, value: clip(raw) });
      out[i] = v;
    }
    return out;
  };
}
