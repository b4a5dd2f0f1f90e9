import { SOURCE_MODULES } from '@bi/rules';

/** Permission strings of the spec (01 §6, 02 §6). Role admin has every permission. */
export const PERMISSION_TARGET_PREFIX = 'drn:iam:app:margin:';
export const GLOBAL_PERMISSIONS = ['datasource:view', 'datasource:edit', 'template:view', 'template:edit', 'dashboard:edit'] as const;
export const ADMIN_ROLE = 'admin';

/** datasource:view, datasource:edit, template:view, template:edit, dashboard:edit, or a grant target. */
const PERMISSION_PATTERN = /^(datasource:(view|edit)|template:(view|edit)|dashboard:edit|(datasource|relation|template):[A-Za-z0-9_-]{1,64})$/;
/** A grant's target: one object given to roles and users (docs/api/sharing.md). */
const GRANT_TARGET_PATTERN = /^(datasource|relation|template):[A-Za-z0-9_-]{1,64}$/;

export function isValidPermission(p: string): boolean {
  return PERMISSION_PATTERN.test(p);
}

/** datasource:{id}, relation:{id} or template:{id} — not an area permission such as datasource:edit. */
export function isGrantTarget(t: string): boolean {
  return GRANT_TARGET_PATTERN.test(t) && !(GLOBAL_PERMISSIONS as readonly string[]).includes(t);
}

export function toTarget(permission: string): string {
  return PERMISSION_TARGET_PREFIX + permission;
}

/** The permission names a user effectively holds: admin holds the global ones (and passes every check). */
export function effectivePermissions(roleIds: readonly string[], granted: readonly string[]): string[] {
  const set = new Set(granted);
  if (roleIds.includes(ADMIN_ROLE)) for (const p of GLOBAL_PERMISSIONS) set.add(p);
  return [...set].sort();
}

export function hasPermission(roleIds: readonly string[], permissions: readonly string[], needed: string): boolean {
  return roleIds.includes(ADMIN_ROLE) || permissions.includes(needed);
}

/** Module flags of GET /api/identity/get-shipment-modules-data/datasource: the source-kind registry's modules (@bi/rules). */
export const MODULE_NAMES = SOURCE_MODULES;

/** A module is usable when this installation enables it and the user may create sources. */
export function moduleFlags(enabled: readonly string[], roleIds: readonly string[], permissions: readonly string[]) {
  const canCreate = hasPermission(roleIds, permissions, 'datasource:edit');
  return MODULE_NAMES.map((name) => ({ name, permission: canCreate && enabled.includes(name) }));
}
