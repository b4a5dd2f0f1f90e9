import { buildCartesian } from '../cartesian.js';
import type { KindBuilder } from '../context.js';

/** Points per measure over the dimension's categories; item tooltips. */
export const buildScatter: KindBuilder = (ctx) =>
  buildCartesian(ctx, { seriesType: { 0: 'scatter', 1: 'scatter' }, stacked: false, canBeHorizontal: false, dualAxis: false, trendlines: true, tooltip: 'item' });
