import { projectShape } from '../../../shared/folder-tree/utils/tree';
import type { DataSourceSummary, Project } from '../types';

/**
 * How the folder tree reads and rebuilds the data-source folders. Sources have no order of their
 * own (they are listed as created): they move between folders but do not reorder inside one.
 */
export const dataSourceTree = projectShape<Project, DataSourceSummary>('dataSources', (s) => s.dataSourceId);
