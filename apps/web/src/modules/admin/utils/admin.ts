import type { AdminUser, AuditEntry, UserGrants } from '../types';
import type { AdminKey } from '../i18n';

/** Entries asked for per audit page (the server allows 1–500). */
export const AUDIT_PAGE = 100;

/** The `before` of the next audit page: the smallest id of a full page; none after a short page. */
export function nextAuditCursor(page: readonly AuditEntry[], size: number): number | undefined {
  if (page.length < size) return undefined;
  return page.reduce((min, entry) => Math.min(min, entry.id), Number.POSITIVE_INFINITY);
}

/** The rules of docs/api/identity-admin.md, checked before sending (the server checks them again). */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

export function validUserName(value: unknown): boolean {
  return typeof value === 'string' && USER_NAME_PATTERN.test(value);
}

export function validPassword(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 8 && value.length <= 256;
}

export function validDisplayName(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim().length <= 64);
}

/** Users whose user name or display name contains the search text (case-insensitive). */
export function filterUsers(users: readonly AdminUser[], search: string): AdminUser[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...users];
  return users.filter((u) => u.userName.toLowerCase().includes(text) || u.displayName.toLowerCase().includes(text));
}

const ACTION_KEYS: Record<string, AdminKey> = {
  'grant.add': 'audit.actions.grantAdd',
  'grant.remove': 'audit.actions.grantRemove',
  'grant.drop_target': 'audit.actions.grantDropTarget',
  'user.create': 'audit.actions.userCreate',
  'user.disable': 'audit.actions.userDisable',
  'user.enable': 'audit.actions.userEnable',
  'user.password_reset': 'audit.actions.userPasswordReset',
  'user.roles': 'audit.actions.userRoles',
};

/** The catalogue key of an audit action; an action this web app does not know is shown as it is. */
export function auditActionKey(action: string): AdminKey | null {
  return ACTION_KEYS[action] ?? null;
}

/** An audit entry's detail as short text: `key: value` pairs, lists joined by commas. */
export function detailText(detail: Record<string, unknown> | null | undefined): string {
  if (!detail || typeof detail !== 'object') return '';
  return Object.entries(detail)
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join('; ');
}

/** The effective permissions that are areas (datasource:view, dashboard:edit …), without the granted objects. */
export function areaPermissions(grants: Pick<UserGrants, 'permissions' | 'grants'>): string[] {
  const targets = new Set(grants.grants.map((g) => g.target));
  return grants.permissions.filter((p) => !targets.has(p));
}

/** Names of the objects audit entries and grants refer to: datasource:{id} → source name, user:{id} → user name. */
export function targetNames(sources: readonly { dataSourceId: string; name: string }[], users: readonly Pick<AdminUser, 'id' | 'userName'>[]): Map<string, string> {
  return new Map([...sources.map((s) => [`datasource:${s.dataSourceId}`, s.name] as const), ...users.map((u) => [`user:${u.id}`, u.userName] as const)]);
}

/** The name of an object when known, else null (its target text is shown alone). */
export function targetLabel(target: string, names: ReadonlyMap<string, string>): string | null {
  return names.get(target) ?? null;
}
