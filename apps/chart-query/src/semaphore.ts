/**
 * At most `limit` tasks per key at a time; the others wait in arrival order. Used per data source,
 * so one slow source cannot take every worker of a chart-query process.
 */
export class KeyedSemaphore {
  private readonly slots = new Map<string, { active: number; waiting: (() => void)[] }>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('the limit must be a whole number of at least 1');
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { active: 0, waiting: [] };
      this.slots.set(key, slot);
    }
    if (slot.active >= this.limit) await new Promise<void>((resolve) => slot!.waiting.push(resolve));
    else slot.active++;
    try {
      return await task();
    } finally {
      const next = slot.waiting.shift();
      // the slot passes straight to the next waiter; the count stays
      if (next) next();
      else if (--slot.active === 0) this.slots.delete(key);
    }
  }

  /** Tasks running for key (for tests and metrics). */
  active(key: string): number {
    return this.slots.get(key)?.active ?? 0;
  }

  /** Tasks waiting for key. */
  waiting(key: string): number {
    return this.slots.get(key)?.waiting.length ?? 0;
  }
}
