import type { ChannelDriver, Delivery, DeliveryContext, DeliveryOutcome } from '../types.js';
import { postJson } from './http.js';

/**
 * A WeCom (企业微信) group robot: the text message format {msgtype: text, text: {content}}, the
 * payload's text (the alert's message in the rule owner's language). DingTalk, Feishu/Lark and Slack
 * robots are one such file each.
 */
export class WeComDriver implements ChannelDriver {
  readonly channel = 'wecom';

  send(delivery: Delivery, ctx: DeliveryContext): Promise<DeliveryOutcome> {
    return postJson(delivery, ctx, JSON.stringify({ msgtype: 'text', text: { content: String(delivery.payload.text ?? '') } }));
  }
}
