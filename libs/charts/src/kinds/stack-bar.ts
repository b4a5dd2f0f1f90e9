import { buildCartesian } from '../cartesian.js';
import type { KindBuilder } from '../context.js';

/**
 * Stacked bars: one stack (per measure when a compare column splits several measures). Point labels show
 * each part's share of its stack, or the real value when isShowRealValue.
 */
export const buildStackBar: KindBuilder = (ctx) =>
  buildCartesian(ctx, { seriesType: { 0: 'bar', 1: 'bar' }, stacked: true, canBeHorizontal: true, dualAxis: false, trendlines: false, tooltip: 'axis' });
