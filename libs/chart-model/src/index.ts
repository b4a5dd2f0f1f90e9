export * from './chart.js';
export * from './kinds.js';
export * from './switch-source.js';
export * from './linkage.js';
export * from './warn-config.js';
export * from './chart-filters.js';
export * from './relation.js';
export * from './drill.js';
