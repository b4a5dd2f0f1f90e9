import { DRILL_LIMITS, detailFilterSchema, nullAsAbsent, requestFilters } from '@bi/chart-model';
import { INPUT_BOUNDS, MAX_BATCH_CHARTS } from '@bi/rules';
import { z } from 'zod';
import { constantPiece, gzipJoin, type Deflated } from './gzip-join.js';

const nullable = nullAsAbsent;
/** Inner and global filters of a run (docs/api/chart.md "Bounds"): the wire schema of @bi/chart-model, its texts under the one text rule. */
export const filters = requestFilters;
/**
 * The drill path (docs/api/chart.md "Drill-down"): the clicked values of the chart's upper drill levels,
 * top first — texts as the chart names its points, at most one fewer than the longest hierarchy. Its fit
 * to the chart's stored hierarchy is checked by chart-query, which builds the query from it.
 */
export const drillPath = nullable(z.array(z.string().max(INPUT_BOUNDS.filterValueChars)).max(DRILL_LIMITS.maxLevels - 1));

/** The body of running a chart (docs/api/chart.md RunBody). */
export const runBody = z.object({
  isFullScreen: nullable(z.boolean()),
  isFirstRequest: nullable(z.boolean()),
  innerFilters: filters,
  globalFilters: filters,
  page: nullable(z.object({ index: z.number().int().min(1).max(1_000_000), size: z.number().int().min(1).max(500) })),
  drill: drillPath,
});
export type RunBody = z.infer<typeof runBody>;

/** The detail dialog's filter (spec 01 §3 "Detail filter"): the wire schema of @bi/chart-model. */
export const detailFilter = detailFilterSchema;

/** Everything of a run request the answer depends on, as one text (with the chart's stamps, the BFF answer cache's key). */
export function runRequestKey(withGlobalFilters: boolean, b: RunBody, language: string, now = Date.now()): string {
  return JSON.stringify([withGlobalFilters ? 1 : 0, b.innerFilters ?? null, withGlobalFilters ? (b.globalFilters ?? null) : null, b.page ?? null, language, relativeBucket(b, now), b.drill?.length ? b.drill : null]);
}

/** Every time zone's offset is a multiple of 15 minutes: a key holding this bucket changes at least at each midnight of the product's zone. */
const BUCKET_MS = 15 * 60_000;
/** Filters with a relative date preset mean other dates tomorrow: their answers are kept for the current quarter hour only. */
function relativeBucket(b: RunBody, now: number): number | null {
  const relative = [...(b.innerFilters ?? []), ...(b.globalFilters ?? [])].some((f) => f.relative);
  return relative ? Math.floor(now / BUCKET_MS) : null;
}

/** The body of running several charts of one tab at once: each one's run body with its id (docs/api/chart.md BatchRunBody). */
export const batchRunBody = z.object({
  charts: z.array(runBody.extend({ chartId: z.string().min(1).max(64) })).min(1).max(MAX_BATCH_CHARTS),
});
export type BatchRunBody = z.infer<typeof batchRunBody>;

/** The batch envelope's constant parts, compressed once (for gzip answers of kept answers). */
const OPEN = constantPiece('{"status":"success","data":[');
const COMMA = constantPiece(',');
const CLOSE = constantPiece(']}');

/** open, item, comma, item, …, close */
function enveloped<T>(items: readonly T[], open: T, comma: T, close: T): T[] {
  const parts = [open];
  items.forEach((item, i) => {
    if (i > 0) parts.push(comma);
    parts.push(item);
  });
  parts.push(close);
  return parts;
}

/**
 * The answer of a batch run as its parts in order: one envelope per chart, in the request's order,
 * each the bytes a single run answers (the hit path writes the parts as they are, without a copy).
 */
export function batchEnvelopeParts(bodies: readonly Buffer[]): Buffer[] {
  return enveloped(bodies, OPEN.bytes, COMMA.bytes, CLOSE.bytes);
}

/** The same answer gzip-compressed from the bodies' pieces compressed once (`compressed[i]` of `bodies[i]`). */
export function batchEnvelopeGzipParts(bodies: readonly Buffer[], compressed: readonly Deflated[]): Buffer[] {
  return gzipJoin(enveloped<Deflated>(compressed, OPEN, COMMA, CLOSE), batchEnvelopeParts(bodies));
}
