import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiSettingsSchema } from '@bi/chart-model';
import { outboundPolicy } from '@bi/outbound';
import { endParseThread, parseThreadRunning, threadStagedPages } from './http-api.raw-thread.js';
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
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": {"items": [{"id": 1}]}} and more'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await endParseThread();
  delete process.env.BI_API_PARSE_THREAD;
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
