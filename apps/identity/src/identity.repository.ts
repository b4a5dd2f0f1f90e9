import { Inject, Injectable } from '@nestjs/common';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import { DATABASE } from '@bi/service-kit';

export interface UserRecord {
  id: string;
  userName: string;
  displayName: string;
  passwordHash: string;
  disabled: boolean;
  mustChangePassword: boolean;
}

export interface Grants {
  roles: { id: string; name: string }[];
  permissions: string[];
}

@Injectable()
export class IdentityRepository {
  constructor(@Inject(DATABASE) private readonly db: SqlDatabase) {}

  async findUserByName(userName: string): Promise<UserRecord | undefined> {
    const r = await this.db.query<{ id: string; user_name: string; display_name: string; password_hash: string; disabled: boolean; must_change_password: boolean }>(
      'SELECT id, user_name, display_name, password_hash, disabled, must_change_password FROM identity.users WHERE lower(user_name) = lower($1)',
      [userName],
    );
    const u = r.rows[0];
    return u && { id: u.id, userName: u.user_name, displayName: u.display_name, passwordHash: u.password_hash, disabled: u.disabled, mustChangePassword: u.must_change_password };
  }

  async findUserById(userId: string): Promise<UserRecord | undefined> {
    const r = await this.db.query<{ id: string; user_name: string; display_name: string; disabled: boolean; must_change_password: boolean }>(
      'SELECT id, user_name, display_name, disabled, must_change_password FROM identity.users WHERE id = $1',
      [userId],
    );
    const u = r.rows[0];
    return u && { id: u.id, userName: u.user_name, displayName: u.display_name, passwordHash: '', disabled: u.disabled, mustChangePassword: u.must_change_password };
  }

  async grantsOf(userId: string): Promise<Grants> {
    const roles = await this.db.query<{ id: string; name: string }>(
      'SELECT r.id, r.name FROM identity.user_roles ur JOIN identity.roles r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.id',
      [userId],
    );
    const perms = await this.db.query<{ permission: string }>(
      `SELECT rp.permission FROM identity.user_roles ur JOIN identity.role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = $1
       UNION SELECT permission FROM identity.user_permissions WHERE user_id = $1`,
      [userId],
    );
    return { roles: roles.rows, permissions: perms.rows.map((p) => p.permission) };
  }

  async createSession(jti: string, userId: string, expiresAt: Date, autoLogin: boolean): Promise<void> {
    await this.db.query('INSERT INTO identity.sessions (jti, user_id, expires_at, auto_login) VALUES ($1, $2, $3, $4)', [jti, userId, expiresAt, autoLogin]);
  }

  /** The user of a live (not revoked, not expired) session. */
  async liveSessionUser(jti: string): Promise<UserRecord | undefined> {
    const r = await this.db.query<{ id: string; user_name: string; display_name: string; disabled: boolean; must_change_password: boolean }>(
      `SELECT u.id, u.user_name, u.display_name, u.disabled, u.must_change_password FROM identity.sessions s JOIN identity.users u ON u.id = s.user_id
       WHERE s.jti = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [jti],
    );
    const u = r.rows[0];
    return u && { id: u.id, userName: u.user_name, displayName: u.display_name, passwordHash: '', disabled: u.disabled, mustChangePassword: u.must_change_password };
  }

  async revokeSession(jti: string): Promise<boolean> {
    const r = await this.db.query('UPDATE identity.sessions SET revoked_at = now() WHERE jti = $1 AND revoked_at IS NULL', [jti]);
    return r.rowCount > 0;
  }

  async listRolesUsers(): Promise<{ roles: { id: string; name: string }[]; users: { id: string; name: string }[] }> {
    const roles = await this.db.query<{ id: string; name: string }>('SELECT id, name FROM identity.roles ORDER BY name');
    const users = await this.db.query<{ id: string; name: string }>('SELECT id, display_name AS name FROM identity.users WHERE NOT disabled ORDER BY user_name');
    return { roles: roles.rows, users: users.rows };
  }

  async countUsers(tx: SqlExecutor = this.db): Promise<number> {
    const r = await tx.query<{ n: number }>('SELECT count(*)::int8 AS n FROM identity.users');
    return r.rows[0].n;
  }
}
