/** Server-side SVG rendering of an option with ECharts, the fixtures' maps registered. */
import * as echarts from 'echarts';
import type { JsonObject } from '../types.js';
import { GEO_FIXTURES } from './geo-fixtures.js';

let registered = false;

export function registerFixtureMaps(): void {
  if (registered) return;
  for (const [name, geo] of Object.entries(GEO_FIXTURES)) echarts.registerMap(name, geo as unknown as Parameters<typeof echarts.registerMap>[1]);
  registered = true;
}

export interface RenderOptions {
  width?: number;
  height?: number;
  /** false draws the final frame (for looking at the picture); the option's own setting otherwise */
  animation?: boolean;
}

/** Renders an option to an SVG string (600 × 400) the way the server-side renderer does. */
export function renderSvg(option: JsonObject, opts: RenderOptions = {}): string {
  registerFixtureMaps();
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: opts.width ?? 600, height: opts.height ?? 400 });
  try {
    chart.setOption((opts.animation === false ? { ...option, animation: false } : option) as echarts.EChartsOption);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
