/**
 * ECharts for the server: the package's own prebuilt bundle (`echarts/dist/echarts.min`, the same
 * version and code as the web's `echarts/core` parts, one script), drawn by its SVG renderer in SSR
 * mode. Loading `echarts/core` and the 13 kinds' parts as ES modules (hundreds of files) cost the
 * renderer process 87 MB and 1.5 s; the one-file bundle 17 MB and 0.3 s.
 */
import { createRequire } from 'node:module';

type ECharts = typeof import('echarts/core');

const require = createRequire(import.meta.url);
export const echarts = require('echarts/dist/echarts.min') as ECharts;
export type { EChartsCoreOption } from 'echarts/core';
