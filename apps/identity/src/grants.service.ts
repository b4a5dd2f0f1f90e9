import { Inject, Injectable } from '@nestjs/common';
import { AppError, type Logger } from '@bi/core';
import type { Cache } from '@bi/cache';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import type { identityV1 } from '@bi/proto';
import { CACHE, DATABASE, LOGGER, UUID_PATTERN, isUuid } from '@bi/service-kit';
import { isGrantTarget } from './permissions.js';

export const MAX_GRANT_TARGETS = 500;
export const MAX_GRANT_HOLDERS = 1000;
/** A user id as identity issues them. */

export type GrantMode = 'set' | 'add' | 'remove';
type Actor = { userId: string; userName: string };

/** identity's verified copy of a session (identity.service verifyToken). */
export const verifiedTokenKey = (jti: string) => `token:${jti}`;

/** Names of the roles and users an audit line refers to, as they were when it was written. */
export interface AuditNames {
  roles: Record<string, string>;
  users: Record<string, string>;
}

/**
 * The role and user ids an audit detail names: roleIds / userIds lists, roleId / userId members (row
 * rules), the before / after role lists of user.roles; and the user of a `user:{id}` target.
 */
export function auditIds(action: string, target: string, detail: unknown): { roleIds: string[]; userIds: string[] } {
  const roles = new Set<string>();
  const users = new Set<string>();
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);
  const walk = (v: unknown, depth: number): void => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.slice(0, 1000).forEach((x) => walk(x, depth + 1));
    for (const [key, value] of Object.entries(v)) {
      if (key === 'roleIds' || key === 'roleId') strings(value).forEach((id) => roles.add(id));
      else if (key === 'userIds' || key === 'userId') strings(value).forEach((id) => users.add(id));
      else walk(value, depth + 1);
    }
  };
  walk(detail, 0);
  if (action === 'user.roles' && detail && typeof detail === 'object') {
    const d = detail as { before?: unknown; after?: unknown };
    [...strings(d.before), ...strings(d.after)].forEach((id) => roles.add(id));
  }
  if (target.startsWith('user:')) users.add(target.slice('user:'.length));
  return { roleIds: [...roles].filter(Boolean), userIds: [...users].filter(Boolean) };
}

/** The names of these roles and users now (a user by display name, else user name); unknown ids are left out. */
export async function auditNames(q: SqlExecutor, ids: { roleIds: readonly string[]; userIds: readonly string[] }): Promise<AuditNames> {
  const names: AuditNames = { roles: {}, users: {} };
  if (ids.roleIds.length) {
    const r = await q.query<{ id: string; name: string }>('SELECT id, name FROM identity.roles WHERE id = ANY($1::text[])', [[...ids.roleIds]]);
    for (const row of r.rows) names.roles[row.id] = row.name;
  }
  const userIds = ids.userIds.filter(isUuid);
  if (userIds.length) {
    const r = await q.query<{ id: string; user_name: string; display_name: string }>('SELECT id, user_name, display_name FROM identity.users WHERE id = ANY($1::uuid[])', [userIds]);
    for (const row of r.rows) names.users[row.id] = row.display_name || row.user_name;
  }
  return names;
}

/**
 * Writes one audit line in the caller's transaction (docs/api/identity-admin.md), with the names of the
 * roles and users it refers to as they are now (`names`), so it stays readable after they are renamed
 * or deleted.
 */
export async function audit(tx: SqlExecutor, actor: Actor | undefined, action: string, target: string, detail: Record<string, unknown>): Promise<void> {
  const names = await auditNames(tx, auditIds(action, target, detail));
  await tx.query('INSERT INTO identity.audit_log (actor_id, actor_name, action, target, detail) VALUES ($1, $2, $3, $4, $5)', [
    actor?.userId ?? '',
    actor?.userName || 'system',
    action,
    target,
    JSON.stringify({ ...detail, names }),
  ]);
}

/**
 * Forgets identity's verified copies of the live sessions of these users (and of the users holding these roles), so
 * changed rights apply on their next request (a BFF keeps its own copy for at most TOKEN_CACHE_MS).
 */
export async function forgetSessions(db: SqlExecutor, cache: Cache, userIds: readonly string[], roleIds: readonly string[] = []): Promise<void> {
  if (!userIds.length && !roleIds.length) return;
  const r = await db.query<{ jti: string }>(
    `SELECT s.jti FROM identity.sessions s
     WHERE s.revoked_at IS NULL AND s.expires_at > now()
       AND (s.user_id = ANY($1::uuid[]) OR s.user_id IN (SELECT user_id FROM identity.user_roles WHERE role_id = ANY($2::text[])))`,
    [userIds.filter(isUuid), [...roleIds]],
  );
  await Promise.all(r.rows.map((s) => cache.delete(verifiedTokenKey(s.jti))));
}

/**
 * Grants of a target (datasource:{id}, relation:{id}, template:{id}) to roles and users: rows of
 * role_permissions / user_permissions whose permission is the target, so a user's effective
 * permissions (role permissions + user grants) include them with no further step.
 */
@Injectable()
export class GrantService {
  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** "Who can see this": the roles and (enabled) users holding the target. */
  async list(target: string): Promise<identityV1.ListGrantsReply> {
    checkTarget(target);
    const roles = await this.db.query<{ id: string; name: string }>(
      'SELECT r.id, r.name FROM identity.role_permissions rp JOIN identity.roles r ON r.id = rp.role_id WHERE rp.permission = $1 ORDER BY r.name',
      [target],
    );
    const users = await this.db.query<{ id: string; name: string }>(
      'SELECT u.id, u.display_name AS name FROM identity.user_permissions up JOIN identity.users u ON u.id = up.user_id WHERE up.permission = $1 AND NOT u.disabled ORDER BY u.user_name',
      [target],
    );
    return { roles: roles.rows, users: users.rows };
  }

  /**
   * Sets, adds or removes the holders of each target. Unknown role or user ids refuse the whole request
   * (nothing changes); every target whose holders changed gets one audit line.
   */
  async change(req: identityV1.ChangeGrantsRequest): Promise<identityV1.ChangeGrantsReply> {
    const mode = req.mode as GrantMode;
    if (!['set', 'add', 'remove'].includes(mode)) throw new AppError('invalid', 'request.invalid', { detail: 'mode' });
    const targets = [...new Set(req.targets)];
    const roleIds = [...new Set(req.roleIds)];
    const userIds = [...new Set(req.userIds)];
    if (!targets.length || targets.length > MAX_GRANT_TARGETS) throw new AppError('invalid', 'request.invalid', { detail: 'targets' });
    if (roleIds.length > MAX_GRANT_HOLDERS || userIds.length > MAX_GRANT_HOLDERS) throw new AppError('invalid', 'request.invalid', { detail: 'roleIds, userIds' });
    for (const t of targets) checkTarget(t);

    const changed = await this.db.transaction(async (tx) => {
      await this.checkHolders(tx, roleIds, userIds);
      const out: string[] = [];
      for (const target of targets) {
        const before = await holders(tx, target);
        if (mode === 'set') {
          await tx.query('DELETE FROM identity.role_permissions WHERE permission = $1 AND NOT (role_id = ANY($2::text[]))', [target, roleIds]);
          await tx.query('DELETE FROM identity.user_permissions WHERE permission = $1 AND NOT (user_id = ANY($2::uuid[]))', [target, userIds]);
        }
        if (mode === 'remove') {
          await tx.query('DELETE FROM identity.role_permissions WHERE permission = $1 AND role_id = ANY($2::text[])', [target, roleIds]);
          await tx.query('DELETE FROM identity.user_permissions WHERE permission = $1 AND user_id = ANY($2::uuid[])', [target, userIds]);
        } else {
          await tx.query('INSERT INTO identity.role_permissions (role_id, permission) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING', [roleIds, target]);
          await tx.query('INSERT INTO identity.user_permissions (user_id, permission) SELECT unnest($1::uuid[]), $2 ON CONFLICT DO NOTHING', [userIds, target]);
        }
        const after = await holders(tx, target);
        const added = { roleIds: after.roleIds.filter((r) => !before.roleIds.includes(r)), userIds: after.userIds.filter((u) => !before.userIds.includes(u)) };
        const removed = { roleIds: before.roleIds.filter((r) => !after.roleIds.includes(r)), userIds: before.userIds.filter((u) => !after.userIds.includes(u)) };
        if (added.roleIds.length || added.userIds.length) await audit(tx, req.actor, 'grant.add', target, added);
        if (removed.roleIds.length || removed.userIds.length) await audit(tx, req.actor, 'grant.remove', target, removed);
        if (added.roleIds.length + added.userIds.length + removed.roleIds.length + removed.userIds.length) {
          out.push(target);
          await forgetSessions(tx, this.cache, [...added.userIds, ...removed.userIds], [...added.roleIds, ...removed.roleIds]);
        }
      }
      return out;
    });
    if (changed.length) this.logger.info('grants changed', { mode, targets: changed.length, by: req.actor?.userName });
    return { changedTargets: changed };
  }

  /** Removes every grant of these targets (their objects were deleted). */
  async drop(targets: readonly string[], actor?: Actor): Promise<number> {
    const valid = [...new Set(targets)].filter(isGrantTarget);
    if (!valid.length) return 0;
    return this.db.transaction(async (tx) => {
      let dropped = 0;
      for (const target of valid) {
        const before = await holders(tx, target);
        if (!before.roleIds.length && !before.userIds.length) continue;
        await tx.query('DELETE FROM identity.role_permissions WHERE permission = $1', [target]);
        await tx.query('DELETE FROM identity.user_permissions WHERE permission = $1', [target]);
        await audit(tx, actor, 'grant.drop_target', target, before);
        await forgetSessions(tx, this.cache, before.userIds, before.roleIds);
        dropped += before.roleIds.length + before.userIds.length;
      }
      return dropped;
    });
  }

  private async checkHolders(tx: SqlExecutor, roleIds: readonly string[], userIds: readonly string[]): Promise<void> {
    if (roleIds.length) {
      const known = new Set((await tx.query<{ id: string }>('SELECT id FROM identity.roles WHERE id = ANY($1::text[])', [roleIds])).rows.map((r) => r.id));
      const unknown = roleIds.find((id) => !known.has(id));
      if (unknown !== undefined) throw new AppError('invalid', 'share.unknown_role', { id: unknown.slice(0, 64) });
    }
    const badFormat = userIds.find((id) => !UUID_PATTERN.test(id));
    if (badFormat !== undefined) throw new AppError('invalid', 'share.unknown_user', { id: badFormat.slice(0, 64) });
    if (userIds.length) {
      const known = new Set(
        (await tx.query<{ id: string }>('SELECT id FROM identity.users WHERE id = ANY($1::uuid[]) AND NOT disabled', [userIds])).rows.map((r) => r.id),
      );
      const unknown = userIds.find((id) => !known.has(id.toLowerCase()));
      if (unknown !== undefined) throw new AppError('invalid', 'share.unknown_user', { id: unknown });
    }
  }
}

async function holders(tx: SqlExecutor, target: string): Promise<{ roleIds: string[]; userIds: string[] }> {
  const roles = await tx.query<{ role_id: string }>('SELECT role_id FROM identity.role_permissions WHERE permission = $1 ORDER BY role_id', [target]);
  const users = await tx.query<{ user_id: string }>('SELECT user_id FROM identity.user_permissions WHERE permission = $1 ORDER BY user_id', [target]);
  return { roleIds: roles.rows.map((r) => r.role_id), userIds: users.rows.map((u) => u.user_id) };
}

function checkTarget(target: string): void {
  if (!isGrantTarget(target)) throw new AppError('invalid', 'request.invalid', { detail: 'target' });
}
