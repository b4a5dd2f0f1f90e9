import { DeliveryFailed, fetchOutbound, OutboundTimeout, TargetNotAllowed } from '@bi/outbound';
import { failed, notAllowed, retry, type Delivery, type DeliveryContext, type DeliveryOutcome, type DeliveryPayload } from '../types.js';
import { signBody } from './http.js';

/** The chat robots' vendors, each a driver (channel) of the same name. */
export const ROBOT_VENDORS = ['wecom', 'dingtalk', 'feishu', 'slack'] as const;
export type RobotVendor = (typeof ROBOT_VENDORS)[number];

/** A delivery's recipient naming a stored robot (its URL and secret looked up at each try). */
export const robotRecipient = (robotId: string) => `robot:${robotId}`;

/**
 * The webhook URL and secret of a delivery: a `robot:<id>` recipient is looked up (ctx.robot; a robot
 * deleted meanwhile fails the delivery), any other recipient is the URL itself, without a secret.
 */
export async function robotTarget(delivery: Delivery, ctx: DeliveryContext): Promise<{ url: string; secret: string } | DeliveryOutcome> {
  if (!delivery.recipient.startsWith('robot:')) return { url: delivery.recipient, secret: '' };
  const robot = ctx.robot ? await ctx.robot(delivery.recipient.slice('robot:'.length)).catch(() => null) : undefined;
  if (robot === null) return retry('robot not readable');
  return robot ?? failed('robot no longer exists');
}

/** Whether a step answered an outcome (the delivery ends there) rather than its value. */
export function isOutcome<T extends object>(x: T | DeliveryOutcome): x is DeliveryOutcome {
  return 'kind' in x;
}

/** A vendor's answer as read: HTTP status, body (bounded), the Retry-After header in ms when given. */
export interface RobotAnswer {
  status: number;
  body: string;
  retryAfterMs?: number;
}

/**
 * Posts a robot's JSON message through the outbound targets policy (@bi/outbound: the URL checked, the
 * name resolved and each address checked at every try; no redirect followed) and reads the vendor's
 * answer (at most 64 KB) for its error code. A refused target is `not_allowed`, no answer a retry.
 * Signed as every webhook (x-bi-signature, x-bi-event-id): receivers that know nothing of it ignore it.
 */
export async function postRobot(url: string, delivery: Delivery, ctx: DeliveryContext, body: string): Promise<RobotAnswer | DeliveryOutcome> {
  try {
    const a = await fetchOutbound(ctx.outbound, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-bi-signature': signBody(ctx.signingSecret, body), 'x-bi-event-id': String(delivery.payload.eventId ?? '') },
      body,
      timeoutMs: ctx.timeoutMs ?? 10_000,
      maxBytes: 65_536,
      ...(ctx.resolve ? { resolve: ctx.resolve } : {}),
    });
    const ra = a.headers['retry-after'];
    const seconds = Number(Array.isArray(ra) ? ra[0] : ra);
    return { status: a.status, body: a.body, ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: Math.min(seconds, 3600) * 1000 } : {}) };
  } catch (e) {
    if (e instanceof TargetNotAllowed) return notAllowed(e.message);
    if (e instanceof OutboundTimeout || e instanceof DeliveryFailed) return retry(e.message);
    return retry('target not reachable');
  }
}

/**
 * The outcome of a non-2xx answer: 429 (the vendor's rate limit) and 5xx a retry (after Retry-After
 * when given), redirects and other 4xx failed (the robot's URL or message is wrong; trying again
 * changes nothing).
 */
export function httpOutcome(a: RobotAnswer): DeliveryOutcome | undefined {
  if (a.status >= 200 && a.status < 300) return undefined;
  if (a.status === 429 || a.status >= 500) return retry(`answered HTTP ${a.status}`, a.retryAfterMs);
  return failed(a.status >= 300 && a.status < 400 ? `answered HTTP ${a.status} (redirects are not followed)` : `answered HTTP ${a.status}`);
}

/** The JSON of a vendor's answer, or undefined (an empty or non-JSON body). */
export function answerJson(a: RobotAnswer): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(a.body);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** At most `maxBytes` of UTF-8 of a text, cut at a character (not inside one), with … when cut. */
export function cutBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const b = Buffer.byteLength(ch);
    if (bytes + b > maxBytes - 3) break;
    out += ch;
    bytes += b;
  }
  return out + '…';
}

/** Markdown: the payload's title as a heading, its text, its link. */
export function markdownOf(p: DeliveryPayload, maxBytes: number): string {
  const link = p.link ? `\n\n[${mdText(p.linkText || p.link)}](${p.link})` : '';
  const head = p.title ? `### ${mdText(p.title)}\n` : '';
  return cutBytes(head + String(p.text ?? ''), maxBytes - Buffer.byteLength(link)) + link;
}

const mdText = (s: string) => s.replace(/[[\]()]/g, ' ').replace(/\s+/g, ' ').trim();

/** Whether a payload asks for a rich message (title, link or picture) rather than the plain text an alert sends. */
export const isRich = (p: DeliveryPayload) => Boolean(p.title || p.link || p.imageBase64);

/**
 * A robot's rate limit kept by its sender (per webhook URL): at most `limit` messages in any `windowMs`.
 * `take(key, n)` takes n slots now and answers 0, or answers how long until they are free (taking none).
 */
export class RateWindow {
  private readonly sent = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string, n = 1): number {
    const t = this.now();
    const recent = (this.sent.get(key) ?? []).filter((at) => at > t - this.windowMs);
    if (recent.length + n > this.limit) {
      this.sent.set(key, recent);
      return Math.max(1, recent[recent.length + n - this.limit - 1]! + this.windowMs - t);
    }
    for (let i = 0; i < n; i++) recent.push(t);
    this.sent.set(key, recent);
    if (this.sent.size > 10_000) this.sent.delete(this.sent.keys().next().value!);
    return 0;
  }
}

/** The outcome of a rate limit reached before posting: a retry when the window frees. */
export const rateLimited = (waitMs: number): DeliveryOutcome => retry('rate limit of the robot reached', waitMs);

/** How a vendor answers in its JSON body: where its code is, the label of a reason, the codes of a sender going too fast. */
export interface VendorAnswer {
  label: string;
  code: (json: Record<string, unknown> | undefined) => unknown;
  rateLimited: ReadonlySet<number>;
}

/**
 * Posts a robot's message and reads the vendor's answer: undefined when accepted (HTTP 2xx and code 0),
 * else the outcome — a refused target, an HTTP status (httpOutcome), a rate-limit code a retry after a
 * minute, any other code a failure naming it.
 */
export async function postRobotMessage(url: string, delivery: Delivery, ctx: DeliveryContext, body: string, vendor: VendorAnswer): Promise<DeliveryOutcome | undefined> {
  const a = await postRobot(url, delivery, ctx, body);
  if (isOutcome(a)) return a;
  const http = httpOutcome(a);
  if (http) return http;
  const code = Number(vendor.code(answerJson(a)) ?? 0);
  if (code === 0) return undefined;
  return vendor.rateLimited.has(code) ? retry(`${vendor.label} ${code}`, 60_000) : failed(`${vendor.label} ${code}`);
}
