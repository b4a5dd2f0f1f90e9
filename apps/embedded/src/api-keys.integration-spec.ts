import { analyticsDataDir, REGION_SALES_TABLE, restCalls, startTestStack, type TestStack } from './testing.js';

// API keys (issue 32, docs/api/api-keys.md): a bik_ secret shown once, stored as a hash, accepted as
// Authorization: Bearer; expired or revoked → 401; never more than its maker; the maker disabled or
// stripped of a role → the key stops at once; last use and the audit log recorded. Which routes each
// scope reaches: authorization-matrix.integration-spec.ts (API_KEY_MATRIX).
describe('API keys', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let analystId: string;
  let sourceId: string;
  const { call, ok } = restCalls(() => stack, () => admin);
  const bearer = (secret: string) => `Bearer ${secret}`;
  const make = async (token: string, body: Record<string, unknown>) => ok('POST', '/api/identity/api-keys', { name: 'CI', scopes: ['read'], ...body }, token);

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('api-keys', [REGION_SALES_TABLE]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    analystId = (await ok('GET', '/api/identity/admin/users')).find((u: { userName: string }) => u.userName === 'analyst').id;
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Key sources' });
    sourceId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales', content: 'SELECT * FROM sales' })).dataSource.dataSourceId;
  });
  afterAll(async () => stack?.stop());

  it('shows the secret once: bik_, 192 random bits and a checksum; lists hold only a hint', async () => {
    const made = await make(analyst, { name: 'Nightly export' });
    expect(made.secret).toMatch(/^bik_[A-Za-z0-9_-]{32}[0-9a-f]{8}$/);
    expect(made.key).toMatchObject({ name: 'Nightly export', scopes: ['read'], hint: made.secret.slice(0, 10), revokedAt: null, lastUsedAt: null });
    // default expiry: 90 days
    const days = (Date.parse(made.key.expiresAt) - Date.parse(made.key.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const mine = await call('GET', '/api/identity/api-keys', undefined, analyst);
    const all = await call('GET', '/api/identity/admin/api-keys', undefined, admin);
    for (const r of [mine, all]) {
      expect(JSON.stringify(r.body)).not.toContain(made.secret);
      expect(JSON.stringify(r.body)).not.toContain(made.secret.slice(10));
    }
    expect(mine.body.data.map((k: { id: string }) => k.id)).toContain(made.key.id);
    expect(all.body.data.find((k: { id: string }) => k.id === made.key.id)).toMatchObject({ userName: 'analyst' });
    // the database holds a hash, not the secret
    const stored = await stack.runtime.db.query<{ secret_hash: string }>('SELECT secret_hash FROM identity.api_keys WHERE id = $1', [made.key.id]);
    expect(stored.rows[0]!.secret_hash).not.toContain(made.secret.slice(4));
  });

  it('is accepted as a Bearer token, records last use, and answers 401 once revoked', async () => {
    const made = await make(analyst, { name: 'Reader' });
    const used = await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer(made.secret));
    expect(used.status).toBe(200);
    const listed = (await ok('GET', '/api/identity/api-keys', undefined, analyst)).find((k: { id: string }) => k.id === made.key.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedIp).toBeTruthy();
    await ok('DELETE', `/api/identity/api-keys/${made.key.id}`, undefined, analyst);
    expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer(made.secret))).status).toBe(401);
    // a key with a wrong checksum, or unknown, is refused the same way
    expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer(made.secret.slice(0, -1) + (made.secret.endsWith('0') ? '1' : '0')))).status).toBe(401);
    expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer('bik_unknown'))).status).toBe(401);
  });

  it('answers 401 once expired; the expiry is bounded to 1..365 days', async () => {
    const made = await make(analyst, { name: 'Short', expiresInDays: 1 });
    expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer(made.secret))).status).toBe(200);
    await stack.runtime.db.query("UPDATE identity.api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [made.key.id]);
    expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer(made.secret))).status).toBe(401);
    for (const expiresInDays of [0, 366, 1.5]) expect((await call('POST', '/api/identity/api-keys', { name: 'Bad', scopes: ['read'], expiresInDays }, analyst)).status).toBe(400);
    expect((await call('POST', '/api/identity/api-keys', { name: 'Bad', scopes: [] }, analyst)).status).toBe(400);
    expect((await call('POST', '/api/identity/api-keys', { name: 'Bad', scopes: ['everything'] }, analyst)).status).toBe(400);
  });

  it('never has more than its maker', async () => {
    // the admin scope: administrators only
    const refused = await call('POST', '/api/identity/api-keys', { name: 'Admin?', scopes: ['admin'] }, analyst, 'zh-CN');
    expect([refused.status, refused.body.data]).toEqual([403, '只有管理员可以创建带管理权限的密钥']);
    // the analyst cannot read the admin's source: neither can the analyst's key with every other scope
    const made = await make(analyst, { name: 'All I have', scopes: ['read', 'dashboards:write', 'sources:manage'] });
    expect((await call('GET', `/api/data_source/datasourceById/${sourceId}`, undefined, bearer(made.secret))).status).toBe(403);
    expect((await call('GET', `/api/data_source/datasourceById/${sourceId}`, undefined, admin)).status).toBe(200);
    // nor administer
    expect((await call('GET', '/api/identity/admin/users', undefined, bearer(made.secret))).status).toBe(403);
    // a key cannot make keys, nor sign out or change a password
    expect((await call('POST', '/api/identity/api-keys', { name: 'Child', scopes: ['read'] }, bearer(made.secret))).status).toBe(403);
    expect((await call('GET', '/api/identity/api-keys', undefined, bearer(made.secret))).status).toBe(403);
    // a user revokes only their own keys; an administrator any
    const other = await make(admin, { name: 'Admin own' });
    expect((await call('DELETE', `/api/identity/api-keys/${other.key.id}`, undefined, analyst)).status).toBe(404);
    expect((await call('DELETE', `/api/identity/admin/api-keys/${made.key.id}`, undefined, admin)).status).toBe(200);
    expect((await call('GET', '/api/dashboard/projects/dashboard', undefined, bearer(made.secret))).status).toBe(401);
  });

  it('stops at once when its maker loses a role or is disabled', async () => {
    const made = await make(analyst, { name: 'Sources', scopes: ['sources:manage'] });
    expect((await call('GET', '/api/data_source/projs', undefined, bearer(made.secret))).status).toBe(200);
    await ok('PUT', `/api/identity/admin/users/${analystId}/roles`, { roleIds: ['viewer'] });
    expect((await call('GET', '/api/data_source/projs', undefined, bearer(made.secret))).status).toBe(403);
    await ok('PUT', `/api/identity/admin/users/${analystId}/roles`, { roleIds: ['analyst'] });
    expect((await call('GET', '/api/data_source/projs', undefined, bearer(made.secret))).status).toBe(200);
    await ok('PUT', `/api/identity/admin/users/${analystId}/disabled`, { disabled: true });
    expect((await call('GET', '/api/data_source/projs', undefined, bearer(made.secret))).status).toBe(401);
    await ok('PUT', `/api/identity/admin/users/${analystId}/disabled`, { disabled: false });
    expect((await call('GET', '/api/data_source/projs', undefined, bearer(made.secret))).status).toBe(200);
  });

  it('cannot make, change, send or read report subscriptions, whatever its scopes (they run later with the maker\'s full rights)', async () => {
    // a fresh session: an earlier test disabled the analyst, which ended their sessions
    const session = await stack.login('analyst');
    const writer = await make(session, { name: 'Writer', scopes: ['dashboards:write', 'read'] });
    const root = await make(admin, { name: 'Root', scopes: ['admin'] });
    const body = { name: 'Keyed report', dashboardId: '00000000-0000-4000-8000-000000000000', schedule: { frequency: 'daily', hour: 9 }, recipients: [{ kind: 'user', userId: analystId }], formats: ['csv'] };
    for (const secret of [writer.secret, root.secret]) {
      for (const [method, path, b] of [['POST', '/api/subscription', body], ['POST', '/api/subscription/preview', body], ['GET', '/api/subscription/mine', undefined]] as const) {
        const r = await call(method, path, b, bearer(secret));
        expect([path, r.status]).toEqual([path, 403]);
      }
    }
    // the same person's session reaches the route (it answers for the unknown dashboard, not "forbidden")
    expect((await call('GET', '/api/subscription/mine', undefined, session)).status).toBe(200);
  });

  it('is audited, and its secrets never reach the log', async () => {
    const made = await make(admin, { name: 'Audited', scopes: ['admin'], expiresInDays: 30 });
    await ok('DELETE', `/api/identity/api-keys/${made.key.id}`);
    const audit = await ok('GET', '/api/identity/admin/audit?limit=20');
    const lines = audit.filter((e: { target: string }) => e.target === `apikey:${made.key.id}`).map((e: { action: string; detail: Record<string, unknown> }) => [e.action, e.detail.name]);
    expect(lines).toEqual([
      ['apikey.revoke', 'Audited'],
      ['apikey.create', 'Audited'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(made.secret);
    const secrets = (await stack.runtime.db.query<{ hint: string }>('SELECT hint FROM identity.api_keys')).rows.length;
    expect(secrets).toBeGreaterThan(5);
    expect(stack.logLines.filter((l) => l.includes('bik_') && /bik_[A-Za-z0-9_-]{20}/.test(l))).toEqual([]);
  });
});
