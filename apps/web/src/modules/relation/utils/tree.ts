import { projectShape } from '../../../shared/folder-tree/utils/tree';
import type { RelationFolder, RelationItem } from '../types';

/** How the folder tree reads the relation folders (maps keep the server's order: they are not dragged). */
export const relationTree = projectShape<RelationFolder, RelationItem>('relations', (r) => r.relationId);
