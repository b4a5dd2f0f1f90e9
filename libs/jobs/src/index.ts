export * from './schedule.js';
export * from './migration.js';
export * from './jobs.js';
