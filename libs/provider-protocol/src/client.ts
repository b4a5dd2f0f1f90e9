/**
 * The typed client of the provider protocol: every request signed, every answer bounded in time and
 * size and parsed with the wire schemas. `fetchImpl` is where the caller's outbound policy goes (the
 * data-source service passes a fetch that checks and pins the target, see @bi/outbound); it defaults
 * to the global fetch.
 */
import { z } from 'zod';
import { authorizationHeader } from './signing.js';
import {
  errorBody,
  indicatorTree,
  indicatorValuesRequest,
  indicatorValuesResponse,
  pageProblem,
  programDetail,
  programList,
  PROTOCOL_BASE_PATH,
  providerInfo,
  rowsPage,
  type Column,
  type IndicatorNode,
  type IndicatorValuesRequest,
  type IndicatorValuesResponse,
  type Program,
  type ProgramDetail,
  type ProviderErrorCode,
  type ProviderInfo,
  type RowsPage,
  type RowsQuery,
} from './wire.js';

/** The subset of fetch the client uses (the global fetch is one). */
export interface FetchResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  body?: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal; redirect: 'manual' },
) => Promise<FetchResponseLike>;

/** Client-side failures, beside the provider's own codes. */
/** target_not_allowed: the fetchImpl refused the target (the outbound policy's TargetNotAllowed). */
export type ClientErrorCode = 'unreachable' | 'timeout' | 'response_too_large' | 'bad_response' | 'too_many_rows' | 'target_not_allowed';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly code: ProviderErrorCode | ClientErrorCode | (string & {}),
    message: string,
    /** the HTTP status of the provider's answer, when there was one */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ProviderClientOptions {
  /** e.g. http://10.0.0.5:8080/bi-provider/v1 (see providerBaseUrl) */
  baseUrl: string;
  user: string;
  password: string;
  fetchImpl?: FetchLike;
  /** per request; default 15 s */
  timeoutMs?: number;
  /** the largest answer read; default 32 MiB */
  maxResponseBytes?: number;
  /** the clock of the signature timestamp (tests) */
  now?: () => number;
}

/** The protocol's base URL of an ERP account: `http://{ip}:{port}/bi-provider/v1` (IPv6 in brackets). */
export function providerBaseUrl(ip: string, port: number | string): string {
  const host = ip.includes(':') && !ip.startsWith('[') ? `[${ip}]` : ip;
  return `http://${host}:${port}${PROTOCOL_BASE_PATH}`;
}

export interface RawRequest {
  method: 'GET' | 'POST';
  /** the path after the base URL, e.g. /programs */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** replaces the signed header (null sends none): the conformance kit's refusal checks */
  authorization?: string | null;
  /** the signature's timestamp (default now) */
  ts?: number;
}
export interface RawAnswer {
  status: number;
  body: unknown;
}

export class ProviderClient {
  private readonly base: URL;
  private readonly fetchImpl: FetchLike;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly opts: ProviderClientOptions) {
    this.base = new URL(opts.baseUrl.replace(/\/+$/, ''));
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') throw new ProviderError('invalid_request', 'the base URL must be http or https');
    this.fetchImpl = opts.fetchImpl ?? ((url, init) => fetch(url, init));
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.maxBytes = opts.maxResponseBytes ?? 32 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
  }

  info(): Promise<ProviderInfo> {
    return this.call({ method: 'GET', path: '/info' }, providerInfo);
  }

  async programs(): Promise<Program[]> {
    return (await this.call({ method: 'GET', path: '/programs' }, programList)).programs;
  }

  program(typeKey: string): Promise<ProgramDetail> {
    return this.call({ method: 'GET', path: `/programs/${encodeURIComponent(typeKey)}` }, programDetail);
  }

  /** One page of a program's rows; the cells are checked against the column types. */
  async rows(typeKey: string, query: RowsQuery = {}): Promise<RowsPage> {
    const page = await this.call({ method: 'GET', path: `/programs/${encodeURIComponent(typeKey)}/rows`, query: { ...query } }, rowsPage);
    const problem = pageProblem(page);
    if (problem) throw new ProviderError('bad_response', `the provider answered a page that breaks the protocol: ${problem}`);
    return page;
  }

  /**
   * Every page of a query, following nextCursor to the end. Throws too_many_rows past `maxRows`
   * (default 1 000 000) and bad_response when the columns change between pages.
   */
  async *allRows(typeKey: string, query: Omit<RowsQuery, 'cursor'> = {}, opts: { maxRows?: number } = {}): AsyncGenerator<RowsPage> {
    const maxRows = opts.maxRows ?? 1_000_000;
    let cursor: string | undefined;
    let seen = 0;
    let columns: Column[] | undefined;
    const cursors = new Set<string>();
    for (;;) {
      const page = await this.rows(typeKey, { ...query, ...(cursor ? { cursor } : {}) });
      if (columns && JSON.stringify(columns) !== JSON.stringify(page.columns)) throw new ProviderError('bad_response', 'the columns changed between pages');
      columns = page.columns;
      seen += page.rows.length;
      if (seen > maxRows) throw new ProviderError('too_many_rows', `more than ${maxRows} rows`);
      yield page;
      if (page.nextCursor === null) return;
      if (cursors.has(page.nextCursor)) throw new ProviderError('bad_response', 'the provider answered a cursor it had answered before (paging would not end)');
      cursors.add(page.nextCursor);
      cursor = page.nextCursor;
    }
  }

  /** The children of `parent`, or the top-level nodes. */
  async indicatorTree(parent?: string): Promise<IndicatorNode[]> {
    return (await this.call({ method: 'GET', path: '/indicators/tree', query: { parent } }, indicatorTree)).nodes;
  }

  indicatorValues(req: IndicatorValuesRequest): Promise<IndicatorValuesResponse> {
    const body = indicatorValuesRequest.parse(req);
    return this.call({ method: 'POST', path: '/indicators/values', body }, indicatorValuesResponse);
  }

  /** One signed request; answers the parsed body on 2xx and throws ProviderError otherwise. */
  async call<T>(req: RawRequest, schema: z.ZodType<T>): Promise<T> {
    const answer = await this.raw(req);
    if (answer.status < 200 || answer.status >= 300) {
      const err = errorBody.safeParse(answer.body);
      if (err.success) throw new ProviderError(err.data.error.code, err.data.error.message, answer.status);
      throw new ProviderError('bad_response', `the provider answered HTTP ${answer.status} without an error body`, answer.status);
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderError('bad_response', `the provider's answer breaks the protocol at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`, answer.status);
    }
    return parsed.data;
  }

  /** One signed request, the answer's status and JSON body (null when the body is not JSON). */
  async raw(req: RawRequest): Promise<RawAnswer> {
    const url = new URL(this.base.pathname + req.path, this.base);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const requestTarget = url.pathname + url.search;
    const body = req.body === undefined ? '' : JSON.stringify(req.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const auth =
      req.authorization !== undefined
        ? req.authorization
        : authorizationHeader({ user: this.opts.user, password: this.opts.password, method: req.method, requestTarget, body, ts: req.ts ?? this.now() });
    if (auth !== null) headers.authorization = auth;
    const signal = AbortSignal.timeout(this.timeoutMs);
    let res: FetchResponseLike;
    let text: string;
    try {
      res = await this.fetchImpl(url.toString(), { method: req.method, headers, ...(req.body !== undefined ? { body } : {}), signal, redirect: 'manual' });
      text = await this.readBounded(res);
    } catch (e) {
      if (e instanceof ProviderError) throw e;
      if ((e as Error | undefined)?.name === 'TargetNotAllowed') throw new ProviderError('target_not_allowed', 'target not allowed');
      if (signal.aborted) throw new ProviderError('timeout', `the provider did not answer within ${this.timeoutMs} ms`);
      throw new ProviderError('unreachable', 'the provider is not reachable');
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, body: json };
  }

  private async readBounded(res: FetchResponseLike): Promise<string> {
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > this.maxBytes) throw new ProviderError('response_too_large', `the answer is larger than ${this.maxBytes} bytes`);
    if (!res.body) {
      const text = await res.text();
      if (Buffer.byteLength(text) > this.maxBytes) throw new ProviderError('response_too_large', `the answer is larger than ${this.maxBytes} bytes`);
      return text;
    }
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > this.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new ProviderError('response_too_large', `the answer is larger than ${this.maxBytes} bytes`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

