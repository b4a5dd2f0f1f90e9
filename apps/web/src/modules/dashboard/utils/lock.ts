import type { TabType } from '../types';

/** Reads of the page's query the lock rules need. */
export interface LockQuery {
  lockEdit?: string | null;
  apiName?: string | null;
}

/** Spec 01 §4: a dashboard is locked by default; `?lockEdit=false` unlocks it. */
export function initialLocked(query: LockQuery): boolean {
  return query.lockEdit !== 'false';
}

/** The lock cannot be toggled while an apiName query is present. */
export function canToggleLock(query: LockQuery): boolean {
  return !query.apiName;
}

/** Dragging and resizing only when unlocked and (dashboard tab, or template:edit). */
export function canDrag({ locked, tab, canEditTemplate }: { locked: boolean; tab: TabType; canEditTemplate: boolean }): boolean {
  return !locked && (tab === 'dashboard' || canEditTemplate);
}
