/**
 * The reference provider's HTTP server: the protocol's calls under /bi-provider/v1, every request
 * verified (verifyRequest) before anything else, every input parsed with the wire schemas, every failure
 * answered as {error: {code, message}} with the code's status.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SqlDatabase } from '@bi/persistence';
import {
  daysBetween,
  ERROR_STATUS,
  indicatorValuesRequest,
  LIMITS,
  PROTOCOL_BASE_PATH,
  PROTOCOL_VERSION,
  rowsQuery,
  sameSecret,
  treeQuery,
  verifyRequest,
  type Cell,
  type ProviderErrorCode,
  type ProviderInfo,
  type RowsPage,
} from '@bi/provider-protocol';
import { indicatorValues, treeChildren } from './indicators.js';
import { columnsOf, pageSql, programDetailOf, PROGRAMS } from './programs.js';

const MAX_BODY_BYTES = 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ProviderServerOptions {
  db: SqlDatabase;
  user: string;
  password: string;
  /** how long a cursor stays valid (default 1 hour) */
  cursorTtlMs?: number;
  /** the largest page (default LIMITS.maxPageRows) */
  maxPageRows?: number;
  name?: string;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', date: new Date().toUTCString() });
  res.end(text);
}

export function sendError(res: ServerResponse, code: ProviderErrorCode, message: string): void {
  send(res, ERROR_STATUS[code], { error: { code, message } });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError('invalid_request', `the body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function firstIssue(e: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const i = e.issues[0];
  return i ? `${i.path.map(String).join('.') || 'request'}: ${i.message}` : 'invalid request';
}

interface CursorState {
  a: number;
  q: string;
  t: number;
}

export function createProviderServer(opts: ProviderServerOptions): Server {
  const cursorTtl = opts.cursorTtlMs ?? 3_600_000;
  const maxPage = Math.min(opts.maxPageRows ?? LIMITS.maxPageRows, LIMITS.maxPageRows);
  const info: ProviderInfo = {
    name: opts.name ?? '参考 ERP 报表服务（BI reference provider）',
    protocol: PROTOCOL_VERSION,
    version: '1.0.0',
    capabilities: { reports: true, indicators: true },
    maxPageRows: maxPage,
  };
  const passwordOf = (user: string) => (sameSecret(user, opts.user) ? opts.password : undefined);

  async function rows(typeKey: string, params: URLSearchParams): Promise<RowsPage> {
    const program = PROGRAMS.find((p) => p.typeKey === typeKey);
    if (!program) throw new HttpError('not_found', 'no such program');
    const parsed = rowsQuery.safeParse(Object.fromEntries(params));
    if (!parsed.success) {
      const dateProblem = parsed.error.issues.some((i) => i.path[0] === 'from' || i.path[0] === 'to');
      throw new HttpError(dateProblem ? 'invalid_range' : 'invalid_request', firstIssue(parsed.error));
    }
    const q = parsed.data;
    const project = q.project === undefined ? program.projects[0]! : program.projects.find((p) => p.id === q.project);
    if (!project) throw new HttpError('not_found', 'no such condition project');
    const dateField = q.dateField === undefined ? undefined : program.dateFields.find((f) => f.name === q.dateField);
    if (q.dateField !== undefined && !dateField) throw new HttpError('not_found', 'no such date field');
    if (dateField && (q.from === undefined || q.to === undefined)) throw new HttpError('invalid_range', 'a date field needs from and to');
    if (!dateField && (q.from !== undefined || q.to !== undefined)) throw new HttpError('invalid_request', 'from and to need a date field');
    if (q.from !== undefined && q.to !== undefined) {
      if (q.from > q.to) throw new HttpError('invalid_range', 'from is after to');
      if (daysBetween(q.from, q.to) + 1 > LIMITS.maxRangeDays) throw new HttpError('invalid_range', `a range spans at most ${LIMITS.maxRangeDays} days`);
    }
    const limit = Math.min(q.limit ?? LIMITS.defaultPageRows, maxPage);
    const queryKey = createHash('sha256')
      .update(JSON.stringify([typeKey, project.id, dateField?.name ?? null, q.from ?? null, q.to ?? null]))
      .digest('base64url')
      .slice(0, 16);
    let after = 0;
    if (q.cursor !== undefined) {
      let state: CursorState;
      try {
        state = JSON.parse(Buffer.from(q.cursor, 'base64url').toString('utf8')) as CursorState;
      } catch {
        throw new HttpError('invalid_cursor', 'the cursor was not issued by this provider');
      }
      if (typeof state?.a !== 'number' || !Number.isSafeInteger(state.a) || state.q !== queryKey || typeof state.t !== 'number')
        throw new HttpError('invalid_cursor', 'the cursor was not issued for this query');
      if (Date.now() - state.t > cursorTtl) throw new HttpError('cursor_expired', 'the cursor expired; start again without one');
      after = state.a;
    }
    const sqlParams: unknown[] = [after, limit + 1];
    if (dateField) sqlParams.push(q.from, q.to);
    const result = await opts.db.query<Record<string, unknown>>(pageSql(program, project, dateField), sqlParams);
    const more = result.rows.length > limit;
    const pageRows = more ? result.rows.slice(0, limit) : result.rows;
    const lastId = pageRows.length ? Number(pageRows[pageRows.length - 1]!.id) : after;
    const nextCursor = more ? Buffer.from(JSON.stringify({ a: lastId, q: queryKey, t: Date.now() } satisfies CursorState)).toString('base64url') : null;
    return {
      columns: columnsOf(program),
      rows: pageRows.map((r) => program.columns.map((_, i) => (r[`c${i}`] ?? null) as Cell)),
      nextCursor,
    };
  }

  async function route(method: string, path: string, params: URLSearchParams, body: Buffer): Promise<unknown> {
    let seg: string[];
    try {
      seg = path.split('/').slice(1).map((s) => decodeURIComponent(s));
    } catch {
      throw new HttpError('invalid_request', 'the path is not valid percent-encoding');
    }
    if (method === 'GET' && path === '/info') return info;
    if (method === 'GET' && path === '/programs') return { programs: PROGRAMS.map((p) => ({ typeKey: p.typeKey, displayName: p.displayName })) };
    if (method === 'GET' && seg.length === 2 && seg[0] === 'programs') {
      const p = PROGRAMS.find((x) => x.typeKey === seg[1]);
      if (!p) throw new HttpError('not_found', 'no such program');
      return programDetailOf(p);
    }
    if (method === 'GET' && seg.length === 3 && seg[0] === 'programs' && seg[2] === 'rows') return rows(seg[1]!, params);
    if (method === 'GET' && path === '/indicators/tree') {
      const q = treeQuery.safeParse(Object.fromEntries(params));
      if (!q.success) throw new HttpError('invalid_request', firstIssue(q.error));
      const nodes = treeChildren(q.data.parent);
      if (!nodes) throw new HttpError('not_found', 'no such indicator group');
      return { nodes };
    }
    if (method === 'POST' && path === '/indicators/values') {
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new HttpError('invalid_request', 'the body is not JSON');
      }
      const parsed = indicatorValuesRequest.safeParse(json);
      if (!parsed.success) {
        const dateProblem = parsed.error.issues.some((i) => ['date', 'from', 'to'].includes(String(i.path[0])) || /date|from/.test(i.message));
        throw new HttpError(dateProblem ? 'invalid_range' : 'invalid_request', firstIssue(parsed.error));
      }
      const r = parsed.data;
      if (r.from !== undefined && r.to !== undefined) {
        if (r.from > r.to) throw new HttpError('invalid_range', 'from is after to');
        if (daysBetween(r.from, r.to) + 1 > LIMITS.maxRangeDays) throw new HttpError('invalid_range', `a range spans at most ${LIMITS.maxRangeDays} days`);
      }
      return { series: await indicatorValues(opts.db, r) };
    }
    throw new HttpError('not_found', 'no such call');
  }

  return createServer((req, res) => {
    void (async () => {
      try {
        const target = req.url ?? '/';
        const url = new URL(target, 'http://provider.invalid');
        const body = await readBody(req);
        const auth = verifyRequest({ method: req.method ?? 'GET', requestTarget: target, authorization: req.headers.authorization, body, passwordOf });
        if (!auth.ok) return sendError(res, auth.code, auth.message);
        if (!url.pathname.startsWith(`${PROTOCOL_BASE_PATH}/`)) return sendError(res, 'not_found', 'no such call');
        const answer = await route(req.method ?? 'GET', url.pathname.slice(PROTOCOL_BASE_PATH.length), url.searchParams, body);
        send(res, 200, answer);
      } catch (e) {
        if (e instanceof HttpError) return sendError(res, e.code, e.message);
        sendError(res, 'internal', 'the provider failed to answer');
      }
    })();
  });
}

export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const h = addr.address.includes(':') ? `[${addr.address}]` : addr.address;
  return `http://${h}:${addr.port}${PROTOCOL_BASE_PATH}`;
}
