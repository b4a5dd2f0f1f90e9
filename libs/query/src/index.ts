/**
 * @bi/query — the chart engine's query library (pure TypeScript, no framework imports):
 * chart definition + filters → typed IR → SQL with bound parameters for DuckDB, PostgreSQL,
 * MySQL/MariaDB, SQL Server and Oracle; result rows normalised; trendlines fitted.
 */
export * from './errors.js';
export * from './source.js';
export * from './join.js';
export * from './sql.js';
export * from './dates.js';
export * from './ir.js';
export * from './field-range.js';
export * from './filters.js';
export * from './row-rules.js';
export * from './dialects/index.js';
export * from './source-sql.js';
export * from './compile.js';
export * from './trendline.js';
export * from './result.js';
export * from './global-filters.js';
export * from './drill.js';
export * from './rollup.js';
