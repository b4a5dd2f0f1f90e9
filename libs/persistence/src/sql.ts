/**
 * One SQL interface over PGlite (embedded) and a PostgreSQL server. Placeholders are $1, $2, ...
 * in both; values are always bound, never spliced into the text.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlDatabase extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** SqlDatabase.ping of both stores: true when the connection answers a trivial query. */
export async function answersQuery(db: { query(sql: string): Promise<unknown> }): Promise<boolean> {
  try {
    await db.query('select 1');
    return true;
  } catch {
    return false;
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Schema and table names come from code, never from users; this guards against mistakes anyway. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a safe SQL identifier: ${JSON.stringify(name)}`);
  return name;
}
