/**
 * @bi/sql-text — server-only text checks: the SQL reader (tokenizer, read-only SELECT guard, WITH
 * split) and the calculated-field expression whitelist. Tagged scope:server, so the browser app
 * cannot import it (eslint depConstraints); browser-shared rules stay in @bi/rules.
 */
export * from './dialect-name.js';
export * from './sql-text.js';
export * from './expression.js';
