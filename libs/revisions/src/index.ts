/**
 * @bi/revisions — the history of every owned object (issue 33, docs/adr/0026-revisions.md): one
 * append-only store over @bi/persistence (each owning service's migration creates its table with
 * revisionsTableSql), the server-computed one-line summary, the structural diff, folding of a
 * person's burst of saves, retention (BI_REVISIONS_KEEP) and the trash (BI_TRASH_DAYS).
 */
export * from './diff.js';
export * from './summary.js';
export * from './store.js';
export * from './wire.js';
