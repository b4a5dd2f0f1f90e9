export * from './types.js';
export * from './factory.js';
export * from './store.js';
export * from './worker.js';
export { signBody } from './drivers/http.js';
export { MailDriver, type SmtpOptions } from './drivers/mail.driver.js';
export { WebhookDriver } from './drivers/webhook.driver.js';
export { WeComDriver } from './drivers/wecom.driver.js';
