import { isReserved } from '@bi/rules';

/**
 * One entry of a folder or item menu, given as data by the area: a key the area's handler gets, the
 * text, the test id of its label, and whether it is disabled or dangerous. `divider` draws a line.
 */
export type TreeMenuEntry =
  | { key: string; label: string; testId: string; disabled?: boolean; danger?: boolean; onSelect?: () => void }
  | { divider: true };

/** The entries a user may pick: no dividers at either end or twice in a row. */
export function tidyMenu(entries: readonly (TreeMenuEntry | false | null | undefined)[]): TreeMenuEntry[] {
  const out: TreeMenuEntry[] = [];
  for (const entry of entries) {
    if (!entry) continue;
    if ('divider' in entry && (out.length === 0 || 'divider' in out[out.length - 1]!)) continue;
    out.push(entry);
  }
  while (out.length > 0 && 'divider' in out[out.length - 1]!) out.pop();
  return out;
}

/**
 * Rights on one folder or item of a tree (spec 01 §5 / 02 §5): without the area's edit right there
 * is no menu and no dragging; a reserved name (SBEP) cannot be renamed, deleted or copied.
 */
export function nodeRights(name: string, canEdit: boolean): { menu: boolean; drag: boolean; rename: boolean; delete: boolean; copy: boolean } {
  const free = canEdit && !isReserved(name);
  return { menu: canEdit, drag: canEdit, rename: free, delete: free, copy: free };
}
