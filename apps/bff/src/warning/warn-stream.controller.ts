import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { WarnStreamHub, type WarnStreamEvent } from './warn-stream.js';

/** A stream lasts at most this long; the page opens the next one (bounded connections behind proxies). */
export const STREAM_MAX_SECONDS = 600;
const DEFAULT_SECONDS = 300;
const HEARTBEAT_MS = 25_000;

const streamQuery = z.object({ timeout: z.coerce.number().int().min(0).max(STREAM_MAX_SECONDS).default(DEFAULT_SECONDS) });

type StreamRequest = { on(event: 'close', fn: () => void): unknown };
type StreamResponse = {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
  flushHeaders(): void;
  write(chunk: string): boolean;
  end(): void;
  writableEnded: boolean;
};

/**
 * `GET /api/warnmessage/stream`: server-sent events for the header bell (docs/api/warning.md "Stream").
 * Authenticated as every call (the authorization header): the web reads it with fetch, not
 * EventSource, so the token never travels in a URL. Sends `ready` at once, `message` for each warning
 * message written for the caller, a comment every 25 s, and ends after `timeout` seconds (0–600,
 * default 300; the page reconnects).
 */
@ApiTags('warnmessage')
@ApiBearerAuth()
@Controller('warnmessage')
export class WarnStreamController {
  constructor(private readonly hub: WarnStreamHub) {}

  @Get('stream')
  @ApiProduces('text/event-stream')
  @ApiOperation({ summary: "Server-sent events of the caller's new warning messages (ready, message {warnMessageId, dashboardId, chartId, warnName, createDate}); ends after timeout seconds" })
  stream(@Query() query: unknown, @CurrentUser() user: AuthUser, @Req() req: StreamRequest, @Res() res: StreamResponse): void {
    const { timeout } = parseInput(streamQuery, query);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    let stop = () => undefined as void;
    const end = () => {
      stop();
      if (!res.writableEnded) res.end();
    };
    const remove = this.hub.listen(user.userId, (e: WarnStreamEvent) => send('message', e), end);
    const heartbeat = setInterval(() => !res.writableEnded && res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const limit = setTimeout(end, timeout * 1000);
    stop = () => {
      clearInterval(heartbeat);
      clearTimeout(limit);
      remove();
    };
    req.on('close', end);
    res.write(`retry: 5000\n\n`);
    send('ready', { timeout });
    if (timeout === 0) end();
  }
}
