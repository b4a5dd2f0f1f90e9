import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { parseInput } from '../http/validation.js';
import { LiveHub } from '../live/live-hub.js';
import { liveQuery, serveLiveStream, type StreamRequest, type StreamResponse } from '../live/live.controller.js';
import { WarnStreamHub } from './warn-stream.js';

export { STREAM_MAX_SECONDS } from '../live/live.controller.js';

/**
 * `GET /api/warnmessage/stream`: server-sent events for the header bell (docs/api/warning.md "Stream"),
 * the same stream as GET /api/live (docs/api/live.md; the web's tabs share this one): `ready` at once,
 * `message` for each warning message written for the caller and, for the dashboards named in
 * `dashboards`, the live dashboard events; a comment every 25 s, the end after `timeout` seconds (0–600,
 * default 300; the page reconnects). Authenticated as every call (the authorization header): the web
 * reads it with fetch, not EventSource, so the token never travels in a URL.
 */
@ApiTags('warnmessage')
@ApiBearerAuth()
@Controller('warnmessage')
export class WarnStreamController {
  constructor(
    private readonly hub: WarnStreamHub,
    private readonly live: LiveHub,
  ) {}

  @Get('stream')
  @ApiProduces('text/event-stream')
  @ApiOperation({ summary: "Server-sent events of the caller's new warning messages (ready, message {warnMessageId, dashboardId, chartId, warnName, createDate}) and, with ?dashboards=id,id, the live dashboard events (as GET /api/live); ends after timeout seconds" })
  stream(@Query() query: unknown, @CurrentUser() user: AuthUser, @Req() req: StreamRequest, @Res() res: StreamResponse): void {
    serveLiveStream(this.live, this.hub, parseInput(liveQuery, query), user, req, res);
  }
}
