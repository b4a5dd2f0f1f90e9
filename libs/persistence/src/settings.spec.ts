import { settingsTableSql } from './migrations.js';
import { SettingsTable } from './settings.js';
import type { SqlDatabase } from './sql.js';
import { openTestDatabase } from './testing.js';

describe('SettingsTable', () => {
  let db: SqlDatabase;
  let settings: SettingsTable;

  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec(`CREATE SCHEMA svc; ${settingsTableSql('svc')}`);
    settings = new SettingsTable(db, 'svc');
  });
  afterAll(() => db.close());

  it('gives a claim once; a running claim older than staleMs is taken over, a done one never', async () => {
    expect(await settings.claim('demo', 60_000)).toBe(true);
    expect(await settings.claim('demo', 60_000)).toBe(false);
    await db.query(`UPDATE svc.settings SET updated_at = now() - interval '2 minutes' WHERE key = 'demo'`);
    expect(await settings.claim('demo', 60_000)).toBe(true);
    await settings.set('demo', { state: 'done' });
    await db.query(`UPDATE svc.settings SET updated_at = now() - interval '2 minutes' WHERE key = 'demo'`);
    expect(await settings.claim('demo', 60_000)).toBe(false);
  });

  it('stores, reads, overwrites and deletes a value', async () => {
    expect(await settings.get('k')).toBeUndefined();
    await settings.set('k', { a: 1 });
    await settings.set('k', { a: 2, b: 'x' });
    expect(await settings.get('k')).toEqual({ a: 2, b: 'x' });
    await settings.delete('k');
    expect(await settings.get('k')).toBeUndefined();
  });

  it('refuses an unsafe schema name', () => {
    expect(() => new SettingsTable(db, 'x; drop')).toThrow('not a safe SQL identifier');
  });
});
