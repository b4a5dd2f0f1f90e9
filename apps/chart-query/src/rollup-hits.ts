import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@bi/core';
import type { dataSourceQueryV1 } from '@bi/proto';
import { LOGGER } from '@bi/service-kit';
import { BACKENDS } from './backends.js';

/** The data-source call recording counted hits. */
export interface RollupHitsBackend {
  recordRollupHits(req: dataSourceQueryV1.RecordRollupHitsRequest): Promise<dataSourceQueryV1.RecordRollupHitsReply>;
}

/** Counted hits are sent this often (and when the process stops). */
export const ROLLUP_HITS_FLUSH_MS = 2_000;
/** Rollups one flush carries at most; more distinct ones flush at once. */
const MAX_PENDING = 1_000;

/**
 * Rollup hits (issue 31, the source page's "hits"): each chart answer the compiler served from a kept
 * rollup counts one for it here, and the counts go to the data-source service (RecordRollupHits) in
 * one call per flush — never one call per chart run. A failed flush is logged and its counts dropped
 * (hits are a statistic, not a ledger).
 */
@Injectable()
export class RollupHits implements OnModuleDestroy {
  private pending = new Map<string, { dataSourceId: string; hits: number }>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(BACKENDS) private readonly backend: Partial<RollupHitsBackend>,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  count(rollupId: string, dataSourceId: string): void {
    if (!this.backend.recordRollupHits) return;
    const e = this.pending.get(rollupId);
    if (e) e.hits++;
    else this.pending.set(rollupId, { dataSourceId, hits: 1 });
    if (this.pending.size >= MAX_PENDING) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), ROLLUP_HITS_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Sends the counted hits now (one call); resolves when they are recorded. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    const send = this.backend.recordRollupHits;
    if (batch.size === 0 || !send) return this.flushing;
    const hits = [...batch].map(([rollupId, h]) => ({ rollupId, dataSourceId: h.dataSourceId, hits: h.hits }));
    this.flushing = this.flushing.then(() =>
      send
        .call(this.backend, { hits })
        .then(() => undefined)
        .catch((e: unknown) => this.logger?.warn('rollup hits not recorded', { rollups: hits.length, error: e })),
    );
    return this.flushing;
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
