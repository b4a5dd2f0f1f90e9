import pg from 'pg';
import { answersQuery, type QueryResult, type SqlDatabase, type SqlExecutor } from './sql.js';

const INT8_OID = 20;
const NUMERIC_TYPES = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

function wrap(q: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query({ text: sql, values: params as unknown[], types: NUMERIC_TYPES });
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.query(sql);
    },
  };
}

/** A PostgreSQL server through a pg pool (distributed mode and the services test run). */
export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly executor: SqlExecutor;

  constructor(url: string, poolSize = 10) {
    this.pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    this.executor = wrap(this.pool);
  }

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return this.executor.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.executor.exec(sql);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  ping(): Promise<boolean> {
    return answersQuery(this.pool);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
