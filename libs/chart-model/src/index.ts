export * from './chart.js';
export * from './switch-source.js';
