/**
 * The parse thread of an API source's raw-page reads (http-api.raw-thread.ts): each read's pages are
 * fetched through the outbound policy, parsed, checked, scanned and staged here (stagedPages, the same
 * code as in the service's thread), so the answers' bytes, their text and their parsed rows live and die
 * in this thread's small heap, and the service gets only each staged file's name and row count.
 */
import { readlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '@bi/core';
import { RawPagesRefused, stagedPages, type RawPagesJob } from './http-api.pages.js';
import type { ThreadMessage } from './http-api.raw-thread.js';

/**
 * How much lower than the service's the thread's scheduling priority is (Linux nice steps, 0–19;
 * BI_API_PARSE_NICE, default 10): a sync leaves the cores to chart runs first, and on a machine shared
 * with other work its pages wait longer for a core (docs/benchmarks.md, Connectors, 2026-11-29 06:36).
 */
const NICER = ((v) => (Number.isInteger(v) && v >= 0 && v <= 19 ? v : 10))(Number(process.env.BI_API_PARSE_NICE ?? 10));
/** Pages staged ahead of the service's reader at most (it takes each at once, and waits only for its previous INSERT). */
const AHEAD = 4;

// Linux schedules each thread on its own: this thread's id from /proc/thread-self, its nice raised
// (a raise needs no privilege; elsewhere, or refused, the thread keeps the service's priority)
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (NICER > 0 && Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + NICER));
} catch {
  // not Linux, or not allowed: the same priority as the service
}

interface Read {
  abort: AbortController;
  /** staged files sent and not yet taken by the reader */
  untaken: Set<string>;
  /** wakes the read waiting for the reader to take pages */
  wake: (() => void) | null;
  ended: Promise<void>;
}
const reads = new Map<number, Read>();
const post = (m: ThreadMessage) => parentPort!.postMessage(m);

function errorOf(e: unknown): Extract<ThreadMessage, { error: unknown }>['error'] {
  if (e instanceof AppError) return { app: { kind: e.kind, key: e.key, params: e.params } };
  if (e instanceof RawPagesRefused) return { refused: e.message };
  return { message: (e as Error)?.message ?? String(e) };
}

function start(read: number, job: RawPagesJob): void {
  const r: Read = { abort: new AbortController(), untaken: new Set(), wake: null, ended: Promise.resolve() };
  reads.set(read, r);
  r.ended = (async () => {
    try {
      for await (const page of stagedPages(job, r.abort.signal)) {
        r.untaken.add(page.path);
        post({ read, page });
        while (r.untaken.size >= AHEAD && !r.abort.signal.aborted) await new Promise<void>((w) => (r.wake = w));
        if (r.abort.signal.aborted) break;
      }
      if (!r.abort.signal.aborted) post({ read, done: true });
    } catch (e) {
      if (!r.abort.signal.aborted) post({ read, error: errorOf(e) });
    }
  })();
}

parentPort!.on('message', (m: { read: number; job?: RawPagesJob; taken?: string; stop?: true }) => {
  if (m.job) {
    start(m.read, m.job);
    return;
  }
  const r = reads.get(m.read);
  if (!r) return;
  if (m.taken !== undefined) {
    r.untaken.delete(m.taken);
    r.wake?.();
    r.wake = null;
    return;
  }
  if (m.stop) {
    // the reader is done (or gave up): the read stops, and what it staged that was not taken goes
    r.abort.abort();
    r.wake?.();
    void r.ended.then(async () => {
      reads.delete(m.read);
      await Promise.all([...r.untaken].map((f) => rm(f, { force: true })));
      post({ read: m.read, stopped: true });
    });
  }
});
