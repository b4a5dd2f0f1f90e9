import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Delivery } from '../types.js';
import { MailDriver } from './mail.driver.js';

const delivery = (recipient: string): Delivery => ({
  id: '3',
  origin: 'firing',
  originKey: 'rule:window',
  channel: 'mail',
  recipient,
  payload: { subject: '[Alert] Big East (Revenue)', text: 'Alert "Big East" fired', data: { ignored: true } },
  attempts: 1,
});

describe('MailDriver', () => {
  let smtp: SMTPServer;
  let port: number;
  const mails: { from: string; to: string[]; data: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, done) {
        done(address.address.endsWith('@refused.test') ? new Error('no such user') : undefined);
      },
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

  it('sends one mail to the delivery’s one recipient with the payload’s subject and text', async () => {
    const driver = new MailDriver({ host: '127.0.0.1', port, secure: false, from: 'alerts@bi.test' });
    try {
      expect(await driver.send(delivery('ops@bi.test'))).toEqual({ kind: 'sent' });
    } finally {
      driver.close();
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'alerts@bi.test', to: ['ops@bi.test'] });
    expect(mails[0]!.data).toContain('Subject: [Alert] Big East (Revenue)');
    expect(mails[0]!.data).toContain('Alert "Big East" fired');
  });

  it('retries what the server refuses, and says so when no SMTP server is configured', async () => {
    const driver = new MailDriver({ host: '127.0.0.1', port, secure: false, from: 'alerts@bi.test' });
    try {
      expect(await driver.send(delivery('nobody@refused.test'))).toMatchObject({ kind: 'retry', reason: expect.stringContaining('no such user') });
    } finally {
      driver.close();
    }
    expect(await new MailDriver(undefined).send(delivery('ops@bi.test'))).toEqual({ kind: 'retry', reason: 'SMTP not configured (BI_SMTP_HOST)' });
  });
});
