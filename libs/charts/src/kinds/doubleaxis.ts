import { buildCartesian } from '../cartesian.js';
import type { KindBuilder } from '../context.js';

/**
 * Values as bars on value axis 0 (property min/max), second values as lines on value axis 1 (property
 * secondMin/secondMax, plotLineYOptional), one legend entry per series.
 */
export const buildDoubleAxis: KindBuilder = (ctx) =>
  buildCartesian(ctx, { seriesType: { 0: 'bar', 1: 'line' }, stacked: false, canBeHorizontal: true, dualAxis: true, trendlines: true, tooltip: 'axis' });
