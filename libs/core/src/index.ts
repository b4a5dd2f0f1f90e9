export * from './app-error.js';
export * from './logger.js';
