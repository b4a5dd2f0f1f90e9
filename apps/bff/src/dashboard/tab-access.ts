import { AppError } from '@bi/core';
import type { Tab } from '@bi/rules';
import { tabOrInvalid } from '@bi/service-kit';
import { canUseTab } from '@bi/access';
import { principalOf, type AuthUser } from '../http/auth.guard.js';

/**
 * Checks the {tab} path value and the permission the tab needs: reading a template needs template:view;
 * writing needs template:edit on the template tab and dashboard:edit on the dashboard tab (the spec's
 * editAuth, docs/api/sharing.md "Edit rights"). Every dashboard-tab write goes through here, and every read
 * made for someone else (a public link's creator, an embedding token's maker) with that principal.
 */
export function tabAccess(user: AuthUser, tab: string, access: 'read' | 'write'): Tab {
  const t = tabOrInvalid(tab);
  if (!canUseTab(principalOf(user), t, access)) throw new AppError('forbidden', t === 'dashboard' && access === 'write' ? 'dashboard.edit_forbidden' : 'auth.forbidden');
  return t;
}
