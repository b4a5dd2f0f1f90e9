import { outboundPolicy } from '@bi/outbound';
import type { Delivery } from '../types.js';
import { httpSink } from './http-sink.testing.js';
import { WeComDriver } from './wecom.driver.js';

const SECRET = 'wecom-test-secret';

describe('WeComDriver', () => {
  it('posts the text message format of a WeCom robot with the payload’s text, signed, through the outbound policy', async () => {
    const sink = await httpSink(SECRET);
    try {
      const d: Delivery = {
        id: '7',
        origin: 'firing',
        originKey: 'k',
        channel: 'wecom',
        recipient: sink.url,
        payload: { subject: 'x', text: '图表“Revenue”的预警已触发', eventId: 'ev-7', data: { warnName: 'not posted' } },
        attempts: 2,
      };
      expect(await new WeComDriver().send(d, { outbound: outboundPolicy(['127.0.0.1']), signingSecret: SECRET })).toEqual({ kind: 'sent' });
      expect(sink.posts).toEqual([{ signatureOk: true, eventId: 'ev-7', body: { msgtype: 'text', text: { content: '图表“Revenue”的预警已触发' } } }]);
      expect(await new WeComDriver().send(d, { outbound: outboundPolicy([]), signingSecret: SECRET })).toMatchObject({ kind: 'not_allowed' });
      expect(sink.posts).toHaveLength(1);
    } finally {
      await sink.close();
    }
  });
});
