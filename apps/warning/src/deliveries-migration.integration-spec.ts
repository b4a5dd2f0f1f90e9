import { randomUUID } from 'node:crypto';
import { loadConfig } from '@bi/config';
import { migrate, openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { MessagesService } from './messages.service.js';
import { WARNING_MIGRATIONS, WARNING_SCHEMA } from './migrations.js';

// 0005_deliveries keeps what 0001's deliveries said: a mail row becomes one row per address, a webhook
// row a webhook or wecom row, statuses, tries and errors kept; the messages' mail and webhook statuses
// (columns before, read from the delivery rows after) answer as before.
describe('warning migration 0005_deliveries', () => {
  let db: SqlDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db, WARNING_SCHEMA, WARNING_MIGRATIONS.filter((m) => m.id < '0004'));
  });
  afterAll(() => db.close());

  it('moves the old rows and keeps every message’s statuses', async () => {
    const chart = randomUUID();
    const message = async (key: string, mail: string, webhook: string) => {
      const id = randomUUID();
      await db.query(
        `INSERT INTO warning.messages (id, user_id, firing_key, chart_id, dashboard_id, tab, warn_id, warn_name, texts, is_send_mail, is_send_wechat, mail_status, webhook_status)
         VALUES ($1, 'u1', $2, $3, $3, 'dashboard', 'w', $2, '{"en":"m"}', $4, $5, $6, $7)`,
        [id, key, chart, mail !== 'off', webhook !== 'off', mail, webhook],
      );
    };
    const delivery = (key: string, channel: string, request: unknown, status: string, attempts: number, error: string | null) =>
      db.query('INSERT INTO warning.deliveries (firing_key, channel, request, status, attempts, last_error) VALUES ($1, $2, $3, $4, $5, $6)', [key, channel, JSON.stringify(request), status, attempts, error]);
    await message('f1', 'sent', 'not_allowed');
    await delivery('f1', 'mail', { to: ['a@x.test', 'b@x.test'], subject: 'S1', text: 'T1' }, 'sent', 1, null);
    await delivery('f1', 'webhook', { url: 'http://hooks.example/h', format: 'json', alert: { eventId: 'e1', message: 'T1', warnName: 'f1' } }, 'not_allowed', 1, 'target not allowed');
    await message('f2', 'failed', 'pending');
    await delivery('f2', 'mail', { to: ['c@x.test'], subject: 'S2', text: 'T2' }, 'failed', 6, 'connect ECONNREFUSED');
    await delivery('f2', 'webhook', { url: 'https://qyapi.example/send?key=k', format: 'wecom', alert: { eventId: 'e2', message: 'T2' } }, 'pending', 2, 'answered HTTP 500');
    await message('f3', 'off', 'off');
    await message('f4', 'pending', 'off'); // mail chosen without an address: no delivery row
    const service = new MessagesService(db, loadConfig({ BI_DATA_DIR: `/tmp/bi-warning-migration-${process.pid}`, BI_TIME_ZONE: 'UTC' }));
    const statuses = async () => Object.fromEntries((await service.list({ userId: 'u1', language: 'en', page: 1, pageSize: 20, unreadOnly: false })).messages.map((m) => [m.warnName, [m.mailStatus, m.webhookStatus]]));
    // what the service answered before: the columns
    const old = await db.query<{ warn_name: string; mail_status: string; webhook_status: string }>("SELECT warn_name, mail_status, webhook_status FROM warning.messages WHERE user_id = 'u1'");
    const before = Object.fromEntries(old.rows.map((r) => [r.warn_name, [r.mail_status, r.webhook_status]]));
    expect(before).toEqual({ f1: ['sent', 'not_allowed'], f2: ['failed', 'pending'], f3: ['off', 'off'], f4: ['pending', 'off'] });

    await migrate(db, WARNING_SCHEMA, WARNING_MIGRATIONS);
    const { rows } = await db.query(
      'SELECT origin, origin_key, channel, recipient, payload, status, attempts, last_error FROM warning.deliveries ORDER BY origin_key, channel, recipient',
    );
    expect(rows).toEqual([
      { origin: 'firing', origin_key: 'f1', channel: 'mail', recipient: 'a@x.test', payload: { subject: 'S1', text: 'T1' }, status: 'sent', attempts: 1, last_error: null },
      { origin: 'firing', origin_key: 'f1', channel: 'mail', recipient: 'b@x.test', payload: { subject: 'S1', text: 'T1' }, status: 'sent', attempts: 1, last_error: null },
      {
        origin: 'firing',
        origin_key: 'f1',
        channel: 'webhook',
        recipient: 'http://hooks.example/h',
        payload: { text: 'T1', eventId: 'e1', data: { eventId: 'e1', message: 'T1', warnName: 'f1' } },
        status: 'not_allowed',
        attempts: 1,
        last_error: 'target not allowed',
      },
      { origin: 'firing', origin_key: 'f2', channel: 'mail', recipient: 'c@x.test', payload: { subject: 'S2', text: 'T2' }, status: 'failed', attempts: 6, last_error: 'connect ECONNREFUSED' },
      {
        origin: 'firing',
        origin_key: 'f2',
        channel: 'wecom',
        recipient: 'https://qyapi.example/send?key=k',
        payload: { text: 'T2', eventId: 'e2', data: { eventId: 'e2', message: 'T2' } },
        status: 'pending',
        attempts: 2,
        last_error: 'answered HTTP 500',
      },
    ]);
    expect(await statuses()).toEqual(before);
    const columns = await db.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_schema = 'warning' AND table_name = 'messages' AND column_name LIKE '%_status'");
    expect(columns.rows).toEqual([]);
  });
});
