import type { RelationTab } from '../types';

/** The relation-map content view of a tab (routes dashboard_relation / template_relation): /{tab}/relation/{project}/{relation}. */
export function relationPath(tab: RelationTab, projectId?: string, relationId?: string, edit = false): string {
  const parts = [tab, 'relation', ...(projectId ? [projectId] : []), ...(projectId && relationId ? [relationId] : [])].map(encodeURIComponent);
  return `/${parts.join('/')}${edit && relationId ? '?mode=edit' : ''}`;
}
