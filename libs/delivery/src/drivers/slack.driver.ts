import { failed, sent, type ChannelDriver, type Delivery, type DeliveryContext, type DeliveryOutcome } from '../types.js';
import { httpOutcome, isOutcome, postRobot, RateWindow, rateLimited, robotTarget } from './robot.js';

/** Slack incoming webhook limits (api.slack.com/messaging/webhooks, block kit). */
export const SLACK_LIMITS = {
  /** messages per webhook per second */
  perSecond: 1,
  /** a section block's text, characters */
  sectionChars: 3000,
  /** a header block's text, characters */
  headerChars: 150,
  /** the message's fallback text, characters */
  textChars: 40_000,
} as const;

const cut = (s: string, n: number) => (s.length <= n ? s : s.slice(0, n - 1) + '…');
/** Slack's mrkdwn escapes (&, <, >). */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Slack incoming webhook (the URL is its secret; Slack signs nothing on it): the text, and for a
 * shared chart blocks — a header with its title, a section with the remark, a section with the link.
 * One message a second; Slack answers `ok`; 429 is a retry after Retry-After, 5xx a retry, any other
 * 4xx (invalid_payload, channel_not_found, channel_is_archived, no_service…) a failure.
 */
export class SlackDriver implements ChannelDriver {
  readonly channel = 'slack';
  private readonly rate: RateWindow;

  constructor(opts: { now?: () => number } = {}) {
    this.rate = new RateWindow(SLACK_LIMITS.perSecond, 1_000, opts.now);
  }

  async send(delivery: Delivery, ctx: DeliveryContext): Promise<DeliveryOutcome> {
    const target = await robotTarget(delivery, ctx);
    if (isOutcome(target)) return target;
    const p = delivery.payload;
    const text = String(p.text ?? '');
    const blocks = [
      ...(p.title ? [{ type: 'header', text: { type: 'plain_text', text: cut(p.title, SLACK_LIMITS.headerChars) } }] : []),
      ...(text ? [{ type: 'section', text: { type: 'mrkdwn', text: cut(esc(text), SLACK_LIMITS.sectionChars) } }] : []),
      ...(p.link ? [{ type: 'section', text: { type: 'mrkdwn', text: `<${p.link.replace(/[|<>]/g, encodeURIComponent)}|${cut(esc(p.linkText || p.link), 200)}>` } }] : []),
    ];
    const body = { text: cut([p.title, text, p.link].filter(Boolean).join('\n'), SLACK_LIMITS.textChars), ...(p.title || p.link ? { blocks } : {}) };
    const wait = this.rate.take(target.url);
    if (wait) return rateLimited(wait);
    const a = await postRobot(target.url, delivery, ctx, JSON.stringify(body));
    if (isOutcome(a)) return a;
    const http = httpOutcome(a);
    if (http) return http.kind === 'failed' ? failed(`${http.reason}: ${a.body.slice(0, 60).replace(/[^\w-]/g, '')}`) : http;
    return sent();
  }
}
