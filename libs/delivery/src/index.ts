export * from './types.js';
export * from './factory.js';
export * from './store.js';
export * from './worker.js';
export { signBody } from './drivers/http.js';
export { MailDriver, type SmtpOptions } from './drivers/mail.driver.js';
export { WebhookDriver } from './drivers/webhook.driver.js';
export { WeComDriver } from './drivers/wecom.driver.js';
export { DingTalkDriver, dingTalkSign, dingTalkSignedUrl, DINGTALK_LIMITS } from './drivers/dingtalk.driver.js';
export { FeishuDriver, feishuSign, FEISHU_LIMITS } from './drivers/feishu.driver.js';
export { SlackDriver, SLACK_LIMITS } from './drivers/slack.driver.js';
export { WECOM_LIMITS } from './drivers/wecom.driver.js';
export { ROBOT_VENDORS, robotRecipient, type RobotVendor } from './drivers/robot.js';
/** tests: a chat robot's webhook on 127.0.0.1 that checks each vendor's signature as documented */
export { robotSink, type RobotPost, type SinkVendor } from './drivers/robot-sink.testing.js';
