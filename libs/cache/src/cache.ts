/** Cache port: the in-memory LRU here, Redis in distributed mode. Values are pre-serialised strings. */
export interface Cache {
  get(key: string): Promise<string | undefined>;
  /** Several keys in one round trip (Redis MGET), in order. */
  getMany(keys: readonly string[]): Promise<(string | undefined)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets key to value unless it holds one already (atomically); answers the value the key holds after. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<string>;
  delete(key: string): Promise<void>;
  /** Drops every key that starts with prefix (e.g. all results of one data source). */
  deleteByPrefix(prefix: string): Promise<number>;
  /** Adds 1 to a counter that expires ttlMs after its first increment; answers the new value. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Milliseconds until key expires, or 0 when absent. */
  ttl(key: string): Promise<number>;
  /**
   * Single flight: while one caller computes a key, others with the same key wait for its answer
   * instead of computing it again (no stampede).
   */
  withLock<T>(key: string, compute: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Single flight within this process (Cache.withLock of both adapters): one computation per key at a time. */
export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  run<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = compute().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }
}
