import { createHmac } from 'node:crypto';
import { sendOutbound, TargetNotAllowed } from '@bi/outbound';
import { notAllowed, retry, sent, type Delivery, type DeliveryContext, type DeliveryOutcome } from '../types.js';

/** The webhook signature header value: sha256=<hex HMAC-SHA256 of the raw body>. */
export function signBody(secret: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Posts a JSON body to the delivery's URL through the outbound targets policy (@bi/outbound,
 * BI_OUTBOUND_ALLOW): the URL checked, the name resolved and every address checked at each try, the
 * post sent to the checked address, redirects not followed. Signed (x-bi-signature) and carrying the
 * event id (x-bi-event-id). The one way an HTTP driver sends: a refused target is `not_allowed`
 * ("target not allowed"), any other failure a retry ("target not reachable", "answered HTTP n").
 */
export async function postJson(delivery: Delivery, ctx: DeliveryContext, body: string): Promise<DeliveryOutcome> {
  try {
    await sendOutbound(ctx.outbound, delivery.recipient, {
      headers: { 'content-type': 'application/json', 'x-bi-signature': signBody(ctx.signingSecret, body), 'x-bi-event-id': String(delivery.payload.eventId ?? '') },
      body,
      timeoutMs: ctx.timeoutMs ?? 10_000,
      ...(ctx.resolve ? { resolve: ctx.resolve } : {}),
    });
    return sent();
  } catch (e) {
    if (e instanceof TargetNotAllowed) return notAllowed(e.message);
    return retry(e instanceof Error ? e.message : String(e));
  }
}
