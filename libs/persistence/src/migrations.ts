import { createHash } from 'node:crypto';
import { assertIdentifier, type SqlDatabase } from './sql.js';

export interface Migration {
  /** Sortable and unique, e.g. 0001_users. Never rename or edit one that has shipped. */
  id: string;
  sql: string;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * The table of a service's one-time jobs (demo content of the first start, claims):
 * key → {state: running | done, …}. The text stays as first shipped: migration checksums hash it.
 */
export function settingsTableSql(schema: string): string {
  return `CREATE TABLE ${assertIdentifier(schema)}.settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`;
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * Applies the service's forward-only migrations into its own schema, each in its own transaction,
 * under an advisory lock so replicas starting together do not race.
 * Refuses to start when the database holds a migration this code does not know, or one whose text changed.
 */
export async function migrate(db: SqlDatabase, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  assertIdentifier(schema);
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new MigrationError(`${schema}: duplicate migration ids`);
  if ([...ids].sort().join() !== ids.join()) throw new MigrationError(`${schema}: migrations must be listed in id order`);

  await db.exec(
    `CREATE SCHEMA IF NOT EXISTS ${schema};
     CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
       id text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());`,
  );

  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${schema}`]);
      const known = await tx.query<{ id: string; checksum: string }>(`SELECT id, checksum FROM ${schema}.schema_migrations`);
      const unknown = known.rows.filter((r) => !ids.includes(r.id));
      if (unknown.length)
        throw new MigrationError(`${schema}: the database has migrations this code does not know (${unknown.map((r) => r.id).join(', ')}); migrations are forward-only, run a newer version`);
      const row = known.rows.find((r) => r.id === m.id);
      if (row) {
        if (row.checksum !== checksum(m.sql)) throw new MigrationError(`${schema}: migration ${m.id} was changed after it was applied`);
        return false;
      }
      await tx.exec(m.sql);
      await tx.query(`INSERT INTO ${schema}.schema_migrations (id, checksum) VALUES ($1, $2)`, [m.id, checksum(m.sql)]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}
