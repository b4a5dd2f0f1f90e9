import { createHash } from 'node:crypto';
import { sent, type ChannelDriver, type Delivery, type DeliveryContext, type DeliveryOutcome } from '../types.js';
import { cutBytes, isOutcome, isRich, markdownOf, postRobotMessage, RateWindow, rateLimited, robotTarget, type VendorAnswer } from './robot.js';

/** WeCom group robot limits (developer.work.weixin.qq.com/document/path/91770). */
export const WECOM_LIMITS = {
  /** messages per robot per minute */
  perMinute: 20,
  /** markdown content, UTF-8 bytes */
  markdownBytes: 4096,
  /** text content, UTF-8 bytes */
  textBytes: 2048,
  /** an image before base64 encoding */
  imageBytes: 2 * 1024 * 1024,
} as const;

/** errcode 45009: "api freq out of limit" (the robot's 20 messages a minute). */
const WECOM_ANSWER: VendorAnswer = { label: 'wecom errcode', code: (j) => j?.errcode, rateLimited: new Set([45009]) };

/**
 * A WeCom (企业微信) group robot. An alert's plain text as {msgtype: text}; a shared chart (title, link,
 * picture) as {msgtype: markdown} with the link, then its picture as {msgtype: image, image: {base64,
 * md5}} when the PNG is at most 2 MB (a larger one is left out: the markdown's link shows the chart).
 * Keeps the robot's 20 messages a minute itself (a message over it waits for the window, unsent), and
 * reads the answer: errcode 0 is sent, 45009 a retry after a minute, any other errcode a failure.
 */
export class WeComDriver implements ChannelDriver {
  readonly channel = 'wecom';
  private readonly rate: RateWindow;

  constructor(opts: { now?: () => number } = {}) {
    this.rate = new RateWindow(WECOM_LIMITS.perMinute, 60_000, opts.now);
  }

  async send(delivery: Delivery, ctx: DeliveryContext): Promise<DeliveryOutcome> {
    const target = await robotTarget(delivery, ctx);
    if (isOutcome(target)) return target;
    const p = delivery.payload;
    const messages: unknown[] = [];
    if (!isRich(p)) messages.push({ msgtype: 'text', text: { content: cutBytes(String(p.text ?? ''), WECOM_LIMITS.textBytes) } });
    else {
      messages.push({ msgtype: 'markdown', markdown: { content: markdownOf(p, WECOM_LIMITS.markdownBytes) } });
      const image = p.imageBase64 ? Buffer.from(p.imageBase64, 'base64') : undefined;
      if (image && image.length > 0 && image.length <= WECOM_LIMITS.imageBytes) {
        messages.push({ msgtype: 'image', image: { base64: image.toString('base64'), md5: createHash('md5').update(image).digest('hex') } });
      }
    }
    const wait = this.rate.take(target.url, messages.length);
    if (wait) return rateLimited(wait);
    for (const m of messages) {
      const outcome = await postRobotMessage(target.url, delivery, ctx, JSON.stringify(m), WECOM_ANSWER);
      if (outcome) return outcome;
    }
    return sent();
  }
}
