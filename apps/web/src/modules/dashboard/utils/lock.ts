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

/**
 * Dragging and resizing only when unlocked and the user may edit the tab: dashboard:edit on the
 * dashboard tab, template:edit on the template tab (`editAuth` of editAuthFor), so `?lockEdit=false`
 * does not let a viewer move charts.
 */
export function canDrag({ locked, editAuth }: { locked: boolean; editAuth: boolean }): boolean {
  return !locked && editAuth;
}
