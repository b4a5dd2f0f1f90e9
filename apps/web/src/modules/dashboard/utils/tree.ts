import { projectShape } from '../../../shared/folder-tree/utils/tree';
import type { Dashboard, Project } from '../types';

/** How the folder tree reads and rebuilds the dashboard and template folders (ordered dashboards). */
export const dashboardTree = projectShape<Project, Dashboard>('dashboards', (d) => d.dashboardId, (d) => d.order);
