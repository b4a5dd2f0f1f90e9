import { randomUUID } from 'node:crypto';
import type { Cache } from './cache.js';

/**
 * Freshness stamps (docs/adr/0003-bff-answer-cache.md): a random value per chart, per data source and
 * per revoked session, kept in the shared cache (the in-process cache in embedded mode, Redis in
 * distributed mode). A service that changes a chart or a source writes a new stamp right after its
 * commit, before it answers; whoever keeps a copy of something (the BFF's answers, chart records,
 * source descriptions) notes the stamp it read *before* reading the thing and uses the copy only
 * while the stamp is unchanged. Stamps are random, never counters, so a stamp that expired or was
 * evicted and is written again can never equal an old one (no ABA); an absent stamp matches nothing.
 */
export const STAMP_TTL_MS = 7 * 24 * 3_600_000;

export const stampKeys = {
  chart: (chartId: string) => `stamp:chart:${chartId}`,
  source: (dataSourceId: string) => `stamp:source:${dataSourceId}`,
  /** present while a signed-out token would still be valid */
  revoked: (sessionId: string) => `stamp:revoked:${sessionId}`,
} as const;

export function newStamp(): string {
  return randomUUID();
}

/** Writes a new stamp under every key: copies noted under the old ones are no longer used. */
export async function bumpStamps(cache: Cache, keys: readonly string[]): Promise<void> {
  await Promise.all([...new Set(keys)].map((key) => cache.set(key, newStamp(), STAMP_TTL_MS)));
}

/**
 * The current stamps of the keys, writing a new one where none is (so a reader always notes a real
 * value before it reads the thing the stamp guards). A missing stamp is written only if still absent
 * (Cache.setIfAbsent): readers that find it missing at the same time all note the one written first
 * (each writing its own would leave all but the last with a stamp that is already gone, and their
 * copies unusable at once). A writer's bump in between wins, which only makes older copies unusable.
 */
export async function currentStamps(cache: Cache, keys: readonly string[]): Promise<string[]> {
  const found = await cache.getMany(keys);
  const missing = keys.map((key, i) => (found[i] === undefined ? i : -1)).filter((i) => i >= 0);
  if (!missing.length) return found as string[];
  const out = [...found] as string[];
  await Promise.all(
    missing.map(async (i) => {
      out[i] = await cache.setIfAbsent(keys[i]!, newStamp(), STAMP_TTL_MS);
    }),
  );
  return out;
}
