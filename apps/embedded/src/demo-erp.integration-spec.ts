import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderClient, providerBaseUrl } from '@bi/provider-protocol';
import { DEMO_ERP_ACCOUNT } from './demo-erp.js';
import { startTestStack, type TestStack } from './testing.js';

async function waitFor<T>(probe: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// npm start with demo content: the reference ERP provider runs beside the product and is its primary ERP account.
describe('demo reference ERP provider (BI_DEMO, BI_DEMO_ERP)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bi-demo-erp-'));
  let stack: TestStack;
  let admin: string;
  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (path: string) => (await stack.api(path, { token: admin, headers: { currentLanguage: 'en' } })).body;

  it('registers the provider as the primary ERP account, whose stored password the provider accepts', async () => {
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_DEMO: 'true', BI_MODULES: 'sql,excel,e10report' });
    admin = await stack.login('admin');
    const account = await waitFor(
      async () => ((await get('/api/e10account/list')).data as { name: string; ip: string; port: number; userName: string; isPrimary: boolean; identity: string }[]).find((a) => a.name === DEMO_ERP_ACCOUNT),
      60_000,
      'the demo ERP account',
    );
    expect(account).toMatchObject({ ip: '127.0.0.1', userName: 'bi-erp', isPrimary: true, identity: '' });
    expect((await get('/api/e10account/primary')).data.name).toBe(DEMO_ERP_ACCOUNT);

    const client = new ProviderClient({ baseUrl: providerBaseUrl(account.ip, account.port), user: account.userName, password: readFileSync(join(dataDir, 'provider-password'), 'utf8').trim() });
    // its data load behind the running product: until then it answers `unavailable` (retry), as the protocol says
    const programs = await waitFor(async () => client.programs().then((p) => (p.length ? p : undefined), () => undefined), 60_000, 'the provider data');
    expect((await client.info()).protocol).toBe('bi-provider/1');
    expect(programs.map((p) => p.typeKey)).toContain('sales.order_lines');
  });

  it('opens only the provider’s port of this machine: an alert webhook to another local port is refused', async () => {
    const account = ((await get('/api/e10account/list')).data as { name: string; port: number }[]).find((a) => a.name === DEMO_ERP_ACCOUNT)!;
    const other = account.port === 65535 ? account.port - 1 : account.port + 1;
    const { checkTargetUrl, outboundPolicy } = await import('@bi/outbound');
    const policy = outboundPolicy(stack.config.outbound.allow);
    expect(checkTargetUrl(policy, `http://127.0.0.1:${account.port}/bi-provider/v1`).ok).toBe(true);
    expect(checkTargetUrl(policy, `http://127.0.0.1:${other}/hook`).ok).toBe(false);
    expect(checkTargetUrl(policy, `http://localhost:${account.port}/hook`).ok).toBe(false);
  });
});
