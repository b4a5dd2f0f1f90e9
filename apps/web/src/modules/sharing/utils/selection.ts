/** The checkbox rules of the batch-publish table (spec 02 §2 screen 7): select all, invert, select none. */

/** Every selectable row checked. */
export function selectAll(selectable: readonly string[]): string[] {
  return [...selectable];
}

/** Selectable rows not checked become checked and the checked ones unchecked. */
export function invertSelection(selectable: readonly string[], checked: readonly string[]): string[] {
  const current = new Set(checked);
  return selectable.filter((id) => !current.has(id));
}

/** Only the checked rows that are still selectable (after a reload or a folder change). */
export function keepSelectable(selectable: readonly string[], checked: readonly string[]): string[] {
  const allowed = new Set(selectable);
  return checked.filter((id) => allowed.has(id));
}

export type BatchProblem = 'noneChecked' | 'noneChosen';

/** Spec 02 §5: at least one source checked; and at least one role or user to add or remove. */
export function batchProblem(input: { dataSourceIds: readonly string[]; roleIds: readonly string[]; userIds: readonly string[] }): BatchProblem | null {
  if (input.dataSourceIds.length === 0) return 'noneChecked';
  if (input.roleIds.length === 0 && input.userIds.length === 0) return 'noneChosen';
  return null;
}
