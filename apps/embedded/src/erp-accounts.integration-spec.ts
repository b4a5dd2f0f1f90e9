import { startTestStack, type TestStack } from './testing.js';

// ERP accounts (spec 02 §2 screen 9, §3, §5, §7, §8; docs/api/data-source.md "ERP accounts") through the
// BFF: the first account becomes primary, exactly one stays primary, the primary can be neither un-set
// ('account hint 1') nor deleted; passwords are stored encrypted and never answered; an empty password
// keeps the stored one only against the same server; the server passes the outbound policy when saved
// (an internal address only with BI_OUTBOUND_ALLOW); a caller without the rights is refused.
describe('ERP accounts (issue 29)', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let viewer: string;

  const call = (method: string, path: string, body?: unknown, token = admin, language = 'en') => stack.api(path, { method, body, token, headers: { currentLanguage: language } });
  async function ok(method: string, path: string, body?: unknown, token = admin) {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  const account = (name: string, extra: Record<string, unknown> = {}) => ({ name, ip: 'erp.example.com', port: 8080, userName: 'erp-user', identity: `secret-of-${name}`, ...extra });
  const byName = (list: any[], name: string) => list.find((a) => a.name === name);

  beforeAll(async () => {
    stack = await startTestStack({ BI_MODULES: 'sql,excel,e10report', BI_OUTBOUND_ALLOW: '10.20.0.0/16' });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    viewer = await stack.login('viewer');
  });
  afterAll(async () => stack?.stop());

  it('answers no primary and an empty list before the first account', async () => {
    expect(await ok('GET', '/api/e10account/primary')).toBeNull();
    expect(await ok('GET', '/api/e10account/list')).toEqual([]);
  });

  it('makes the first account primary and selected, answers the list, never the password', async () => {
    const list = await ok('POST', '/api/e10account/edit', account('Main ERP'), analyst);
    expect(list).toEqual([{ id: expect.any(String), name: 'Main ERP', ip: 'erp.example.com', port: 8080, userName: 'erp-user', identity: '', hasPassword: true, isPrimary: true, isSelected: true }]);
    const primary = await ok('GET', '/api/e10account/primary');
    expect(primary).toMatchObject({ name: 'Main ERP', isPrimary: true, identity: '' });
    // stored encrypted (AES-GCM, the account id as associated data), not as typed
    const stored = await stack.runtime.db.query<{ identity_enc: string }>('SELECT identity_enc FROM data_source.erp_accounts WHERE id = $1', [primary.id]);
    expect(stored.rows[0]!.identity_enc).toMatch(/^v1\./);
    expect(stored.rows[0]!.identity_enc).not.toContain('secret-of-Main ERP');
    for (const path of ['/api/e10account/list', '/api/e10account/primary']) expect(JSON.stringify((await call('GET', path)).body)).not.toContain('secret-of');
  });

  it('keeps exactly one primary: a second account is not primary until it takes the mark', async () => {
    let list = await ok('POST', '/api/e10account/edit', account('Second ERP'));
    expect(byName(list, 'Second ERP')).toMatchObject({ isPrimary: false, isSelected: false });
    const second = byName(list, 'Second ERP');
    list = await ok('POST', '/api/e10account/edit', { ...second, identity: '', isPrimary: true });
    expect(list.filter((a: any) => a.isPrimary).map((a: any) => a.name)).toEqual(['Second ERP']);
    expect((await ok('GET', '/api/e10account/primary')).name).toBe('Second ERP');
    // back to the first
    const main = byName(list, 'Main ERP');
    list = await ok('POST', '/api/e10account/edit', { ...main, isPrimary: true });
    expect(list.filter((a: any) => a.isPrimary).map((a: any) => a.name)).toEqual(['Main ERP']);
  });

  it("refuses un-setting the primary ('account hint 1') and deleting it, in the caller's language", async () => {
    const main = byName(await ok('GET', '/api/e10account/list'), 'Main ERP');
    const r = await call('POST', '/api/e10account/edit', { ...main, isPrimary: false });
    expect(r.status).toBe(400);
    expect(r.body.data).toBe('Default account setting cannot be cancelled');
    expect((await call('POST', '/api/e10account/edit', { ...main, isPrimary: false }, admin, 'zh-CN')).body.data).toBe('默认账套设置不能取消');
    const d = await call('DELETE', `/api/e10account/delete/${main.id}`, undefined, admin, 'zh-TW');
    expect(d.status).toBe(400);
    expect(d.body.data).toBe('預設帳套不能刪除');
    expect(byName(await ok('GET', '/api/e10account/list'), 'Main ERP').isPrimary).toBe(true);
  });

  it('requires name, IP, port, user name and password, each with its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Please enter the account name'],
      [{ ip: ' ' }, 'Please enter the IP'],
      [{ port: 0 }, 'Please enter the port (1 to 65535)'],
      [{ userName: '' }, 'Please enter the user name'],
      [{ identity: '' }, 'Please enter the password'],
    ];
    for (const [change, message] of cases) {
      const r = await call('POST', '/api/e10account/edit', account('Incomplete', change));
      expect([r.status, r.body.data]).toEqual([400, message]);
    }
    expect((await call('POST', '/api/e10account/edit', { ...account('Long'), name: 'x'.repeat(51) })).status).toBe(400);
    expect(byName(await ok('GET', '/api/e10account/list'), 'Incomplete')).toBeUndefined();
    const taken = await call('POST', '/api/e10account/edit', account('main erp'));
    expect([taken.status, taken.body.data]).toEqual([409, 'The account name "main erp" is already used']);
  });

  it('keeps the stored password on an empty one only while ip and port stay the same', async () => {
    const second = byName(await ok('GET', '/api/e10account/list'), 'Second ERP');
    const before = (await stack.runtime.db.query<{ identity_enc: string }>('SELECT identity_enc FROM data_source.erp_accounts WHERE id = $1', [second.id])).rows[0]!.identity_enc;
    await ok('POST', '/api/e10account/edit', { ...second, userName: 'other-user', identity: '' });
    const after = (await stack.runtime.db.query<{ identity_enc: string }>('SELECT identity_enc FROM data_source.erp_accounts WHERE id = $1', [second.id])).rows[0]!.identity_enc;
    expect(after).toBe(before);
    const moved = await call('POST', '/api/e10account/edit', { ...second, port: 9090, identity: '' });
    expect([moved.status, moved.body.data]).toEqual([400, 'The IP or port changed: please enter the password again']);
    const movedHost = await call('POST', '/api/e10account/edit', { ...second, ip: 'erp2.example.com', identity: '' });
    expect(movedHost.status).toBe(400);
    const list = await ok('POST', '/api/e10account/edit', { ...second, userName: 'other-user', port: 9090, identity: 'new-secret' });
    expect(byName(list, 'Second ERP')).toMatchObject({ port: 9090, userName: 'other-user', hasPassword: true, identity: '' });
  });

  it('refuses an internal server unless BI_OUTBOUND_ALLOW opens it', async () => {
    const refused = await call('POST', '/api/e10account/edit', account('Loopback', { ip: '127.0.0.1' }));
    expect([refused.status, refused.body.data]).toEqual([400, 'Cannot connect to 127.0.0.1: it is an internal address (an administrator can allow it in BI_OUTBOUND_ALLOW)']);
    expect((await call('POST', '/api/e10account/edit', account('Private', { ip: '192.168.1.5' }), admin, 'zh-CN')).body.data).toBe('不能连接 192.168.1.5：这是内部地址（管理员可在 BI_OUTBOUND_ALLOW 中放行）');
    expect((await call('POST', '/api/e10account/edit', account('Named', { ip: 'localhost' }))).status).toBe(400);
    expect((await call('POST', '/api/e10account/edit', account('Bad', { ip: 'no such/host' }))).body.data).toBe('The IP must be an address or a host name');
    // 10.20.0.0/16 is allowed by the administrator
    const list = await ok('POST', '/api/e10account/edit', account('Allowed', { ip: '10.20.3.4' }));
    expect(byName(list, 'Allowed')).toMatchObject({ ip: '10.20.3.4', isPrimary: false });
  });

  it('marks the account the caller chose as selected, for that caller only', async () => {
    const allowed = byName(await ok('GET', '/api/e10account/list', undefined, analyst), 'Allowed');
    const mine = await ok('POST', '/api/e10account/edit', { ...allowed, isSelected: true }, analyst);
    expect(mine.filter((a: any) => a.isSelected).map((a: any) => a.name)).toEqual(['Allowed']);
    expect((await ok('GET', '/api/e10account/list', undefined, analyst)).filter((a: any) => a.isSelected).map((a: any) => a.name)).toEqual(['Allowed']);
    // the admin never chose: the primary is selected
    expect((await ok('GET', '/api/e10account/list')).filter((a: any) => a.isSelected).map((a: any) => a.name)).toEqual(['Main ERP']);
  });

  it('deletes an account other than the primary and answers the list; a chosen account deleted falls back to the primary', async () => {
    const allowed = byName(await ok('GET', '/api/e10account/list'), 'Allowed');
    const list = await ok('DELETE', `/api/e10account/delete/${allowed.id}`, undefined, analyst);
    expect(byName(list, 'Allowed')).toBeUndefined();
    expect((await ok('GET', '/api/e10account/list', undefined, analyst)).filter((a: any) => a.isSelected).map((a: any) => a.name)).toEqual(['Main ERP']);
    const again = await call('DELETE', `/api/e10account/delete/${allowed.id}`);
    expect([again.status, again.body.data]).toEqual([404, 'The account does not exist']);
    expect((await call('DELETE', '/api/e10account/delete/not-an-id')).status).toBe(404);
  });

  it('refuses a caller without the rights: viewers read nothing, no change without datasource:edit, nobody signed out', async () => {
    const main = byName(await ok('GET', '/api/e10account/list'), 'Main ERP');
    expect((await call('GET', '/api/e10account/list', undefined, viewer)).status).toBe(403);
    expect((await call('GET', '/api/e10account/primary', undefined, viewer)).status).toBe(403);
    expect((await call('POST', '/api/e10account/edit', account('Viewer made'), viewer)).status).toBe(403);
    expect((await call('DELETE', `/api/e10account/delete/${main.id}`, undefined, viewer)).status).toBe(403);
    expect((await stack.api('/api/e10account/list')).status).toBe(401);
    expect(byName(await ok('GET', '/api/e10account/list'), 'Viewer made')).toBeUndefined();
  });

  it('answers nothing where the e10report module is off', async () => {
    const off = await startTestStack({ BI_MODULES: 'sql,excel' });
    try {
      const token = await off.login('admin');
      const r = await off.api('/api/e10account/list', { token, headers: { currentLanguage: 'en' } });
      expect([r.status, r.body.data]).toEqual([403, 'The ERP report module is not enabled']);
    } finally {
      await off.stop();
    }
  });
});
