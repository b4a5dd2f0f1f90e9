import { AppError } from '@bi/core';
import type { ApiColumn, ApiRequestSettings, ApiSettings } from '@bi/chart-model';
import type { AnalyticsWriter, LoadTarget, StoreColumn, StoreValue } from '../uploads/store-writer.js';
import type { Connector, ConnectorRead } from './connector.js';
import { RawPagesRefused, answersOf, cursorPathOf, stagedPages, type ApiContext, type RawPagesJob } from './http-api.pages.js';
import { rawPagesLoad, rawPlan } from './http-api.raw.js';
import { parseThreadOn, threadStagedPages } from './http-api.raw-thread.js';
import { convertValue, fieldOf, rowsAt, storeType, valueAt, type ApiSecrets } from './http-api.settings.js';

const VALUE_SHOWN = 40;

/**
 * The pages of an API as raw rows (objects), fetched one at a time as they are asked for: page
 * numbers, offsets, a cursor out of each answer or the Link header's next URL, until a short or
 * empty page, no next cursor or link, or the page cap (refused: apisource.too_many_pages). Every
 * request goes through the outbound policy (@bi/outbound fetchOutbound); a next link to another
 * origin is refused (the auth headers must not follow it).
 */
export async function* apiPages(s: ApiRequestSettings, secrets: ApiSecrets, ctx: ApiContext, read: { signal?: AbortSignal; watermark?: string; maxPages?: number }): AsyncGenerator<unknown[]> {
  const cursorPath = cursorPathOf(s);
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
    if (!plan || !w.loadSql || !w.stagingDir || target.columns.length !== plan.columns.length || target.columns.some((c, i) => c.name !== plan.columns[i]!.name)) return undefined;
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
