export * from './host.js';
export * from './testing.js';
