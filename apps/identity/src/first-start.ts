import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import type { SqlDatabase } from '@bi/persistence';
import { ADMIN_ROLE } from './permissions.js';

/** Seeded roles: admin holds everything; analyst builds (sources and dashboards); viewer looks at what is shared with it. */
export const SEEDED_ROLES: { id: string; name: string; permissions: string[] }[] = [
  { id: ADMIN_ROLE, name: 'admin', permissions: ['datasource:view', 'datasource:edit', 'template:view', 'template:edit', 'dashboard:edit'] },
  { id: 'analyst', name: 'analyst', permissions: ['datasource:view', 'datasource:edit', 'template:view', 'dashboard:edit'] },
  { id: 'viewer', name: 'viewer', permissions: ['template:view'] },
];

const SEEDED_USERS = [
  { userName: 'admin', displayName: 'admin', role: ADMIN_ROLE },
  { userName: 'analyst', displayName: 'analyst', role: 'analyst' },
  { userName: 'viewer', displayName: 'viewer', role: 'viewer' },
];

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/**
 * On the first start (no users yet): the roles, and users admin, analyst and viewer with the password
 * from BI_ADMIN_PASSWORD, or else a random one written to $BI_DATA_DIR/initial-admin-password
 * and printed once. Safe to run on every start and from several replicas at once.
 */
export async function seedFirstStart(db: SqlDatabase, config: AppConfig, logger: Logger, print: (line: string) => void = console.log): Promise<void> {
  const generated = config.auth.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.auth.adminPassword ?? generated!;
  const hash = await bcrypt.hash(password, 10);
  const created = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:first-start']);
    for (const role of SEEDED_ROLES) {
      await tx.query('INSERT INTO identity.roles (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [role.id, role.name]);
      for (const p of role.permissions)
        await tx.query('INSERT INTO identity.role_permissions (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING', [role.id, p]);
    }
    const users = await tx.query<{ n: number }>('SELECT count(*)::int8 AS n FROM identity.users');
    if (users.rows[0].n > 0) return false;
    for (const u of SEEDED_USERS) {
      const id = randomUUID();
      await tx.query('INSERT INTO identity.users (id, user_name, display_name, password_hash) VALUES ($1, $2, $3, $4)', [id, u.userName, u.displayName, hash]);
      await tx.query('INSERT INTO identity.user_roles (user_id, role_id) VALUES ($1, $2)', [id, u.role]);
    }
    return true;
  });
  if (!created) return;
  logger.info('first start: created users admin, analyst and viewer');
  if (generated) {
    const file = join(config.dataDir, INITIAL_PASSWORD_FILE);
    if (!existsSync(file)) writeFileSync(file, generated + '\n', { mode: 0o600 });
    // Printed once, deliberately outside the JSON log: the operator needs it to sign in.
    print(`\n  Initial password for users admin, analyst and viewer: ${generated}\n  (also saved in ${file}; set BI_ADMIN_PASSWORD to choose it)\n`);
  }
}
