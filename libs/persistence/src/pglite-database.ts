import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { answersQuery, type QueryResult, type SqlDatabase, type SqlExecutor } from './sql.js';

type PGliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;

function wrap(q: Pick<PGlite, 'query' | 'exec'>): SqlExecutor {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      // as node-postgres counts: the rows a SELECT (or RETURNING) answers, else the rows written.
      // PGlite answers affectedRows 0 for a SELECT, which made every "SELECT 1 … rowCount > 0" check
      // (a name in use, a row that exists) read false on the embedded store.
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM) in this process; all services share one instance, one schema each. */
export class PgliteDatabase implements SqlDatabase {
  readonly kind = 'pglite' as const;
  private readonly executor: SqlExecutor;

  private constructor(private readonly db: PGliteLike) {
    this.executor = wrap(db);
  }

  /** dataDir undefined means in memory (tests). */
  static async open(dataDir?: string): Promise<PgliteDatabase> {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      if (!existsSync(join(dataDir, 'PG_VERSION'))) await createCluster(dataDir);
    }
    const db = await PGlite.create(dataDir, { parsers: { [types.INT8]: (v: string) => Number(v) } });
    return new PgliteDatabase(db);
  }

  /** Opens a copy of a dumped data directory (a fast way to get a fresh, migrated test database). */
  static async fromDump(dump: Blob): Promise<PgliteDatabase> {
    const db = await PGlite.create({ loadDataDir: dump, parsers: { [types.INT8]: (v: string) => Number(v) } });
    return new PgliteDatabase(db);
  }

  async dump(): Promise<Blob> {
    return (this.db as PGlite).dumpDataDir('none');
  }

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return this.executor.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.executor.exec(sql);
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(wrap(tx)));
  }

  ping(): Promise<boolean> {
    return answersQuery(this.db);
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}

/**
 * Creates a new data directory (initdb) in a short-lived child process, in a sibling directory
 * renamed into place when done. Done in this process, initdb's WebAssembly memory stays resident
 * for the life of the process: measured, a first start holds ~780 MB where a start on an existing
 * directory holds ~300 MB. Should anything fail (or the directory hold other files), the caller's
 * PGlite.create runs initdb itself as before.
 */
async function createCluster(dataDir: string): Promise<void> {
  if (readdirSync(dataDir).length > 0) return;
  const temp = `${dataDir}.init-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const code = `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(temp)}).then((db) => db.close()).then(() => process.exit(0), () => process.exit(1));`;
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  try {
    if (ok && existsSync(join(temp, 'PG_VERSION'))) {
      rmdirSync(dataDir);
      renameSync(temp, dataDir);
    }
  } catch {
    if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
