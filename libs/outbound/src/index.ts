export * from './address.js';
export * from './policy.js';
export * from './delivery.js';
export * from './fetch.js';
