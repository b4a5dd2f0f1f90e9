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
}

/** The kept rollups of sources, as recorded in the metadata store (data_source.rollups). */
export class RollupRecords {
  constructor(private readonly db: SqlExecutor) {}

  async of(sourceId: string, q: SqlExecutor = this.db): Promise<RollupRow[]> {
    const r = await q.query<RollupRow>(
      `SELECT id, spec, table_name, data_version::float8 AS data_version, row_count::float8 AS row_count, table_rows::float8 AS table_rows, float_sums, build_ms, built_at
         FROM data_source.rollups WHERE source_id = $1 ORDER BY row_count, id`,
      [sourceId],
    );
    return r.rows;
  }

  /** Describe's rollups_json: the source's rollups built at `dataVersion` ('' when none). */
  async describeJson(sourceId: string, dataVersion: number): Promise<string> {
    const kept = (await this.of(sourceId)).filter((r) => r.data_version === dataVersion).map(keptOf);
    return kept.length ? JSON.stringify(kept) : '';
  }
}

export const keptOf = (r: RollupRow): KeptRollup => ({ ...r.spec, id: r.id, table: r.table_name, schema: ROLLUP_SCHEMA, dataVersion: r.data_version, rows: r.row_count, floatSums: r.float_sums });

