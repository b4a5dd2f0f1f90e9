/** Sharing (spec 02 §2 screen 7, §3 Share form / Publish failure log, §4, §7 Sharing): data sources, and the one share dialog every grant target kind uses. */
export { ShareDialog, type ShareGrant } from './components/ShareDialog';
export { useBatchShareDialog, useShareDialog, type BatchShareTarget, type ShareTarget } from './hooks/useShareDialog';
export { useAudience } from './hooks/useAudience';
export { RowRulesButton, RowRulesDialog, type RowRulesTarget } from './components/RowRulesDialog';
export { PrincipalPickers } from './components/PrincipalPickers';
export { normalizeShareForm } from './utils/shape';
