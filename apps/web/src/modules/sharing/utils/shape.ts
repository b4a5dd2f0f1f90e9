import type { Principal, PublishFailure, ShareForm } from '../types';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A role or user entry: {id, name}; the name falls back to the id. */
function principal(value: unknown): Principal | null {
  if (!isObject(value)) return null;
  const id = text(value.id ?? value.roleId ?? value.userId);
  if (!id) return null;
  return { id, name: text(value.name ?? value.userName ?? value.displayName) || id };
}

/** A selection: ids, or entries carrying an id. */
function ids(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out = value.map((entry) => (isObject(entry) ? text(entry.id ?? entry.roleId ?? entry.userId) : text(entry))).filter(Boolean);
  return [...new Set(out)];
}

const principals = (value: unknown): Principal[] => (Array.isArray(value) ? value.map(principal).filter((p): p is Principal => p !== null) : []);

/** The roles_users answer as the form uses it (ids of the selections, every list present). */
export function normalizeShareForm(value: unknown): ShareForm {
  const data = isObject(value) ? value : {};
  return { roles: principals(data.roles), users: principals(data.users), selectRoles: ids(data.selectRoles), selectUsers: ids(data.selectUsers) };
}

/** The failure log of a publish: a list (or {failures: [...]}) of {dataSourceName, failedMessage}. */
export function normalizeFailures(value: unknown): PublishFailure[] {
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.failures) ? value.failures : [];
  return list.filter(isObject).map((entry) => {
    const dataSourceId = text(entry.dataSourceId);
    return {
      ...(dataSourceId ? { dataSourceId } : {}),
      dataSourceName: text(entry.dataSourceName) || dataSourceId,
      failedMessage: text(entry.failedMessage),
    };
  });
}
