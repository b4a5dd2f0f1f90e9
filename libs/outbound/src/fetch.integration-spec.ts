import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchOutbound, outboundFetch, type AnswerBuffer } from './fetch.js';
import { outboundPolicy, TargetNotAllowed } from './policy.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const big = /^\/big\/(\d+)$/.exec(req.url ?? '');
    if (big) {
      // a body of n bytes, in chunks, without a length (the reader grows its buffer as they come)
      const n = Number(big[1]);
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let at = 0; at < n; at += 100_000) res.write(Buffer.alloc(Math.min(100_000, n - at), 97 + ((at / 100_000) % 26)));
      return res.end();
    }
    if (req.url === '/moved') {
      res.writeHead(302, { location: 'http://example.com/' });
      return res.end();
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-seen-host': req.headers.host ?? '' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body, auth: req.headers.authorization ?? null }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('fetchOutbound', () => {
  it('reads answers one after another into one reused buffer, grown as they need', async () => {
    const reuse: AnswerBuffer = { bytes: Buffer.alloc(0) };
    const read = (path: string) => fetchOutbound(outboundPolicy('127.0.0.1'), `${base}${path}`, { method: 'GET', timeoutMs: 5000, maxBytes: 10_000_000, reuse });
    const expected = (n: number) => Buffer.concat(Array.from({ length: Math.ceil(n / 100_000) }, (_, k) => Buffer.alloc(Math.min(100_000, n - k * 100_000), 97 + (k % 26))));
    const first = await read('/big/750000');
    expect(first.bytes.equals(expected(750_000))).toBe(true);
    const grown = reuse.bytes;
    expect(grown.length).toBeGreaterThanOrEqual(750_000);
    // a shorter answer is a view of the same buffer; a longer one grows it
    const second = await read('/big/120000');
    expect(second.bytes.equals(expected(120_000))).toBe(true);
    expect(second.bytes.buffer).toBe(grown.buffer);
    const third = await read('/big/2500000');
    expect(third.bytes.equals(expected(2_500_000))).toBe(true);
    expect(JSON.parse((await read('/json')).body)).toMatchObject({ method: 'GET', url: '/json' });
    await expect(fetchOutbound(outboundPolicy('127.0.0.1'), `${base}/big/300000`, { method: 'GET', timeoutMs: 5000, maxBytes: 200_000, reuse })).rejects.toThrow('answer too large');
  });
});

describe('outboundFetch', () => {
  it('refuses a target the policy forbids (loopback by default)', async () => {
    await expect(outboundFetch(outboundPolicy())(`${base}/x`)).rejects.toBeInstanceOf(TargetNotAllowed);
  });

  it('reads the answer of an allowed target: status, headers, body, the request as sent', async () => {
    const f = outboundFetch(outboundPolicy('127.0.0.1'));
    const res = await f(`${base}/a/b?c=1`, { method: 'POST', headers: { authorization: 'X y', 'content-type': 'application/json' }, body: '{"k":1}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(await res.text())).toEqual({ method: 'POST', url: '/a/b?c=1', body: '{"k":1}', auth: 'X y' });
  });

  it('connects to the checked address of a name, keeping the name as Host', async () => {
    const port = new URL(base).port;
    const f = outboundFetch(outboundPolicy('erp.corp.example'), { resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    const res = await f(`http://erp.corp.example:${port}/v`);
    expect(res.headers.get('x-seen-host')).toBe(`erp.corp.example:${port}`);
    const reader = res.body.getReader();
    let text = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += Buffer.from(r.value).toString('utf8');
    expect(JSON.parse(text).url).toBe('/v');
  });

  it('answers a redirect as is, never following it', async () => {
    const res = await outboundFetch(outboundPolicy('127.0.0.1'))(`${base}/moved`);
    expect(res.status).toBe(302);
    await res.text();
  });
});
