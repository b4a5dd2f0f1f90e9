import { createHmac } from 'node:crypto';
import { failed, sent, type ChannelDriver, type Delivery, type DeliveryContext, type DeliveryOutcome } from '../types.js';
import { cutBytes, isOutcome, isRich, markdownOf, postRobotMessage, RateWindow, rateLimited, robotTarget, type VendorAnswer } from './robot.js';

/** DingTalk custom robot limits (open.dingtalk.com, 自定义机器人). */
export const DINGTALK_LIMITS = {
  /** messages per robot per minute (over it the robot is throttled for 10 minutes) */
  perMinute: 20,
  /** a message's text, UTF-8 bytes */
  textBytes: 20_000,
} as const;

/** errcodes of a sender going too fast (130101: more than 20 a minute; 410100: throttled). */
const DINGTALK_ANSWER: VendorAnswer = { label: 'dingtalk errcode', code: (j) => j?.errcode, rateLimited: new Set([130101, 410100]) };

/**
 * DingTalk's signature (加签): `sign = base64(HmacSHA256(key = secret, message = timestamp + "\n" +
 * secret))`, timestamp in milliseconds; both go on the webhook URL as `&timestamp=..&sign=..` (the sign
 * URL-encoded).
 */
export function dingTalkSign(secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
}

/** The robot's URL with its signature, when it has a secret. */
export function dingTalkSignedUrl(url: string, secret: string, timestamp: number): string {
  if (!secret) return url;
  const u = new URL(url);
  u.searchParams.set('timestamp', String(timestamp));
  u.searchParams.set('sign', dingTalkSign(secret, timestamp));
  return u.toString();
}

/**
 * A DingTalk (钉钉) custom robot: an alert's text as {msgtype: text}; a shared chart as {msgtype:
 * markdown} with its title, the remark and the link (DingTalk's markdown shows pictures only from a
 * public URL, so none is sent). Signed (timestamp + HmacSHA256) when the robot has a secret. Keeps 20
 * messages a minute itself; errcode 0 is sent, 130101/410100 a retry after a minute, any other errcode a
 * failure (310000: signature, keyword or IP refused).
 */
export class DingTalkDriver implements ChannelDriver {
  readonly channel = 'dingtalk';
  private readonly rate: RateWindow;
  private readonly now: () => number;

  constructor(opts: { now?: () => number } = {}) {
    this.now = opts.now ?? Date.now;
    this.rate = new RateWindow(DINGTALK_LIMITS.perMinute, 60_000, this.now);
  }

  async send(delivery: Delivery, ctx: DeliveryContext): Promise<DeliveryOutcome> {
    const target = await robotTarget(delivery, ctx);
    if (isOutcome(target)) return target;
    const p = delivery.payload;
    const message = isRich(p)
      ? { msgtype: 'markdown', markdown: { title: cutBytes(p.title || String(p.text ?? '').slice(0, 64), 200), text: markdownOf(p, DINGTALK_LIMITS.textBytes) } }
      : { msgtype: 'text', text: { content: cutBytes(String(p.text ?? ''), DINGTALK_LIMITS.textBytes) } };
    const wait = this.rate.take(target.url);
    if (wait) return rateLimited(wait);
    let url: string;
    try {
      url = dingTalkSignedUrl(target.url, target.secret, Date.now());
    } catch {
      return failed('invalid robot URL');
    }
    return (await postRobotMessage(url, delivery, ctx, JSON.stringify(message), DINGTALK_ANSWER)) ?? sent();
  }
}
