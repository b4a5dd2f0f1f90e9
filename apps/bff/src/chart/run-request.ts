import { MAX_BATCH_CHARTS } from '@bi/rules';
import { z } from 'zod';

const nullable = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === null ? undefined : v), s.optional());
const filterItem = z.object({ name: z.string().max(128) }).passthrough();
export const filters = nullable(z.array(filterItem).max(50));

/** The body of running a chart (docs/api/chart.md RunBody). */
export const runBody = z.object({
  isFullScreen: nullable(z.boolean()),
  isFirstRequest: nullable(z.boolean()),
  innerFilters: filters,
  globalFilters: filters,
  page: nullable(z.object({ index: z.number().int().min(1).max(1_000_000), size: z.number().int().min(1).max(500) })),
});
export type RunBody = z.infer<typeof runBody>;

/** The detail dialog's filter (spec 01 §3 "Detail filter"). */
export const detailFilter = z.object({
  logic: z.union([z.literal(0), z.literal(1)]),
  filterItems: z.array(z.object({ field: z.object({ name: z.string().max(128) }).passthrough() }).passthrough()).max(50),
});

/** Everything of a run request the answer depends on, as one text (with the chart's stamps, the BFF answer cache's key). */
export function runRequestKey(withGlobalFilters: boolean, b: RunBody, language: string): string {
  return JSON.stringify([withGlobalFilters ? 1 : 0, b.innerFilters ?? null, withGlobalFilters ? (b.globalFilters ?? null) : null, b.page ?? null, language]);
}

/** The body of running several charts of one tab at once: each one's run body with its id (docs/api/chart.md BatchRunBody). */
export const batchRunBody = z.object({
  charts: z.array(runBody.extend({ chartId: z.string().min(1).max(64) })).min(1).max(MAX_BATCH_CHARTS),
});
export type BatchRunBody = z.infer<typeof batchRunBody>;

/** The answer of a batch run: one envelope per chart, in the request's order, each the bytes a single run answers. */
export function batchEnvelope(bodies: readonly Buffer[]): Buffer {
  return Buffer.concat(batchEnvelopeParts(bodies));
}
/** The batch envelope as its parts in order (the hit path writes them as they are, without a copy). */
export function batchEnvelopeParts(bodies: readonly Buffer[]): Buffer[] {
  const parts: Buffer[] = [BATCH_HEAD];
  bodies.forEach((b, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(b);
  });
  parts.push(BATCH_TAIL);
  return parts;
}
const BATCH_HEAD = Buffer.from('{"status":"success","data":[');
const BATCH_TAIL = Buffer.from(']}');
const COMMA = Buffer.from(',');
