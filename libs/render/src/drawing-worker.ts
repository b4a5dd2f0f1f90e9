/**
 * The drawing thread (index.ts): runs the drawing functions of drawing.ts for the thread that asks,
 * one message per call ({ id, fn, input } → { id, out } or { id, error }), pictures sent back without
 * a copy. It holds ECharts, resvg and the fonts; its heap is bounded by the limits it was started
 * with, so the garbage of a drawing (ECharts' SSR, resvg's trees) is collected as it goes instead of
 * growing the heap of the process that asked.
 */
import { parentPort } from 'node:worker_threads';
import * as drawing from './drawing.js';

type Fn = 'renderChartSvg' | 'renderChartPng' | 'renderDashboardSvg' | 'renderDashboardPng' | 'renderDashboardPdf';

const port = parentPort;
if (port) {
  port.on('message', (msg: { id: number; fn: Fn; input: never }) => {
    void (async () => {
      try {
        const out = (await drawing[msg.fn](msg.input)) as string | Buffer;
        if (typeof out === 'string') port.postMessage({ id: msg.id, out });
        else {
          // the bytes in an array of their own, moved to the caller: a Buffer's memory may be a pool's, which cannot be moved
          const own = new Uint8Array(out);
          port.postMessage({ id: msg.id, out: own }, [own.buffer as ArrayBuffer]);
        }
      } catch (e) {
        port.postMessage({ id: msg.id, error: e instanceof Error ? e : new Error(String(e)) });
      }
    })();
  });
  port.postMessage({ ready: true });
}
