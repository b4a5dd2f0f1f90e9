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
  'row_rules.set': 'audit.actions.rowRulesSet',
  'datasource.delete': 'audit.actions.sourceDelete',
  'datasource_folder.delete': 'audit.actions.sourceFolderDelete',
  'dashboard.delete': 'audit.actions.dashboardDelete',
  'dashboard_folder.delete': 'audit.actions.dashboardFolderDelete',
  'chart.delete': 'audit.actions.chartDelete',
  'embed.rotate_secret': 'audit.actions.embedRotateSecret',
};

/** Deletions: what the line names is gone, so its name comes with the line (detail.name). */
export const isDeletion = (action: string) => action.endsWith('.delete');

/** The catalogue key of an audit action; an action this web app does not know is shown as it is. */
export function auditActionKey(action: string): AdminKey | null {
  return ACTION_KEYS[action] ?? null;
}

type Translate = (key: AdminKey, params?: Record<string, string | number>) => string;

/** The names of roles and users an entry refers to (identity keeps them with the line: detail.names). */
function entryNames(detail: Record<string, unknown>): { roles: Record<string, string>; users: Record<string, string> } {
  const names = (detail.names ?? {}) as { roles?: Record<string, string>; users?: Record<string, string> };
  return { roles: names.roles ?? {}, users: names.users ?? {} };
}

const idList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : []);
const ruleCount = (value: unknown): number | null => {
  const rules = (value as { rules?: unknown } | null)?.rules;
  return Array.isArray(rules) ? rules.length : value === null ? 0 : null;
};

/**
 * An audit entry's detail for people: roles and users by their names (an id only where no name is
 * known), the roles before → after, the folder or dashboard of a deleted object; other members as
 * `key: value`. The deleted object's own name is the target's (auditTargetName).
 */
export function describeDetail(entry: Pick<AuditEntry, 'action' | 'detail'>, ad: Translate): string {
  const detail = entry.detail ?? {};
  const { roles, users } = entryNames(detail);
  const roleNames = (ids: string[]) => (ids.length ? ids.map((id) => roles[id] ?? id).join(', ') : ad('audit.details.none'));
  const userNames = (ids: string[]) => ids.map((id) => users[id] ?? id).join(', ');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    const roleChange = entry.action === 'user.roles' && key === 'before';
    if (key === 'names' || value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0 && !roleChange)) continue;
    if (key === 'name' && isDeletion(entry.action)) continue;
    if (key === 'roleIds') parts.push(ad('audit.details.roles', { names: roleNames(idList(value)) }));
    else if (key === 'userIds') parts.push(ad('audit.details.users', { names: userNames(idList(value)) }));
    else if (key === 'userName') parts.push(ad('audit.details.userName', { name: String(value) }));
    else if (key === 'folder') parts.push(ad('audit.details.folder', { name: String(value) }));
    else if (key === 'dashboard') parts.push(ad('audit.details.dashboard', { name: String(value) }));
    else if (key === 'dashboards') parts.push(ad('audit.details.dashboards', { count: Number(value) }));
    else if (key === 'tab') {
      if (value === 'template') parts.push(ad('audit.details.templateTab'));
    } else if (roleChange) parts.push(ad('audit.details.rolesChanged', { before: roleNames(idList(value)), after: roleNames(idList(detail.after)) }));
    else if (entry.action === 'user.roles' && key === 'after') continue;
    else if (entry.action === 'row_rules.set' && key === 'before') parts.push(ad('audit.details.rules', { before: ruleCount(value) ?? '?', after: ruleCount(detail.after) ?? '?' }));
    else if (entry.action === 'row_rules.set' && key === 'after') continue;
    else parts.push(detailText({ [key]: value }));
  }
  return parts.join('; ');
}

/** The name of an entry's object: a deleted object's (kept with the line), a user's (kept names), else the names the page knows. */
export function auditTargetName(entry: Pick<AuditEntry, 'action' | 'target' | 'detail'>, known: ReadonlyMap<string, string>): string | null {
  const detail = entry.detail ?? {};
  if (isDeletion(entry.action) && typeof detail.name === 'string' && detail.name) return detail.name;
  if (entry.target.startsWith('user:')) {
    const name = entryNames(detail).users[entry.target.slice('user:'.length)];
    if (name) return name;
  }
  return known.get(entry.target) ?? null;
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
