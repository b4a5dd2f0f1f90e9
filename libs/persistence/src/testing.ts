import { randomBytes } from 'node:crypto';
import { PgliteDatabase } from './pglite-database.js';
import { PostgresDatabase } from './postgres-database.js';
import type { SqlDatabase } from './sql.js';

let template: Promise<Blob> | undefined;

/**
 * A fresh, empty database for a test; close it when done.
 * Embedded: copies a PGlite dump made once per test process (creating a PGlite database takes
 * seconds, loading a dump well under one). When TEST_DATABASE_URL is set (the services run),
 * a new database is created on that real PostgreSQL server and dropped again on close.
 */
export async function openTestDatabase(): Promise<SqlDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return openServerTestDatabase(adminUrl);
  template ??= PgliteDatabase.open().then(async (db) => {
    const dump = await db.dump();
    await db.close();
    return dump;
  });
  return PgliteDatabase.fromDump(await template);
}

async function openServerTestDatabase(adminUrl: string): Promise<SqlDatabase> {
  const name = `bi_test_${randomBytes(6).toString('hex')}`;
  const admin = new PostgresDatabase(adminUrl, 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new PostgresDatabase(url.toString(), 4);
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
  return db;
}
