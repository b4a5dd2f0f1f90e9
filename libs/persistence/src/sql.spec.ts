import { insertRows, type SqlDatabase } from './sql.js';
import { openTestDatabase } from './testing.js';

describe('insertRows', () => {
  let db: SqlDatabase;

  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec('CREATE TABLE t (id uuid PRIMARY KEY, n int NOT NULL, doc jsonb, note text)');
  });
  afterAll(() => db.close());

  it('writes many rows in one statement with bound values, typed by the target columns', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => [`00000000-0000-4000-8000-00000000000${i}`, i, JSON.stringify({ i }), i % 2 ? null : `it's ${i}`]);
    expect(await insertRows(db, 't (id, n, doc, note)', rows)).toBe(5);
    expect((await db.query('SELECT n, doc, note FROM t ORDER BY n')).rows).toEqual(rows.map(([, n, doc, note]) => ({ n, doc: JSON.parse(doc as string), note })));
    expect(await insertRows(db, 't (id, n)', [[rows[0]![0], 9]], 'ON CONFLICT DO NOTHING')).toBe(0);
    expect(await insertRows(db, 't (id, n)', [])).toBe(0);
  });

  it('goes in chunks under the parameter limit', async () => {
    await db.query('DELETE FROM t');
    const rows = Array.from({ length: 40_000 }, (_, i) => [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, i]);
    expect(await insertRows(db, 't (id, n)', rows)).toBe(40_000);
    expect((await db.query<{ c: number }>('SELECT count(*)::int AS c, sum(n)::float8 AS s FROM t')).rows[0]).toEqual({ c: 40_000, s: (40_000 * 39_999) / 2 });
  });

  it('refuses rows of different lengths', async () => {
    await expect(insertRows(db, 't (id, n)', [['00000000-0000-4000-8000-000000000001', 1], ['00000000-0000-4000-8000-000000000002']])).rejects.toThrow('different lengths');
  });
});
