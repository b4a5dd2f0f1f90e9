/**
 * Where an API source's raw pages are fetched, scanned and staged (http-api.pages.ts stagedPages): on
 * the parse threads (http-api.raw-worker.ts; started by the first sync, each ended after IDLE_MS without
 * one, at a lower scheduling priority than the service) when the service runs built (dist/*.js), in the
 * service's thread when it runs from its TypeScript sources or with BI_API_PARSE_THREAD=off. With
 * BI_API_PARSE_THREAD=on the TypeScript sources start the threads too, through a loader of the sources
 * (ts-thread.mjs, the specs). On a thread, each answer's socket chunks and bytes live and die in the
 * thread's own small heap: the service's thread — which serves chart runs in the one-process host — sees
 * only each staged file's name and row count, so its isolate counts none of a page's memory (each ≈ 64
 * MB of memory outside its heap started a full marking of the service's heap: docs/benchmarks.md,
 * Connectors, 2026-11-29). A page- or offset-paged API is read by PARSE_THREADS threads at once, each
 * asking for every n-th page (PageLane), and its pages are handed on in page order.
 */
import { rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { AppError } from '@bi/core';
import { RawPagesRefused, laneable, type RawPagesJob, type StagedPage } from './http-api.pages.js';

const built = import.meta.url.endsWith('.js');
/** Whether this service stages its raw pages on the parse thread. */
export const parseThreadOn = (): boolean => {
  const mode = process.env.BI_API_PARSE_THREAD;
  return mode === 'on' || (built && mode !== 'off');
};

/**
 * A parse thread's heap bounds (MB): it holds one page's bytes (≤ 32 MB, outside its heap) and their
 * socket chunks at a time, and parses no rows (the young generation was 64 MB while it did).
 */
const THREAD_OLD_MB = 512;
const THREAD_YOUNG_MB = 16;
/** A parse thread ends after this long without a sync (its memory goes back) and starts again with the next. */
const IDLE_MS = 60_000;

/** A message of the thread about one read. */
export type ThreadMessage =
  | { read: number; page: StagedPage }
  | { read: number; done: true }
  /** the thread has stopped the read and removed the files it staged that were not taken */
  | { read: number; stopped: true }
  | { read: number; error: { app?: { kind: AppError['kind']; key: AppError['key']; params: AppError['params'] }; refused?: string; message?: string } };

interface Thread {
  worker: Worker;
  reads: Map<number, (m: ThreadMessage) => void>;
  stopped?: Error;
  idle?: NodeJS.Timeout;
}
/**
 * The threads a read of a page- or offset-paged API uses at once (BI_API_PARSE_THREADS, 1–4, default 2:
 * a thread scans a page in ≈ 3 ms and DuckDB loads between the reads, docs/benchmarks.md, Connectors,
 * 2026-11-29 11:30); other pagings need each answer before the next request and use one.
 */
export const PARSE_THREADS = ((v) => (Number.isInteger(v) && v >= 1 && v <= 4 ? v : 2))(Number(process.env.BI_API_PARSE_THREADS ?? 2));
const pool: (Thread | undefined)[] = [];
let nextRead = 1;

function startThread(slot: number): Thread {
  const options = { resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB } };
  const worker = built
    ? new Worker(new URL('./http-api.raw-worker.js', import.meta.url), options)
    : new Worker(new URL('./ts-thread.mjs', import.meta.url), { ...options, workerData: { entry: new URL('./http-api.raw-worker.ts', import.meta.url).href } });
  worker.unref();
  const t: Thread = { worker, reads: new Map() };
  worker.on('message', (m: ThreadMessage) => t.reads.get(m.read)?.(m));
  const fail = (e: unknown) => {
    t.stopped ??= e instanceof Error ? e : new Error(String(e));
    if (pool[slot] === t) pool[slot] = undefined;
    clearTimeout(t.idle);
    const message = `the parse thread: ${t.stopped.message}`;
    for (const [read, deliver] of t.reads) deliver({ read, error: { refused: message } });
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`exited with ${code}`)));
  return t;
}

/** Parse thread `slot`, started by the first sync that needs it and kept for the next ones (its start costs ≈ 0.2 s of CPU). */
function parseThread(slot: number): Thread {
  let t = pool[slot];
  if (!t || t.stopped) pool[slot] = t = startThread(slot);
  clearTimeout(t.idle);
  return t;
}

/** Whether a parse thread is running (tests). */
export const parseThreadRunning = (): boolean => pool.some((t) => t && !t.stopped);

/** Ends a parse thread (taken out of the pool by the caller). */
async function endThread(t: Thread): Promise<void> {
  clearTimeout(t.idle);
  t.stopped ??= new Error('the parse thread ended');
  await t.worker.terminate();
}

/** Ends the parse threads now (tests; a service ends each by IDLE_MS). */
export async function endParseThread(): Promise<void> {
  await Promise.all(pool.splice(0).map((t) => t && endThread(t)));
}

const errorOf = (e: Extract<ThreadMessage, { error: unknown }>['error']): Error =>
  e.app ? new AppError(e.app.kind, e.app.key, e.app.params) : e.refused !== undefined ? new RawPagesRefused(e.refused) : new Error(e.message ?? 'the parse thread failed');

/**
 * stagedPages run on the parse threads, the pages in page order: one thread for an API whose next
 * request needs the answer (cursor, Link header), PARSE_THREADS for page and offset paging — thread i
 * reads pages i + 1, i + 1 + n, … (a lane), each a few pages ahead, and the read ends at the first
 * short or empty page as one thread's does (pages the other threads read past it are removed); a lane's
 * failure counts only when its page is reached. Every page yielded is the caller's.
 */
export async function* threadStagedPages(job: RawPagesJob, signal?: AbortSignal): AsyncGenerator<StagedPage> {
  const n = laneable(job.settings) ? PARSE_THREADS : 1;
  if (n === 1) {
    yield* threadRead(0, job, signal);
    return;
  }
  const stop = new AbortController();
  const laneSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const lanes = Array.from({ length: n }, (_, index) => threadRead(index, { ...job, lane: { index, of: n } }, laneSignal));
  /** each lane's next page, asked for at once (the lanes read ahead meanwhile); a failure is met when its page is reached */
  const ahead = lanes.map((lane) => lane.next());
  for (const a of ahead) a.catch(() => undefined);
  try {
    for (let page = 1; ; page++) {
      const i = (page - 1) % n;
      const r = await ahead[i]!;
      // a lane ends after its short or empty page: this page is past the last one
      if (r.done) return;
      ahead[i] = lanes[i]!.next();
      ahead[i]!.catch(() => undefined);
      if (r.value.page !== page) throw new RawPagesRefused(`the parse threads sent page ${r.value.page} for page ${page}`);
      yield r.value;
      if (r.value.rows < job.settings.paging.size) return;
    }
  } finally {
    // the lanes stop (each thread removes what it staged and did not send), and the pages they sent that
    // were not handed on are removed here
    stop.abort();
    await Promise.all(
      ahead.map(async (a, i) => {
        const r = await a.catch(() => null);
        if (r && !r.done) await rm(r.value.path, { force: true });
        // a lane that had sent its page waits at it: its end stops its thread's read
        await lanes[i]!.return(undefined);
      }),
    );
  }
}

/**
 * stagedPages run on parse thread `slot`: the thread fetches, scans, checks and stages the pages a few
 * ahead of this reader (a window of un-taken pages, so it fetches page N + 1 while the service hands
 * page N to DuckDB) and sends each staged file's name and row count. Every page yielded is the caller's
 * (taken: the thread forgets it); when the reader stops early, the thread stops its read and removes
 * the files it staged that were not taken. A thread that fails gives the load back (RawPagesRefused).
 */
async function* threadRead(slot: number, job: RawPagesJob, signal?: AbortSignal): AsyncGenerator<StagedPage> {
  const t = parseThread(slot);
  const read = nextRead++;
  const queue: ThreadMessage[] = [];
  let wake: (() => void) | null = null;
  let stopped: () => void = () => undefined;
  const cleared = new Promise<void>((r) => (stopped = r));
  t.reads.set(read, (m) => {
    if ('stopped' in m) return stopped();
    queue.push(m);
    // a failed thread has stopped every read
    if ('error' in m && t.stopped) stopped();
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  t.worker.ref();
  t.worker.postMessage({ read, job });
  try {
    for (;;) {
      if (signal?.aborted) throw new AppError('invalid', 'excel.cancelled');
      const m = queue.shift();
      if (!m) {
        await new Promise<void>((r) => (wake = r));
        wake = null;
        continue;
      }
      if ('done' in m) return;
      if ('error' in m) throw errorOf(m.error);
      if (!('page' in m)) continue;
      t.worker.postMessage({ read, taken: m.page.path });
      yield m.page;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!t.stopped) {
      // the read ends when the thread has removed what it staged and was not taken
      t.worker.postMessage({ read, stop: true });
      await cleared;
    }
    t.reads.delete(read);
    if (!t.stopped) {
      if (t.reads.size === 0) {
        t.worker.unref();
        clearTimeout(t.idle);
        t.idle = setTimeout(() => {
          if (t.reads.size === 0 && pool[slot] === t) {
            pool[slot] = undefined;
            void endThread(t);
          }
        }, IDLE_MS);
        t.idle.unref();
      }
    }
  }
}
