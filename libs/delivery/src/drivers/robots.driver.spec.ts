import { createHash } from 'node:crypto';
import { outboundPolicy } from '@bi/outbound';
import type { Delivery, DeliveryContext, DeliveryPayload } from '../types.js';
import { DingTalkDriver } from './dingtalk.driver.js';
import { FeishuDriver } from './feishu.driver.js';
import { robotSink } from './robot-sink.testing.js';
import { SlackDriver } from './slack.driver.js';
import { WeComDriver } from './wecom.driver.js';

const SECRET = 'SEC-robot-secret-1';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const CHART: DeliveryPayload = { title: 'Revenue 收入', text: '请看本月收入', link: 'http://bi.example/dashboard/d1?chart=c1', linkText: '打开图表', imageBase64: PNG.toString('base64'), eventId: 'e-1' };

const delivery = (channel: string, recipient: string, payload: DeliveryPayload = CHART): Delivery => ({ id: '1', origin: 'run', originKey: 'k', channel, recipient, payload, attempts: 1 });
const ctx = (robots: Record<string, { url: string; secret: string }> = {}, allow = ['127.0.0.1']): DeliveryContext => ({
  outbound: outboundPolicy(allow),
  signingSecret: 'x',
  robot: async (id) => robots[id],
});

describe('chat robot drivers against sinks that check each vendor’s signature', () => {
  it('DingTalk: markdown with the title, remark and link, signed with timestamp + HmacSHA256 on the URL; a wrong secret is refused (errcode 310000) and failed', async () => {
    const sink = await robotSink('dingtalk', SECRET);
    try {
      const driver = new DingTalkDriver();
      expect(await driver.send(delivery('dingtalk', 'robot:r1'), ctx({ r1: { url: sink.url, secret: SECRET } }))).toEqual({ kind: 'sent' });
      expect(sink.posts[0]).toMatchObject({ signatureOk: true, query: { access_token: 't-1' } });
      expect(sink.posts[0]!.query.timestamp).toMatch(/^\d{13}$/);
      expect(sink.posts[0]!.body).toEqual({ msgtype: 'markdown', markdown: { title: 'Revenue 收入', text: '### Revenue 收入\n请看本月收入\n\n[打开图表](http://bi.example/dashboard/d1?chart=c1)' } });
      expect(await driver.send(delivery('dingtalk', 'robot:r1'), ctx({ r1: { url: sink.url, secret: 'wrong' } }))).toEqual({ kind: 'failed', reason: 'dingtalk errcode 310000' });
      expect(sink.posts[1]!.signatureOk).toBe(false);
      // an alert's plain text
      expect(await driver.send(delivery('dingtalk', 'robot:r1', { text: '预警已触发' }), ctx({ r1: { url: sink.url, secret: SECRET } }))).toEqual({ kind: 'sent' });
      expect(sink.posts[2]!.body).toEqual({ msgtype: 'text', text: { content: '预警已触发' } });
    } finally {
      await sink.close();
    }
  });

  it('Feishu/Lark: a post with the link (no image key), signed in the body (key timestamp + "\\n" + secret over an empty message); a wrong secret is refused (code 19021)', async () => {
    const sink = await robotSink('feishu', SECRET);
    try {
      const driver = new FeishuDriver();
      expect(await driver.send(delivery('feishu', 'robot:f'), ctx({ f: { url: sink.url, secret: SECRET } }))).toEqual({ kind: 'sent' });
      expect(sink.posts[0]!.signatureOk).toBe(true);
      expect(sink.posts[0]!.body).toMatchObject({
        msg_type: 'post',
        content: { post: { zh_cn: { title: 'Revenue 收入', content: [[{ tag: 'text', text: '请看本月收入' }], [{ tag: 'a', text: '打开图表', href: 'http://bi.example/dashboard/d1?chart=c1' }]] } } },
      });
      expect(sink.posts[0]!.body.timestamp).toMatch(/^\d{10}$/);
      expect(await driver.send(delivery('feishu', 'robot:f'), ctx({ f: { url: sink.url, secret: 'wrong' } }))).toEqual({ kind: 'failed', reason: 'feishu code 19021' });
      sink.answer(200, JSON.stringify({ code: 9499, msg: 'too many request' }));
      expect(await driver.send(delivery('feishu', 'robot:f'), ctx({ f: { url: sink.url, secret: SECRET } }))).toMatchObject({ kind: 'retry' });
    } finally {
      await sink.close();
    }
  });

  it('WeCom: markdown with the link, then the picture as base64 + md5; a picture over 2 MB is left out; errcode ≠ 0 fails, 45009 retries', async () => {
    const sink = await robotSink('wecom', '');
    try {
      const driver = new WeComDriver();
      expect(await driver.send(delivery('wecom', 'robot:w'), ctx({ w: { url: sink.url, secret: '' } }))).toEqual({ kind: 'sent' });
      expect(sink.posts.map((p) => p.body.msgtype)).toEqual(['markdown', 'image']);
      expect(sink.posts[0]!.body.markdown.content).toBe('### Revenue 收入\n请看本月收入\n\n[打开图表](http://bi.example/dashboard/d1?chart=c1)');
      expect(sink.posts[1]!.imageOk).toBe(true);
      expect(sink.posts[1]!.body.image).toEqual({ base64: PNG.toString('base64'), md5: createHash('md5').update(PNG).digest('hex') });

      const big = Buffer.alloc(2 * 1024 * 1024 + 1, 7).toString('base64');
      expect(await driver.send(delivery('wecom', sink.url, { ...CHART, imageBase64: big }), ctx())).toEqual({ kind: 'sent' });
      expect(sink.posts.slice(2).map((p) => p.body.msgtype)).toEqual(['markdown']);

      sink.answer(200, JSON.stringify({ errcode: 93000, errmsg: 'invalid webhook url' }));
      expect(await driver.send(delivery('wecom', sink.url, { text: 'x' }), ctx())).toEqual({ kind: 'failed', reason: 'wecom errcode 93000' });
      sink.answer(200, JSON.stringify({ errcode: 45009, errmsg: 'api freq out of limit' }));
      expect(await driver.send(delivery('wecom', sink.url, { text: 'x' }), ctx())).toEqual({ kind: 'retry', reason: 'wecom errcode 45009', afterMs: 60_000 });
    } finally {
      await sink.close();
    }
  });

  it('WeCom keeps 20 messages a minute per robot: the 21st waits (unsent) until the oldest leaves the window', async () => {
    let now = 1_000_000;
    const sink = await robotSink('wecom', '', { now: () => now });
    try {
      const driver = new WeComDriver({ now: () => now });
      for (let i = 0; i < 20; i++) {
        expect(await driver.send(delivery('wecom', sink.url, { text: `m${i}` }), ctx())).toEqual({ kind: 'sent' });
        now += 1_000;
      }
      expect(await driver.send(delivery('wecom', sink.url, { text: 'm20' }), ctx())).toEqual({ kind: 'retry', reason: 'rate limit of the robot reached', afterMs: 40_000 });
      // a chart is two messages: it waits for two free slots
      now += 40_000;
      expect(await driver.send(delivery('wecom', sink.url), ctx())).toEqual({ kind: 'retry', reason: 'rate limit of the robot reached', afterMs: 1_000 });
      expect(sink.posts).toHaveLength(20);
      now += 1_000;
      expect(await driver.send(delivery('wecom', sink.url), ctx())).toEqual({ kind: 'sent' });
      expect(sink.posts).toHaveLength(22);
    } finally {
      await sink.close();
    }
  });

  it('DingTalk keeps 20 messages a minute; Slack one a second', async () => {
    const ding = await robotSink('dingtalk', '');
    const slack = await robotSink('slack', '');
    try {
      let now = 5_000_000;
      const d = new DingTalkDriver({ now: () => now });
      for (let i = 0; i < 20; i++) expect(await d.send(delivery('dingtalk', ding.url, { text: 'x' }), ctx())).toEqual({ kind: 'sent' });
      expect(await d.send(delivery('dingtalk', ding.url, { text: 'x' }), ctx())).toMatchObject({ kind: 'retry', afterMs: 60_000 });
      expect(ding.posts).toHaveLength(20);
      const s = new SlackDriver({ now: () => now });
      expect(await s.send(delivery('slack', slack.url), ctx())).toEqual({ kind: 'sent' });
      expect(await s.send(delivery('slack', slack.url), ctx())).toMatchObject({ kind: 'retry', afterMs: 1_000 });
      now += 1_000;
      expect(await s.send(delivery('slack', slack.url), ctx())).toEqual({ kind: 'sent' });
      expect(slack.posts).toHaveLength(2);
    } finally {
      await ding.close();
      await slack.close();
    }
  });

  it('Slack: blocks with a header, the remark and the link; invalid_payload (400) fails, 429 retries after Retry-After', async () => {
    const sink = await robotSink('slack', '');
    try {
      const driver = new SlackDriver();
      expect(await driver.send(delivery('slack', 'robot:s'), ctx({ s: { url: sink.url, secret: '' } }))).toEqual({ kind: 'sent' });
      expect(sink.posts[0]!.body.blocks).toEqual([
        { type: 'header', text: { type: 'plain_text', text: 'Revenue 收入' } },
        { type: 'section', text: { type: 'mrkdwn', text: '请看本月收入' } },
        { type: 'section', text: { type: 'mrkdwn', text: '<http://bi.example/dashboard/d1?chart=c1|打开图表>' } },
      ]);
      sink.answer(400, 'invalid_payload');
      expect(await new SlackDriver().send(delivery('slack', sink.url), ctx())).toEqual({ kind: 'failed', reason: 'answered HTTP 400: invalid_payload' });
      sink.answer(429, 'rate_limited', { 'retry-after': '30' });
      expect(await new SlackDriver().send(delivery('slack', sink.url), ctx())).toEqual({ kind: 'retry', reason: 'answered HTTP 429', afterMs: 30_000 });
    } finally {
      await sink.close();
    }
  });

  it('a robot deleted meanwhile fails the delivery; a target the outbound policy refuses is not_allowed and never posted', async () => {
    const sink = await robotSink('dingtalk', SECRET);
    try {
      expect(await new DingTalkDriver().send(delivery('dingtalk', 'robot:gone'), ctx())).toEqual({ kind: 'failed', reason: 'robot no longer exists' });
      expect(await new DingTalkDriver().send(delivery('dingtalk', 'robot:r'), ctx({ r: { url: sink.url, secret: SECRET } }, []))).toMatchObject({ kind: 'not_allowed' });
      expect(sink.posts).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });
});
