import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@bi/config';
import { wechartBodySchema, ROBOT_BOUNDS } from '@bi/chart-model';
import { AppError, type Logger } from '@bi/core';
import { translate, type Language } from '@bi/i18n';
import type { chartQueryV1, warningV1 } from '@bi/proto';
import { renderChartPng, type ChartRunAnswer, type RenderTheme } from '@bi/render';
import { CONFIG, deadlines } from '@bi/service-kit';
import { tabAccess } from '../dashboard/tab-access.js';
import { CHART_QUERY_CLIENT, WARNING_CLIENT, rpc } from '../grpc-clients.js';
import { CurrentUser, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { parseInput } from '../http/validation.js';
import { BFF_LOGGER } from '../warning/warn-stream.js';
import { ChartAccess, computeChart } from './chart.controller.js';

type Req = { headers: Record<string, string | string[] | undefined> };

/** What a chart's picture is drawn from: chart-query's answer (its option in the sender's language, under the sender's filters and row rules). */
export interface ChartAnswerForPicture {
  option: Record<string, unknown>;
  chart: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/**
 * The picture of a chart shared to chat (PNG, twice the box's CSS size), drawn on the server by
 * @bi/render from the run answer (the option chart-query built in the sender's language, under the
 * sender's filters and row rules) in the sender's current app theme; undefined when the answer has no chart to draw
 * (the message then carries the remark, the title and the link).
 */
export async function chartPicture(answer: ChartAnswerForPicture, size: { width: number; height: number }, language: Language, theme: RenderTheme = 'light'): Promise<Buffer | undefined> {
  if (!answer?.option || !answer.chart) return undefined;
  return renderChartPng({ answer: answer as unknown as ChartRunAnswer, width: size.width, height: size.height, pixelRatio: 2, locale: language, theme });
}

const header = (req: Req, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The web's address as the sender reached it (the link back in a shared chart): the Origin header the
 * browser sends with the POST, else the forwarded or direct Host; only an http(s) origin is used.
 */
export function requestOrigin(req: Req): string {
  const candidates = [header(req, 'origin'), `${header(req, 'x-forwarded-proto') ?? 'http'}://${header(req, 'x-forwarded-host') ?? header(req, 'host') ?? ''}`];
  for (const c of candidates) {
    try {
      const u = new URL(c ?? '');
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.host) return u.origin;
    } catch {
      // next
    }
  }
  return '';
}

/** The outcome of a send to a robot as the sender reads it: sent, or a polite refusal in their language. */
function refusal(status: string): AppError | undefined {
  if (status === 'sent') return undefined;
  if (status === 'not_allowed') return new AppError('invalid', 'robot.send_not_allowed');
  if (status === 'retry') return new AppError('unavailable', 'robot.send_later');
  return new AppError('invalid', 'robot.send_failed');
}

/**
 * Share a chart to chat (spec 01 §7 "Dashboard": POST /api/dashboard/wechart/{tab}/{chartId}, success
 * message '分享成功！'; docs/api/robots.md). The chart is run as the sender — the tab and the chart's
 * source checked by @bi/access (canUseTab, canReadSource through ChartAccess), the sender's current
 * filters and row rules applied — and its picture, the remark and a link back are sent to the robot
 * chosen, through its vendor's driver in the warning service.
 */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class WechartController {
  private readonly deadlineMs: number;

  constructor(
    private readonly access: ChartAccess,
    @Inject(CHART_QUERY_CLIENT) private readonly charts: chartQueryV1.ChartQueryServiceClient,
    @Inject(WARNING_CLIENT) private readonly warning: warningV1.WarningServiceClient,
    @Inject(CONFIG) config: AppConfig,
    @Inject(BFF_LOGGER) private readonly logger: Logger,
  ) {
    this.deadlineMs = deadlines(config).chart;
  }

  @Post('wechart/:tab/:chartId')
  @ApiOperation({ summary: "Share a chart to chat {robotId, remark (≤ 500), innerFilters, globalFilters, width?, height?, theme?}: '分享成功！' (the sender's language)" })
  @ApiBody({ schema: { type: 'object', required: ['robotId'], properties: { robotId: { type: 'string' }, remark: { type: 'string', maxLength: ROBOT_BOUNDS.remark }, innerFilters: { type: 'array' }, globalFilters: { type: 'array' }, theme: { type: 'string', enum: ['light', 'dark'] } } } })
  async share(@Param('tab') tab: string, @Param('chartId') chartId: string, @Body() body: unknown, @CurrentUser() user: AuthUser, @Req() req: Req) {
    const t = tabAccess(user, tab, 'read');
    const b = parseInput(wechartBodySchema, body);
    const language = requestLanguage(req);
    const { robots } = await rpc(this.warning.listRobots({}));
    if (!robots.length) throw new AppError('invalid', 'robot.none_configured');
    if (!robots.some((r) => r.id === b.robotId)) throw new AppError('not_found', 'robot.not_found');
    // the sender must be able to read the chart and its source (403 / 404 otherwise)
    const { record } = await this.access.chartWithSource(user, t, chartId);
    const envelope = await computeChart(this.access, this.charts, this.deadlineMs, {
      user,
      tab: t,
      chartId: record.chartId,
      run: { innerFilters: b.innerFilters, globalFilters: b.globalFilters },
      language,
      globalFilters: true,
      alone: true,
    });
    const answer = (JSON.parse(envelope.toString('utf8')) as { data: ChartAnswerForPicture }).data;
    const chartTitle = String((answer.chart?.title as string | undefined) ?? (JSON.parse(record.chartJson) as { title?: string }).title ?? '').trim();
    // a chart that cannot be drawn is still shared: its title, the remark and the link (the text says the picture is missing)
    const picture = await chartPicture(answer, { width: b.width ?? 800, height: b.height ?? 480 }, language, b.theme).catch((e: unknown) => {
      this.logger.warn('wechart: the chart could not be drawn', { chartId: record.chartId, error: e instanceof Error ? e.message : String(e) });
      return undefined;
    });
    const origin = requestOrigin(req);
    const link = origin ? `${origin}/${t}/${encodeURIComponent(record.projectId)}/${encodeURIComponent(record.dashboardId)}` : '';
    const lines = [translate('robot.share_by', language, { user: user.userName }), ...(b.remark ? [b.remark] : []), ...(picture ? [] : [translate('robot.no_picture', language)])];
    const reply = await rpc(
      this.warning.sendToRobot({
        robotId: b.robotId,
        title: chartTitle || translate('robot.share_link', language),
        text: lines.join('\n'),
        link,
        linkText: translate('robot.share_link', language),
        imagePng: picture ?? Buffer.alloc(0),
        eventId: randomUUID(),
      }),
      this.deadlineMs,
    );
    const refused = refusal(reply.status);
    if (refused) throw refused;
    return translate('robot.shared', language);
  }
}
