import { describe, expect, it } from '@jest/globals';
import type { Chart } from '@bi/chart-model';
import { SaveQueue, saveKindsOf, type SaveStatus, type SaveTransport } from './save-queue';
import { salesChart } from './testing';

interface Call {
  kind: 'chart' | 'customOption';
  body: Chart | string;
  resolve: (chart: Chart) => void;
  reject: (error: Error) => void;
}

/** A transport whose answers the spec releases one by one. */
function manualTransport() {
  const calls: Call[] = [];
  const transport: SaveTransport = {
    saveChart: (chart) => new Promise((resolve, reject) => calls.push({ kind: 'chart', body: chart, resolve, reject })),
    saveCustomOption: (_id, text) => new Promise((resolve, reject) => calls.push({ kind: 'customOption', body: text, resolve, reject })),
  };
  return { calls, transport };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(initial = salesChart()) {
  const { calls, transport } = manualTransport();
  const settled: { chart: Chart; revision: number }[] = [];
  const idle: number[] = [];
  const statuses: SaveStatus[] = [];
  const queue = new SaveQueue(initial, transport, {
    onSettled: (chart, revision) => settled.push({ chart, revision }),
    onIdle: (revision) => idle.push(revision),
    onStatus: (s) => statuses.push(s),
  });
  return { queue, calls, settled, idle, statuses };
}

describe('save queue', () => {
  it('sends an edit at once and runs the preview when it is stored', async () => {
    const { queue, calls, settled, idle } = setup();
    queue.edit(salesChart({ type: 'line' }), ['chart']);
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as Chart).type).toBe('line');
    expect(queue.status().state).toBe('saving');
    calls[0]!.resolve(salesChart({ type: 'line', colorSettings: [] }));
    await flush();
    expect(settled.map((s) => s.chart.type)).toEqual(['line']);
    expect(idle).toEqual([1]);
    expect(queue.status()).toMatchObject({ state: 'idle', error: null, savedRevision: 1 });
  });

  it('coalesces rapid edits: one save in flight, then only the latest state', async () => {
    const { queue, calls, settled, idle } = setup();
    queue.edit(salesChart({ type: 'line' }), ['chart']);
    queue.edit(salesChart({ type: 'pie' }), ['chart']);
    queue.edit(salesChart({ type: 'bar', title: 'Last' }), ['chart']);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(salesChart({ type: 'line' }));
    await flush();
    // the older answer is not applied: newer edits exist
    expect(settled).toEqual([]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ type: 'bar', title: 'Last' });
    calls[1]!.resolve(salesChart({ type: 'bar', title: 'Last' }));
    await flush();
    expect(settled.map((s) => [s.chart.title, s.revision])).toEqual([['Last', 3]]);
    expect(idle).toEqual([3]);
  });

  it('never lets an older answer overwrite a newer edit made while it was in flight', async () => {
    const { queue, calls, settled } = setup();
    queue.edit(salesChart({ title: 'A' }), ['chart']);
    queue.edit(salesChart({ title: 'B' }), ['chart']);
    calls[0]!.resolve(salesChart({ title: 'A' }));
    await flush();
    expect(settled).toEqual([]);
    calls[1]!.resolve(salesChart({ title: 'B' }));
    await flush();
    expect(settled.map((s) => s.chart.title)).toEqual(['B']);
  });

  it('a failed save reports the error and waits; retry sends the latest state', async () => {
    const { queue, calls, settled, idle } = setup();
    queue.edit(salesChart({ title: 'Kept' }), ['chart']);
    calls[0]!.reject(new Error('Field alias must be 1 to 20 characters'));
    await flush();
    expect(queue.status()).toMatchObject({ state: 'error', error: 'Field alias must be 1 to 20 characters' });
    expect(queue.pending()).toBe(true);
    expect(calls).toHaveLength(1);
    expect(settled).toEqual([]);
    expect(idle).toEqual([]);
    queue.retry();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ title: 'Kept' });
    calls[1]!.resolve(salesChart({ title: 'Kept' }));
    await flush();
    expect(queue.status()).toMatchObject({ state: 'idle', error: null });
    expect(settled.map((s) => s.chart.title)).toEqual(['Kept']);
  });

  it('the next edit sends a failed save again with the newer state', async () => {
    const { queue, calls } = setup();
    queue.edit(salesChart({ title: 'One' }), ['chart']);
    calls[0]!.reject(new Error('offline'));
    await flush();
    queue.edit(salesChart({ title: 'Two', customOption: '{"a":1}' }), ['customOption']);
    await flush();
    expect(calls.slice(1).map((c) => c.kind)).toEqual(['customOption']);
    calls[1]!.resolve(salesChart({ customOption: '{"a":1}' }));
    await flush();
    expect(calls[2]).toMatchObject({ kind: 'chart', body: { title: 'Two', customOption: '{"a":1}' } });
  });

  it('saves the custom option through its own call; the whole chart carries only an accepted one', async () => {
    const { queue, calls } = setup(salesChart({ customOption: '{"ok":1}' }));
    queue.edit(salesChart({ customOption: 'not json', title: 'T' }), ['customOption', 'chart']);
    expect(calls[0]).toMatchObject({ kind: 'customOption', body: 'not json' });
    calls[0]!.reject(new Error('The custom option must be a JSON object'));
    await flush();
    expect(calls[1]).toMatchObject({ kind: 'chart', body: { title: 'T', customOption: '{"ok":1}' } });
    calls[1]!.resolve(salesChart({ title: 'T', customOption: '{"ok":1}' }));
    await flush();
    expect(queue.status()).toMatchObject({ state: 'error', error: 'The custom option must be a JSON object' });
  });

  it('an edit made while a save fails is sent without waiting for a retry', async () => {
    const { queue, calls } = setup();
    queue.edit(salesChart({ title: 'A' }), ['chart']);
    queue.edit(salesChart({ title: 'B' }), ['chart']);
    calls[0]!.reject(new Error('busy'));
    await flush();
    expect(calls[1]!.body).toMatchObject({ title: 'B' });
    calls[1]!.resolve(salesChart({ title: 'B' }));
    await flush();
    expect(queue.status()).toMatchObject({ state: 'idle', error: null });
  });

  it('still sends waiting saves after the page is left, without events', async () => {
    const { queue, calls, settled, statuses } = setup();
    queue.edit(salesChart({ title: 'A' }), ['chart']);
    queue.edit(salesChart({ title: 'B' }), ['chart']);
    const seen = statuses.length;
    queue.dispose();
    calls[0]!.resolve(salesChart({ title: 'A' }));
    await flush();
    expect(calls[1]!.body).toMatchObject({ title: 'B' });
    calls[1]!.resolve(salesChart({ title: 'B' }));
    await flush();
    expect(settled).toEqual([]);
    expect(statuses).toHaveLength(seen);
  });

  it('a reload drops the saves not yet sent', async () => {
    const { queue, calls, settled } = setup();
    queue.edit(salesChart({ title: 'A' }), ['chart']);
    queue.edit(salesChart({ title: 'B' }), ['chart']);
    queue.discard();
    queue.edit(salesChart({ title: 'C' }), ['chart']);
    expect(queue.pending()).toBe(true);
    calls[0]!.resolve(salesChart({ title: 'A' }));
    await flush();
    expect(calls).toHaveLength(1);
    expect(settled).toEqual([]);
    expect(queue.pending()).toBe(false);
  });

  it('tells which saves a step needs', () => {
    const a = salesChart({ customOption: '' });
    expect(saveKindsOf(a, { ...a, customOption: '{}' })).toEqual(['customOption']);
    expect(saveKindsOf(a, { ...a, type: 'line' })).toEqual(['chart']);
    expect(saveKindsOf(a, { ...a, type: 'line', customOption: '{}' })).toEqual(['customOption', 'chart']);
    expect(saveKindsOf(a, { ...a })).toEqual([]);
  });
});
