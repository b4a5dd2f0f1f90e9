import { MailDriver, type SmtpOptions } from './drivers/mail.driver.js';
import { WebhookDriver } from './drivers/webhook.driver.js';
import { WeComDriver } from './drivers/wecom.driver.js';
import { DingTalkDriver } from './drivers/dingtalk.driver.js';
import { FeishuDriver } from './drivers/feishu.driver.js';
import { SlackDriver } from './drivers/slack.driver.js';
import type { ChannelDriver } from './types.js';

/** What the drivers are built from (each takes its part). */
export interface DriverOptions {
  smtp?: SmtpOptions;
}

/** Every channel's driver constructor, by channel name: a new channel (DingTalk, Feishu/Lark, Slack) is a file in drivers/ and a line here. */
export const CHANNEL_DRIVERS: Readonly<Record<string, (options: DriverOptions) => ChannelDriver>> = {
  mail: (o) => new MailDriver(o.smtp),
  webhook: () => new WebhookDriver(),
  wecom: () => new WeComDriver(),
  dingtalk: () => new DingTalkDriver(),
  feishu: () => new FeishuDriver(),
  slack: () => new SlackDriver(),
};

/** The mail channel's name (an alert message's mail status); every other channel is an HTTP one (its webhook status). */
export const MAIL_CHANNEL = 'mail';

/** Picks the driver of a channel by its name; one driver per channel, made at its first use and kept. */
export class ChannelDriverFactory {
  private readonly made = new Map<string, ChannelDriver>();

  constructor(
    private readonly options: DriverOptions = {},
    private readonly drivers: Readonly<Record<string, (options: DriverOptions) => ChannelDriver>> = CHANNEL_DRIVERS,
  ) {}

  /** The channels this factory knows. */
  channels(): string[] {
    return Object.keys(this.drivers);
  }

  /** The channel's driver, or undefined for a channel no driver knows. */
  driverFor(channel: string): ChannelDriver | undefined {
    const known = this.made.get(channel);
    if (known) return known;
    if (!Object.hasOwn(this.drivers, channel)) return undefined;
    const driver = this.drivers[channel]!(this.options);
    this.made.set(channel, driver);
    return driver;
  }

  /** Closes every driver made. */
  async close(): Promise<void> {
    const drivers = [...this.made.values()];
    this.made.clear();
    await Promise.all(drivers.map((d) => d.close?.()));
  }
}
