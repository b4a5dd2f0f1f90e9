import { createHmac } from 'node:crypto';
import { sent, type ChannelDriver, type Delivery, type DeliveryContext, type DeliveryOutcome } from '../types.js';
import { cutBytes, isOutcome, isRich, postRobotMessage, RateWindow, rateLimited, robotTarget, type VendorAnswer } from './robot.js';

/** Feishu/Lark custom bot limits (open.feishu.cn, 自定义机器人使用指南). */
export const FEISHU_LIMITS = {
  /** messages per bot per minute (and 5 a second) */
  perMinute: 100,
  perSecond: 5,
  /** a request body, bytes */
  bodyBytes: 20 * 1024,
} as const;

/** codes of a sender going too fast (9499: too many requests; 11232: frequency limited). */
const FEISHU_ANSWER: VendorAnswer = { label: 'feishu code', code: (j) => j?.code ?? j?.StatusCode, rateLimited: new Set([9499, 11232]) };

/**
 * Feishu/Lark's signature (签名校验): `sign = base64(HmacSHA256(key = timestamp + "\n" + secret,
 * message = ""))`, timestamp in seconds — DingTalk's key and message swapped; both go in the body.
 */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

/**
 * A Feishu/Lark custom bot: an alert's text as {msg_type: text}; a shared chart as {msg_type: post}
 * with its title, the remark and the link (a picture needs an image_key uploaded with an app's
 * credentials, which a webhook bot has none of). Signed in the body when the bot has a secret. Keeps 5
 * messages a second and 100 a minute; code 0 is sent, 9499/11232 a retry, any other code a failure
 * (19021: signature refused; 19024: keyword missing).
 */
export class FeishuDriver implements ChannelDriver {
  readonly channel = 'feishu';
  private readonly perMinute: RateWindow;
  private readonly perSecond: RateWindow;

  constructor(opts: { now?: () => number } = {}) {
    this.perMinute = new RateWindow(FEISHU_LIMITS.perMinute, 60_000, opts.now);
    this.perSecond = new RateWindow(FEISHU_LIMITS.perSecond, 1_000, opts.now);
  }

  async send(delivery: Delivery, ctx: DeliveryContext): Promise<DeliveryOutcome> {
    const target = await robotTarget(delivery, ctx);
    if (isOutcome(target)) return target;
    const p = delivery.payload;
    const budget = FEISHU_LIMITS.bodyBytes - 1024 - Buffer.byteLength(p.link ?? '') - Buffer.byteLength(p.title ?? '');
    const text = cutBytes(String(p.text ?? ''), Math.max(256, budget));
    const content = isRich(p)
      ? {
          msg_type: 'post',
          content: {
            post: {
              zh_cn: {
                title: cutBytes(p.title ?? '', 300),
                content: [...(text ? [[{ tag: 'text', text }]] : []), ...(p.link ? [[{ tag: 'a', text: p.linkText || p.link, href: p.link }]] : [])],
              },
            },
          },
        }
      : { msg_type: 'text', content: { text } };
    const wait = this.perSecond.take(target.url) || this.perMinute.take(target.url);
    if (wait) return rateLimited(wait);
    const ts = Math.floor(Date.now() / 1000);
    const body = target.secret ? { timestamp: String(ts), sign: feishuSign(target.secret, ts), ...content } : content;
    return (await postRobotMessage(target.url, delivery, ctx, JSON.stringify(body), FEISHU_ANSWER)) ?? sent();
  }
}
