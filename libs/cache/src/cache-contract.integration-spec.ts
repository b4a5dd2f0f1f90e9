import { randomUUID } from 'node:crypto';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';
import { bumpStamps, currentStamps } from './stamps.js';

// One contract for every adapter of the cache port. Redis joins when TEST_REDIS_URL is set
// (the services run starts Debian's redis-server).
const adapters: [string, () => Cache][] = [['memory', () => new MemoryCache(1000)]];
if (process.env.TEST_REDIS_URL) adapters.push(['redis', () => new RedisCache(process.env.TEST_REDIS_URL!, `test:${randomUUID()}:`)]);

describe.each(adapters)('cache port contract: %s', (_name, make) => {
  let c: Cache;
  beforeEach(() => {
    c = make();
  });
  afterEach(async () => c.close());

  it('stores values with a TTL and forgets them after it', async () => {
    // the value read back has a TTL no busy machine outlives; the forgotten one is read well after its TTL
    await c.set('a', 'x', 60_000);
    expect(await c.get('a')).toBe('x');
    await c.set('short', 'x', 80);
    await new Promise((r) => setTimeout(r, 150));
    expect(await c.get('short')).toBeUndefined();
    expect(await c.get('a')).toBe('x');
    await c.set('b', 'y', 10_000);
    await c.delete('b');
    expect(await c.get('b')).toBeUndefined();
  });

  it('reads several keys in one call, in order', async () => {
    await c.set('m1', 'a', 10_000);
    await c.set('m3', 'c', 10_000);
    expect(await c.getMany(['m1', 'm2', 'm3'])).toEqual(['a', undefined, 'c']);
    expect(await c.getMany([])).toEqual([]);
  });

  it('keeps freshness stamps: a bump changes the stamp, an absent one is created, never reused', async () => {
    const [first] = await currentStamps(c, ['stamp:chart:x']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await currentStamps(c, ['stamp:chart:x'])).toEqual([first]);
    await bumpStamps(c, ['stamp:chart:x', 'stamp:chart:x']);
    const [second] = await currentStamps(c, ['stamp:chart:x']);
    expect(second).not.toBe(first);
    await c.delete('stamp:chart:x');
    const [third] = await currentStamps(c, ['stamp:chart:x']);
    expect([first, second]).not.toContain(third);
  });

  it('sets a key only when absent, answering the value it holds', async () => {
    expect(await c.setIfAbsent('once', 'a', 60_000)).toBe('a');
    expect(await c.setIfAbsent('once', 'b', 60_000)).toBe('a');
    expect(await c.get('once')).toBe('a');
    expect(await c.ttl('once')).toBeGreaterThan(0);
  });

  it('gives readers that find a stamp missing at the same time one stamp', async () => {
    const noted = await Promise.all(Array.from({ length: 5 }, () => currentStamps(c, ['stamp:chart:together', 'stamp:source:together'])));
    expect(new Set(noted.map((n) => n.join()))).toEqual(new Set([noted[0]!.join()]));
    expect(await currentStamps(c, ['stamp:chart:together', 'stamp:source:together'])).toEqual(noted[0]);
  });

  it('drops keys by prefix and only those', async () => {
    await c.set('ds:1:q1', 'x', 10_000);
    await c.set('ds:1:q2', 'x', 10_000);
    await c.set('ds:10:q1', 'x', 10_000);
    await c.set('ds:2:q1', 'x', 10_000);
    expect(await c.deleteByPrefix('ds:1:')).toBe(2);
    expect(await c.get('ds:10:q1')).toBe('x');
    expect(await c.get('ds:2:q1')).toBe('x');
  });

  it('counts within a window that starts at the first increment', async () => {
    // counted within a window no busy machine outlives; a short window is over when read well after it
    expect(await c.increment('n', 60_000)).toBe(1);
    expect(await c.increment('n', 60_000)).toBe(2);
    expect(await c.ttl('n')).toBeGreaterThan(0);
    expect(await c.ttl('n')).toBeLessThanOrEqual(60_000);
    expect(await c.increment('short', 80)).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await c.increment('short', 80)).toBe(1);
    expect(await c.increment('n', 60_000)).toBe(3);
    expect(await c.ttl('absent')).toBe(0);
  });

  it('runs one computation per key at a time (no stampede)', async () => {
    let runs = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 30));
    const answers = await Promise.all([c.withLock('k', slow), c.withLock('k', slow), c.withLock('k', slow)]);
    expect(answers).toEqual([1, 1, 1]);
    expect(await c.withLock('k', slow)).toBe(2);
  });
});

describe('memory cache bound', () => {
  it('evicts the least recently used entry beyond its bound', async () => {
    const c = new MemoryCache(2);
    await c.set('a', '1', 10_000);
    await c.set('b', '2', 10_000);
    await c.get('a');
    await c.set('c', '3', 10_000);
    expect(await c.get('b')).toBeUndefined();
    expect(await c.get('a')).toBe('1');
  });
});
