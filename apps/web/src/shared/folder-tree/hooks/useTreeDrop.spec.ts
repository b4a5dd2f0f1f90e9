import { describe, expect, it } from '@jest/globals';
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { dragId, planDrop, type DropPlan } from '../utils/drop';
import { folders, shape } from '../utils/tree.fixtures';
import { treeDropMutation } from './useTreeDrop';

const KEY = ['tree'];

/** A drop through a real query client: the plan of a drag, then the mutation of the hook layer. */
function setup(send: (plan: DropPlan) => Promise<unknown>) {
  const client = new QueryClient();
  client.setQueryData(KEY, folders);
  const calls: DropPlan[] = [];
  let refreshed = 0;
  // resolves when the calls start: the optimistic update is in place by then
  let started: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (started = resolve));
  const observer = new MutationObserver(
    client,
    treeDropMutation(client, {
      shape,
      queryKey: KEY,
      send: (plan) => {
        calls.push(plan);
        started();
        return send(plan);
      },
      refresh: async () => {
        refreshed += 1;
      },
    }),
  );
  const order = () => (client.getQueryData<typeof folders>(KEY) ?? []).map((f) => f.key);
  const itemsOf = (key: string) => (client.getQueryData<typeof folders>(KEY) ?? []).find((f) => f.key === key)?.children.map((i) => i.key);
  return { observer, calls, order, itemsOf, sent, refreshed: () => refreshed };
}

describe('treeDropMutation (drop position → sort call)', () => {
  it('shows the new order at once, sends the planned order, and refetches', async () => {
    let release: () => void = () => undefined;
    const { observer, calls, order, sent, refreshed } = setup(() => new Promise<void>((resolve) => (release = resolve)));
    const plan = planDrop(shape, folders, dragId('folder', 'p3'), dragId('folder', 'p1'))!;
    const done = observer.mutate(plan);
    await sent;
    expect(order()).toEqual(['p3', 'p1', 'p2']);
    expect(calls).toEqual([{ kind: 'folder', id: 'p3', order: 5 }]);
    release();
    await done;
    expect(refreshed()).toBe(1);
  });

  it('puts the folders back when the call fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const { observer, itemsOf, sent, refreshed } = setup(() => new Promise((_resolve, reject) => (fail = reject)));
    const done = observer.mutate({ kind: 'item', id: 's1', moveTo: 'p2', from: 'p1' });
    await sent;
    expect(itemsOf('p2')).toEqual(['s3', 's4', 's1']);
    fail(new Error('refused'));
    await expect(done).rejects.toThrow('refused');
    expect(itemsOf('p1')).toEqual(['s1', 's2']);
    expect(itemsOf('p2')).toEqual(['s3', 's4']);
    expect(refreshed()).toBe(1);
  });
});
