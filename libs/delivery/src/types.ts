import type { OutboundPolicy, Resolver } from '@bi/outbound';

/** What a delivery belongs to: an alert's firing, or a run (a scheduled report's). */
export type DeliveryOrigin = 'firing' | 'run';

/** The state of one delivery row; `not_allowed`: an HTTP target the outbound policy refused (never retried). */
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'not_allowed';

/**
 * What is sent, the same for every channel of one firing or run; each driver takes what its channel
 * carries: a mail its subject and text, a robot (WeCom, …) the text, a webhook the JSON `data`.
 */
export interface DeliveryPayload {
  subject?: string;
  text?: string;
  /** the JSON document a webhook posts */
  data?: Record<string, unknown>;
  /** the id the receiver deduplicates by (header x-bi-event-id) */
  eventId?: string;
  /** chat robots: the message's title (a markdown heading, a post's or card's title) */
  title?: string;
  /** chat robots: a link back into the product (the chart), and its text */
  link?: string;
  linkText?: string;
  /** chat robots: a picture (PNG, base64), sent where the vendor's webhook takes one (WeCom) */
  imageBase64?: string;
  /** a mail's HTML part (the text stays its plain part) */
  html?: string;
  /** a mail's files (a report's PDF, XLSX, CSV, inline image: `cid` names it in the HTML) */
  attachments?: DeliveryAttachment[];
}

/** A file of a mail, its content base64 (kept in the payload, so a retry sends the same file). */
export interface DeliveryAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
  /** an inline image: the HTML refers to it as cid:<cid> */
  cid?: string;
}

/** One row of <schema>.deliveries as a driver gets it: one recipient on one channel, leased to this sender. */
export interface Delivery {
  id: string;
  origin: DeliveryOrigin;
  originKey: string;
  /** the driver's name: mail, webhook, wecom, … */
  channel: string;
  /** a mail address, a webhook or robot URL */
  recipient: string;
  payload: DeliveryPayload;
  /** tries so far, this one included (1 at the first try) */
  attempts: number;
}

/** What every driver of one sender shares: the outbound targets policy (every HTTP driver goes through it) and the signing secret. */
export interface DeliveryContext {
  /** BI_OUTBOUND_ALLOW as @bi/outbound's policy */
  outbound: OutboundPolicy;
  /** tests: a resolver standing in for DNS; unset: the system's */
  resolve?: Resolver;
  /** the HMAC-SHA256 key of the x-bi-signature header */
  signingSecret: string;
  /** an HTTP try's limit (default 10 s) */
  timeoutMs?: number;
  /**
   * Chat robots: the webhook URL and secret of the robot a `robot:<id>` recipient names (the warning
   * service's robots, the secret decrypted only here); undefined for a robot that no longer exists.
   */
  robot?: (id: string) => Promise<{ url: string; secret: string } | undefined>;
}

/**
 * A try's outcome: sent; retry (the sender's back-off, or `afterMs` when the driver knows better) until
 * the attempts are used up, then failed; failed (permanent: no retry); not_allowed (the outbound policy
 * refused the target: no retry). `reason` is what is kept (last_error): it names no address.
 */
export type DeliveryOutcome =
  | { kind: 'sent' }
  | { kind: 'retry'; reason: string; afterMs?: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'not_allowed'; reason: string };

export const sent = (): DeliveryOutcome => ({ kind: 'sent' });
export const retry = (reason: string, afterMs?: number): DeliveryOutcome => (afterMs === undefined ? { kind: 'retry', reason } : { kind: 'retry', reason, afterMs });
export const failed = (reason: string): DeliveryOutcome => ({ kind: 'failed', reason });
export const notAllowed = (reason = 'target not allowed'): DeliveryOutcome => ({ kind: 'not_allowed', reason });

/** One channel's sender. A driver never throws for a failed try: it answers the outcome. */
export interface ChannelDriver {
  /** the channel name the factory knows it by (a delivery row's `channel`) */
  readonly channel: string;
  send(delivery: Delivery, ctx: DeliveryContext): Promise<DeliveryOutcome>;
  /** releases connections (the sender's shutdown) */
  close?(): void | Promise<void>;
}
