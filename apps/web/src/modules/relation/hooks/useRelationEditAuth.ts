import { usePermission } from '../../auth/hooks/usePermission';
import { editAuthFor } from '../../dashboard/utils/permissions';
import type { RelationTab } from '../types';

/** Edit authority of a tab (dashboard:edit / template:edit): creating folders and maps; a map's own changes also need its `editAuth`. */
export function useRelationEditAuth(tab: RelationTab): boolean {
  const { can } = usePermission();
  return editAuthFor(tab, can('template:edit'), can('dashboard:edit'));
}
