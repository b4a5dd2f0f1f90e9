import { LRUCache } from 'lru-cache';
import { SingleFlight, type Cache } from './cache.js';

/** Bounded in-process LRU with per-entry TTL (embedded mode). */
export class MemoryCache implements Cache {
  private readonly lru: LRUCache<string, string>;
  private readonly inFlight = new SingleFlight();

  constructor(maxEntries = 50_000) {
    this.lru = new LRUCache<string, string>({ max: maxEntries, ttlAutopurge: false, allowStale: false });
  }

  async get(key: string): Promise<string | undefined> {
    return this.lru.get(key);
  }

  async getMany(keys: readonly string[]): Promise<(string | undefined)[]> {
    return keys.map((key) => this.lru.get(key));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.lru.set(key, value, { ttl: Math.max(1, ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<string> {
    const current = this.lru.get(key);
    if (current !== undefined) return current;
    this.lru.set(key, value, { ttl: Math.max(1, ttlMs) });
    return value;
  }

  async delete(key: string): Promise<void> {
    this.lru.delete(key);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    let n = 0;
    for (const key of [...this.lru.keys()]) if (key.startsWith(prefix) && this.lru.delete(key)) n++;
    return n;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const current = this.lru.get(key);
    if (current === undefined) {
      this.lru.set(key, '1', { ttl: Math.max(1, ttlMs) });
      return 1;
    }
    const next = Number(current) + 1;
    // Keep the original expiry: the window starts at the first increment.
    this.lru.set(key, String(next), { ttl: Math.max(1, this.lru.getRemainingTTL(key)), noUpdateTTL: true });
    return next;
  }

  async ttl(key: string): Promise<number> {
    if (!this.lru.has(key)) return 0;
    return Math.max(0, Math.round(this.lru.getRemainingTTL(key)));
  }

  withLock<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.inFlight.run(key, compute);
  }

  async close(): Promise<void> {
    this.lru.clear();
  }
}
