import { AppError } from '@bi/core';
import { isTab, type Tab } from '@bi/rules';
import { allows, type AuthUser } from '../http/auth.guard.js';

/** Checks the {tab} path value and the permission the tab needs (template:view / template:edit). */
export function tabAccess(user: AuthUser, tab: string, access: 'read' | 'write'): Tab {
  if (!isTab(tab)) throw new AppError('invalid', 'tab.invalid');
  if (tab === 'template' && !allows(user, access === 'write' ? 'template:edit' : 'template:view')) throw new AppError('forbidden', 'auth.forbidden');
  return tab;
}
