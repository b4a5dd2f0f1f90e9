/** Sharing of data sources (spec 02 §2 screen 7, §3 Share form / Publish failure log, §4, §7 Sharing). */
export { ShareDialog, type ShareTarget } from './components/ShareDialog';
export { useShareDialog } from './hooks/useShareDialog';
export { RowRulesButton, RowRulesDialog, type RowRulesTarget } from './components/RowRulesDialog';
export { PrincipalPickers } from './components/PrincipalPickers';
export { normalizeShareForm } from './utils/shape';
