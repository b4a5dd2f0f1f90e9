/**
 * A job done in rounds (publish the outbox, turn noted changes into events, send due deliveries):
 * a round runs every `intervalMs` after `start()` and at once on `nudge()`; rounds never overlap, and
 * a nudge during a round runs one more round right after it. A failed round is reported and the next
 * one tries again. `round` answers how much it did.
 */
export class Rounds {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly round: () => Promise<number>,
    private readonly onError: (e: unknown) => void,
    private readonly intervalMs: number,
  ) {}

  /** Runs a round now and then every interval; `firstDelayMs` waits before the first one. */
  start(firstDelayMs = 0): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.nudge().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
      });
    };
    if (firstDelayMs > 0) this.timer = setTimeout(tick, firstDelayMs);
    else tick();
  }

  /** Runs a round now (or right after the one running); answers what the rounds did. */
  nudge(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.again = false;
        total += await this.round().catch((e) => {
          this.onError(e);
          return 0;
        });
      } while (this.again && !this.stopped);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** No more rounds; waits for the one running. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
