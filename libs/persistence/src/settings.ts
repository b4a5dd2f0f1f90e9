import { assertIdentifier, type SqlExecutor } from './sql.js';

/**
 * The `<schema>.settings` key/value table of a service (jsonb values): one-time job claims (e.g. the
 * demo content) and small remembered values. The schema name comes from code, never from users.
 */
export class SettingsTable {
  private readonly table: string;

  constructor(
    private readonly db: SqlExecutor,
    schema: string,
  ) {
    this.table = `${assertIdentifier(schema)}.settings`;
  }

  /** Claims a one-time job: true when this caller got it. A stale claim (older than staleMs, not done) is taken over. */
  async claim(key: string, staleMs: number): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO ${this.table} (key, value) VALUES ($1, '{"state":"running"}'::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
         WHERE ${this.table}.value->>'state' = 'running' AND ${this.table}.updated_at < now() - ($2::float8 * interval '1 millisecond')
       RETURNING key`,
      [key, staleMs],
    );
    return r.rowCount > 0;
  }

  async get(key: string): Promise<Record<string, unknown> | undefined> {
    const r = await this.db.query<{ value: Record<string, unknown> | string }>(`SELECT value FROM ${this.table} WHERE key = $1`, [key]);
    const v = r.rows[0]?.value;
    return typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : v;
  }

  async set(key: string, value: Record<string, unknown>): Promise<void> {
    await this.db.query(`INSERT INTO ${this.table} (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`, [key, JSON.stringify(value)]);
  }

  async delete(key: string): Promise<void> {
    await this.db.query(`DELETE FROM ${this.table} WHERE key = $1`, [key]);
  }
}
