/**
 * The thread of an API source's raw-page read (http-api.raw-thread.ts): each answer's bytes are parsed,
 * checked and scanned here (rawPageParser), so the pages' text and parsed rows live and die in this
 * thread's small heap, not in the service's, and the service's event loop stays free for other requests.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { rawPageParser, type RawParsed, type RawPlan } from './http-api.raw.js';

/** How much lower than the service's the thread's scheduling priority is (Linux nice steps): a sync leaves the cores to chart runs first. */
const NICER = 10;
// Linux schedules each thread on its own: this thread's id from /proc/thread-self, its nice raised
// (a raise needs no privilege; elsewhere, or refused, the thread keeps the service's priority)
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + NICER));
} catch {
  // not Linux, or not allowed: the same priority as the service
}

/** the parser of each read using the thread, by its plan's id (a read's checker remembers its date texts) */
const parsers = new Map<number, (b: Buffer) => RawParsed>();
parentPort!.on('message', (m: { planId?: number; plan?: RawPlan; cursorPath?: string | null; drop?: number; id?: number; bytes?: Uint8Array }) => {
  if (m.drop !== undefined) {
    parsers.delete(m.drop);
    return;
  }
  if (m.plan) {
    parsers.set(m.planId!, rawPageParser(m.plan, m.cursorPath ?? null));
    return;
  }
  const bytes = m.bytes!;
  let r: RawParsed;
  try {
    const parse = parsers.get(m.planId!);
    r = parse ? parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : { kind: 'refused', reason: 'no plan for the page' };
  } catch (e) {
    r = { kind: 'refused', reason: `the page's parse failed: ${(e as Error)?.message ?? String(e)}` };
  }
  // only what the service needs goes back (its own bytes stay there); a re-encoding is copied
  parentPort!.postMessage({ id: m.id, r });
});
