import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AppError } from '@bi/core';
import { isUuid } from '@bi/service-kit';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { WarnStreamHub, type WarnStreamEvent } from '../warning/warn-stream.js';
import { LiveHub, MAX_DASHBOARDS_PER_STREAM } from './live-hub.js';

/** A stream lasts at most this long; the page opens the next one (bounded connections behind proxies). */
export const STREAM_MAX_SECONDS = 600;
const DEFAULT_SECONDS = 300;
/** A comment line this often keeps proxies from closing a quiet stream and finds dead connections. */
export const LIVE_HEARTBEAT_MS = 25_000;

export const liveQuery = z.object({
  timeout: z.coerce.number().int().min(0).max(STREAM_MAX_SECONDS).default(DEFAULT_SECONDS),
  // comma-separated dashboard ids (the dashboards the browser's tabs show)
  dashboards: z.string().max(40 * MAX_DASHBOARDS_PER_STREAM).optional(),
});

export type StreamRequest = { on(event: 'close', fn: () => void): unknown };
export type StreamResponse = {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
  flushHeaders(): void;
  write(chunk: string): boolean;
  end(): void;
  writableEnded: boolean;
};

/** The dashboard ids of the query: unique, lower-case uuids, at most MAX_DASHBOARDS_PER_STREAM. */
export function dashboardIdsOf(value: string | undefined): Set<string> {
  const ids = new Set<string>();
  for (const part of (value ?? '').split(',')) {
    const id = part.trim().toLowerCase();
    if (!id) continue;
    if (!isUuid(id)) throw new AppError('invalid', 'request.invalid', { detail: 'dashboards: expected dashboard ids' });
    ids.add(id);
  }
  if (ids.size > MAX_DASHBOARDS_PER_STREAM) throw new AppError('invalid', 'live.too_many_dashboards', { max: MAX_DASHBOARDS_PER_STREAM });
  return ids;
}

/**
 * Serves one live stream: refused (429/503, the envelope in the caller's language) before anything is
 * written; else `ready` {timeout, dashboards?}, then `message`, `charts-changed` and `dashboard-saved`
 * events, a comment every LIVE_HEARTBEAT_MS, the end after `timeout` seconds or when the client leaves.
 */
export function serveLiveStream(
  live: LiveHub,
  warnings: WarnStreamHub,
  query: { timeout: number; dashboards?: string | undefined },
  user: AuthUser,
  req: StreamRequest,
  res: StreamResponse,
): void {
  const { timeout } = query;
  const ids = dashboardIdsOf(query.dashboards);
  const send = (event: string, data: unknown) => {
    if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let stop = () => undefined as void;
  const end = () => {
    stop();
    if (!res.writableEnded) res.end();
  };
  const leave = live.open({ user, dashboards: ids, send });
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const unlisten = warnings.listen(user.userId, (e: WarnStreamEvent) => send('message', e));
  const heartbeat = setInterval(() => !res.writableEnded && res.write(': keep-alive\n\n'), LIVE_HEARTBEAT_MS);
  const limit = setTimeout(end, timeout * 1000);
  stop = () => {
    clearInterval(heartbeat);
    clearTimeout(limit);
    unlisten();
    leave();
  };
  req.on('close', end);
  res.write(`retry: 5000\n\n`);
  send('ready', ids.size > 0 ? { timeout, dashboards: [...ids] } : { timeout });
  if (timeout === 0) end();
}

/**
 * `GET /api/live`: the browser's one live stream (docs/api/live.md), server-sent events read with
 * fetch (the authorization header, never a token in the URL). Carries the caller's new warning
 * messages (`message`, as /api/warnmessage/stream) and, for the dashboards named in `dashboards`,
 * `charts-changed` {dashboardId, chartIds, at} and `dashboard-saved` {dashboardId, what, savedBy,
 * savedByName, at}. `ready` at once, a comment every 25 s, ends after `timeout` seconds. Refused with
 * 429 live.too_many_for_user / 503 live.server_full beyond BI_LIVE_STREAMS_PER_USER / _PER_BFF.
 */
@ApiTags('live')
@ApiBearerAuth()
@Controller('live')
export class LiveController {
  constructor(
    private readonly live: LiveHub,
    private readonly warnings: WarnStreamHub,
  ) {}

  @Get()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      "Server-sent events of the caller's live page: ready, message (new warning messages), charts-changed {dashboardId, chartIds, at} and dashboard-saved {dashboardId, what, savedBy, savedByName, at} for the dashboards named in ?dashboards=id,id; ends after timeout seconds",
  })
  stream(@Query() query: unknown, @CurrentUser() user: AuthUser, @Req() req: StreamRequest, @Res() res: StreamResponse): void {
    serveLiveStream(this.live, this.warnings, parseInput(liveQuery, query), user, req, res);
  }
}
