import type { RenderChartInput, RenderDashboardInput, RenderDashboardPdfInput } from './types.js';

export * from './types.js';
export { tableToXlsx, tableToCsv, resultTable, detailsTable, sheetName, xlsxCell, attachmentDisposition, XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE, EXCEL_CELL_MAX } from './xlsx.js';

import { Worker } from 'node:worker_threads';

type Drawing = typeof import('./drawing.js');
type Fn = 'renderChartSvg' | 'renderChartPng' | 'renderDashboardSvg' | 'renderDashboardPng' | 'renderDashboardPdf';

/**
 * Where the drawing runs: on a drawing thread (drawing-worker.ts) when @bi/render runs built (dist/*.js), in this
 * thread when it runs from its TypeScript sources (the specs; a worker runs JavaScript files) or with
 * BI_RENDER_WORKER=off. The thread keeps the process's event loop free while a picture is drawn, and its heap is
 * bounded (DRAWING_HEAP_MB): a dashboard's drawing garbage is collected as it goes rather than growing the heap of
 * the BFF or the warning service by hundreds of MB.
 */
const workerUrl = new URL('./drawing-worker.js', import.meta.url);
const onThread = import.meta.url.endsWith('.js') && process.env.BI_RENDER_WORKER !== 'off';
/** The drawing thread's old-generation heap bound (MB): a dashboard is drawn a box at a time, its live data is small. */
export const DRAWING_HEAP_MB = 64;
/**
 * Its young generation (MB): 8. With 4 (until the drawing thread stopped loading zod, 2026-11-29 09:00) the drawing's
 * short-lived objects were promoted and collected by the old generation's marking: 5–12 % more CPU a drawing for ~4 MB
 * less at the benchmark's peak; 16 saves more CPU again (−12–17 %) for ~15 MB more (docs/benchmarks.md "Server-side
 * render").
 */
const DRAWING_YOUNG_MB = 8;
/** The drawing thread ends after this long without a drawing (its memory goes back) and starts again on the next. */
const IDLE_MS = 60_000;

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  calls: Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
}
let thread: Thread | undefined;
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;

function startThread(): Thread {
  const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: DRAWING_HEAP_MB, maxYoungGenerationSizeMb: DRAWING_YOUNG_MB } });
  worker.unref();
  const calls: Thread['calls'] = new Map();
  const t: Thread = { worker, calls, ready: Promise.resolve() };
  t.ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  t.ready.catch(() => undefined);
  worker.on('message', (m: { id?: number; out?: string | Uint8Array; error?: unknown }) => {
    const call = m.id === undefined ? undefined : calls.get(m.id);
    if (!call) return;
    calls.delete(m.id!);
    if (m.error !== undefined) call.reject(m.error);
    else call.resolve(typeof m.out === 'string' ? m.out : Buffer.from(m.out!.buffer, m.out!.byteOffset, m.out!.byteLength));
    if (calls.size === 0) {
      worker.unref();
      idle();
    }
  });
  const fail = (e: unknown) => {
    if (thread === t) thread = undefined;
    for (const c of calls.values()) c.reject(e instanceof Error ? e : new Error(`the drawing thread stopped (${String(e)})`));
    calls.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the drawing thread exited with ${code}`)));
  return t;
}

function idle(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    const t = thread;
    if (t && t.calls.size === 0) {
      thread = undefined;
      void t.worker.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

let drawing: Promise<Drawing> | undefined;

/**
 * The drawing code — ECharts, resvg and the CJK fonts — loads on the first drawing, not when a process imports
 * @bi/render: the BFF and the warning service import it at start for the sheet rules and draw only when someone
 * shares a chart or a report runs. Answers when it is loaded (on the drawing thread when there is one).
 */
export async function loadDrawing(): Promise<void> {
  if (onThread) {
    thread ??= startThread();
    await thread.ready;
    if (thread.calls.size === 0) idle();
    return;
  }
  drawing ??= import('./drawing.js');
  await drawing;
}

async function draw<T>(fn: Fn, input: unknown): Promise<T> {
  if (!onThread) {
    drawing ??= import('./drawing.js');
    return ((await drawing)[fn] as (i: unknown) => Promise<T> | T)(input);
  }
  clearTimeout(idleTimer);
  const t = (thread ??= startThread());
  await t.ready;
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    t.calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
    // a drawing under way keeps the process alive; an idle thread does not
    t.worker.ref();
    t.worker.postMessage({ id, fn, input });
  });
}

export function renderChartSvg(input: RenderChartInput): Promise<string> {
  return draw('renderChartSvg', input);
}
export function renderChartPng(input: RenderChartInput): Promise<Buffer> {
  return draw('renderChartPng', input);
}
export function renderDashboardSvg(input: RenderDashboardInput): Promise<string> {
  return draw('renderDashboardSvg', input);
}
export function renderDashboardPng(input: RenderDashboardInput): Promise<Buffer> {
  return draw('renderDashboardPng', input);
}
export function renderDashboardPdf(input: RenderDashboardPdfInput): Promise<Buffer> {
  return draw('renderDashboardPdf', input);
}
