export * from './names.js';
export * from './order.js';
export * from './dashboard.js';
