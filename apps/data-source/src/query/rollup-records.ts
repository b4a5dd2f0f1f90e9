import type { SqlExecutor } from '@bi/persistence';
import type { KeptRollup, RollupSpec } from '@bi/query';

/** The analytics-store schema the rollup tables live in. */
export const ROLLUP_SCHEMA = 'rollups';

export interface RollupRow {
  id: string;
  spec: RollupSpec;
  table_name: string;
  data_version: number;
  row_count: number;
  table_rows: number;
  float_sums: string[];
  build_ms: number;
  built_at: Date;
  /** chart queries answered from it (chart-query's batched RecordRollupHits); carried over a rebuild of the same spec */
  hits?: number;
  last_hit_at?: Date | null;
  /** the table's estimated size in the store, bytes (rollups.service.ts tableBytes) */
  size_bytes?: number;
}

/** Hits one RecordRollupHits call adds at most per rollup (a batch of one flush). */
const MAX_HITS = 1_000_000_000;

/** The kept rollups of sources, as recorded in the metadata store (data_source.rollups). */
export class RollupRecords {
  constructor(private readonly db: SqlExecutor) {}

  async of(sourceId: string, q: SqlExecutor = this.db): Promise<RollupRow[]> {
    const r = await q.query<RollupRow>(
      `SELECT id, spec, table_name, data_version::float8 AS data_version, row_count::float8 AS row_count, table_rows::float8 AS table_rows, float_sums, build_ms, built_at,
              hits::float8 AS hits, last_hit_at, size_bytes::float8 AS size_bytes
         FROM data_source.rollups WHERE source_id = $1 ORDER BY row_count, id`,
      [sourceId],
    );
    return r.rows;
  }

  /** Rollups are switched on for the source (issue 31): no setting stored means on. */
  async enabled(sourceId: string, q: SqlExecutor = this.db): Promise<boolean> {
    const r = await q.query<{ enabled: boolean }>('SELECT enabled FROM data_source.rollup_settings WHERE source_id = $1', [sourceId]);
    return r.rows[0]?.enabled ?? true;
  }

  async setEnabled(tx: SqlExecutor, sourceId: string, enabled: boolean, changedBy: string): Promise<void> {
    await tx.query(
      `INSERT INTO data_source.rollup_settings (source_id, enabled, changed_by, changed_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (source_id) DO UPDATE SET enabled = EXCLUDED.enabled, changed_by = EXCLUDED.changed_by, changed_at = now()`,
      [sourceId, enabled, changedBy],
    );
  }

  /** Adds counted hits, the batch in one statement (a rollup since replaced is skipped). */
  async addHits(hits: readonly { rollupId: string; hits: number }[]): Promise<void> {
    const counted = hits.map((h) => ({ id: h.rollupId, n: Math.min(Math.max(0, Math.floor(h.hits)), MAX_HITS) })).filter((h) => h.n > 0);
    if (counted.length === 0) return;
    await this.db.query(
      `UPDATE data_source.rollups AS r SET hits = r.hits + h.n, last_hit_at = now()
         FROM (SELECT id, SUM(n) AS n FROM unnest($1::uuid[], $2::bigint[]) AS h(id, n) GROUP BY id) AS h
        WHERE r.id = h.id`,
      [counted.map((h) => h.id), counted.map((h) => h.n)],
    );
  }

  /**
   * Describe's rollup fields: the source's rollups built at `dataVersion` ('' when none), none when
   * switched off. Switching off deletes the source's records in its transaction, so the setting is
   * read only when the source has none (the hot path of every chart run reads one table).
   */
  async describe(sourceId: string, dataVersion: number): Promise<{ rollupsJson: string; rollupsOff: boolean }> {
    const rows = await this.of(sourceId);
    if (rows.length === 0 && !(await this.enabled(sourceId))) return { rollupsJson: '', rollupsOff: true };
    const kept = rows.filter((r) => r.data_version === dataVersion).map(keptOf);
    return { rollupsJson: kept.length ? JSON.stringify(kept) : '', rollupsOff: false };
  }
}

export const keptOf = (r: RollupRow): KeptRollup => ({ ...r.spec, id: r.id, table: r.table_name, schema: ROLLUP_SCHEMA, dataVersion: r.data_version, rows: r.row_count, floatSums: r.float_sums });
