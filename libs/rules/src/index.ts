export * from './names.js';
export * from './order.js';
export * from './dashboard.js';
export * from './data-source.js';
export * from './source-kinds.js';
export * from './excel.js';
export * from './text.js';
export * from './join-table.js';
