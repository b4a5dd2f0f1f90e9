/**
 * The pure parts of the HTTP API source (docs/adr/0014-http-api-source.md): the JSON path subset,
 * the date variables, the request of each page, the Link header, column inference and value
 * conversion. No I/O here: http-api.pages.ts fetches (answersOf).
 */
import { createHash, createHmac } from 'node:crypto';
import { AppError } from '@bi/core';
import type { ApiColumn, ApiColumnType, ApiRequestSettings } from '@bi/chart-model';
import { JSON_PATH_PATTERN } from '@bi/chart-model/text-rules';
import { NaiveDate, parseDateText } from '../uploads/cells.js';
import type { ColumnType } from '../uploads/cells.js';
import type { StoreValue } from '../uploads/store-writer.js';

// ---- JSON path ($, .name, ['name'], [n], [*]) -------------------------------------------------

type Step = { key: string } | { index: number } | { all: true };

/** The steps of a path of the subset; refuses anything else (no filters, no scripts, no recursion). */
export function parseJsonPath(path: string): Step[] {
  if (!JSON_PATH_PATTERN.test(path)) throw new AppError('invalid', 'apisource.path_invalid', { path });
  const steps: Step[] = [];
  const re = /\.([^.[\]]+)|\['([^']*)'\]|\[(\d+)\]|\[\*\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path.slice(1)))) {
    if (m[1] !== undefined) steps.push({ key: m[1] });
    else if (m[2] !== undefined) steps.push({ key: m[2] });
    else if (m[3] !== undefined) steps.push({ index: Number(m[3]) });
    else steps.push({ all: true });
  }
  return steps;
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The values a path selects in a JSON value: `[*]` fans out; a missing step selects nothing. */
export function selectPath(value: unknown, steps: Step[]): unknown[] {
  let current: unknown[] = [value];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const v of current) {
      if ('all' in step) {
        if (Array.isArray(v)) next.push(...v);
        else if (v && typeof v === 'object') next.push(...Object.values(v));
      } else if ('index' in step) {
        if (Array.isArray(v) && step.index < v.length) next.push(v[step.index]);
      } else if (v && typeof v === 'object' && !Array.isArray(v) && own(v, step.key)) next.push((v as Record<string, unknown>)[step.key]);
    }
    current = next;
  }
  return current;
}

/** The rows of an answer: what the path selects; one array selected is its items. Refused when the path selects nothing. */
export function rowsAt(answer: unknown, path: string): unknown[] {
  const steps = parseJsonPath(path);
  const last = steps[steps.length - 1];
  // `…[*]` at the end: the container it fans out of must be there; an empty one is an empty page
  const head = last && 'all' in last ? steps.slice(0, -1) : steps;
  const found = selectPath(answer, head);
  if (found.length === 0 || (last && 'all' in last && !found.every((v) => v !== null && typeof v === 'object'))) throw new AppError('invalid', 'apisource.rows_not_found', { path });
  if (last && 'all' in last) return selectPath(found, [{ all: true }, { all: true }]);
  if (found.length === 1 && Array.isArray(found[0])) return found[0];
  return found;
}

/** One value a path selects, or undefined (the cursor of the next page). */
export function valueAt(answer: unknown, path: string): unknown {
  return selectPath(answer, parseJsonPath(path))[0];
}

/** A row's field by its dotted path (`customer.name`); a name holding a dot is read whole first. */
export function fieldOf(row: unknown, path: string): unknown {
  if (!row || typeof row !== 'object') return undefined;
  const r = row as Record<string, unknown>;
  if (own(r, path)) return r[path];
  let v: unknown = r;
  for (const part of path.split('.')) {
    if (!v || typeof v !== 'object' || Array.isArray(v) || !own(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

// ---- date variables ----------------------------------------------------------------------------

/** The variables a URL, a query value, a header value or the body may hold (docs/api/data-source.md). */
export const DATE_VARIABLES = ['today', 'yesterday', 'tomorrow', 'now', 'weekStart', 'monthStart', 'monthEnd', 'lastMonthStart', 'lastMonthEnd', 'yearStart', 'lastYearStart', 'lastYearEnd', 'daysAgo:N', 'watermark'] as const;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const day = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m, d));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** The wall clock of a time zone at an instant. */
function wallClock(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { y: +parts.year!, m: +parts.month! - 1, d: +parts.day!, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/**
 * Replaces ${today}, ${yesterday}, ${monthStart}, … in a text by dates (yyyy-MM-dd) of the
 * configured time zone at `now`; ${now} is yyyy-MM-ddTHH:mm:ss; ${daysAgo:N} N days before today;
 * ${watermark} the last sync's watermark ('' on a full sync). An unknown variable is refused.
 */
export function replaceVariables(text: string, now: Date, timeZone: string, watermark = ''): string {
  if (!text.includes('${')) return text;
  const { y, m, d, time } = wallClock(now, timeZone);
  const weekday = new Date(Date.UTC(y, m, d)).getUTCDay();
  const fixed: Record<string, string> = {
    today: day(y, m, d),
    yesterday: day(y, m, d - 1),
    tomorrow: day(y, m, d + 1),
    now: `${day(y, m, d)}T${time}`,
    weekStart: day(y, m, d - ((weekday + 6) % 7)),
    monthStart: day(y, m, 1),
    monthEnd: day(y, m + 1, 0),
    lastMonthStart: day(y, m - 1, 1),
    lastMonthEnd: day(y, m, 0),
    yearStart: day(y, 0, 1),
    lastYearStart: day(y - 1, 0, 1),
    lastYearEnd: day(y - 1, 11, 31),
    watermark,
  };
  return text.replace(/\$\{([A-Za-z]+)(?::(\d{1,5}))?\}/g, (all, name: string, n?: string) => {
    if (name === 'daysAgo' && n !== undefined) return day(y, m, d - Number(n));
    if (n === undefined && own(fixed, name)) return fixed[name]!;
    throw new AppError('invalid', 'apisource.variable_unknown', { name: all });
  });
}

// ---- requests ------------------------------------------------------------------------------------

/** Headers the settings may not set: the connection's own, and Authorization (the auth settings set it). */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'authorization', 'cookie2', 'upgrade', 'te', 'trailer', 'keep-alive', 'proxy-authorization', 'x-key-id', 'x-timestamp', 'x-signature']);

/** Checks settings beyond their shape: an http(s) URL without credentials, no reserved header, a JSON body for POST paging in the body. */
export function checkRequestSettings(s: ApiRequestSettings): void {
  let url: URL;
  try {
    url = new URL(s.url);
  } catch {
    throw new AppError('invalid', 'apisource.url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('invalid', 'apisource.url_invalid');
  if (url.username || url.password) throw new AppError('invalid', 'apisource.url_credentials');
  for (const h of s.headers) if (RESERVED_HEADERS.has(h.name.toLowerCase())) throw new AppError('invalid', 'apisource.header_reserved', { name: h.name });
  if (s.paging.in === 'body' && s.method !== 'POST') throw new AppError('invalid', 'apisource.paging_body_needs_post');
  if ((s.paging.mode === 'page' || s.paging.mode === 'offset' || s.paging.mode === 'cursor') && !s.paging.param.trim()) throw new AppError('invalid', 'apisource.paging_param_required');
  if (s.paging.in === 'body' || (s.method === 'POST' && s.body.trim())) {
    if (s.paging.in === 'body') {
      const b = s.body.trim() ? tryJson(s.body) : {};
      if (!b || typeof b !== 'object' || Array.isArray(b)) throw new AppError('invalid', 'apisource.body_not_object');
    }
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Where a page is: its number, offset or cursor, or the next URL of a Link header. */
export type PagePosition = { kind: 'first' } | { kind: 'number'; value: number } | { kind: 'cursor'; value: string } | { kind: 'url'; value: string };

/** Secrets of a source as stored (encrypted): the auth secret and the values of secret headers by name. */
export interface ApiSecrets {
  auth: string;
  headers: Record<string, string>;
}

export interface BuiltRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string;
}

/**
 * The request of one page: variables replaced, the paging parameters put in the query or the body,
 * the auth header (Basic, Bearer, or HMAC-SHA256 over method, path and query, timestamp and the
 * body's SHA-256: X-Key-Id, X-Timestamp, X-Signature).
 */
export function buildRequest(s: ApiRequestSettings, secrets: ApiSecrets, position: PagePosition, ctx: { now: Date; timeZone: string; watermark: string }): BuiltRequest {
  const v = (t: string) => replaceVariables(t, ctx.now, ctx.timeZone, ctx.watermark);
  let url: URL;
  if (position.kind === 'url') url = new URL(position.value);
  else {
    url = new URL(v(s.url));
    for (const q of s.query) url.searchParams.append(q.name, v(q.value));
  }
  let body = s.method === 'POST' ? v(s.body) : '';
  const paging: Record<string, string | number> = {};
  const p = s.paging;
  if (p.mode === 'page') {
    paging[p.param] = position.kind === 'number' ? position.value : p.start;
    if (p.sizeParam) paging[p.sizeParam] = p.size;
  } else if (p.mode === 'offset') {
    paging[p.param] = position.kind === 'number' ? position.value : 0;
    if (p.sizeParam) paging[p.sizeParam] = p.size;
  } else if (p.mode === 'cursor' && position.kind === 'cursor') paging[p.param] = position.value;
  if (position.kind !== 'url' && Object.keys(paging).length) {
    if (p.in === 'body') {
      const parsed = body.trim() ? (tryJson(body) as Record<string, unknown> | undefined) : {};
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('invalid', 'apisource.body_not_object');
      body = JSON.stringify({ ...parsed, ...paging });
    } else for (const [k, val] of Object.entries(paging)) url.searchParams.set(k, String(val));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (s.method === 'POST') headers['content-type'] = 'application/json';
  for (const h of s.headers) headers[h.name] = h.secret ? (secrets.headers[h.name] ?? '') : v(h.value);
  const a = s.auth;
  if (a.kind === 'basic') headers.authorization = `Basic ${Buffer.from(`${a.user}:${secrets.auth}`, 'utf8').toString('base64')}`;
  else if (a.kind === 'bearer') headers.authorization = `Bearer ${secrets.auth}`;
  else if (a.kind === 'hmac') {
    const timestamp = String(Math.floor(ctx.now.getTime() / 1000));
    headers['x-key-id'] = a.user;
    headers['x-timestamp'] = timestamp;
    headers['x-signature'] = hmacSignature(secrets.auth, s.method, `${url.pathname}${url.search}`, timestamp, body);
  }
  return { url: url.toString(), method: s.method, headers, body };
}

/** hex HMAC-SHA256(secret, METHOD \n path?query \n timestamp \n hex SHA-256(body)). */
export function hmacSignature(secret: string, method: string, pathAndQuery: string, timestamp: string, body: string): string {
  const digest = createHash('sha256').update(body, 'utf8').digest('hex');
  return createHmac('sha256', secret).update(`${method}\n${pathAndQuery}\n${timestamp}\n${digest}`, 'utf8').digest('hex');
}

/** The rel="next" target of a Link header (RFC 8288), resolved against the page's URL; null when there is none. */
export function nextLink(header: string | string[] | undefined, base: string): string | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!m) continue;
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2]!);
    if (rel && rel[1]!.toLowerCase().split(/\s+/).includes('next')) {
      try {
        return new URL(m[1]!, base).toString();
      } catch {
        return null;
      }
    }
  }
  return null;
}

// ---- columns -------------------------------------------------------------------------------------

const WHOLE = /^[-+]?\d{1,15}$/;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The fields of rows, objects flattened into dotted paths (two levels deep; deeper values and arrays are kept as JSON text). */
export function rowFields(rows: unknown[], depth = 2): string[] {
  const seen = new Set<string>();
  const walk = (o: Record<string, unknown>, prefix: string, level: number) => {
    for (const [k, val] of Object.entries(o)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (val && typeof val === 'object' && !Array.isArray(val) && level < depth) walk(val as Record<string, unknown>, path, level + 1);
      else seen.add(path);
    }
  };
  for (const r of rows) if (r && typeof r === 'object' && !Array.isArray(r)) walk(r as Record<string, unknown>, '', 0);
  return [...seen];
}

/** The type the values of a field suggest: whole, decimal, date, datetime when every non-empty value is one, else text. */
export function inferType(values: unknown[]): ApiColumnType {
  const present = values.filter((v) => v !== null && v !== undefined && v !== '');
  if (present.length === 0) return 'text';
  const all = (test: (v: unknown) => boolean) => present.every(test);
  if (all((v) => (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && WHOLE.test(v.trim())))) return 'whole';
  if (all((v) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && DECIMAL.test(v.trim())))) return 'decimal';
  if (all((v) => typeof v === 'string' && DATE_ONLY.test(v.trim()) && parseDateText(v) !== undefined)) return 'date';
  if (all((v) => typeof v === 'string' && (DATE_TIME.test(v.trim()) || DATE_ONLY.test(v.trim())) && toDateTime(v) !== undefined)) return 'datetime';
  return 'text';
}

/** A store column name from a field path: letters, digits, underscores, at most 63 characters, unique among `taken`. */
export function columnName(path: string, taken: Set<string>): string {
  let base = path.replace(/[^\p{L}\p{N}_]+/gu, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'col';
  if (/^\d/.test(base)) base = `c_${base}`.slice(0, 60);
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}_${i}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The columns the first rows suggest, each typed by its values. */
export function inferColumns(rows: unknown[]): ApiColumn[] {
  const taken = new Set<string>();
  return rowFields(rows).map((path) => ({ path, name: columnName(path, taken), type: inferType(rows.map((r) => fieldOf(r, path))) }));
}

/** The store type of a column type (whole and decimal are numbers, date and datetime dates). */
export function storeType(t: ApiColumnType): ColumnType {
  return t === 'text' ? 'string' : t === 'whole' || t === 'decimal' ? 'number' : 'date';
}

function toDateTime(v: string): NaiveDate | undefined {
  const s = v.trim();
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(s) && s.length > 10) {
    const ms = Date.parse(s);
    return Number.isNaN(ms) ? undefined : new NaiveDate(ms, true);
  }
  const d = parseDateText(s.replace('T', ' '));
  return d ? new NaiveDate(d.ms, true) : undefined;
}

/** A field's value as its column type wants it: ok with the store value (null for empty), or not ok. */
export function convertValue(v: unknown, t: ApiColumnType): { ok: true; value: StoreValue } | { ok: false } {
  if (v === null || v === undefined || v === '') return { ok: true, value: null };
  switch (t) {
    case 'text':
      return { ok: true, value: typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v) };
    case 'whole': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && WHOLE.test(v.trim()) ? Number(v.trim()) : NaN;
      return Number.isSafeInteger(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'decimal': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && DECIMAL.test(v.trim()) ? Number(v.trim()) : NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'date': {
      const d = typeof v === 'string' ? (DATE_TIME.test(v.trim()) ? toDateTime(v) : parseDateText(v)) : undefined;
      return d ? { ok: true, value: new NaiveDate(Math.floor(d.ms / 86_400_000) * 86_400_000, false) } : { ok: false };
    }
    case 'datetime': {
      const d = typeof v === 'string' ? toDateTime(v) : typeof v === 'number' && Number.isFinite(v) ? new NaiveDate(v, true) : undefined;
      return d ? { ok: true, value: d } : { ok: false };
    }
  }
}
