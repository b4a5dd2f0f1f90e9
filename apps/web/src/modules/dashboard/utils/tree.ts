import type { TreeShape } from '../../../shared/folder-tree';
import type { Dashboard, Project } from '../types';

/** How the folder tree reads and rebuilds the dashboard and template folders (ordered dashboards). */
export const dashboardTree: TreeShape<Project, Dashboard> = {
  folderId: (p) => p.projectId,
  folderName: (p) => p.name,
  folderOrder: (p) => p.order,
  items: (p) => p.dashboards,
  itemId: (d) => d.dashboardId,
  itemName: (d) => d.name,
  itemOrder: (d) => d.order,
  withFolder: (p, change) => ({ ...p, order: change.order ?? p.order, dashboards: change.items ?? p.dashboards }),
  withItem: (d, change) => ({ ...d, projectId: change.folderId, order: change.order ?? d.order }),
};
