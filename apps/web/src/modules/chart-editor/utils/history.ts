/** Undo of the editor (beyond the spec): the states before the last edits, newest last, bounded. */
export const UNDO_LIMIT = 50;

export function pushUndo<T>(stack: readonly T[], previous: T, limit = UNDO_LIMIT): T[] {
  const next = [...stack, previous];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** The state to go back to and the stack without it; null when there is nothing to undo. */
export function popUndo<T>(stack: readonly T[]): { state: T; stack: T[] } | null {
  if (stack.length === 0) return null;
  return { state: stack[stack.length - 1] as T, stack: stack.slice(0, -1) };
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Ctrl+Z (Cmd+Z on a Mac), without Shift (redo) or Alt. */
export function isUndoShortcut(e: KeyLike): boolean {
  return (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z';
}

export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

/** Text boxes keep their own undo, and an open dialog owns the keyboard. */
export function undoBelongsElsewhere(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  return Boolean(target.closest?.('.ant-modal, [role="dialog"]'));
}
