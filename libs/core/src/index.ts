export * from './app-error.js';
export * from './logger.js';
export * from './secret-file.js';
export * from './free-ports.js';
export * from './secret-box.js';
