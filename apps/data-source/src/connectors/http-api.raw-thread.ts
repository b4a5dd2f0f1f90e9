/**
 * Where an API source's raw pages are fetched, parsed and staged (http-api.connector.ts stagedPages): on
 * the parse thread (http-api.raw-worker.ts; started by the first sync, ended after IDLE_MS without one, at
 * a lower scheduling priority than the service) when the service runs built (dist/*.js), in the service's
 * thread when it runs from its TypeScript sources or with BI_API_PARSE_THREAD=off. With
 * BI_API_PARSE_THREAD=on the TypeScript sources start the thread too, through a loader of the sources
 * (ts-thread.mjs, the specs). On the thread, each answer's socket chunks, its bytes, its text and its
 * parsed rows live and die in the thread's own heap: the service's thread — which serves chart runs in
 * the one-process host — sees only each staged file's name and row count, so its isolate counts none of
 * a page's memory (each ≈ 64 MB of memory outside its heap started a full marking of the service's heap:
 * docs/benchmarks.md, Connectors, 2026-11-29).
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '@bi/core';
import { RawPagesRefused, type RawPagesJob, type StagedPage } from './http-api.pages.js';

const built = import.meta.url.endsWith('.js');
/** Whether this service stages its raw pages on the parse thread. */
export const parseThreadOn = (): boolean => {
  const mode = process.env.BI_API_PARSE_THREAD;
  return mode === 'on' || (built && mode !== 'off');
};

/** The parse thread's heap bounds (MB): it holds one page (≤ 32 MB of bytes, its text and its parsed rows) at a time. */
const THREAD_OLD_MB = 512;
const THREAD_YOUNG_MB = 64;
/** The parse thread ends after this long without a sync (its memory goes back) and starts again with the next. */
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
let shared: Thread | undefined;
let nextRead = 1;

function startThread(): Thread {
  const options = { resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB } };
  const worker = built
    ? new Worker(new URL('./http-api.raw-worker.js', import.meta.url), options)
    : new Worker(new URL('./ts-thread.mjs', import.meta.url), { ...options, workerData: { entry: new URL('./http-api.raw-worker.ts', import.meta.url).href } });
  worker.unref();
  const t: Thread = { worker, reads: new Map() };
  worker.on('message', (m: ThreadMessage) => t.reads.get(m.read)?.(m));
  const fail = (e: unknown) => {
    t.stopped ??= e instanceof Error ? e : new Error(String(e));
    if (shared === t) shared = undefined;
    clearTimeout(t.idle);
    const message = `the parse thread: ${t.stopped.message}`;
    for (const [read, deliver] of t.reads) deliver({ read, error: { refused: message } });
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`exited with ${code}`)));
  return t;
}

/** The parse thread, started by the first sync and kept for the next ones (its start costs ≈ 0.2 s of CPU). */
function parseThread(): Thread {
  if (!shared || shared.stopped) shared = startThread();
  clearTimeout(shared.idle);
  return shared;
}

/** Whether the parse thread is running (tests). */
export const parseThreadRunning = (): boolean => !!shared && !shared.stopped;

/** Ends the parse thread now (tests; a service ends it by IDLE_MS). */
export async function endParseThread(): Promise<void> {
  const t = shared;
  shared = undefined;
  if (!t) return;
  clearTimeout(t.idle);
  t.stopped ??= new Error('the parse thread ended');
  await t.worker.terminate();
}

const errorOf = (e: Extract<ThreadMessage, { error: unknown }>['error']): Error =>
  e.app ? new AppError(e.app.kind, e.app.key, e.app.params) : e.refused !== undefined ? new RawPagesRefused(e.refused) : new Error(e.message ?? 'the parse thread failed');

/**
 * stagedPages run on the parse thread: the thread fetches, parses, checks and stages the pages a few
 * ahead of this reader (a window of un-taken pages, so it fetches page N + 1 while the service hands
 * page N to DuckDB) and sends each staged file's name and row count. Every page yielded is the caller's
 * (taken: the thread forgets it); when the reader stops early, the thread stops its read and removes
 * the files it staged that were not taken. A thread that fails gives the load back (RawPagesRefused).
 */
export async function* threadStagedPages(job: RawPagesJob, signal?: AbortSignal): AsyncGenerator<StagedPage> {
  const t = parseThread();
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
          if (t.reads.size === 0 && shared === t) void endParseThread();
        }, IDLE_MS);
        t.idle.unref();
      }
    }
  }
}
