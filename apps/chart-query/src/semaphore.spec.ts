import { KeyedSemaphore } from './semaphore.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedSemaphore', () => {
  it('runs at most `limit` tasks per key, in arrival order, and keys apart', async () => {
    const s = new KeyedSemaphore(2);
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      s.run('a', async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    const other = s.run('b', async () => 'b');
    await tick();
    expect(started).toEqual([0, 1]);
    expect([s.active('a'), s.waiting('a')]).toEqual([2, 2]);
    expect(await other).toBe('b');
    gates[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([s.active('a'), s.waiting('a')]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const s = new KeyedSemaphore(1);
    await expect(s.run('a', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await s.run('a', async () => 1)).toBe(1);
    expect(() => new KeyedSemaphore(0)).toThrow();
  });
});
