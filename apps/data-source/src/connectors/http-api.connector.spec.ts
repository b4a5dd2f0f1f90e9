import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiSettingsSchema } from '@bi/chart-model';
import { outboundPolicy } from '@bi/outbound';
import type { StoreValue } from '../uploads/store-writer.js';
import { HttpApiConnector, apiPages, rowConverter } from './http-api.connector.js';
import { convertValue } from './http-api.settings.js';

const TOTAL = 23;
const item = (i: number) => ({ id: i, amount: `${i}.5`, day: `2026-01-${String((i % 28) + 1).padStart(2, '0')}` });
let server: Server;
let base = '';
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const url = new URL(req.url!, 'http://x');
    const send = (body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const size = Number(url.searchParams.get('size') ?? 10);
    if (url.pathname === '/page') {
      const p = Number(url.searchParams.get('page'));
      return send({ data: { items: Array.from({ length: Math.max(0, Math.min(size, TOTAL - (p - 1) * size)) }, (_, k) => item((p - 1) * size + k)) } });
    }
    if (url.pathname === '/offset') {
      const o = Number(url.searchParams.get('offset'));
      return send(Array.from({ length: Math.max(0, Math.min(size, TOTAL - o)) }, (_, k) => item(o + k)));
    }
    if (url.pathname === '/cursor') {
      const c = Number(url.searchParams.get('after') ?? 0);
      const rows = Array.from({ length: Math.min(10, TOTAL - c) }, (_, k) => item(c + k));
      return send({ rows, next: c + 10 < TOTAL ? String(c + 10) : null });
    }
    if (url.pathname === '/link') {
      const p = Number(url.searchParams.get('p') ?? 1);
      const rows = Array.from({ length: Math.min(10, TOTAL - (p - 1) * 10) }, (_, k) => item((p - 1) * 10 + k));
      return send(rows, p * 10 < TOTAL ? { link: `</link?p=${p + 1}>; rel="next"` } : {});
    }
    if (url.pathname === '/bad') return send([item(0), { ...item(1), id: 'one' }]);
    if (url.pathname === '/forever') return send({ rows: [item(1)], next: 'again' });
    res.writeHead(500).end('boom');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const allow = { policy: outboundPolicy(['127.0.0.1/32']), timeZone: 'UTC' };
const columns = [
  { path: 'id', name: 'id', type: 'whole' },
  { path: 'amount', name: 'amount', type: 'decimal' },
  { path: 'day', name: 'day', type: 'date' },
];
const settingsOf = (over: Record<string, unknown>) => apiSettingsSchema.parse({ columns, ...over });
const none = { auth: '', headers: {} };

async function all(c: HttpApiConnector, maxRows = 1000): Promise<StoreValue[][]> {
  const out: StoreValue[][] = [];
  for await (const b of c.rows({ maxRows })) out.push(...b);
  return out;
}

describe('HTTP API connector over a local server', () => {
  it.each([
    ['page', { url: '/page', rowsPath: '$.data.items[*]', paging: { mode: 'page', param: 'page', sizeParam: 'size', size: 10 } }],
    ['offset', { url: '/offset', paging: { mode: 'offset', param: 'offset', sizeParam: 'size', size: 10 } }],
    ['cursor', { url: '/cursor', rowsPath: '$.rows', paging: { mode: 'cursor', param: 'after', cursorPath: '$.next' } }],
    ['link', { url: '/link', paging: { mode: 'link' } }],
  ])('reads every row of %s paging once, in order, converted', async (_mode, over) => {
    const rows = await all(new HttpApiConnector(settingsOf({ ...over, url: base + (over as { url: string }).url }), none, allow));
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: TOTAL }, (_, i) => i));
    expect(rows[3]![1]).toBe(3.5);
    expect(rows[3]![2]).toMatchObject({ ms: Date.UTC(2026, 0, 4), hasTime: false });
  });

  it('stops at the page cap with its message', async () => {
    const s = settingsOf({ url: `${base}/forever`, rowsPath: '$.rows', paging: { mode: 'cursor', param: 'after', maxPages: 5 } });
    await expect(all(new HttpApiConnector(s, none, allow))).rejects.toMatchObject({ key: 'apisource.too_many_pages', params: { max: 5 } });
  });

  it('stops at the row cap with its message', async () => {
    const s = settingsOf({ url: `${base}/offset`, paging: { mode: 'offset', param: 'offset', sizeParam: 'size', size: 10 } });
    await expect(all(new HttpApiConnector(s, none, allow), 15)).rejects.toMatchObject({ key: 'apisource.too_many_rows', params: { max: 15 } });
  });

  it('refuses a loopback target unless BI_OUTBOUND_ALLOW opens it, before any request', async () => {
    const before = seen.length;
    const s = settingsOf({ url: `${base}/offset` });
    await expect(all(new HttpApiConnector(s, none, { policy: outboundPolicy([]), timeZone: 'UTC' }))).rejects.toMatchObject({ key: 'apisource.target_not_allowed' });
    expect(seen.length).toBe(before);
  });

  it('answers an HTTP error status as its own message, never the body', async () => {
    await expect(all(new HttpApiConnector(settingsOf({ url: `${base}/nothing` }), none, allow))).rejects.toMatchObject({ key: 'apisource.http_status', params: { status: 500 } });
  });

  it('incremental: sends ${watermark}, keeps only rows after it and remembers the largest', async () => {
    const s = settingsOf({ url: `${base}/offset`, query: [{ name: 'since', value: '${watermark}' }], paging: { mode: 'offset', param: 'offset', sizeParam: 'size', size: 10 }, sync: { mode: 'incremental', watermark: 'id' } });
    const c = new HttpApiConnector(s, none, allow, '19');
    const rows = await all(c);
    expect(rows.map((r) => r[0])).toEqual([20, 21, 22]);
    expect(c.watermark).toBe('22');
    expect(new URL(seen[seen.length - 1]!.url!, 'http://x').searchParams.get('since')).toBe('19');
  });

  it('stops at the first value its column type refuses, naming row, column and value', async () => {
    await expect(all(new HttpApiConnector(settingsOf({ url: `${base}/bad` }), none, allow))).rejects.toMatchObject({ key: 'apisource.bad_value', params: { row: 2, column: 'id', value: 'one' } });
  });

  it('sends the auth header on every page', async () => {
    const before = seen.length;
    const s = settingsOf({ url: `${base}/cursor`, rowsPath: '$.rows', auth: { kind: 'bearer' }, paging: { mode: 'cursor', param: 'after' } });
    let pages = 0;
    for await (const _ of apiPages(s, { auth: 'tok-1', headers: {} }, allow, {})) pages++;
    expect(pages).toBe(3);
    expect(seen.slice(before).map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1']);
  });
});

describe('rowConverter (the read’s conversion)', () => {
  const columns = [
    { path: 't', name: 't', type: 'text' },
    { path: 'w', name: 'w', type: 'whole' },
    { path: 'x', name: 'x', type: 'decimal' },
    { path: 'd', name: 'd', type: 'date' },
    { path: 'a.dt', name: 'dt', type: 'datetime' },
  ] as const;
  const rows = [
    { t: 'a', w: 1, x: 1.25, d: '2026-01-02', a: { dt: '2026-01-02 03:04:05' } },
    { t: '', w: '7', x: '2.5e3', d: '2026-01-02', a: { dt: 1_700_000_000_000 } },
    { t: 12, w: -3, x: ' 4 ', d: '2026/01/03 10:00', a: { dt: '2026-01-02T03:04:05+08:00' } },
    { t: { k: [1] }, w: null, d: '', a: null },
    { t: true, w: 2 ** 53 - 1, x: -0, d: '2026/01/03 10:00', a: { dt: '' } },
  ];

  it('gives what convertValue gives for every value, also when a date text comes again', () => {
    const convert = rowConverter(columns);
    rows.forEach((row, k) => {
      const want = columns.map((c) => {
        const r = convertValue(c.path === 'a.dt' ? (row.a as { dt?: unknown } | null)?.dt : (row as Record<string, unknown>)[c.path], c.type);
        return r.ok ? r.value : 'bad';
      });
      expect(convert(row, k + 1)).toEqual(want);
    });
  });

  it('stops at the first value its column type refuses, naming row and column', () => {
    const convert = rowConverter(columns);
    expect(() => convert({ w: 1.5 }, 7)).toThrow(expect.objectContaining({ key: 'apisource.bad_value', params: { row: 7, column: 'w', value: '1.5' } }));
    expect(convert({ d: '2026-02-28' }, 1)[3]).toEqual(convertValue('2026-02-28', 'date').ok ? (convertValue('2026-02-28', 'date') as { value: StoreValue }).value : 'bad');
    // a remembered bad date text is refused again
    expect(() => convert({ d: '2026-02-30' }, 2)).toThrow(expect.objectContaining({ key: 'apisource.bad_value', params: expect.objectContaining({ row: 2, column: 'd' }) }));
    expect(() => convert({ d: '2026-02-30' }, 3)).toThrow(expect.objectContaining({ params: expect.objectContaining({ row: 3 }) }));
  });
});
