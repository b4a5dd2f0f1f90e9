import { createHash } from 'node:crypto';
import type { ConnectionSpec, SourceDriver } from './driver.js';
import { createDriver } from './driver-factory.js';

/** The pool key of a connection: a hash, so the password never serves as a map key or log field. */
export function connectionHash(spec: ConnectionSpec): string {
  const { engine, host, port, user, password, database, serviceName, connectType, role, path, url } = spec;
  return createHash('sha256').update(JSON.stringify([engine, host.toLowerCase(), port, user, password, database, serviceName, connectType, role, path ?? '', url ?? ''])).digest('hex');
}

interface Entry {
  driver: SourceDriver;
  lastUsed: number;
  active: number;
}

/**
 * One driver (with its connection pool) per distinct connection, shared by the sources that use
 * it. Closed when a source using it is updated or deleted, when idle for idleMs, and on shutdown.
 */
export class DriverPool {
  private readonly drivers = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly idleMs = 10 * 60_000,
    private readonly create: (spec: ConnectionSpec) => SourceDriver = createDriver,
  ) {
    this.sweeper = setInterval(() => void this.closeIdle(), Math.min(idleMs, 60_000));
    this.sweeper.unref();
  }

  /** Runs fn with the connection's driver; a driver in use is never closed as idle. */
  async use<T>(spec: ConnectionSpec, fn: (driver: SourceDriver) => Promise<T>): Promise<T> {
    const key = connectionHash(spec);
    let entry = this.drivers.get(key);
    if (!entry) {
      entry = { driver: this.create(spec), lastUsed: Date.now(), active: 0 };
      this.drivers.set(key, entry);
    }
    entry.active++;
    try {
      return await fn(entry.driver);
    } finally {
      entry.active--;
      entry.lastUsed = Date.now();
    }
  }

  get size(): number {
    return this.drivers.size;
  }

  async close(spec: ConnectionSpec): Promise<void> {
    const key = connectionHash(spec);
    const entry = this.drivers.get(key);
    this.drivers.delete(key);
    await entry?.driver.close();
  }

  async closeIdle(now = Date.now()): Promise<void> {
    for (const [key, entry] of this.drivers) {
      if (entry.active > 0 || now - entry.lastUsed < this.idleMs) continue;
      this.drivers.delete(key);
      await entry.driver.close().catch(() => undefined);
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.drivers.values()];
    this.drivers.clear();
    await Promise.all(all.map((e) => e.driver.close().catch(() => undefined)));
  }
}
