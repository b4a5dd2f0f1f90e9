export * from './host.js';
