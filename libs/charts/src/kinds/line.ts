import { buildCartesian } from '../cartesian.js';
import type { KindBuilder } from '../context.js';

/** Lines per measure (or per compare value); smooth when the chart's shape is on. */
export const buildLine: KindBuilder = (ctx) =>
  buildCartesian(ctx, { seriesType: { 0: 'line', 1: 'line' }, stacked: false, canBeHorizontal: false, dualAxis: false, trendlines: true, tooltip: 'axis' });
