/**
 * Draws an option fitted to the size of the box it is drawn in (fitOption of @bi/charts: category
 * labels rotated, cut or visibly thinned; legend rows; pie and funnel labels; small dials), on the
 * first draw and after every resize: the server builds one option for every box size.
 */
import { fitOption, type JsonObject } from '@bi/charts';
import type { EChartsCoreOption, EChartsType } from './core';

export function drawFitted(chart: EChartsType, option: EChartsCoreOption, host: HTMLElement): void {
  const size = { width: host.clientWidth, height: host.clientHeight };
  chart.setOption(fitOption(option as JsonObject, size) as EChartsCoreOption, { notMerge: true });
}
