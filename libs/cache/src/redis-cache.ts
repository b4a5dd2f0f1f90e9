import { Redis } from 'ioredis';
import { SingleFlight, type Cache } from './cache.js';

// INCR and set the expiry only on the first increment, atomically.
// GET, or SET with an expiry when absent, atomically: answers the value the key holds after.
const SET_IF_ABSENT = `local v = redis.call('GET', KEYS[1]) if v then return v end redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return ARGV[1]`;
const INCREMENT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;

/**
 * Redis behind the cache port (distributed mode): shared by replicas. Keys live under a prefix so
 * one Redis can serve several installations. withLock is single-flight within this process; across
 * replicas a duplicate computation is possible but harmless (same key, same value).
 */
export class RedisCache implements Cache {
  private readonly redis: Redis;
  private readonly inFlight = new SingleFlight();

  constructor(url: string, private readonly prefix = 'bi:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection errors surface on the commands that need the connection.
    this.redis.on('error', () => undefined);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async getMany(keys: readonly string[]): Promise<(string | undefined)[]> {
    if (!keys.length) return [];
    return (await this.redis.mget(...keys.map((k) => this.prefix + k))).map((v) => v ?? undefined);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<string> {
    return String(await this.redis.eval(SET_IF_ABSENT, 1, this.prefix + key, value, Math.max(1, Math.round(ttlMs))));
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    let cursor = '0';
    let n = 0;
    const pattern = this.prefix + prefix.replace(/[*?[\]\\]/g, '\\$&') + '*';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) n += await this.redis.del(...keys);
    } while (cursor !== '0');
    return n;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    return Number(await this.redis.eval(INCREMENT, 1, this.prefix + key, Math.max(1, Math.round(ttlMs))));
  }

  async ttl(key: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }

  withLock<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.inFlight.run(key, compute);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
