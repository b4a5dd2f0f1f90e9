export * from './types.js';
export { renderChartSvg, renderChartPng } from './chart.js';
