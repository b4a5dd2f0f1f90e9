import { startTestStack, TEST_PASSWORD, type TestStack } from './testing.js';

// BFF → gRPC → identity service → SQL store, all real, in one process.
describe('identity REST API through the BFF', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => stack?.stop());

  it('answers a successful login with exactly the spec shape', async () => {
    const r = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'admin', password: TEST_PASSWORD, autoLogin: true, lang: 'en' } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['status', 'data']);
    expect(r.body.status).toBe('success');
    expect(Object.keys(r.body.data)).toEqual(['token', 'permission']);
    expect(Object.keys(r.body.data.token)).toEqual(['code', 'result']);
    expect(Object.keys(r.body.data.token.result)).toEqual(['token', 'userName', 'message']);
    expect(r.body.data.token.code).toBe(200);
    expect(r.body.data.token.result.userName).toBe('admin');
    expect(r.body.data.token.result.message).toBe('Signed in');
    expect(r.body.data.token.result.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(r.body.data.permission.roles).toEqual([{ id: 'admin', name: 'admin' }]);
    expect(r.body.data.permission.permissions).toEqual(
      expect.arrayContaining([{ target: 'drn:iam:app:margin:datasource:view' }, { target: 'drn:iam:app:margin:template:edit' }]),
    );
  });

  it('refuses a wrong password with a code other than 200 and a message in the chosen language', async () => {
    const en = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'analyst', password: 'wrong', lang: 'en' } });
    expect(en.body).toEqual({ status: 'success', data: { token: { code: 401, result: { token: '', userName: 'analyst', message: 'Wrong account or password' } }, permission: null } });
    const tw = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'nobody', password: 'x' }, headers: { currentLanguage: 'zh-TW' } });
    expect(tw.body.data.token).toEqual({ code: 401, result: { token: '', userName: 'nobody', message: '帳號或密碼錯誤' } });
    const fallback = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'nobody', password: 'x' }, headers: { currentLanguage: 'fr' } });
    expect(fallback.body.data.token.result.message).toBe('账号或密码错误');
  });

  it('asks for the missing field', async () => {
    const r = await stack.api('/api/identity/login', { method: 'POST', body: { userName: '', password: 'x', lang: 'en' } });
    expect(r.body.data.token).toMatchObject({ code: 400, result: { message: 'Please enter your account' } });
    const p = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'admin', lang: 'en' } });
    expect(p.body.data.token).toMatchObject({ code: 400, result: { message: 'Please enter your password' } });
  });

  it('refuses malformed bodies with the fail envelope', async () => {
    const r = await stack.api('/api/identity/login', { method: 'POST', body: '{not json', headers: { currentLanguage: 'en' } });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe('fail');
    const typed = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 42 }, headers: { currentLanguage: 'en' } });
    expect(typed.status).toBe(400);
    expect(typed.body).toEqual({ status: 'fail', data: expect.stringMatching(/^Illegal input: userName/) });
  });

  it('requires a valid token on every other route, raw or Bearer', async () => {
    const none = await stack.api('/api/identity/get-shipment-modules-data/datasource', { headers: { currentLanguage: 'en' } });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ status: 'fail', data: 'Your session has expired, please sign in again' });
    const forged = await stack.api('/api/identity/get-shipment-modules-data/datasource', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' });
    expect(forged.status).toBe(401);
    const token = await stack.login();
    expect((await stack.api('/api/identity/get-shipment-modules-data/datasource', { token })).status).toBe(200);
    expect((await stack.api('/api/identity/get-shipment-modules-data/datasource', { token: `Bearer ${token}` })).status).toBe(200);
  });

  it('gives module flags by configuration and permission', async () => {
    const admin = await stack.api('/api/identity/get-shipment-modules-data/datasource', { token: await stack.login('admin') });
    expect(admin.body.data).toEqual({
      e10report: { permission: false },
      sql: { permission: true },
      mysql: { permission: true },
      oracle: { permission: true },
      excel: { permission: true },
      api: { permission: false },
    });
    const viewer = await stack.api('/api/identity/get-shipment-modules-data/datasource', { token: await stack.login('viewer') });
    expect(Object.values(viewer.body.data).every((m: any) => m.permission === false)).toBe(true);
  });

  it('grants the seeded roles their permissions', async () => {
    const viewer = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'viewer', password: TEST_PASSWORD } });
    expect(viewer.body.data.permission).toEqual({ roles: [{ id: 'viewer', name: 'viewer' }], permissions: [{ target: 'drn:iam:app:margin:template:view' }] });
    const analyst = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'analyst', password: TEST_PASSWORD } });
    expect(analyst.body.data.permission.permissions.map((p: any) => p.target)).toEqual([
      'drn:iam:app:margin:dashboard:edit',
      'drn:iam:app:margin:datasource:edit',
      'drn:iam:app:margin:datasource:view',
      'drn:iam:app:margin:template:view',
    ]);
  });

  it('revokes the token on logout, and only for its own user', async () => {
    const token = await stack.login('analyst');
    const other = await stack.api('/api/identity/logout/admin', { token, headers: { currentLanguage: 'en' } });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ status: 'fail', data: 'You can only sign yourself out' });
    const out = await stack.api('/api/identity/logout/analyst', { token });
    expect(out.body).toEqual({ status: 'success', data: { userName: 'analyst', revoked: true } });
    expect((await stack.api('/api/identity/get-shipment-modules-data/datasource', { token })).status).toBe(401);
    // another session of the same user is untouched
    const second = await stack.login('analyst');
    expect((await stack.api('/api/identity/get-shipment-modules-data/datasource', { token: second })).status).toBe(200);
  });

  it('serves liveness, readiness and the OpenAPI document without a token', async () => {
    expect((await stack.api('/api/health/live')).body).toEqual({ status: 'success', data: { status: 'up' } });
    const ready = await stack.api('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.status).toBe('ready');
    expect(Object.keys(ready.body.data.services).sort()).toEqual(['chart-query', 'dashboard', 'data-source', 'identity', 'relation', 'template', 'warning']);
    const docs = await stack.api('/api/docs');
    expect(docs.status).toBe(200);
    expect(String(docs.body)).toContain('swagger');
    const json = await stack.api('/api/docs-json');
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/identity/login', '/api/identity/logout/{userName}', '/api/identity/get-shipment-modules-data/datasource']));
  });

  it('writes JSON logs that never contain a password or a token', async () => {
    const token = await stack.login('admin');
    await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'admin', password: 'a-wrong-secret-9' } });
    const all = stack.logLines.join('\n');
    expect(stack.logLines.length).toBeGreaterThan(0);
    for (const line of stack.logLines) expect(() => JSON.parse(line)).not.toThrow();
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).not.toContain('a-wrong-secret-9');
    expect(all).not.toContain(token);
  });
});

describe('login throttle', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // the client address from X-Forwarded-For, so the test can sign in from several addresses
    stack = await startTestStack({ BI_TRUST_PROXY: 'true', BI_LOGIN_FAILURES_BEFORE_BACKOFF: '5', BI_LOGIN_MAX_FAILURES_PER_ADDRESS: '8' });
  });
  afterAll(async () => stack?.stop());

  const attempt = (userName: string, password: string, address: string) =>
    stack
      .api('/api/identity/login', { method: 'POST', body: { userName, password, lang: 'en' }, headers: { 'x-forwarded-for': address } })
      .then((r) => ({ code: r.body.data.token.code, message: r.body.data.token.result.message, retry: r.headers.get('retry-after') }));

  it('backs off an account at the address that failed, never at another address', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('analyst', 'bad', '198.51.100.1')).code).toBe(401);
    const throttled = await attempt('analyst', TEST_PASSWORD, '198.51.100.1');
    expect(throttled.code).toBe(429);
    expect(throttled.message).toMatch(/^Too many sign-in attempts, please try again in \d+ seconds$/);
    expect(Number(throttled.retry)).toBeGreaterThan(0);
    // the owner, somewhere else, signs in at once
    const owner = await attempt('analyst', TEST_PASSWORD, '198.51.100.2');
    expect(owner.code).toBe(200);
    expect(owner.retry).toBeNull();
    // and another account at the failing address too
    expect((await attempt('viewer', TEST_PASSWORD, '198.51.100.1')).code).toBe(200);
  });

  it('never counts correct sign-ins: an office behind one address signs in 40 times', async () => {
    for (let i = 0; i < 40; i++) expect((await attempt(['admin', 'analyst', 'viewer'][i % 3]!, TEST_PASSWORD, '203.0.113.7')).code).toBe(200);
  });

  it('throttles an address that failed too often across accounts, that address only', async () => {
    for (const name of ['admin', 'viewer', 'nobody', 'someone']) for (let i = 0; i < 2; i++) expect((await attempt(name, 'bad', '192.0.2.9')).code).toBe(401);
    const throttled = await attempt('admin', TEST_PASSWORD, '192.0.2.9');
    expect(throttled.code).toBe(429);
    expect(Number(throttled.retry)).toBeGreaterThan(0);
    expect((await attempt('admin', TEST_PASSWORD, '192.0.2.10')).code).toBe(200);
  });
});

describe('tokens', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ BI_TOKEN_TTL_SECONDS: '4' });
  });
  afterAll(async () => stack?.stop());

  it('stop working when they expire', async () => {
    const token = await stack.login();
    expect((await stack.api('/api/identity/get-shipment-modules-data/datasource', { token })).status).toBe(200);
    // a lifetime of 4 s leaves room for a slow sign-in on a busy machine; wait past it (whole seconds)
    await new Promise((r) => setTimeout(r, 5100));
    expect((await stack.api('/api/identity/get-shipment-modules-data/datasource', { token })).status).toBe(401);
  });
});
