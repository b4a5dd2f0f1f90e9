import { usePermission } from '../../auth/hooks/usePermission';
import type { TabType } from '../types';
import { editAuthFor } from '../utils/permissions';

/** editAuth of a tab, template:edit, and the data-source check of spec 01 §6. */
export function useEditAuth(tab: TabType) {
  const { can } = usePermission();
  const canEditTemplate = can('template:edit');
  return {
    editAuth: editAuthFor(tab, canEditTemplate, can('dashboard:edit')),
    canEditTemplate,
    /** datasource:{dataSourceId} gives access to a chart's data source. */
    dataSourceAuth: (dataSourceId: string) => Boolean(dataSourceId) && can(`datasource:${dataSourceId}`),
  };
}
