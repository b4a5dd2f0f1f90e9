import { AppError } from '@bi/core';
import type { AuthUser } from '../http/auth.guard.js';
import { tabAccess } from './tab-access.js';

const user = (permissions: string[], isAdmin = false): AuthUser => ({ userId: 'u', userName: 'u', isAdmin, permissions, token: 't' });
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? [e.httpStatus, e.key] : e;
  }
  return 'allowed';
};

describe('tabAccess (edit rights, docs/api/sharing.md)', () => {
  const viewer = user(['template:view']);
  const analyst = user(['datasource:view', 'datasource:edit', 'template:view', 'dashboard:edit']);
  const admin = user([], true);

  it('lets every signed-in user read the dashboard tab, and write it only with dashboard:edit', () => {
    for (const u of [viewer, analyst, admin]) expect(tabAccess(u, 'dashboard', 'read')).toBe('dashboard');
    expect(refusal(() => tabAccess(viewer, 'dashboard', 'write'))).toEqual([403, 'dashboard.edit_forbidden']);
    expect(tabAccess(analyst, 'dashboard', 'write')).toBe('dashboard');
    expect(tabAccess(admin, 'dashboard', 'write')).toBe('dashboard');
  });

  it('keeps template:view / template:edit for the template tab, and refuses other tabs', () => {
    expect(tabAccess(viewer, 'template', 'read')).toBe('template');
    expect(refusal(() => tabAccess(analyst, 'template', 'write'))).toEqual([403, 'auth.forbidden']);
    expect(refusal(() => tabAccess(user(['dashboard:edit']), 'template', 'read'))).toEqual([403, 'auth.forbidden']);
    expect(tabAccess(admin, 'template', 'write')).toBe('template');
    expect(refusal(() => tabAccess(admin, 'other', 'read'))).toEqual([400, 'tab.invalid']);
  });
});
