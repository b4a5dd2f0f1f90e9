export * from './chart.js';
export * from './kinds.js';
export * from './switch-source.js';
export * from './warn-config.js';
export * from './linkage.js';
