import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { outboundFetch } from './fetch.js';
import { outboundPolicy, TargetNotAllowed } from './policy.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
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
