import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, type Migration } from './migrations.js';
import { PgliteDatabase } from './pglite-database.js';
import { PostgresDatabase } from './postgres-database.js';
import type { SqlDatabase } from './sql.js';

/** A service's schema and its migrations, applied to a test database's template once per run. */
export interface TestSchema {
  schema: string;
  migrations: readonly Migration[];
}

const pgliteTemplates = new Map<string, Promise<Blob>>();
const serverTemplates = new Map<string, Promise<string>>();

/**
 * A fresh database for a test; close it when done. Empty, or with the given services' migrations
 * already applied (their services then find nothing to migrate, as on a second start).
 *
 * Embedded: copies a PGlite dump of the template. Creating a PGlite database and migrating it takes
 * seconds; loading a dump well under one. The dump is made once per template and kept in the temp
 * directory under the hash of its migrations (and of the PGlite version), so every test file of a run
 * — each its own module registry — loads it instead of creating it again.
 * When TEST_DATABASE_URL is set (the services run), a new database is created on that real
 * PostgreSQL server from a template database migrated once per run, and dropped again on close.
 */
export async function openTestDatabase(schemas: readonly TestSchema[] = []): Promise<SqlDatabase> {
  const key = templateKey(schemas);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return openServerTestDatabase(adminUrl, key, schemas);
  let template = pgliteTemplates.get(key);
  if (!template) {
    template = pgliteTemplate(key, schemas);
    pgliteTemplates.set(key, template);
  }
  return PgliteDatabase.fromDump(await template);
}

function templateKey(schemas: readonly TestSchema[]): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const s of schemas) {
    hash.update(`\0schema ${s.schema}`);
    for (const m of s.migrations) hash.update(`\0${m.id}\0${m.sql}`);
  }
  return hash.digest('hex').slice(0, 24);
}

let version: string | undefined;
function pgliteVersion(): string {
  if (version === undefined) {
    try {
      const require = createRequire(import.meta.url);
      version = String((require('@electric-sql/pglite/package.json') as { version: string }).version);
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

async function pgliteTemplate(key: string, schemas: readonly TestSchema[]): Promise<Blob> {
  const dir = join(tmpdir(), 'bi-test-templates');
  const file = join(dir, `pglite-${key}.tar`);
  if (existsSync(file)) {
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // unreadable: make it again below
    }
  }
  const db = schemas.length ? await PgliteDatabase.fromDump(await emptyPgliteTemplate()) : await PgliteDatabase.open();
  try {
    for (const s of schemas) await migrate(db, s.schema, s.migrations);
    const dump = await db.dump();
    try {
      mkdirSync(dir, { recursive: true });
      // written aside and renamed: a parallel test process reads a whole file or none
      const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
      renameSync(part, file);
    } catch {
      // no disk cache: each test process makes its own
    }
    return dump;
  } finally {
    await db.close();
  }
}

function emptyPgliteTemplate(): Promise<Blob> {
  const key = templateKey([]);
  let template = pgliteTemplates.get(key);
  if (!template) {
    template = pgliteTemplate(key, []);
    pgliteTemplates.set(key, template);
  }
  return template;
}

async function openServerTestDatabase(adminUrl: string, key: string, schemas: readonly TestSchema[]): Promise<SqlDatabase> {
  const name = `bi_test_${randomBytes(6).toString('hex')}`;
  const admin = new PostgresDatabase(adminUrl, 1);
  try {
    if (schemas.length) {
      let template = serverTemplates.get(key);
      if (!template) {
        template = serverTemplate(adminUrl, admin, key, schemas);
        serverTemplates.set(key, template);
        template.catch(() => serverTemplates.delete(key));
      }
      await createFromTemplate(admin, name, await template);
    } else {
      await admin.exec(`CREATE DATABASE ${name}`);
    }
  } catch (e) {
    await admin.close();
    throw e;
  }
  const db = new PostgresDatabase(urlOf(adminUrl, name), 4);
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
  return db;
}

function urlOf(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The template database of these migrations on the server: found, or migrated under a name of its own and renamed. */
async function serverTemplate(adminUrl: string, admin: PostgresDatabase, key: string, schemas: readonly TestSchema[]): Promise<string> {
  const name = `bi_template_${key}`;
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount) return name;
  const building = `bi_tbuild_${randomBytes(6).toString('hex')}`;
  await admin.exec(`CREATE DATABASE ${building}`);
  const db = new PostgresDatabase(urlOf(adminUrl, building), 1);
  try {
    for (const s of schemas) await migrate(db, s.schema, s.migrations);
  } finally {
    await db.close();
  }
  try {
    await admin.exec(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (e) {
    // another test process made it first
    await admin.exec(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    const again = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!again.rowCount) throw e;
  }
  return name;
}

/** CREATE DATABASE … TEMPLATE fails while another session copies the same template: try again shortly. */
async function createFromTemplate(admin: PostgresDatabase, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (e) {
      if (attempt >= 50 || !/being accessed by other users/.test(String((e as Error).message))) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}
