import type { Chart } from '@bi/chart-model';

/**
 * Saving of spec 01 §4 ("edits are sent to the server immediately") with the rules:
 * - every edit is sent at once; while a save is in flight, further edits wait and are coalesced, so
 *   the server sees the saves in the order they were made and always ends on the latest state;
 * - an answer is applied only when no newer edit was made after it was sent (an older answer never
 *   overwrites a newer edit);
 * - a failed save keeps the edit (the caller's state is not touched), reports the error, and is sent
 *   again on retry or with the next edit.
 * Two kinds of save: the whole chart (PUT /api/chart-edit/{tab}) and the custom option alone
 * (PUT /api/chart-edit/change-custom-option/{tab}). The whole chart carries the custom option the
 * server last accepted, so a custom option the server refused never blocks the other edits.
 */
export type SaveKind = 'chart' | 'customOption';

export interface SaveTransport {
  saveChart(chart: Chart): Promise<Chart>;
  saveCustomOption(chartId: string, customOption: string): Promise<Chart>;
}

export interface SaveStatus {
  /** nothing to send, something in flight or waiting, or the last attempt failed */
  state: 'idle' | 'saving' | 'error';
  /** the failed save's message */
  error: string | null;
  /** revision of the last state the server confirmed completely */
  savedRevision: number;
  /** revision of the latest edit */
  revision: number;
}

export interface SaveQueueEvents {
  /** a save answered while no newer edit exists: the chart as stored (custom option: the latest local one) */
  onSettled?(chart: Chart, revision: number): void;
  /** every edit up to `revision` is stored: time to run the preview */
  onIdle?(revision: number): void;
  onStatus?(status: SaveStatus): void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

export class SaveQueue {
  private latest: Chart;
  private revision = 0;
  private savedRevision = 0;
  private confirmedCustomOption: string | undefined;
  private readonly dirty = new Set<SaveKind>();
  private readonly failed = new Set<SaveKind>();
  private running = false;
  private error: string | null = null;
  private disposed = false;

  constructor(
    initial: Chart,
    private readonly transport: SaveTransport,
    private readonly events: SaveQueueEvents = {},
  ) {
    this.latest = initial;
    this.confirmedCustomOption = initial.customOption;
  }

  /** A new state of the chart; `kinds` say which saves it needs. Answers the edit's revision. */
  edit(next: Chart, kinds: readonly SaveKind[]): number {
    if (this.disposed) return this.revision;
    this.latest = next;
    this.revision += 1;
    for (const kind of kinds) this.dirty.add(kind);
    // a failed save goes again with the next edit: it carries the latest state
    for (const kind of this.failed) this.dirty.add(kind);
    this.failed.clear();
    void this.pump();
    this.emit();
    return this.revision;
  }

  /** Sends the failed saves again with the latest state. */
  retry(): void {
    if (this.failed.size === 0) return;
    for (const kind of this.failed) this.dirty.add(kind);
    this.failed.clear();
    void this.pump();
    this.emit();
  }

  /**
   * The chart is read from the server again (after a change made there, e.g. a switch of data
   * source): saves not yet sent are dropped so they cannot overwrite it, and no event follows.
   */
  discard(): void {
    this.dirty.clear();
    this.failed.clear();
    this.error = null;
    this.disposed = true;
  }

  dispose(): void {
    this.disposed = true;
  }

  /** Edits not yet stored (in flight, waiting or failed). */
  pending(): boolean {
    return this.running || this.dirty.size > 0 || this.failed.size > 0;
  }

  status(): SaveStatus {
    const state = this.running || this.dirty.size > 0 ? 'saving' : this.failed.size > 0 ? 'error' : 'idle';
    return { state, error: this.failed.size > 0 ? this.error : null, savedRevision: this.savedRevision, revision: this.revision };
  }

  private emit(): void {
    if (!this.disposed) this.events.onStatus?.(this.status());
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let stored = false;
    try {
      // after dispose (the page was left) the waiting saves are still sent, without events
      while (this.dirty.size > 0) {
        // the custom option first: the whole chart then carries it when the server accepted it
        const kind: SaveKind = this.dirty.has('customOption') ? 'customOption' : 'chart';
        this.dirty.delete(kind);
        const sent = this.latest;
        const sentRevision = this.revision;
        try {
          let answer: Chart;
          if (kind === 'customOption') {
            answer = await this.transport.saveCustomOption(sent.chartId, sent.customOption ?? '');
            this.confirmedCustomOption = sent.customOption;
          } else {
            answer = await this.transport.saveChart(withCustomOption(sent, this.confirmedCustomOption));
          }
          stored = true;
          this.failed.delete(kind);
          if (this.failed.size === 0) this.error = null;
          if (sentRevision === this.revision && this.dirty.size === 0 && this.failed.size === 0) {
            this.savedRevision = sentRevision;
            if (!this.disposed) this.events.onSettled?.(withCustomOption(answer, this.latest.customOption), sentRevision);
          }
        } catch (error) {
          // an edit made meanwhile sends this kind again with the newer state; else it waits for a retry
          if (!this.dirty.has(kind)) this.failed.add(kind);
          this.error = messageOf(error);
        }
        this.emit();
      }
    } finally {
      this.running = false;
    }
    if (this.disposed) return;
    this.emit();
    // something reached the server: the preview shows what it stores now
    if (stored && this.dirty.size === 0) this.events.onIdle?.(this.revision);
  }
}

function withCustomOption(chart: Chart, customOption: string | undefined): Chart {
  const out = { ...chart };
  if (customOption === undefined || customOption === '') delete out.customOption;
  else out.customOption = customOption;
  return out;
}

/** Which saves the step from one state to another needs: the custom option alone, the rest of the chart, or both. */
export function saveKindsOf(before: Chart, after: Chart): SaveKind[] {
  const kinds: SaveKind[] = [];
  if ((before.customOption ?? '') !== (after.customOption ?? '')) kinds.push('customOption');
  const { customOption: _a, ...restBefore } = before;
  const { customOption: _b, ...restAfter } = after;
  if (JSON.stringify(restBefore) !== JSON.stringify(restAfter)) kinds.push('chart');
  return kinds;
}
