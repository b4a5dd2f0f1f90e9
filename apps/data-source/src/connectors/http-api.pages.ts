/**
 * The pages of an HTTP API source (docs/adr/0014-http-api-source.md): the one paging loop (answersOf:
 * page numbers, offsets, cursors, Link headers, every request through the outbound policy) and the
 * raw-page read of a sync (docs/adr/0007, addendum): each answer scanned and checked in one pass over its
 * bytes (rawPageParser), its rows array staged for DuckDB (stagedPages). This module is what the parse
 * thread (http-api.raw-worker.ts) loads: it imports no store, no driver and no schema library, so the
 * thread's heap stays small (each full collection the answers' buffers start marks all of it:
 * docs/benchmarks.md, Connectors, 2026-11-29 12:10).
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@bi/core';
import type { ApiRequestSettings, ApiSettings } from '@bi/chart-model';
import { AnswerTooLarge, OutboundTimeout, TargetNotAllowed, fetchOutbound, type AnswerBuffer, type OutboundAnswer, type OutboundPolicy, type Resolver } from '@bi/outbound';
import { buildRequest, nextLink, valueAt, type ApiSecrets, type PagePosition } from './http-api.settings.js';

/** The most bytes one page's answer may have. */
export const API_MAX_PAGE_BYTES = 32 * 1024 * 1024;

/** What an API read needs besides its settings: the outbound policy, the clock and zone of the date variables, a resolver in tests. */
export interface ApiContext {
  policy: OutboundPolicy;
  timeZone: string;
  now?: () => Date;
  resolve?: Resolver;
}

/** What the paging needs of one answer (its rows' count, the value at the cursor path) and what is handed on of it. */
export interface ReadAnswer<T> {
  count: number;
  cursor: unknown;
  page: T;
}

/**
 * One of `of` readers of a page- or offset-paged API: it asks for every `of`-th page from page
 * `index + 1` on, and stops after a short or empty page (the pages are read at once on several parse
 * threads and handed on in page order: http-api.raw-thread.ts). The offset of page n is (n − 1) × size,
 * so a page longer than its size cannot be read this way (RawPagesRefused).
 */
export interface PageLane {
  index: number;
  of: number;
}

/** The path of the next page's cursor in an answer (cursor paging), or null. */
export const cursorPathOf = (s: ApiRequestSettings): string | null => (s.paging.mode === 'cursor' ? s.paging.cursorPath : null);

/** Whether several lanes can read an API's pages: page and offset paging (the next request needs nothing of the answer). */
export const laneable = (s: ApiRequestSettings): boolean => s.paging.mode === 'page' || s.paging.mode === 'offset';

/**
 * The pages of an API, each answer read by `readAnswer` (which throws when it cannot: not JSON, or a
 * shape its reader does not take); with `read.lane`, only that lane's pages (PageLane).
 */
export async function* answersOf<T>(
  s: ApiRequestSettings,
  secrets: ApiSecrets,
  ctx: ApiContext,
  read: { signal?: AbortSignal; watermark?: string; maxPages?: number; lane?: PageLane },
  readAnswer: (answer: OutboundAnswer, page: number) => ReadAnswer<T> | Promise<ReadAnswer<T>>,
): AsyncGenerator<T> {
  const now = (ctx.now ?? (() => new Date()))();
  let origin = '';
  const maxPages = read.maxPages ?? s.paging.maxPages;
  const lane = read.lane && laneable(s) ? read.lane : undefined;
  /** the position of page n (from 1) of a page- or offset-paged API when every page before it was full */
  const numbered = (n: number): PagePosition => ({ kind: 'number', value: s.paging.mode === 'page' ? s.paging.start + n - 1 : (n - 1) * s.paging.size });
  const first = lane ? lane.index + 1 : 1;
  let position: PagePosition = first === 1 ? { kind: 'first' } : numbered(first);
  let offset = 0;
  // each answer's bytes are read into one buffer: an answer is done with before the next is asked for
  const reuse: AnswerBuffer = { bytes: Buffer.alloc(0) };
  const step = lane?.of ?? 1;
  for (let page = first; ; page += step) {
    if (read.signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
    if (page > maxPages) throw new AppError('invalid', 'apisource.too_many_pages', { max: maxPages });
    const req = buildRequest(s, secrets, position, { now, timeZone: ctx.timeZone, watermark: read.watermark ?? '' });
    origin ||= new URL(req.url).origin;
    let answer: OutboundAnswer | undefined = await fetchPage(req, s.timeoutSec, ctx, reuse, read.signal);
    if (answer.status < 200 || answer.status >= 300) {
      // an API that will not answer two reads at once has the sync read its pages one by one (the streamed path)
      if (lane && (answer.status === 429 || answer.status === 503)) throw new RawPagesRefused(`status ${answer.status} while pages were read at once`);
      throw new AppError('invalid', 'apisource.http_status', { status: answer.status });
    }
    let got: ReadAnswer<T> | undefined = await readAnswer(answer, page);
    // the next request is decided before the page is handed on, and nothing of the page is held here
    // while it is sent
    let next: PagePosition | null = null;
    /** a refusal of the next request: thrown after this page is handed on */
    let refused: Error | null = null;
    const p = s.paging;
    const count = got.count;
    if (p.mode === 'page' || p.mode === 'offset') {
      if (count > 0 && count >= p.size) {
        offset += count;
        // one reader's next offset is what it read so far; a lane's is numbered, which a longer page would shift
        if (lane && p.mode === 'offset' && count > p.size) refused = new RawPagesRefused('an offset page longer than its size');
        else next = p.mode === 'offset' && !lane ? { kind: 'number', value: offset } : numbered(page + step);
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

async function fetchPage(req: ReturnType<typeof buildRequest>, timeoutSec: number, ctx: ApiContext, reuse: AnswerBuffer, signal?: AbortSignal): Promise<OutboundAnswer> {
  try {
    return await fetchOutbound(ctx.policy, req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      timeoutMs: timeoutSec * 1000,
      maxBytes: API_MAX_PAGE_BYTES,
      reuse,
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

/** The raw path did not take this load (a value of another shape, a path it does not read, DuckDB refused). */
export class RawPagesRefused extends Error {}

/** What the raw path reads: the keys down to the rows' array, and each column's key and type. */
export interface RawPlan {
  /** keys from the answer down to the array of rows (`$.data.items[*]` → data, items) */
  head: string[];
  /** each column's key in a row, its type and its name in the store */
  columns: { key: string; type: 'text' | 'whole' | 'decimal' | 'date'; name: string }[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const digit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
/** JSON's white space, and the bytes of a number (its grammar is DuckDB's to check), as tables: one load a byte (past the end, b[n] is undefined: no entry) */
const WHITE = new Uint8Array(256);
for (const c of [0x20, 0x0a, 0x0d, 0x09]) WHITE[c] = 1;
const NUMBER = new Uint8Array(256);
for (const c of '0123456789-+.eE') NUMBER[c.charCodeAt(0)] = 1;
const space = (c: number | undefined) => WHITE[c!] === 1;
const numberByte = (c: number | undefined) => NUMBER[c!] === 1;

/*
 * A page is read by one scan of its bytes, in plain loops (a call per string — Buffer.indexOf's memchr —
 * cost more than it saved on rows of short texts: docs/benchmarks.md, Connectors, 2026-11-29 05:45), and
 * no JSON.parse of its rows: DuckDB's read_json parses them (yyjson, as strictly as JSON.parse but for two
 * things the scan refuses: NaN/Infinity literals and a comma before a closing bracket). The scan checks
 * what DuckDB's typed read would take more leniently than the streamed path converts: each row an object,
 * each column's value of its column's JSON kind (a text a string, a number a number, a date a
 * `YYYY-MM-DD` string), no negative zero (DuckDB drops its sign), no escaped key (DuckDB matches it after
 * unescaping, the scan could not see it). What DuckDB's read then refuses (bad grammar, a repeated key, a
 * day that does not exist) gives the load back to the streamed path (docs/benchmarks.md, Connectors,
 * 2026-11-29 12:00; docs/adr/0007, addendum).
 */

/** The end (after the closing quote) of the JSON string opening at i, or -1. */
function stringEnd(b: Buffer, i: number): number {
  const n = b.length;
  for (let j = i + 1; j < n; j++) {
    const c = b[j];
    if (c === QUOTE) return j + 1;
    if (c === BACKSLASH) j++;
  }
  return -1;
}

/** The end of the literal (true, false, null) at i, or -1 for any other word (NaN, Infinity, …). */
function literalEnd(b: Buffer, i: number): number {
  const c = b[i];
  if (c === 0x6e) return b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c ? i + 4 : -1;
  if (c === 0x74) return b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65 ? i + 4 : -1;
  if (c === 0x66) return b[i + 1] === 0x61 && b[i + 2] === 0x6c && b[i + 3] === 0x73 && b[i + 4] === 0x65 ? i + 5 : -1;
  return -1;
}

/**
 * The end of the JSON value at i, or -1: not a value, or one holding a word other than true, false and
 * null or a comma before a closing bracket. A number's grammar is DuckDB's to check.
 */
function valueEnd(b: Buffer, i: number): number {
  const n = b.length;
  const c = b[i];
  if (c === QUOTE) return stringEnd(b, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    let last = 0;
    for (let j = i; j < n; j++) {
      const d = b[j]!;
      if (d === QUOTE) {
        j = stringEnd(b, j);
        if (j < 0) return -1;
        j--;
        last = QUOTE;
        continue;
      }
      if (d <= 0x20) continue;
      if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        if (last === COMMA) return -1;
        if (--depth === 0) return j + 1;
      } else if (d >= 0x61) {
        // a word: true, false or null (e is a number's exponent)
        if (d !== 0x65) {
          const end = literalEnd(b, j);
          if (end < 0) return -1;
          j = end - 1;
        }
      } else if (d >= 0x41 && d <= 0x5a && d !== 0x45) return -1;
      last = d;
    }
    return -1;
  }
  if (c === 0x6e || c === 0x74 || c === 0x66) return literalEnd(b, i);
  let j = i;
  while (numberByte(b[j])) j++;
  return j === i ? -1 : j;
}

/** Whether the number after a minus sign at i - 1, starting with 0 at i, is a zero (-0, -0.0, -0e5): DuckDB reads it without its sign. */
function negativeZero(b: Buffer, i: number): boolean {
  let j = i + 1;
  if (b[j] === 0x2e) {
    for (j++; digit(b[j]); j++) if (b[j] !== 0x30) return false;
  }
  return true;
}

/** A rows array read and checked: its end (after the closing bracket) and its rows' count. */
interface RowsRead {
  end: number;
  rows: number;
}

/** A reader of rows arrays for a plan (see the scan's comment above): the array at i read and checked, or null. */
function rowsReader(plan: RawPlan): (b: Buffer, i: number) => RowsRead | null {
  const keys = plan.columns.map((c) => Buffer.from(c.key));
  /** 1 text, 2 date, 3 number */
  const kinds = plan.columns.map((c) => (c.type === 'text' ? 1 : c.type === 'date' ? 2 : 3));
  /** the columns by their key's length */
  const byLength: number[][] = [];
  keys.forEach((k, col) => (byLength[k.length] ??= []).push(col));
  const columnAt = (b: Buffer, from: number, length: number): number => {
    const candidates = byLength[length];
    if (!candidates) return -1;
    for (const col of candidates) {
      const k = keys[col]!;
      let m = 0;
      while (m < length && b[from + m] === k[m]) m++;
      if (m === length) return col;
    }
    return -1;
  };
  /** whether the value at i may stand in column col (null is checked as a literal by valueEnd) */
  const fits = (b: Buffer, i: number, col: number): boolean => {
    const c = b[i];
    if (c === 0x6e) return true;
    if (kinds[col] === 3) return digit(c) || (c === 0x2d && !(b[i + 1] === 0x30 && negativeZero(b, i + 1)));
    if (c !== QUOTE) return false;
    if (kinds[col] === 1 || b[i + 1] === QUOTE) return true;
    // a date: "YYYY-MM-DD", the year from 1000 on (the day itself is DuckDB's cast to check)
    if (b[i + 11] !== QUOTE || b[i + 5] !== 0x2d || b[i + 8] !== 0x2d || b[i + 1]! < 0x31 || !digit(b[i + 1])) return false;
    return digit(b[i + 2]) && digit(b[i + 3]) && digit(b[i + 4]) && digit(b[i + 6]) && digit(b[i + 7]) && digit(b[i + 9]) && digit(b[i + 10]);
  };
  /** the previous row's keys in order, and their columns: a row's keys are most often the previous row's, and a key that is is read by one comparison */
  const shapeKeys: Buffer[] = [];
  const shapeColumns: number[] = [];
  return (b, i) => {
    const n = b.length;
    let rows = 0;
    i++;
    while (space(b[i])) i++;
    if (b[i] === 0x5d) return { end: i + 1, rows };
    for (;;) {
      while (space(b[i])) i++;
      if (b[i] !== 0x7b) return null;
      rows++;
      i++;
      while (space(b[i])) i++;
      if (b[i] !== 0x7d) {
        for (let member = 0; ; member++) {
          while (space(b[i])) i++;
          if (b[i] !== QUOTE) return null;
          const keyAt = i + 1;
          let j = -1;
          let col = -1;
          const expected = shapeKeys[member];
          if (expected) {
            const length = expected.length;
            let x = 0;
            while (x < length && b[keyAt + x] === expected[x]) x++;
            if (x === length && b[keyAt + length] === QUOTE) {
              j = keyAt + length;
              col = shapeColumns[member]!;
            }
          }
          if (j < 0) {
            for (j = keyAt; j < n; j++) {
              const c = b[j];
              if (c === QUOTE) break;
              if (c === BACKSLASH) return null;
            }
            if (j >= n) return null;
            col = columnAt(b, keyAt, j - keyAt);
            shapeKeys[member] = Buffer.from(b.subarray(keyAt, j));
            shapeColumns[member] = col;
          }
          i = j + 1;
          while (space(b[i])) i++;
          if (b[i] !== 0x3a) return null;
          i++;
          while (space(b[i])) i++;
          if (col >= 0 && !fits(b, i, col)) return null;
          // the value: a string or a number read here, anything else by valueEnd
          const c0 = b[i]!;
          if (c0 === QUOTE) {
            i = stringEnd(b, i);
            if (i < 0) return null;
          } else if (numberByte(c0)) {
            i++;
            while (numberByte(b[i])) i++;
          } else {
            i = valueEnd(b, i);
            if (i < 0) return null;
          }
          while (space(b[i])) i++;
          if (b[i] === 0x7d) break;
          if (b[i] !== COMMA) return null;
          i++;
        }
      }
      i++;
      while (space(b[i])) i++;
      if (b[i] === 0x5d) return { end: i + 1, rows };
      if (b[i] !== COMMA) return null;
      i++;
    }
  };
}

/** Where an answer's rows array is: its span and rows' count. */
interface RowsFound {
  start: number;
  end: number;
  rows: number;
}

/**
 * The object at `from`, read once: what the path `head[k…]` holds under it (the last one when a key
 * repeats, as JSON.parse keeps; `not_rows` when the path holds something else there, null when nothing)
 * and the object's end; null when the object is not one or its rows array is refused by `rows`.
 */
function pathSpan(b: Buffer, from: number, head: string[], k: number, rows: (b: Buffer, i: number) => RowsRead | null): { found: RowsFound | 'not_rows' | null; end: number } | null {
  let found: RowsFound | 'not_rows' | null = null;
  let i = from + 1;
  while (space(b[i])) i++;
  if (b[i] === 0x7d) return { found, end: i + 1 };
  for (;;) {
    while (space(b[i])) i++;
    if (b[i] !== QUOTE) return null;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0) return null;
    const raw = b.toString('utf8', i + 1, keyEnd - 1);
    const name = raw.includes('\\') ? (JSON.parse(b.toString('utf8', i, keyEnd)) as string) : raw;
    i = keyEnd;
    while (space(b[i])) i++;
    if (b[i] !== 0x3a) return null;
    i++;
    while (space(b[i])) i++;
    let end: number;
    if (name === head[k] && k < head.length - 1 && b[i] === 0x7b) {
      const inner = pathSpan(b, i, head, k + 1, rows);
      if (!inner) return null;
      found = inner.found;
      end = inner.end;
    } else if (name === head[k] && k === head.length - 1 && b[i] === 0x5b) {
      const read = rows(b, i);
      if (!read) return null;
      found = { start: i, end: read.end, rows: read.rows };
      end = read.end;
    } else {
      end = valueEnd(b, i);
      if (end < 0) return null;
      if (name === head[k]) found = 'not_rows';
    }
    i = end;
    while (space(b[i])) i++;
    if (b[i] === 0x7d) return { found, end: i + 1 };
    if (b[i] !== COMMA) return null;
    i++;
  }
}

/** The rows array at `$.<head…>[*]` of an answer's bytes, read by `rows`; null when there is none or it is refused. */
function rowsOfAnswer(b: Buffer, head: string[], rows: (b: Buffer, i: number) => RowsRead | null): RowsFound | null {
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (space(b[i])) i++;
  if (b[i] !== 0x7b || !head.length) return null;
  const found = pathSpan(b, i, head, 0, rows)?.found;
  return found && found !== 'not_rows' ? found : null;
}

/** The bytes of a page's rows array (`$.<head…>[*]`) in its answer, found by one scan of the bytes (no check of its rows), or null. */
export function rowsBytes(b: Buffer, head: string[]): Buffer | null {
  const found = rowsOfAnswer(b, head, (bytes, i) => {
    const end = valueEnd(bytes, i);
    return end < 0 ? null : { end, rows: 0 };
  });
  return found ? b.subarray(found.start, found.end) : null;
}

/**
 * One answer of a raw-page read, scanned and checked: its rows' count, the span of its rows array in
 * `bytes` (the answer's bytes, or their UTF-8 re-encoding when they were not valid UTF-8: the text
 * JSON.parse would read) and the cursor at the paging's cursor path; or why the raw path cannot take it.
 */
export type RawParsed =
  | { kind: 'page'; count: number; start: number; end: number; cursor: unknown; reencoded?: Uint8Array }
  | { kind: 'not_json' }
  | { kind: 'refused'; reason: string };

const EMPTY_ROWS = Buffer.from('[]');

/**
 * parseRawPage's work for one plan: the rows array found and checked by one scan of the answer's bytes
 * (rowsReader); the rest of the answer — the rows array read as `[]` — parsed by JSON.parse: it must be
 * JSON (else the answer is not), and it holds the cursor.
 */
export function rawPageParser(plan: RawPlan, cursorPath: string | null): (bytes: Buffer) => RawParsed {
  const rows = rowsReader(plan);
  return (bytes) => {
    const utf8 = isUtf8(bytes);
    const b = utf8 ? bytes : Buffer.from(bytes.toString('utf8'));
    const found = rowsOfAnswer(b, plan.head, rows);
    if (!found) return { kind: 'refused', reason: 'a page of another shape' };
    let rest: unknown;
    try {
      rest = JSON.parse(Buffer.concat([b.subarray(0, found.start), EMPTY_ROWS, b.subarray(found.end)]).toString('utf8'));
    } catch {
      return { kind: 'not_json' };
    }
    // JSON.parse reads the same rows array where the scan found it (the last of a repeated key)
    let at: unknown = rest;
    for (const k of plan.head) at = at && typeof at === 'object' && !Array.isArray(at) && Object.hasOwn(at, k) ? (at as Record<string, unknown>)[k] : undefined;
    if (!Array.isArray(at) || at.length) return { kind: 'refused', reason: 'a page of another shape' };
    const cursor = cursorPath ? valueAt(rest, cursorPath) : undefined;
    return { kind: 'page', count: found.rows, start: found.start, end: found.end, cursor, ...(utf8 ? {} : { reencoded: b }) };
  };
}

/** One raw page, staged: the file holding its rows array's bytes (valid UTF-8: the text its rows were checked in), its rows' count and size. */
export interface StagedPage {
  path: string;
  /** its page's number (from 1) */
  page: number;
  rows: number;
  bytes: number;
}

/** A new staged file beside the database file (`.bi-api-*.json`, only the owner may read it) holding `bytes`; removed again when its write fails. */
export async function stagePage(stagingDir: string, bytes: Uint8Array): Promise<string> {
  const path = join(stagingDir, `.bi-api-${randomUUID()}.json`);
  try {
    const file = await open(path, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
    } finally {
      await file.close();
    }
  } catch (e) {
    await rm(path, { force: true });
    throw e;
  }
  return path;
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
  /** this read's pages only, when several threads read the pages at once */
  lane?: PageLane;
}

/**
 * The pages of a raw-page read, staged: each answer fetched through the outbound policy (answersOf: the
 * one paging loop), scanned and checked (rawPageParser), its rows array's bytes written to a
 * staged file; a page of another shape throws RawPagesRefused, an answer that is not JSON apisource.not_json.
 * Every file yielded is the caller's; nothing of an answer is held across the next request. Runs on the
 * parse thread (http-api.raw-worker.ts) or, from the TypeScript sources, in the service's thread.
 */
export async function* stagedPages(job: RawPagesJob, signal?: AbortSignal, resolve?: Resolver): AsyncGenerator<StagedPage> {
  const s = job.settings;
  const parse = rawPageParser(job.plan, cursorPathOf(s));
  const ctx: ApiContext = { policy: job.policy, timeZone: job.timeZone, now: () => new Date(job.now), ...(resolve ? { resolve } : {}) };
  const answers = answersOf(s, job.secrets, ctx, { ...(signal ? { signal } : {}), ...(job.lane ? { lane: job.lane } : {}) }, async (answer, page): Promise<ReadAnswer<StagedPage | null>> => {
    const r = parse(answer.bytes);
    if (r.kind === 'not_json') throw new AppError('invalid', 'apisource.not_json', { page });
    if (r.kind === 'refused') throw new RawPagesRefused(r.reason);
    if (r.count === 0) return { count: 0, cursor: r.cursor, page: null };
    // DuckDB is handed only the rows array: nothing to unnest
    const bytes = r.reencoded ?? answer.bytes;
    const path = await stagePage(job.stagingDir, bytes.subarray(r.start, r.end));
    return { count: r.count, cursor: r.cursor, page: { path, page, rows: r.count, bytes: r.end - r.start } };
  });
  for await (const p of answers) if (p) yield p;
}

