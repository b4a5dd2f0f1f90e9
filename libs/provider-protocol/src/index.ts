export * from './wire.js';
export * from './signing.js';
export * from './periods.js';
export * from './client.js';
