import { ChannelDriverFactory, CHANNEL_DRIVERS } from './factory.js';
import { MailDriver } from './drivers/mail.driver.js';
import { WebhookDriver } from './drivers/webhook.driver.js';
import { WeComDriver } from './drivers/wecom.driver.js';
import { sent, type ChannelDriver } from './types.js';

describe('ChannelDriverFactory', () => {
  it('chooses the driver by channel name, one per channel, named as its channel', () => {
    const factory = new ChannelDriverFactory({});
    expect(factory.driverFor('mail')).toBeInstanceOf(MailDriver);
    expect(factory.driverFor('webhook')).toBeInstanceOf(WebhookDriver);
    expect(factory.driverFor('wecom')).toBeInstanceOf(WeComDriver);
    expect(factory.driverFor('webhook')).toBe(factory.driverFor('webhook'));
    for (const channel of factory.channels()) expect(factory.driverFor(channel)!.channel).toBe(channel);
    expect(factory.channels().sort()).toEqual(Object.keys(CHANNEL_DRIVERS).sort());
  });

  it('knows no driver for an unknown channel (nor an inherited name)', () => {
    const factory = new ChannelDriverFactory({});
    expect(factory.driverFor('fax')).toBeUndefined();
    expect(factory.driverFor('toString')).toBeUndefined();
    expect(factory.driverFor('')).toBeUndefined();
  });

  it('takes another registry (a new channel is one entry) and closes the drivers it made', async () => {
    const closed: string[] = [];
    const robot = (channel: string): ChannelDriver => ({ channel, send: async () => sent(), close: () => void closed.push(channel) });
    const factory = new ChannelDriverFactory({}, { dingtalk: () => robot('dingtalk'), slack: () => robot('slack') });
    expect(factory.driverFor('dingtalk')!.channel).toBe('dingtalk');
    expect(factory.driverFor('mail')).toBeUndefined();
    await factory.close();
    expect(closed).toEqual(['dingtalk']);
  });
});
