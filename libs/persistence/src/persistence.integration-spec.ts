import { migrate, MigrationError } from './migrations.js';
import type { SqlDatabase } from './sql.js';
import { openTestDatabase } from './testing.js';

// Runs against PGlite in the integration run and against a real PostgreSQL server in the
// services run (TEST_DATABASE_URL set by scripts/services/).
describe(`SQL store (${process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'PGlite'})`, () => {
  let db: SqlDatabase;
  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  const m1 = { id: '0001_items', sql: 'CREATE TABLE svc_a.items (id serial PRIMARY KEY, name text NOT NULL, qty int8, meta jsonb);' };
  const m2 = { id: '0002_items_unique', sql: 'CREATE UNIQUE INDEX items_name ON svc_a.items (name);' };

  it('applies migrations once, in order, in the service schema', async () => {
    expect(await migrate(db, 'svc_a', [m1])).toEqual(['0001_items']);
    expect(await migrate(db, 'svc_a', [m1, m2])).toEqual(['0002_items_unique']);
    expect(await migrate(db, 'svc_a', [m1, m2])).toEqual([]);
    const r = await db.query<{ id: string }>('SELECT id FROM svc_a.schema_migrations ORDER BY id');
    expect(r.rows.map((x) => x.id)).toEqual(['0001_items', '0002_items_unique']);
  });

  it('is forward-only: refuses unknown applied migrations and edited ones', async () => {
    await migrate(db, 'svc_a', [m1, m2]);
    await expect(migrate(db, 'svc_a', [m1])).rejects.toThrow(MigrationError);
    await expect(migrate(db, 'svc_a', [m1, { ...m2, sql: m2.sql + ' ' }])).rejects.toThrow(/changed after it was applied/);
  });

  it('binds parameters (no injection) and maps int8 and jsonb to JS values', async () => {
    await migrate(db, 'svc_a', [m1]);
    const evil = "x'); DROP TABLE svc_a.items; --";
    await db.query('INSERT INTO svc_a.items (name, qty, meta) VALUES ($1, $2, $3)', [evil, 9007199254740991, JSON.stringify({ a: [1] })]);
    const r = await db.query<{ name: string; qty: number; meta: unknown }>('SELECT name, qty, meta FROM svc_a.items');
    expect(r.rows).toEqual([{ name: evil, qty: 9007199254740991, meta: { a: [1] } }]);
  });

  it('commits a transaction as a whole or not at all', async () => {
    await migrate(db, 'svc_a', [m1, m2]);
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO svc_a.items (name) VALUES ('a')");
      await tx.query("INSERT INTO svc_a.items (name) VALUES ('b')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO svc_a.items (name) VALUES ('c')");
        await tx.query("INSERT INTO svc_a.items (name) VALUES ('a')"); // unique violation
      }),
    ).rejects.toThrow();
    const r = await db.query<{ name: string }>('SELECT name FROM svc_a.items ORDER BY name');
    expect(r.rows.map((x) => x.name)).toEqual(['a', 'b']);
    expect(await db.ping()).toBe(true);
  });

  it('counts rows as node-postgres does: those a SELECT answers, those a write touches', async () => {
    await migrate(db, 'svc_a', [m1]);
    expect((await db.query("INSERT INTO svc_a.items (name) VALUES ('a'), ('b'), ('c')")).rowCount).toBe(3);
    expect((await db.query('SELECT 1 FROM svc_a.items WHERE name <> $1', ['a'])).rowCount).toBe(2);
    expect((await db.query("UPDATE svc_a.items SET qty = 1 WHERE name IN ('a', 'b')")).rowCount).toBe(2);
    expect((await db.query("DELETE FROM svc_a.items WHERE name = 'c' RETURNING id")).rowCount).toBe(1);
    expect((await db.query("SELECT 1 FROM svc_a.items WHERE name = 'c'")).rowCount).toBe(0);
  });

  it('keeps schemas of different services apart', async () => {
    await migrate(db, 'svc_a', [m1]);
    await migrate(db, 'svc_b', [{ id: '0001_items', sql: 'CREATE TABLE svc_b.items (id int PRIMARY KEY);' }]);
    await db.query("INSERT INTO svc_a.items (name) VALUES ('only-a')");
    expect((await db.query('SELECT * FROM svc_b.items')).rowCount).toBe(0);
  });
});

describe('PGlite on a data directory', () => {
  it('creates a new directory (initdb in a child process, renamed into place) and reopens it with its data', async () => {
    const { mkdtempSync, existsSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { PgliteDatabase } = await import('./pglite-database.js');
    const parent = mkdtempSync(join(tmpdir(), 'bi-pglite-'));
    const dir = join(parent, 'metadata');
    const db = await PgliteDatabase.open(dir);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(parent)).toEqual(['metadata']);
    await db.exec('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$x$$);');
    await db.close();
    const again = await PgliteDatabase.open(dir);
    expect((await again.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'x' }]);
    await again.close();
  });
});
