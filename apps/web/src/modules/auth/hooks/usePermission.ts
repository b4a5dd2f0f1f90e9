import { useCallback, useMemo } from 'react';
import { STORAGE_KEYS, browserStorages } from '../../../shared/storage/keys';
import { hasPermission, isAdmin, parsePermission } from '../utils/permission';

/** Permission data stored at login, a checker for 'datasource:view' style names, and the admin role. */
export function usePermission() {
  const raw = browserStorages().local.getItem(STORAGE_KEYS.permission);
  const permission = useMemo(() => parsePermission(raw), [raw]);
  const can = useCallback((name: string) => hasPermission(permission, name), [permission]);
  return { permission, can, isAdmin: isAdmin(permission) };
}
