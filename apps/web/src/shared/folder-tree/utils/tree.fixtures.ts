import type { TreeShape } from './tree';

/** Test data of the folder-tree specs: a shape like the data-source area's, items without an order. */
interface Item {
  key: string;
  label: string;
  folder: string;
}
interface Folder {
  key: string;
  label: string;
  rank: number;
  children: Item[];
}
export const shape: TreeShape<Folder, Item> = {
  folderId: (f) => f.key,
  folderName: (f) => f.label,
  folderOrder: (f) => f.rank,
  items: (f) => f.children,
  itemId: (i) => i.key,
  itemName: (i) => i.label,
  withFolder: (f, c) => ({ ...f, rank: c.order ?? f.rank, children: c.items ?? f.children }),
  withItem: (i, c) => ({ ...i, folder: c.folderId }),
};
const item = (folder: string, key: string, label: string): Item => ({ key, label, folder });
export const folders: Folder[] = [
  { key: 'p1', label: 'Sales', rank: 10, children: [item('p1', 's1', 'Revenue 2026'), item('p1', 's2', 'Orders')] },
  { key: 'p2', label: 'Revenue folder', rank: 20, children: [item('p2', 's3', '区域销售'), item('p2', 's4', 'revenue by region')] },
  { key: 'p3', label: 'Empty', rank: 30, children: [] },
];

