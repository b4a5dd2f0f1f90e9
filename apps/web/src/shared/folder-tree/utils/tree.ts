/**
 * The folder tree of every sidebar (dashboards, templates, data sources, relation maps): folders
 * holding items. Each area keeps its own data types and tells the tree how to read and rebuild
 * them through a TreeShape; every rule below (search, drop planning, optimistic update) exists once.
 */
export interface TreeShape<F, I> {
  folderId: (folder: F) => string;
  folderName: (folder: F) => string;
  folderOrder: (folder: F) => number;
  items: (folder: F) => readonly I[];
  itemId: (item: I) => string;
  itemName: (item: I) => string;
  /**
   * The item's sort order. Without it the items keep the server's order: they can be dragged into
   * another folder but not reordered inside one.
   */
  itemOrder?: (item: I) => number;
  /** The folder with a new order and/or new items. */
  withFolder: (folder: F, change: { order?: number; items?: I[] }) => F;
  /** The item in another folder and/or at another order. */
  withItem: (item: I, change: { folderId: string; order?: number }) => I;
}

const needleOf = (query: string) => query.trim().toLowerCase();

/**
 * Sidebar search: with a query, only folders holding an item whose name contains it (ignoring
 * case) stay, each with only its matching items; without one, everything.
 */
export function filterTree<F, I>(shape: TreeShape<F, I>, folders: readonly F[], query: string): F[] {
  const needle = needleOf(query);
  if (!needle) return [...folders];
  const out: F[] = [];
  for (const folder of folders) {
    const items = shape.items(folder).filter((item) => shape.itemName(item).toLowerCase().includes(needle));
    if (items.length > 0) out.push(shape.withFolder(folder, { items }));
  }
  return out;
}

export interface ItemMatch<I> {
  item: I;
  folderId: string;
  folderName: string;
}

/** The search dropdown's entries: matching items in folder order, at most `limit`. */
export function matchingItems<F, I>(shape: TreeShape<F, I>, folders: readonly F[], query: string, limit = 50): ItemMatch<I>[] {
  const needle = needleOf(query);
  if (!needle) return [];
  const out: ItemMatch<I>[] = [];
  for (const folder of folders) {
    for (const item of shape.items(folder)) {
      if (!shape.itemName(item).toLowerCase().includes(needle)) continue;
      out.push({ item, folderId: shape.folderId(folder), folderName: shape.folderName(folder) });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** The folder holding an item, if any. */
export function folderOfItem<F, I>(shape: TreeShape<F, I>, folders: readonly F[], itemId: string): F | undefined {
  return folders.find((f) => shape.items(f).some((i) => shape.itemId(i) === itemId));
}
