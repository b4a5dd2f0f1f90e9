import type { TreeShape } from '../../../shared/folder-tree';
import type { DataSourceSummary, Project } from '../types';

/**
 * How the folder tree reads and rebuilds the data-source folders. Sources have no order of their
 * own (they are listed as created): they move between folders but do not reorder inside one.
 */
export const dataSourceTree: TreeShape<Project, DataSourceSummary> = {
  folderId: (p) => p.projectId,
  folderName: (p) => p.name,
  folderOrder: (p) => p.order,
  items: (p) => p.dataSources,
  itemId: (s) => s.dataSourceId,
  itemName: (s) => s.name,
  withFolder: (p, change) => ({ ...p, order: change.order ?? p.order, dataSources: change.items ?? p.dataSources }),
  withItem: (s, change) => ({ ...s, projectId: change.folderId }),
};
