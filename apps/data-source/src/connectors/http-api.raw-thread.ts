/**
 * Where an API source's raw pages are parsed (http-api.raw.ts rawPageParser): on a thread of the sync's
 * own (http-api.raw-worker.ts) when the service runs built (dist/*.js), in this thread when it runs from
 * its TypeScript sources (the specs: a worker runs JavaScript files) or with BI_API_PARSE_THREAD=off.
 * A page's text (twice its bytes for Chinese text) and its parsed rows then live in the thread's small
 * heap, where a collection is cheap, and not in the service's large one, whose full collections
 * were about a third of a 1 M-row sync's CPU (docs/benchmarks.md, Connectors, 2026-11-29); the
 * service's event loop serves chart requests meanwhile.
 */
import { Worker } from 'node:worker_threads';
import { rawPageParser, type RawParsed, type RawPlan } from './http-api.raw.js';

const workerUrl = new URL('./http-api.raw-worker.js', import.meta.url);
const onThread = import.meta.url.endsWith('.js') && process.env.BI_API_PARSE_THREAD !== 'off';
/** The parse thread's heap bounds (MB): it holds one page (≤ 32 MB of bytes, its text and its parsed rows) at a time. */
const THREAD_OLD_MB = 512;
const THREAD_YOUNG_MB = 64;

/** A parsed page with the bytes its span is in. */
export type RawParsedPage = RawParsed & { bytes: Buffer };

/** The parse of one raw-page read; close() ends its thread. */
export interface RawPagesParse {
  parse(bytes: Buffer): Promise<RawParsedPage>;
  close(): Promise<void>;
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export function rawPagesParse(plan: RawPlan, cursorPath: string | null): RawPagesParse {
  if (!onThread) {
    const parse = rawPageParser(plan, cursorPath);
    return {
      parse: async (bytes) => {
        const r = parse(bytes);
        return { ...r, bytes: r.kind === 'page' && r.reencoded ? asBuffer(r.reencoded) : bytes };
      },
      close: async () => undefined,
    };
  }
  const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB } });
  worker.postMessage({ plan, cursorPath });
  const calls = new Map<number, { resolve: (r: RawParsedPage) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  worker.on('message', (m: { id: number; r: RawParsed; bytes: Uint8Array }) => {
    const call = calls.get(m.id);
    if (!call) return;
    calls.delete(m.id);
    call.resolve({ ...m.r, bytes: m.r.kind === 'page' && m.r.reencoded ? asBuffer(m.r.reencoded) : asBuffer(m.bytes) });
  });
  const fail = (e: unknown) => {
    stopped ??= e instanceof Error ? e : new Error(String(e));
    for (const c of calls.values()) c.reject(stopped);
    calls.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the parse thread exited with ${code}`)));
  return {
    parse(bytes) {
      if (stopped) return Promise.reject(stopped);
      // the bytes are moved to the thread (and back), not copied; a buffer that shares its memory (Node's
      // pool for small ones) is copied first, as moving it would take the memory from the others
      const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength && !(bytes.buffer instanceof SharedArrayBuffer) ? bytes : asBuffer(new Uint8Array(bytes));
      const id = nextId++;
      return new Promise<RawParsedPage>((resolve, reject) => {
        calls.set(id, { resolve, reject });
        worker.postMessage({ id, bytes: own }, [own.buffer as ArrayBuffer]);
      });
    },
    close: async () => {
      stopped ??= new Error('the parse thread was closed');
      await worker.terminate();
    },
  };
}
