import { orderBetween, orderForMove } from '@bi/rules';
import { folderOfItem, type TreeShape } from './tree';

/** Drag-and-drop ids of the tree: a folder (sortable block), a folder's row as a drop target, an item. */
export type DragKind = 'folder' | 'folderRow' | 'item';

export function dragId(kind: DragKind, id: string): string {
  return `${kind}:${id}`;
}

export function parseDragId(value: string | number): { kind: DragKind; id: string } | null {
  const text = String(value);
  const at = text.indexOf(':');
  if (at < 0) return null;
  const kind = text.slice(0, at);
  if (kind !== 'folder' && kind !== 'folderRow' && kind !== 'item') return null;
  return { kind, id: text.slice(at + 1) };
}

/** Folders may only land on folders; items on items or folder rows. */
export function acceptsDrop(active: string | number, target: string | number): boolean {
  const kind = parseDragId(active)?.kind;
  const over = parseDragId(target)?.kind;
  return kind === 'folder' ? over === 'folder' : over === 'item' || over === 'folderRow';
}

/**
 * What a drop means: a new order for a folder; for an item a new order (when items are ordered)
 * and maybe a new folder (`moveTo`, leaving the folder `from`), which is moved to first.
 */
export type DropPlan = { kind: 'folder'; id: string; order: number } | { kind: 'item'; id: string; order?: number; moveTo?: string; from?: string };

/**
 * The calls a drop needs (spec 01 §4 sort order): folders reorder among folders; items reorder
 * within their folder (when ordered), or go into another folder (at the place of the item they are
 * dropped on, or at the end when dropped on the folder row). Null when nothing changes.
 */
export function planDrop<F, I>(
  shape: TreeShape<F, I>,
  folders: readonly F[],
  activeId: string | number,
  overId: string | number | null | undefined,
): DropPlan | null {
  const active = parseDragId(activeId);
  const over = overId === null || overId === undefined ? null : parseDragId(overId);
  if (!active || !over) return null;
  const itemOrder = shape.itemOrder;

  if (active.kind === 'folder') {
    const targetFolder = over.kind === 'item' ? folderOfItem(shape, folders, over.id) : folders.find((f) => shape.folderId(f) === over.id);
    const from = folders.findIndex((f) => shape.folderId(f) === active.id);
    const to = targetFolder ? folders.indexOf(targetFolder) : -1;
    if (from < 0 || to < 0 || from === to) return null;
    return { kind: 'folder', id: active.id, order: orderForMove(folders.map(shape.folderOrder), from, to) };
  }

  if (active.kind !== 'item') return null;
  const source = folderOfItem(shape, folders, active.id);
  if (!source) return null;
  const sourceItems = shape.items(source);

  if (over.kind === 'item') {
    if (over.id === active.id) return null;
    const target = folderOfItem(shape, folders, over.id);
    if (!target) return null;
    const targetItems = shape.items(target);
    const to = targetItems.findIndex((i) => shape.itemId(i) === over.id);
    if (target === source) {
      if (!itemOrder) return null;
      const from = sourceItems.findIndex((i) => shape.itemId(i) === active.id);
      if (from === to) return null;
      return { kind: 'item', id: active.id, order: orderForMove(sourceItems.map(itemOrder), from, to) };
    }
    // into another folder, taking the place of the item it was dropped on
    const moveTo = shape.folderId(target);
    const from = shape.folderId(source);
    if (!itemOrder) return { kind: 'item', id: active.id, moveTo, from };
    const before = targetItems[to - 1];
    const at = targetItems[to];
    return { kind: 'item', id: active.id, order: orderBetween(before && itemOrder(before), at && itemOrder(at)), moveTo, from };
  }

  // dropped on a folder row (or block): into that folder, at the end
  const target = folders.find((f) => shape.folderId(f) === over.id);
  if (!target || target === source) return null;
  const moveTo = shape.folderId(target);
  const from = shape.folderId(source);
  if (!itemOrder) return { kind: 'item', id: active.id, moveTo, from };
  const targetItems = shape.items(target);
  const last = targetItems[targetItems.length - 1];
  return { kind: 'item', id: active.id, order: orderBetween(last && itemOrder(last), undefined), moveTo, from };
}

/** The folders as they will be after the plan (for the optimistic update), sorted by order. */
export function applyDrop<F, I>(shape: TreeShape<F, I>, folders: readonly F[], plan: DropPlan): F[] {
  if (plan.kind === 'folder') {
    return folders
      .map((f) => (shape.folderId(f) === plan.id ? shape.withFolder(f, { order: plan.order }) : f))
      .sort((a, b) => shape.folderOrder(a) - shape.folderOrder(b));
  }
  const source = folderOfItem(shape, folders, plan.id);
  const moving = source && shape.items(source).find((i) => shape.itemId(i) === plan.id);
  if (!source || !moving) return [...folders];
  const sourceId = shape.folderId(source);
  const targetId = plan.moveTo ?? sourceId;
  const moved = shape.withItem(moving, { folderId: targetId, order: plan.order });
  const itemOrder = shape.itemOrder;
  return folders.map((f) => {
    const id = shape.folderId(f);
    if (id !== sourceId && id !== targetId) return f;
    let items = [...shape.items(f)];
    if (id === sourceId) items = items.filter((i) => shape.itemId(i) !== plan.id);
    if (id === targetId) {
      items.push(moved);
      if (itemOrder) items.sort((a, b) => itemOrder(a) - itemOrder(b));
    }
    return shape.withFolder(f, { items });
  });
}
