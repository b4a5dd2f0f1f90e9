/**
 * The thread of an API source's raw-page read (http-api.raw-thread.ts): each answer's bytes are parsed,
 * checked and scanned here (rawPageParser), so the pages' text and parsed rows live and die in this
 * thread's small heap, not in the service's, and the service's event loop stays free for other requests.
 */
import { parentPort } from 'node:worker_threads';
import { rawPageParser, type RawParsed, type RawPlan } from './http-api.raw.js';

let parse: ((b: Buffer) => RawParsed) | undefined;
parentPort!.on('message', (m: { plan?: RawPlan; cursorPath?: string | null; id?: number; bytes?: Uint8Array }) => {
  if (m.plan) {
    parse = rawPageParser(m.plan, m.cursorPath ?? null);
    return;
  }
  const bytes = m.bytes!;
  let r: RawParsed;
  try {
    r = parse!(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    r = { kind: 'refused', reason: `the page's parse failed: ${(e as Error)?.message ?? String(e)}` };
  }
  // the answer's bytes go back as they came (moved, not copied); a re-encoding is copied
  parentPort!.postMessage({ id: m.id, r, bytes }, [bytes.buffer as ArrayBuffer]);
});
