import { Inject, Injectable } from '@nestjs/common';
import type { SqlDatabase, SqlExecutor } from '@bi/persistence';
import { DATABASE } from '@bi/service-kit';

export interface ErpAccountRow {
  id: string;
  name: string;
  ip: string;
  port: number;
  user_name: string;
  identity_enc: string;
  is_primary: boolean;
}

const COLUMNS = 'id, name, ip, port, user_name, identity_enc, is_primary';

/** data_source.erp_accounts and the users' chosen accounts (migration 0007_erp_accounts). */
@Injectable()
export class ErpAccountRepository {
  constructor(@Inject(DATABASE) private readonly db: SqlDatabase) {}

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      // one writer at a time: "the first account becomes primary" and "exactly one primary" hold under concurrent saves
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['data_source:erp-accounts']);
      return fn(tx);
    });
  }

  async list(q: SqlExecutor = this.db): Promise<ErpAccountRow[]> {
    return (await q.query<ErpAccountRow>(`SELECT ${COLUMNS} FROM data_source.erp_accounts ORDER BY is_primary DESC, lower(name), id`)).rows;
  }

  async find(id: string, q: SqlExecutor = this.db): Promise<ErpAccountRow | undefined> {
    return (await q.query<ErpAccountRow>(`SELECT ${COLUMNS} FROM data_source.erp_accounts WHERE id = $1`, [id])).rows[0];
  }

  async nameTaken(name: string, exceptId: string, q: SqlExecutor): Promise<boolean> {
    const r = await q.query('SELECT 1 FROM data_source.erp_accounts WHERE lower(name) = lower($1) AND id <> $2', [name, exceptId]);
    return r.rowCount > 0;
  }

  async count(q: SqlExecutor): Promise<number> {
    return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM data_source.erp_accounts')).rows[0]!.n;
  }

  async insert(q: SqlExecutor, row: ErpAccountRow, userId: string | null): Promise<void> {
    await q.query('INSERT INTO data_source.erp_accounts (id, name, ip, port, user_name, identity_enc, is_primary, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      row.id,
      row.name,
      row.ip,
      row.port,
      row.user_name,
      row.identity_enc,
      row.is_primary,
      userId,
    ]);
  }

  async update(q: SqlExecutor, row: ErpAccountRow): Promise<void> {
    await q.query('UPDATE data_source.erp_accounts SET name = $2, ip = $3, port = $4, user_name = $5, identity_enc = $6, is_primary = $7, updated_at = now() WHERE id = $1', [
      row.id,
      row.name,
      row.ip,
      row.port,
      row.user_name,
      row.identity_enc,
      row.is_primary,
    ]);
  }

  /** Un-primaries every account but `id` (before `id` is made primary: the unique index allows one). */
  async clearPrimaryExcept(q: SqlExecutor, id: string): Promise<void> {
    await q.query('UPDATE data_source.erp_accounts SET is_primary = false, updated_at = now() WHERE is_primary AND id <> $1', [id]);
  }

  async delete(q: SqlExecutor, id: string): Promise<void> {
    await q.query('DELETE FROM data_source.erp_accounts WHERE id = $1', [id]);
  }

  async choiceOf(userId: string, q: SqlExecutor = this.db): Promise<string | undefined> {
    return (await q.query<{ account_id: string }>('SELECT account_id FROM data_source.erp_account_choices WHERE user_id = $1', [userId])).rows[0]?.account_id;
  }

  async choose(q: SqlExecutor, userId: string, accountId: string): Promise<void> {
    await q.query('INSERT INTO data_source.erp_account_choices (user_id, account_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET account_id = EXCLUDED.account_id', [userId, accountId]);
  }
}
