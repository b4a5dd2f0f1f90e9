export * from './runtime.js';
export * from './grpc-errors.js';
export * from './nest-logger.js';
export * from './health.js';
export * from './grpc-service.js';
export * from './grpc-client.js';
export * from './input.js';
export * from './in-process.js';
