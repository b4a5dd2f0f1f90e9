import { useEffect, useMemo, useState } from 'react';
import { filterTree, folderOfItem, type TreeShape } from '../utils/tree';

/**
 * The view state of a folder tree: the search text and the folders it leaves, which folders are
 * collapsed (all expanded while searching; the open item's folder always), and the kind being dragged.
 */
export function useFolderTree<F, I>(shape: TreeShape<F, I>, data: readonly F[] | undefined, activeItemId?: string) {
  const folders = useMemo(() => data ?? [], [data]);
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => filterTree(shape, folders, search), [shape, folders, search]);
  const searching = search.trim() !== '';

  const expand = (folderId: string) =>
    setCollapsed((current) => (current.has(folderId) ? new Set([...current].filter((id) => id !== folderId)) : current));
  const toggle = (folderId: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(folderId)) next.delete(folderId);
      else next.add(folderId);
      return next;
    });

  // the folder of the open item is always expanded
  useEffect(() => {
    if (!activeItemId) return;
    const folder = folderOfItem(shape, folders, activeItemId);
    if (folder) expand(shape.folderId(folder));
  }, [shape, activeItemId, folders]);

  return {
    folders,
    shown,
    search,
    setSearch,
    searching,
    isExpanded: (folderId: string) => searching || !collapsed.has(folderId),
    toggle,
    expand,
  };
}

export type FolderTreeState<F> = Pick<ReturnType<typeof useFolderTree<F, unknown>>, 'folders' | 'shown' | 'search' | 'setSearch' | 'searching' | 'isExpanded' | 'toggle' | 'expand'>;
