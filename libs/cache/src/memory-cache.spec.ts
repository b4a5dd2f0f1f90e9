import { MemoryCache } from './memory-cache.js';

describe('MemoryCache', () => {
  it('stores values with a TTL and forgets them after it', async () => {
    const c = new MemoryCache();
    await c.set('a', 'x', 30);
    expect(await c.get('a')).toBe('x');
    await new Promise((r) => setTimeout(r, 60));
    expect(await c.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its bound', async () => {
    const c = new MemoryCache(2);
    await c.set('a', '1', 10_000);
    await c.set('b', '2', 10_000);
    await c.get('a');
    await c.set('c', '3', 10_000);
    expect(await c.get('b')).toBeUndefined();
    expect(await c.get('a')).toBe('1');
  });

  it('drops keys by prefix', async () => {
    const c = new MemoryCache();
    await c.set('ds:1:q1', 'x', 10_000);
    await c.set('ds:1:q2', 'x', 10_000);
    await c.set('ds:2:q1', 'x', 10_000);
    expect(await c.deleteByPrefix('ds:1:')).toBe(2);
    expect(await c.get('ds:2:q1')).toBe('x');
  });

  it('counts within a window that starts at the first increment', async () => {
    const c = new MemoryCache();
    expect(await c.increment('n', 40)).toBe(1);
    expect(await c.increment('n', 40)).toBe(2);
    expect(await c.ttl('n')).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 70));
    expect(await c.increment('n', 40)).toBe(1);
  });

  it('runs one computation per key at a time (no stampede)', async () => {
    const c = new MemoryCache();
    let runs = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 20));
    const answers = await Promise.all([c.withLock('k', slow), c.withLock('k', slow), c.withLock('k', slow)]);
    expect(answers).toEqual([1, 1, 1]);
    expect(await c.withLock('k', slow)).toBe(2);
  });
});
