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

/** The folders of the product's areas: a project with an id, a name and a sidebar order. */
export interface ProjectFolder {
  projectId: string;
  name: string;
  order: number;
}

/**
 * The shape of an area whose folders are projects holding their items under `itemsKey`, each item
 * naming its project (`projectId`); with `itemOrder` the items are ordered (field `order`).
 */
export function projectShape<F extends ProjectFolder, I extends { projectId: string; name: string }>(
  itemsKey: { [K in keyof F]: F[K] extends readonly I[] ? K : never }[keyof F],
  itemId: (item: I) => string,
  itemOrder?: (item: I) => number,
): TreeShape<F, I> {
  return {
    folderId: (f) => f.projectId,
    folderName: (f) => f.name,
    folderOrder: (f) => f.order,
    items: (f) => f[itemsKey] as unknown as readonly I[],
    itemId,
    itemName: (i) => i.name,
    ...(itemOrder ? { itemOrder } : {}),
    withFolder: (f, change) => ({ ...f, order: change.order ?? f.order, ...(change.items ? { [itemsKey]: change.items } : {}) }),
    withItem: (i, change) => ({ ...i, projectId: change.folderId, ...(itemOrder && change.order !== undefined ? { order: change.order } : {}) }),
  };
}
