import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSettingsSchema } from '@bi/chart-model';
import { outboundPolicy } from '@bi/outbound';
import { DuckdbDriver } from '../drivers/duckdb.driver.js';
import type { ConnectionSpec } from '../drivers/driver.js';
import { analyticsWriter, tableRef, type LoadTarget } from '../uploads/store-writer.js';
import { HttpApiConnector } from './http-api.connector.js';
import { rawPlan } from './http-api.raw.js';
import { connectorBatches, loadBatches } from './sync-runner.js';

// The raw-page load of an HTTP API source (http-api.raw.ts): the pages as they came, read by DuckDB's
// read_json, give the same table as the streamed path (every value converted in JavaScript) — texts
// (empty ones NULL, quotes, line breaks, emoji), whole and decimal numbers to the bit, dates, absent
// and null fields, keys in page order; a page of another shape gives the load back to the streamed path
// (undefined), leaving no table and no staged file.

const dir = mkdtempSync(join(tmpdir(), 'bi-api-raw-'));
const driver = new DuckdbDriver({ engine: 'duckdb', path: join(dir, 'analytics.duckdb') } as ConnectionSpec);
const writer = analyticsWriter(driver);
const PAGE = 7;
const TEXTS = ['华东', '', 'say "hi", then, go', 'line\nbreak', '表情 😀', '  spaces  ', 'NULL'];
const row = (i: number): Record<string, unknown> => ({
  id: i + 1,
  name: TEXTS[i % TEXTS.length],
  price: i % 5 === 0 ? null : (i * 7919) / 100 + 0.1 + 0.2,
  day: i % 6 === 0 ? '' : `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  ...(i % 4 === 0 ? {} : { big: Number.MAX_SAFE_INTEGER - i }),
  extra: { nested: [i] },
});
const TOTAL = 40;
/**
 * Odd answers, each one page (id whole, name text, price decimal, day date, big whole): what DuckDB's
 * typed read takes more leniently than the streamed path, what JSON.parse refuses and yyjson (DuckDB's
 * reader) may take, and plain ones the raw path must take (ODD_TAKEN).
 */
const page = (rows: string, rest = '') => `{"code":0,"data":{"items":${rows}}${rest}}`;
const ODD_PAGES: (string | Buffer)[] = [
  /* 0 */ page('[{"id":1.0,"name":"a","price":-0.5,"day":"2024-01-05","big":1E2}]'),
  /* 1 */ page('[ { "id" : 2 , "name" : "b" , "extra" : { "deep" : [ true , false , null , { "x" : "y]}" } ] } } ,\n {"id":3,"price":1.5e-3,"day":""} ]'),
  /* 2 */ page('[{"id":4,"price":12345678901234567890.5,"big":-9007199254740991}]', ',"next":"c\\\"x"'),
  /* 3 */ page('[]'),
  /* 4 */ Buffer.concat([Buffer.from(page('[{"id":5,"name":"x').slice(0, -2)), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}}')]),
  /* 5 */ page('[{"id":1.5}]'),
  /* 6 */ page('[{"id":"12"}]'),
  /* 7 */ page('[{"id":true}]'),
  /* 8 */ page('[{"price":1e999}]'),
  /* 9 */ page('[{"price":-0}]'),
  /* 10 */ page('[{"price":-0.0e3}]'),
  /* 11 */ page('[{"name":12.0}]'),
  /* 12 */ page('[{"name":{"x":1.0}}]'),
  /* 13 */ page('[{"id":1,"x":NaN}]'),
  /* 14 */ page('[{"id":1,"x":[1,]}]'),
  /* 15 */ page('[{"id":1,"x":{"a":1,}}]'),
  /* 16 */ page('[{"id":1,"id":2}]'),
  /* 17 */ page('[{"day":"2024-02-30"}]'),
  /* 18 */ page('[{"day":"2024-2-3"}]'),
  /* 19 */ page('[1]'),
  /* 20 */ page('[null]'),
  /* 21 */ page('[{"\\u0069d":5}]'),
  /* 22 */ page('[{"id":01}]'),
  /* 23 */ page('[{"id":1} {"id":2}]'),
  /* 24 */ page('[{"big":9007199254740993}]'),
  /* 25 */ page('[{"name":"tab\there"}]'),
  /* 26 */ '{"code":NaN,"data":{"items":[{"id":1}]}}',
  /* 27 */ `${page('[{"id":1}]')} x`,
  /* 28 */ '{"code":0,"data":{"items":{"a":{"id":1}}}}',
  /* 29 */ page('[{"id":1,"x":Infinity}]'),
  /* 30 */ page('[{"id":1,"x":-inf}]'),
  /* 31 */ page('[{"id":1,"x":nan}]'),
  /* 32 */ page('[{"id":1}]', ',"data":{"items":[{"id":7}]}'),
  /* 33 */ page('[{"id":1},]'),
  /* 34 */ page('[{"id":1}]', ',"x":[1,]'),
  /* 35 */ page('[{"day":"0999-01-01"}]'),
  /* 36 */ page('[{"id":-7,"name":"","price":0,"day":null,"big":null}]'),
];
const ODD_TAKEN = [0, 1, 2, 3, 4, 32, 36];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const p = Number(url.searchParams.get('page'));
    const items = Array.from({ length: Math.max(0, Math.min(PAGE, TOTAL - (p - 1) * PAGE)) }, (_, k) => row((p - 1) * PAGE + k));
    // the odd source: page 3 holds a whole number as a text (the streamed path converts it; the raw path gives way)
    if (url.pathname === '/odd' && p === 3) items[1] = { ...items[1], id: '16' };
    const odd = /^\/case\/(\d+)$/.exec(url.pathname);
    if (odd) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(p === 1 ? ODD_PAGES[Number(odd[1])] : '{"code":0,"data":{"items":[]}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, data: { items, total: TOTAL } }, null, p === 2 ? 2 : 0));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await driver.close();
});

const ctx = { policy: outboundPolicy(['127.0.0.1/32']), timeZone: 'UTC' };
const settings = (path: string) =>
  apiSettingsSchema.parse({
    url: `${base}${path}`,
    rowsPath: '$.data.items[*]',
    paging: { mode: 'page', param: 'page', sizeParam: 'size', size: PAGE, start: 1, maxPages: 100 },
    columns: [
      { path: 'id', name: 'id', type: 'whole' },
      { path: 'name', name: '名称', type: 'text' },
      { path: 'price', name: 'price', type: 'decimal' },
      { path: 'day', name: 'day', type: 'date' },
      { path: 'big', name: 'big', type: 'whole' },
    ],
  });
const connector = (path: string) => new HttpApiConnector(settings(path), { auth: '', headers: {} }, ctx);
const target = (c: HttpApiConnector, table: string): LoadTarget => ({ table, mode: 'create', columns: [...c.fields] });
const read = { maxRows: 1000 };
const streamed = (c: HttpApiConnector, table: string) => writer.load(target(c, table), (loader) => loadBatches(connectorBatches(c, read), loader));

async function content(table: string): Promise<{ types: string[]; rows: unknown[][] }> {
  return driver.withConnection(async (conn) => {
    const t = await conn.runAndReadAll(`SELECT data_type FROM information_schema.columns WHERE table_schema = 'uploads' AND table_name = $1 ORDER BY ordinal_position`, [table]);
    const r = await conn.runAndReadAll(`SELECT key_id, id, "名称", price, day::VARCHAR, big, deleted FROM ${tableRef(table)} ORDER BY key_id`);
    return { types: (t.getRows() as string[][]).map((x) => x[0]), rows: r.getRows().map((v) => v.map((x) => (typeof x === 'bigint' ? Number(x) : x))) };
  });
}
const staged = () => readdirSync(dir).filter((f) => f.startsWith('.bi-'));

describe('HTTP API source: the raw-page load', () => {
  it('takes a source of plain keys and types, not one with dotted paths, datetimes or an incremental sync', () => {
    expect(rawPlan(settings('/p'))).toEqual({ head: ['data', 'items'], columns: expect.any(Array) });
    const s = settings('/p');
    expect(rawPlan({ ...s, columns: [{ path: 'order.id', name: 'id', type: 'whole' }] })).toBeNull();
    expect(rawPlan({ ...s, columns: [{ path: 'at', name: 'at', type: 'datetime' }] })).toBeNull();
    expect(rawPlan({ ...s, columns: [{ path: 'constructor', name: 'c', type: 'text' }] })).toBeNull();
    expect(rawPlan({ ...s, sync: { mode: 'incremental', watermark: 'id' } })).toBeNull();
    expect(rawPlan({ ...s, rowsPath: '$.data.items' })).toBeNull();
  });

  it('gives the table the streamed path gives: every value, its type and its key', async () => {
    const c = connector('/p');
    expect(await c.bulkLoad(writer, target(c, 'raw'), read)).toBe(TOTAL);
    expect(await streamed(connector('/p'), 'streamed')).toBe(TOTAL);
    const [raw, ref] = [await content('raw'), await content('streamed')];
    expect(raw.types).toEqual(ref.types);
    expect(raw.types).toContain('DATE');
    expect(raw.rows).toEqual(ref.rows);
    expect(raw.rows.map((r) => r[0])).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    expect(raw.rows[1]![2]).toBeNull(); // an empty text is NULL on both paths
    expect(raw.rows[3]![2]).toBe('line\nbreak');
    expect(staged()).toEqual([]);
  });

  it('keys a replace after the old copy in page order, as the streamed path does', async () => {
    const replace = (c: HttpApiConnector, table: string): LoadTarget => ({ ...target(c, table), mode: 'replace' });
    const c = connector('/p');
    expect(await c.bulkLoad(writer, target(c, 'again'), read)).toBe(TOTAL);
    expect(await c.bulkLoad(writer, replace(c, 'again'), read)).toBe(TOTAL);
    const s = connector('/p');
    expect(await streamed(s, 'again_streamed')).toBe(TOTAL);
    expect(await writer.load(replace(s, 'again_streamed'), (loader) => loadBatches(connectorBatches(connector('/p'), read), loader))).toBe(TOTAL);
    const [raw, ref] = [await content('again'), await content('again_streamed')];
    expect(raw.rows).toEqual(ref.rows);
    expect(raw.rows.map((r) => r[0])).toEqual(Array.from({ length: TOTAL }, (_, i) => TOTAL + i + 1));
    expect(staged()).toEqual([]);
  });

  it('gives way to the streamed path when a page holds a value of another shape: no table, no staged file', async () => {
    const c = connector('/odd');
    expect(await c.bulkLoad(writer, target(c, 'odd'), read)).toBeUndefined();
    expect(await driver.withConnection(async (conn) => (await conn.runAndReadAll(`SELECT count(*) FROM information_schema.tables WHERE table_name = 'odd'`)).getRows()[0]![0])).toBe(0n);
    expect(staged()).toEqual([]);
    // the streamed path converts the text '16' of a whole column
    expect(await streamed(connector('/odd'), 'odd')).toBe(TOTAL);
  });

  it('takes an odd page only where the streamed path gives the same table, and gives way (or fails as it fails) elsewhere', async () => {
    const taken: number[] = [];
    for (let n = 0; n < ODD_PAGES.length; n++) {
      const table = `odd_${n}`;
      const ref = await streamed(connector(`/case/${n}`), `${table}_s`).then(
        () => content(`${table}_s`),
        (e: { key?: string }) => ({ error: e.key ?? String(e) }),
      );
      const c = connector(`/case/${n}`);
      const raw = await c.bulkLoad(writer, target(c, table), read).then(
        (rows) => (rows === undefined ? 'gave way' : content(table)),
        (e: { key?: string }) => ({ error: e.key ?? String(e) }),
      );
      if (raw !== 'gave way') {
        // what the raw path loads, or the error it fails with, is the streamed path's
        expect({ n, page: ODD_PAGES[n], got: raw }).toEqual({ n, page: ODD_PAGES[n], got: ref });
        if (!('error' in raw)) taken.push(n);
      }
      expect(staged()).toEqual([]);
    }
    // the plain pages among them are taken by the raw path
    expect(taken).toEqual(expect.arrayContaining(ODD_TAKEN));
  });

  it('refuses more rows than allowed with the source’s own message', async () => {
    const c = connector('/p');
    await expect(c.bulkLoad(writer, target(c, 'capped'), { maxRows: 10 })).rejects.toMatchObject({ key: 'apisource.too_many_rows' });
    expect(staged()).toEqual([]);
  });
});
