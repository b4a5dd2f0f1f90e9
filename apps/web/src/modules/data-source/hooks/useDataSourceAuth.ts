import { useMemo } from 'react';
import { usePermission } from '../../auth/hooks/usePermission';
import { isAdmin, type DataSourceAuth } from '../utils/permissions';

/** datasource:view / datasource:edit / admin of the signed-in user (permission kept at login). */
export function useDataSourceAuth(): DataSourceAuth {
  const { permission, can } = usePermission();
  return useMemo(
    () => ({ canView: can('datasource:view'), canEdit: can('datasource:edit'), isAdmin: isAdmin(permission) }),
    [can, permission],
  );
}
