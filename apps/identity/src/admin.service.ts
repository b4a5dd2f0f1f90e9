import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { AppError, type Logger } from '@bi/core';
import { LANGUAGES } from '@bi/i18n';
import { stampKeys, type Cache } from '@bi/cache';
import { insertRows, type SqlDatabase, type SqlExecutor } from '@bi/persistence';
import type { identityV1 } from '@bi/proto';
import type { AppConfig } from '@bi/config';
import { CACHE, CONFIG, DATABASE, LOGGER, idOrNotFound } from '@bi/service-kit';
import { audit, auditIds, auditNames, forgetSessions, verifiedTokenKey } from './grants.service.js';
import { ADMIN_ROLE, effectivePermissions, isGrantTarget } from './permissions.js';

const USER_NAME = /^[A-Za-z0-9._@-]{1,64}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
const MAX_ROLES = 20;
const MAX_AUDIT = 500;

type UserRow = { id: string; user_name: string; display_name: string; disabled: boolean; must_change_password: boolean; created_at: Date | string; language: string | null };
const USER_COLUMNS = 'id, user_name, display_name, disabled, must_change_password, created_at, language';

/** User administration and the audit log (docs/api/identity-admin.md); the BFF lets only admins call it. */
@Injectable()
export class AdminService {
  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async listUsers(): Promise<identityV1.AdminUser[]> {
    const users = await this.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity.users ORDER BY lower(user_name)`);
    const roles = await this.db.query<{ user_id: string; id: string; name: string }>(
      'SELECT ur.user_id, r.id, r.name FROM identity.user_roles ur JOIN identity.roles r ON r.id = ur.role_id ORDER BY r.name',
    );
    return users.rows.map((u) => toAdminUser(u, roles.rows.filter((r) => r.user_id === u.id), this.config.defaultLanguage));
  }

  async listRoles(): Promise<identityV1.AdminRole[]> {
    const roles = await this.db.query<{ id: string; name: string; n: number }>(
      'SELECT r.id, r.name, (SELECT count(*)::int4 FROM identity.user_roles ur WHERE ur.role_id = r.id) AS n FROM identity.roles r ORDER BY r.name',
    );
    const perms = await this.db.query<{ role_id: string; permission: string }>('SELECT role_id, permission FROM identity.role_permissions ORDER BY permission');
    return roles.rows.map((r) => ({
      id: r.id,
      name: r.name,
      permissions: perms.rows.filter((p) => p.role_id === r.id && !isGrantTarget(p.permission)).map((p) => p.permission),
      userCount: Number(r.n),
    }));
  }

  async createUser(req: identityV1.CreateUserRequest): Promise<identityV1.AdminUser> {
    const userName = (req.userName ?? '').trim();
    if (!USER_NAME.test(userName)) throw new AppError('invalid', 'admin.user_name_invalid');
    const displayName = (req.displayName ?? '').trim() || userName;
    if (displayName.length > 64) throw new AppError('invalid', 'admin.display_name_invalid');
    checkPassword(req.password);
    const roleIds = [...new Set(req.roleIds)];
    if (roleIds.length > MAX_ROLES) throw new AppError('invalid', 'request.invalid', { detail: 'roleIds' });
    const hash = await bcrypt.hash(req.password, 10);
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await checkRoles(tx, roleIds);
      const taken = await tx.query('SELECT 1 FROM identity.users WHERE lower(user_name) = lower($1)', [userName]);
      if (taken.rows.length) throw new AppError('conflict', 'admin.user_name_used');
      await tx.query('INSERT INTO identity.users (id, user_name, display_name, password_hash, must_change_password) VALUES ($1, $2, $3, $4, true)', [id, userName, displayName, hash]);
      await insertRows(tx, 'identity.user_roles (user_id, role_id)', roleIds.map((r) => [id, r]));
      await audit(tx, req.actor, 'user.create', `user:${id}`, { userName, roleIds });
    });
    this.logger.info('user created', { userName, by: req.actor?.userName });
    return this.user(id);
  }

  async setDisabled(req: identityV1.SetUserDisabledRequest): Promise<identityV1.AdminUser> {
    const id = checkUserId(req.userId);
    await this.db.transaction(async (tx) => {
      const u = await lockUser(tx, id);
      if (u.disabled === req.disabled) return;
      if (req.disabled) await keepOneAdmin(tx, id, []);
      await tx.query('UPDATE identity.users SET disabled = $2 WHERE id = $1', [id, req.disabled]);
      if (req.disabled) await this.endSessions(tx, id);
      await audit(tx, req.actor, req.disabled ? 'user.disable' : 'user.enable', `user:${id}`, { userName: u.user_name });
    });
    return this.user(id);
  }

  async resetPassword(req: identityV1.ResetPasswordRequest): Promise<identityV1.AdminUser> {
    const id = checkUserId(req.userId);
    checkPassword(req.password);
    const hash = await bcrypt.hash(req.password, 10);
    await this.db.transaction(async (tx) => {
      const u = await lockUser(tx, id);
      await tx.query('UPDATE identity.users SET password_hash = $2, must_change_password = true WHERE id = $1', [id, hash]);
      await this.endSessions(tx, id);
      await audit(tx, req.actor, 'user.password_reset', `user:${id}`, { userName: u.user_name });
    });
    return this.user(id);
  }

  async setRoles(req: identityV1.SetUserRolesRequest): Promise<identityV1.AdminUser> {
    const id = checkUserId(req.userId);
    const roleIds = [...new Set(req.roleIds)];
    if (roleIds.length > MAX_ROLES) throw new AppError('invalid', 'request.invalid', { detail: 'roleIds' });
    await this.db.transaction(async (tx) => {
      const u = await lockUser(tx, id);
      await checkRoles(tx, roleIds);
      const before = (await tx.query<{ role_id: string }>('SELECT role_id FROM identity.user_roles WHERE user_id = $1 ORDER BY role_id', [id])).rows.map((r) => r.role_id);
      if (before.includes(ADMIN_ROLE) && !roleIds.includes(ADMIN_ROLE)) await keepOneAdmin(tx, id, roleIds);
      await tx.query('DELETE FROM identity.user_roles WHERE user_id = $1', [id]);
      await insertRows(tx, 'identity.user_roles (user_id, role_id)', roleIds.map((r) => [id, r]));
      const after = [...roleIds].sort();
      if (before.join() !== after.join()) await audit(tx, req.actor, 'user.roles', `user:${id}`, { userName: u.user_name, before, after });
      await forgetSessions(tx, this.cache, [id]);
    });
    return this.user(id);
  }

  async userGrants(userId: string): Promise<identityV1.GetUserGrantsReply> {
    const id = checkUserId(userId);
    const user = await this.user(id);
    const viaRoles = await this.db.query<{ role_id: string; permission: string }>(
      'SELECT rp.role_id, rp.permission FROM identity.user_roles ur JOIN identity.role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = $1 ORDER BY rp.permission',
      [id],
    );
    const direct = await this.db.query<{ permission: string }>('SELECT permission FROM identity.user_permissions WHERE user_id = $1 ORDER BY permission', [id]);
    const roleIds = user.roles.map((r) => r.id);
    const all = [...viaRoles.rows.map((r) => r.permission), ...direct.rows.map((r) => r.permission)];
    return {
      user,
      permissions: effectivePermissions(roleIds, all),
      grants: [
        ...direct.rows.filter((r) => isGrantTarget(r.permission)).map((r) => ({ target: r.permission, via: 'user', roleId: '' })),
        ...viaRoles.rows.filter((r) => isGrantTarget(r.permission)).map((r) => ({ target: r.permission, via: 'role', roleId: r.role_id })),
      ],
    };
  }

  /** An audit line for a change another service made (a source's row-level rules); action and target bounded. */
  async recordAudit(req: identityV1.RecordAuditRequest): Promise<void> {
    if (!/^[a-z_.]{1,64}$/.test(req.action) || !req.target || req.target.length > 200 || (req.detailJson ?? '').length > 64_000) throw new AppError('invalid', 'request.invalid', { detail: 'audit' });
    let detail: Record<string, unknown> = {};
    try {
      if (req.detailJson) detail = JSON.parse(req.detailJson) as Record<string, unknown>;
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'audit detail' });
    }
    await audit(this.db, req.actor, req.action, req.target, detail);
  }

  async listAudit(req: identityV1.ListAuditRequest): Promise<identityV1.AuditEntry[]> {
    const limit = Math.min(Math.max(req.limit || 100, 1), MAX_AUDIT);
    const before = Number(req.before) > 0 ? Number(req.before) : Number.MAX_SAFE_INTEGER;
    const r = await this.db.query<{ id: string | number; at: Date | string; actor_id: string; actor_name: string; action: string; target: string; detail: unknown }>(
      'SELECT id, at, actor_id, actor_name, action, target, detail FROM identity.audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2',
      [before, limit],
    );
    const details = r.rows.map((e) => (typeof e.detail === 'string' ? (JSON.parse(e.detail) as Record<string, unknown>) : ((e.detail ?? {}) as Record<string, unknown>)));
    // lines written before names were kept: the names the roles and users have now (deleted ones stay ids)
    const unnamed = r.rows.map((e, i) => (details[i]!.names ? null : auditIds(e.action, e.target, details[i])));
    const now = await auditNames(this.db, {
      roleIds: [...new Set(unnamed.flatMap((x) => x?.roleIds ?? []))],
      userIds: [...new Set(unnamed.flatMap((x) => x?.userIds ?? []))],
    });
    return r.rows.map((e, i) => {
      const ids = unnamed[i];
      const detail = ids
        ? { ...details[i], names: { roles: pick(now.roles, ids.roleIds), users: pick(now.users, ids.userIds) } }
        : details[i];
      return {
        id: Number(e.id),
        at: new Date(e.at).toISOString(),
        actorId: e.actor_id,
        actorName: e.actor_name,
        action: e.action,
        target: e.target,
        detailJson: JSON.stringify(detail),
      };
    });
  }

  /** The user's own new password; clears the "must change" mark. */
  async changePassword(req: identityV1.ChangePasswordRequest): Promise<boolean> {
    const id = checkUserId(req.userId);
    const r = await this.db.query<{ password_hash: string }>('SELECT password_hash FROM identity.users WHERE id = $1 AND NOT disabled', [id]);
    const row = r.rows[0];
    if (!row || (req.oldPassword ?? '').length > PASSWORD_MAX || !(await bcrypt.compare(req.oldPassword ?? '', row.password_hash))) throw new AppError('invalid', 'password.old_wrong');
    checkPassword(req.newPassword);
    if (req.newPassword === req.oldPassword) throw new AppError('invalid', 'password.same');
    const hash = await bcrypt.hash(req.newPassword, 10);
    await this.db.query('UPDATE identity.users SET password_hash = $2, must_change_password = false WHERE id = $1', [id, hash]);
    await forgetSessions(this.db, this.cache, [id]);
    return true;
  }

  /** The user's own language (zh-CN, zh-TW or en): alert mails and AlertTriggered texts are written in it. */
  async setLanguage(req: identityV1.SetUserLanguageRequest): Promise<string> {
    const id = checkUserId(req.userId);
    if (!(LANGUAGES as readonly string[]).includes(req.language)) throw new AppError('invalid', 'user.language_invalid');
    const r = await this.db.query('UPDATE identity.users SET language = $2 WHERE id = $1 AND NOT disabled', [id, req.language]);
    if (!r.rowCount) throw new AppError('not_found', 'admin.user_not_found');
    return req.language;
  }

  async user(id: string): Promise<identityV1.AdminUser> {
    const r = await this.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity.users WHERE id = $1`, [id]);
    if (!r.rows[0]) throw new AppError('not_found', 'admin.user_not_found');
    const roles = await this.db.query<{ id: string; name: string }>(
      'SELECT r.id, r.name FROM identity.user_roles ur JOIN identity.roles r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.name',
      [id],
    );
    return toAdminUser(r.rows[0], roles.rows, this.config.defaultLanguage);
  }

  /** Revokes every live session of the user (their tokens stop working at once, also in BFFs keeping them). */
  private async endSessions(tx: SqlExecutor, userId: string): Promise<void> {
    const r = await tx.query<{ jti: string; expires_at: Date | string }>(
      'UPDATE identity.sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING jti, expires_at',
      [userId],
    );
    for (const s of r.rows) {
      await this.cache.delete(verifiedTokenKey(s.jti));
      await this.cache.set(stampKeys.revoked(s.jti), '1', Math.max(1000, new Date(s.expires_at).getTime() - Date.now()));
    }
  }
}

function toAdminUser(u: UserRow, roles: { id: string; name: string }[], defaultLanguage: string): identityV1.AdminUser {
  return {
    id: u.id,
    userName: u.user_name,
    displayName: u.display_name,
    disabled: u.disabled,
    mustChangePassword: u.must_change_password,
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    createdAt: new Date(u.created_at).toISOString(),
    language: u.language ?? defaultLanguage,
  };
}

function checkUserId(id: string): string {
  idOrNotFound(id, 'admin.user_not_found');
  return id.toLowerCase();
}

function checkPassword(p: string | undefined): void {
  if (!p || p.length < PASSWORD_MIN || p.length > PASSWORD_MAX) throw new AppError('invalid', 'password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
}

async function checkRoles(tx: SqlExecutor, roleIds: readonly string[]): Promise<void> {
  if (!roleIds.length) return;
  const known = new Set((await tx.query<{ id: string }>('SELECT id FROM identity.roles WHERE id = ANY($1::text[])', [roleIds])).rows.map((r) => r.id));
  const unknown = roleIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw new AppError('invalid', 'share.unknown_role', { id: unknown.slice(0, 64) });
}

async function lockUser(tx: SqlExecutor, id: string): Promise<UserRow> {
  // admin changes are serialised, so two admins cannot each remove the other as the last one
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:admins']);
  const r = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity.users WHERE id = $1`, [id]);
  if (!r.rows[0]) throw new AppError('not_found', 'admin.user_not_found');
  return r.rows[0];
}

/** Refuses a change that would leave no enabled admin besides userId (who is being disabled or losing role admin). */
async function keepOneAdmin(tx: SqlExecutor, userId: string, newRoles: readonly string[]): Promise<void> {
  if (newRoles.includes(ADMIN_ROLE)) return;
  const r = await tx.query<{ n: number }>(
    `SELECT count(*)::int4 AS n FROM identity.user_roles ur JOIN identity.users u ON u.id = ur.user_id
     WHERE ur.role_id = $1 AND NOT u.disabled AND u.id <> $2`,
    [ADMIN_ROLE, userId],
  );
  const isAdmin = await tx.query('SELECT 1 FROM identity.user_roles WHERE user_id = $1 AND role_id = $2', [userId, ADMIN_ROLE]);
  if (isAdmin.rows.length && Number(r.rows[0].n) === 0) throw new AppError('conflict', 'admin.last_admin');
}

function pick(all: Record<string, string>, ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(ids.filter((id) => all[id] !== undefined).map((id) => [id, all[id]!]));
}
