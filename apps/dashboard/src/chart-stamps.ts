import { bumpStamps, stampKeys, type Cache } from '@bi/cache';

/**
 * New freshness stamps for changed or deleted charts (libs/cache stamps.ts), written after the commit
 * and before the call answers, so the BFF uses no copy of such a chart or of an answer drawn from it
 * (docs/adr/0003-bff-answer-cache.md). A failed write is retried once, then the call fails: the change
 * is committed, and the caller learns that readers may briefly see the old chart (until its answer's
 * lifetime ends); repeating the call writes the stamps again.
 */
export async function renewChartStamps(cache: Cache, chartIds: readonly string[]): Promise<void> {
  if (!chartIds.length) return;
  const keys = chartIds.map(stampKeys.chart);
  await bumpStamps(cache, keys).catch(() => bumpStamps(cache, keys));
}
