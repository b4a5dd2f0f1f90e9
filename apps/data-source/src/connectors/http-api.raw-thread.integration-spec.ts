import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiSettingsSchema } from '@bi/chart-model';
import { outboundPolicy } from '@bi/outbound';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARSE_THREADS, endParseThread, parseThreadRunning, threadStagedPages } from './http-api.raw-thread.js';
import { RawPagesRefused } from './http-api.pages.js';
import { rawPlan } from './http-api.raw.js';

// The raw-page load with its pages fetched, parsed and staged on the parse thread (http-api.raw-thread.ts,
// as the built service runs it; the thread loads the TypeScript sources through ts-thread.mjs): the
// cases of http-api.raw.integration-spec.ts — the same table as the streamed path to the bit, the
// fallback, the odd pages, the row cap, no staged file left — run again with the thread on, and an answer
// that is not JSON (its rows array whole, text after its end) comes back from the thread as the source's
// own message.
process.env.BI_API_PARSE_THREAD = 'on';
import './http-api.raw.integration-spec.js';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/bad') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": {"items": [{"id": 1}]}} and more');
    // 23 rows in pages of 5 (page paging from 1, or offsets); /fails answers 500 past the last page
    const size = Number(url.searchParams.get('size'));
    const from = url.searchParams.has('offset') ? Number(url.searchParams.get('offset')) : (Number(url.searchParams.get('page')) - 1) * size;
    if (url.pathname === '/fails' && from >= 25) return res.writeHead(500).end();
    if (url.pathname === '/busy' && from === 5) return res.writeHead(429).end();
    const items = Array.from({ length: Math.max(0, Math.min(size, 23 - from)) }, (_, k) => ({ id: from + k + 1 }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { items } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await endParseThread();
  delete process.env.BI_API_PARSE_THREAD;
});

const lanesSettings = (path: string, paging: Record<string, unknown>) =>
  apiSettingsSchema.parse({ url: `${base}${path}`, rowsPath: '$.data.items[*]', paging: { sizeParam: 'size', size: 5, maxPages: 100, ...paging }, columns: [{ path: 'id', name: 'id', type: 'whole' }] });
const lanesJob = (settings: ReturnType<typeof lanesSettings>, stagingDir: string) => ({ settings, secrets: { auth: '', headers: {} }, policy: outboundPolicy(['127.0.0.1/32']), timeZone: 'UTC', now: Date.now(), plan: rawPlan(settings)!, stagingDir });
/** the ids of every staged page, in the order handed on (each file removed once read) */
async function idsOf(settings: ReturnType<typeof lanesSettings>): Promise<{ pages: number[]; ids: number[]; left: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bi-lanes-'));
  const pages: number[] = [];
  const ids: number[] = [];
  try {
    for await (const p of threadStagedPages(lanesJob(settings, dir))) {
      pages.push(p.page);
      ids.push(...(JSON.parse(readFileSync(p.path, 'utf8')) as { id: number }[]).map((r) => r.id));
      rmSync(p.path);
    }
    return { pages, ids, left: readdirSync(dir) };
  } catch (e) {
    // what the read staged is gone even when it fails
    if (readdirSync(dir).length) throw new Error(`left ${readdirSync(dir).join(', ')}`);
    throw e;
  } finally {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
const all = Array.from({ length: 23 }, (_, i) => i + 1);

describe('HTTP API source: page and offset paging on several parse threads', () => {
  it('reads the pages on every thread and hands them on in page order, as one thread reads them', async () => {
    expect(PARSE_THREADS).toBeGreaterThan(1);
    expect(await idsOf(lanesSettings('/p', { mode: 'page', param: 'page', start: 1 }))).toEqual({ pages: [1, 2, 3, 4, 5], ids: all, left: [] });
    expect(await idsOf(lanesSettings('/p', { mode: 'offset', param: 'offset' }))).toEqual({ pages: [1, 2, 3, 4, 5], ids: all, left: [] });
  });

  it('ends at the short page: a failure of a page past it (another thread asked for it) does not count', async () => {
    expect(await idsOf(lanesSettings('/fails', { mode: 'page', param: 'page', start: 1 }))).toEqual({ pages: [1, 2, 3, 4, 5], ids: all, left: [] });
  });

  it('gives the load back to the one-by-one read when the API refuses reads at once (429, 503)', async () => {
    await expect(idsOf(lanesSettings('/busy', { mode: 'page', param: 'page', start: 1 }))).rejects.toBeInstanceOf(RawPagesRefused);
  });

  it('refuses more pages than allowed where one thread does, and removes what the threads staged', async () => {
    await expect(idsOf(lanesSettings('/p', { mode: 'page', param: 'page', start: 1, maxPages: 4 }))).rejects.toMatchObject({ key: 'apisource.too_many_pages' });
    expect((await idsOf(lanesSettings('/p', { mode: 'page', param: 'page', start: 1, maxPages: 5 }))).ids).toEqual(all);
  });
});

describe('HTTP API source: the raw pages on the parse thread', () => {
  it('ran the loads above on the thread, and gives back the refusal of an answer that is not JSON', async () => {
    expect(parseThreadRunning()).toBe(true);
    const settings = apiSettingsSchema.parse({
      url: `${base}/bad`,
      rowsPath: '$.data.items[*]',
      paging: { mode: 'page', param: 'page', sizeParam: 'size', size: 7, start: 1, maxPages: 100 },
      columns: [{ path: 'id', name: 'id', type: 'whole' }],
    });
    const job = { settings, secrets: { auth: '', headers: {} }, policy: outboundPolicy(['127.0.0.1/32']), timeZone: 'UTC', now: Date.now(), plan: rawPlan(settings)!, stagingDir: '/nonexistent' };
    await expect(threadStagedPages(job).next()).rejects.toMatchObject({ name: 'AppError', key: 'apisource.not_json', params: { page: 1 } });
  });
});
