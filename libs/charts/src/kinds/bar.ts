import { buildCartesian } from '../cartesian.js';
import type { KindBuilder } from '../context.js';

/** Bars per measure (or per compare value); horizontal when isHorizontal; trendlines per value field. */
export const buildBar: KindBuilder = (ctx) =>
  buildCartesian(ctx, { seriesType: { 0: 'bar', 1: 'bar' }, stacked: false, canBeHorizontal: true, dualAxis: false, trendlines: true, tooltip: 'axis' });
