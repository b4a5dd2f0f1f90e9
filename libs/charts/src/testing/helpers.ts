/** Loosely typed access to built options for the specs. */
import { buildOption } from '../build.js';
import type { BuildOptions, ChartMeta, ChartResult } from '../types.js';

export type Loose = any;

export function build(result: ChartResult, options?: BuildOptions): { o: Loose; meta: ChartMeta } {
  const r = buildOption(result, options);
  return { o: r.option as Loose, meta: r.meta };
}
