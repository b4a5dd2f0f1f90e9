import type { StorageLike, StoragePair } from './keys';

/** In-memory StorageLike, for tests and for code running without a browser. */
export class MemoryStorage implements StorageLike {
  private readonly values = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.values.set(key, value);
  }

  getItem(key: string): string | null {
    return this.values.has(key) ? (this.values.get(key) as string) : null;
  }

  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }

  removeItem(key: string): void {
    this.values.delete(key);
  }
}

export function memoryStorages(local: Record<string, string> = {}, session: Record<string, string> = {}): StoragePair {
  return { local: new MemoryStorage(local), session: new MemoryStorage(session) };
}
