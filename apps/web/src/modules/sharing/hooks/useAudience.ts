import { useEffect, useState } from 'react';
import type { PublishBody, ShareForm } from '../types';

/**
 * The roles and users being chosen in a share or publish dialog: seeded from who holds the grant now
 * (the loaded form's selection) each time the dialog opens and whenever the form is read again, then
 * changed by the pickers. `body` is the complete new set to save.
 */
export function useAudience(loaded: ShareForm | undefined, open: boolean) {
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  useEffect(() => {
    if (!open || !loaded) return;
    setRoleIds(loaded.selectRoles);
    setUserIds(loaded.selectUsers);
  }, [open, loaded]);
  const body: PublishBody = { roleIds, userIds };
  return { roleIds, userIds, setRoleIds, setUserIds, body, empty: roleIds.length + userIds.length === 0 };
}
