import { outboundPolicy } from '@bi/outbound';
import type { Delivery, DeliveryContext } from '../types.js';
import { httpSink } from './http-sink.testing.js';
import { WebhookDriver } from './webhook.driver.js';

const SECRET = 'driver-test-secret';
const delivery = (recipient: string): Delivery => ({
  id: '1',
  origin: 'firing',
  originKey: 'rule-1:data-3',
  channel: 'webhook',
  recipient,
  payload: { subject: 's', text: 'Alert fired', eventId: 'ev-1', data: { warnName: 'Big', chartId: 'c-1', message: 'Alert fired' } },
  attempts: 1,
});

describe('WebhookDriver', () => {
  let sink: Awaited<ReturnType<typeof httpSink>>;
  beforeEach(async () => void (sink = await httpSink(SECRET)));
  afterEach(() => sink.close());
  const ctx = (allow: string[]): DeliveryContext => ({ outbound: outboundPolicy(allow), signingSecret: SECRET });

  it('posts the payload’s JSON document, signed, with the event id', async () => {
    expect(await new WebhookDriver().send(delivery(sink.url), ctx(['127.0.0.1/32']))).toEqual({ kind: 'sent' });
    expect(sink.posts).toEqual([{ signatureOk: true, eventId: 'ev-1', body: { warnName: 'Big', chartId: 'c-1', message: 'Alert fired' } }]);
  });

  it('is refused by the outbound policy (not retried, nothing sent) unless the target is allowed', async () => {
    expect(await new WebhookDriver().send(delivery(sink.url), ctx([]))).toEqual({ kind: 'not_allowed', reason: 'target not allowed' });
    // a name resolving to loopback is refused at the try as well
    const byName = { ...ctx([]), resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    expect(await new WebhookDriver().send(delivery(sink.url.replace('127.0.0.1', 'hooks.example')), byName)).toEqual({ kind: 'not_allowed', reason: 'target not allowed' });
    expect(sink.posts).toHaveLength(0);
  });

  it('retries a target that answers other than 2xx, or not at all', async () => {
    sink.setStatus(503);
    expect(await new WebhookDriver().send(delivery(sink.url), ctx(['127.0.0.1/32']))).toEqual({ kind: 'retry', reason: 'answered HTTP 503' });
    expect(sink.posts[0]!.signatureOk).toBe(true);
    await sink.close();
    const closed = await new WebhookDriver().send(delivery(sink.url), ctx(['127.0.0.1/32']));
    expect(closed).toEqual({ kind: 'retry', reason: 'target not reachable' });
    sink = await httpSink(SECRET);
  });
});
