export * from './event-bus.js';
export * from './in-process-event-bus.js';
export * from './outbox.js';
export * from './topics.js';
export * from './create-event-bus.js';
export * from './kafka-event-bus.js';
export * from './idempotent-consumer.js';
export * from './rounds.js';
export { waitFor } from './wait-for.js';
