import type { PermissionData } from '../types';

export const PERMISSION_PREFIX = 'drn:iam:app:margin:';

/**
 * True when the role list holds 'admin', or some permission target equals
 * 'drn:iam:app:margin:' + name (spec 02 §6).
 */
export function hasPermission(permission: PermissionData | null | undefined, name: string): boolean {
  if (!permission) return false;
  if (isAdmin(permission)) return true;
  const permissions = Array.isArray(permission.permissions) ? permission.permissions : [];
  const target = PERMISSION_PREFIX + name;
  return permissions.some((entry) => entry?.target === target);
}

/** Role 'admin' (by its id) among the roles: passes every check (spec 02 §6). */
export function isAdmin(permission: PermissionData | null | undefined): boolean {
  return Array.isArray(permission?.roles) && permission.roles.some((role) => role?.id === 'admin');
}

/** Reads the stored permission JSON; anything unreadable counts as no permission. */
export function parsePermission(raw: string | null | undefined): PermissionData | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object') return value as PermissionData;
  } catch {
    // ignore malformed values
  }
  return null;
}
