/**
 * The reference provider started for real (in-memory PGlite) and the conformance kit run against it; the
 * kit must also FAIL against deliberately broken providers (a proxy in front of the reference one that
 * breaks one rule each), so a passing run means something.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboundFetch, outboundPolicy } from '@bi/outbound';
import { openTestDatabase, type SqlDatabase } from '@bi/persistence';
import { authorizationHeader, ProviderClient, ProviderError } from '@bi/provider-protocol';
import type { ConformanceSection } from './conformance.js';
import { providerCredentials, recordsOfDay, runConformance, startReferenceProvider, type ReferenceProvider } from './index.js';

const END = '2025-06-30';
const USER = 'erp-user';
const PASSWORD = 'pa55-wörd';

let provider: ReferenceProvider;
let db: SqlDatabase;
beforeAll(async () => {
  // a database passed in (the embedded host's way; on a real PostgreSQL server in the services run)
  db = await openTestDatabase();
  provider = await startReferenceProvider({ port: 0, user: USER, password: PASSWORD, db, dataset: { endDate: END, days: 500 } });
});
afterAll(async () => {
  await provider?.close();
  // close() leaves a database it was given open
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM erp_provider.stock_balance')).rows[0]!.n).toBeGreaterThan(0);
  await db.close();
});

type Mutation = { rewriteAuth?: boolean; answer?: (path: string, body: any) => any };

/** A provider that forwards to the reference one and breaks one rule. */
async function brokenProvider(m: Mutation): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(provider.url);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
      // accepts whatever arrives: re-signs every request with a fresh timestamp
      if (m.rewriteAuth) headers.authorization = authorizationHeader({ user: USER, password: PASSWORD, method: req.method!, requestTarget: req.url!, body });
      else if (req.headers.authorization) headers.authorization = req.headers.authorization;
      const r = await fetch(`${target.origin}${req.url}`, { method: req.method, headers, body: req.method === 'POST' ? body : undefined });
      let json = await r.json();
      if (r.ok && m.answer) json = m.answer(new URL(req.url!, 'http://x').pathname, json);
      const text = JSON.stringify(json);
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/bi-provider/v1`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function failedChecks(m: Mutation, sections: ConformanceSection[], programs?: string[]): Promise<string[]> {
  const broken = await brokenProvider(m);
  try {
    const report = await runConformance({ baseUrl: broken.url, user: USER, password: PASSWORD, today: END, maxRows: 20_000, sections, programs });
    expect(report.ok).toBe(false);
    return report.checks.filter((c) => !c.ok).map((c) => c.name);
  } finally {
    await broken.close();
  }
}

describe('reference provider', () => {
  it('passes its own conformance kit', async () => {
    const report = await runConformance({ baseUrl: provider.url, user: USER, password: PASSWORD, today: END });
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.checks.length).toBeGreaterThan(40);
  });

  it('serves the generated orders: a month of rows sums to the generator’s orders of that month', async () => {
    const client = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD });
    let rows = 0;
    let amount = 0;
    const program = await client.program('sales.order_lines');
    expect(program.dateFields.map((f) => f.name)).toContain('order_date');
    let amountIdx = -1;
    for await (const page of client.allRows('sales.order_lines', { project: 'all', dateField: 'order_date', from: '2025-03-01', to: '2025-03-31', limit: 100 })) {
      amountIdx = page.columns.findIndex((c) => c.name === 'amount');
      expect(page.columns[amountIdx]!.type).toBe('decimal');
      rows += page.rows.length;
      for (const r of page.rows) amount += r[amountIdx] as number;
    }
    let expectedRows = 0;
    let expectedAmount = 0;
    for (let d = 1; d <= 31; d++) {
      const day = `2025-03-${String(d).padStart(2, '0')}`;
      for (const o of recordsOfDay('bi-reference-erp', day).orders) {
        expectedRows++;
        expectedAmount += o.amount;
      }
    }
    expect(rows).toBe(expectedRows);
    expect(amount).toBeCloseTo(expectedAmount, 2);

    // the month's revenue indicator is the same sum; compare 1 is March 2024's
    const v = await client.indicatorValues({ targets: ['all.revenue'], date: '2025-03-15', periodDimension: 2, compare: 1 });
    const s = v.series[0]!;
    expect(s.ok && s.points[0]!.value).toBeCloseTo(expectedAmount, 2);
    let march2024 = 0;
    for (let d = 1; d <= 31; d++) for (const o of recordsOfDay('bi-reference-erp', `2024-03-${String(d).padStart(2, '0')}`).orders) march2024 += o.amount;
    expect(s.ok && s.points[0]!.compareValue).toBeCloseTo(march2024, 2);
  });

  it('refuses a wrong password through the client with the protocol code', async () => {
    const client = new ProviderClient({ baseUrl: provider.url, user: USER, password: 'wrong' });
    await expect(client.programs()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    const late = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD, now: () => Date.now() - 6 * 60_000 });
    await expect(late.info()).rejects.toBeInstanceOf(ProviderError);
    await expect(late.info()).rejects.toMatchObject({ code: 'clock_skew' });
  });

  it('calls through the outbound policy’s fetch (refused unless the policy allows the address)', async () => {
    const allowed = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD, fetchImpl: outboundFetch(outboundPolicy('127.0.0.1')) });
    expect((await allowed.programs()).map((p) => p.typeKey)).toContain('inventory.balance');
    await expect(allowed.rows('sales.order_lines', { limit: 3 })).resolves.toMatchObject({ rows: expect.any(Array) });
    const refused = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD, fetchImpl: outboundFetch(outboundPolicy()) });
    await expect(refused.info()).rejects.toMatchObject({ code: 'target_not_allowed' });
  });

  it('bounds the size of an answer in the client', async () => {
    const client = new ProviderClient({ baseUrl: provider.url, user: USER, password: PASSWORD, maxResponseBytes: 2_000 });
    await expect(client.rows('sales.order_lines', { limit: 500 })).rejects.toMatchObject({ code: 'response_too_large' });
  });

  it('keeps generated credentials in a secret file under the data directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-provider-'));
    try {
      const a = providerCredentials({}, dir);
      expect(a.user).toBe('bi-erp');
      expect(readFileSync(join(dir, 'provider-password'), 'utf8').trim()).toBe(a.password);
      expect(providerCredentials({}, dir).password).toBe(a.password);
      expect(providerCredentials({ BI_ERP_PROVIDER_USER: 'u', BI_ERP_PROVIDER_PASSWORD: 'p' }, dir)).toEqual({ user: 'u', password: 'p' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the conformance kit fails a broken provider', () => {
  it('with a wrong column type', async () => {
    const failed = await failedChecks({
      answer: (path, body) =>
        path.endsWith('/programs/sales.order_lines/rows') ? { ...body, columns: body.columns.map((c: any) => (c.name === 'amount' ? { ...c, type: 'whole' } : c)) } : body,
    }, ['reports'], ['sales.order_lines']);
    expect(failed).toEqual(['sales.order_lines: paging to the end (limit 250) with typed cells']);
  });

  it('that accepts stale timestamps and any signature', async () => {
    const failed = await failedChecks({ rewriteAuth: true }, ['auth']);
    expect(failed).toEqual(expect.arrayContaining(['a timestamp 10 minutes old is refused (clock_skew)', 'a tampered signature is refused (unauthorized)', 'a wrong password is refused (unauthorized)']));
  });

  it('with compare values that are not the compared period’s value', async () => {
    const failed = await failedChecks({
      answer: (path, body) =>
        path.endsWith('/indicators/values')
          ? { series: body.series.map((s: any) => (s.ok ? { ...s, points: s.points.map((p: any) => (p.compareValue != null ? { ...p, compareValue: p.compareValue + 1 } : p)) } : s)) }
          : body,
    }, ['indicators']);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((n) => /compare [12] equal/.test(n))).toBe(true);
  });

  it('with a cursor that never ends', async () => {
    const failed = await failedChecks({
      answer: (path, body) => (path.endsWith('/programs/inventory.balance/rows') ? { ...body, nextCursor: body.nextCursor ?? 'c3RhbGU' } : body),
    }, ['reports'], ['inventory.balance']);
    expect(failed).toContain('inventory.balance: paging to the end (limit 250) with typed cells');
  });
});
