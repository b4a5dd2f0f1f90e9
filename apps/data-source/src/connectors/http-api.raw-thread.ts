/**
 * Where an API source's raw pages are parsed (http-api.raw.ts rawPageParser): on a parse thread
 * (http-api.raw-worker.ts; started by the first sync, ended after IDLE_MS without one, at a lower
 * scheduling priority than the service) when the service runs built (dist/*.js), in this thread when it
 * runs from its TypeScript sources (the specs: a worker runs JavaScript files) or with
 * BI_API_PARSE_THREAD=off. A page's text (twice its bytes for Chinese text) and its parsed rows live in
 * the thread's heap, and the service's event loop — which serves chart runs in the one-process host —
 * is left the fetch and the staging (docs/benchmarks.md, Connectors, 2026-11-29 05:45–06:31).
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

/** The parse of one raw-page read; close() ends the read (the thread ends after IDLE_MS without one). */
export interface RawPagesParse {
  parse(bytes: Buffer): Promise<RawParsedPage>;
  close(): Promise<void>;
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** The parse thread ends after this long without a sync (its memory goes back) and starts again with the next. */
const IDLE_MS = 60_000;

interface Thread {
  worker: Worker;
  calls: Map<number, { resolve: (r: RawParsed) => void; reject: (e: unknown) => void }>;
  /** reads using the thread */
  users: number;
  stopped?: Error;
  idle?: NodeJS.Timeout;
}
let shared: Thread | undefined;
let nextId = 1;
let nextPlan = 1;

/** The parse thread, started by the first sync and kept for the next ones (its start costs ≈ 0.2 s of CPU). */
function parseThread(): Thread {
  if (shared && !shared.stopped) return shared;
  const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB } });
  worker.unref();
  const t: Thread = { worker, calls: new Map(), users: 0 };
  worker.on('message', (m: { id: number; r: RawParsed }) => {
    const call = t.calls.get(m.id);
    if (!call) return;
    t.calls.delete(m.id);
    if (t.calls.size === 0) worker.unref();
    call.resolve(m.r);
  });
  const fail = (e: unknown) => {
    t.stopped ??= e instanceof Error ? e : new Error(String(e));
    if (shared === t) shared = undefined;
    clearTimeout(t.idle);
    for (const c of t.calls.values()) c.reject(t.stopped);
    t.calls.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the parse thread exited with ${code}`)));
  shared = t;
  return t;
}

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
  const t = parseThread();
  clearTimeout(t.idle);
  t.users++;
  // each read's plan (its checker and remembered dates) lives in the thread until the read closes
  const planId = nextPlan++;
  t.worker.postMessage({ planId, plan, cursorPath });
  let closed = false;
  return {
    parse(bytes) {
      if (t.stopped) return Promise.reject(t.stopped);
      // the thread gets a copy of the bytes (allocated in its isolate) and answers only the count, cursor
      // and span: moving the bytes there and back made the service's isolate count each page's memory
      // again, and every ≈ 64 MB of memory outside its heap starts a full marking of its heap
      const id = nextId++;
      return new Promise<RawParsed>((resolve, reject) => {
        t.calls.set(id, { resolve, reject });
        t.worker.ref();
        t.worker.postMessage({ id, planId, bytes });
      }).then((r) => ({ ...r, bytes: r.kind === 'page' && r.reencoded ? asBuffer(r.reencoded) : bytes }));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (t.stopped) return;
      t.worker.postMessage({ drop: planId });
      if (--t.users > 0) return;
      t.idle = setTimeout(() => {
        if (t.users === 0 && t.calls.size === 0) {
          if (shared === t) shared = undefined;
          t.stopped ??= new Error('the parse thread ended');
          void t.worker.terminate();
        }
      }, IDLE_MS);
      t.idle.unref();
    },
  };
}
