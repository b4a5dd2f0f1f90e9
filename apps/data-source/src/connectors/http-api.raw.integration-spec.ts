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
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const p = Number(url.searchParams.get('page'));
    const items = Array.from({ length: Math.max(0, Math.min(PAGE, TOTAL - (p - 1) * PAGE)) }, (_, k) => row((p - 1) * PAGE + k));
    // the odd source: page 3 holds a whole number as a text (the streamed path converts it; the raw path gives way)
    if (url.pathname === '/odd' && p === 3) items[1] = { ...items[1], id: '16' };
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

  it('refuses more rows than allowed with the source’s own message', async () => {
    const c = connector('/p');
    await expect(c.bulkLoad(writer, target(c, 'capped'), { maxRows: 10 })).rejects.toMatchObject({ key: 'apisource.too_many_rows' });
    expect(staged()).toEqual([]);
  });
});
