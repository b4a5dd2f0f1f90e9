export * from './sql.js';
export * from './settings.js';
export * from './migrations.js';
export * from './pglite-database.js';
export * from './postgres-database.js';
export * from './open-database.js';
export * from './testing.js';
