import { useCallback, useMemo } from 'react';
import { STORAGE_KEYS, browserStorages } from '../../../shared/storage/keys';
import { hasPermission, parsePermission } from '../utils/permission';

/** Permission data stored at login, and a checker for 'datasource:view' style names. */
export function usePermission() {
  const raw = browserStorages().local.getItem(STORAGE_KEYS.permission);
  const permission = useMemo(() => parsePermission(raw), [raw]);
  const can = useCallback((name: string) => hasPermission(permission, name), [permission]);
  return { permission, can };
}
