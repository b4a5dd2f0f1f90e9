import type { ChannelDriver, Delivery, DeliveryContext, DeliveryOutcome } from '../types.js';
import { postJson } from './http.js';

/** A generic webhook: the payload's JSON document, posted signed (docs/api/warning.md "Webhook"). */
export class WebhookDriver implements ChannelDriver {
  readonly channel = 'webhook';

  send(delivery: Delivery, ctx: DeliveryContext): Promise<DeliveryOutcome> {
    return postJson(delivery, ctx, JSON.stringify(delivery.payload.data ?? {}));
  }
}
