import nodemailer, { type Transporter } from 'nodemailer';
import { retry, sent, type ChannelDriver, type Delivery, type DeliveryOutcome } from '../types.js';

/** The SMTP server (BI_SMTP_*; AppConfig.alerts.smtp has this shape). */
export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

/** Mail over SMTP (nodemailer): one mail per delivery, to its one recipient, with the payload's subject, text, HTML and files. */
export class MailDriver implements ChannelDriver {
  readonly channel = 'mail';
  private transport: Transporter | null = null;

  constructor(private readonly smtp: SmtpOptions | undefined) {}

  async send(delivery: Delivery): Promise<DeliveryOutcome> {
    const smtp = this.smtp;
    // as before: retried (and failed after the last try), so the status says why nothing went out
    if (!smtp) return retry('SMTP not configured (BI_SMTP_HOST)');
    this.transport ??= nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      connectionTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      const { subject, text, html, attachments } = delivery.payload;
      await this.transport.sendMail({
        from: smtp.from,
        to: [delivery.recipient],
        subject: subject ?? '',
        text: text ?? '',
        ...(html ? { html } : {}),
        ...(attachments?.length
          ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64'), ...(a.cid ? { cid: a.cid } : {}) })) }
          : {}),
      });
      return sent();
    } catch (e) {
      return retry(e instanceof Error ? e.message : String(e));
    }
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}
