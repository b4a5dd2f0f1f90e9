import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DuckDBConnection } from '@duckdb/node-api';
import { rollupSpecSchema } from '@bi/chart-model';
import { AppError, type Logger } from '@bi/core';
import type { SqlExecutor } from '@bi/persistence';
import { UPLOAD_KEY_COLUMN } from '@bi/rules';
import type { dataSourceQueryV1 } from '@bi/proto';
import { compile, doubleQuote, querySourceFrom, rollupBuildQuery, rollupSpecKey, type QuerySource, type RollupSpec } from '@bi/query';
import { LOGGER, idOrNotFound } from '@bi/service-kit';
import { z } from 'zod';
import { DataSourceEvents } from '../data-source.events.js';
import { DataSourceRepository, type SourceRow } from '../data-source.repository.js';
import { DuckdbDriver } from '../drivers/duckdb.driver.js';
import { SourceRunner } from '../source-runner.js';
import { appendedRows, mergeAppended } from './rollup-merge.js';
import { ROLLUP_SCHEMA, RollupRecords, keptOf, type RollupRow } from './rollup-records.js';
import { SourceQueryService } from './source-query.service.js';

/** Specs one KeepRollups call builds at most. */
export const MAX_ROLLUPS = 8;
/**
 * A rollup is kept when it has at most this fraction of its table's rows (else scanning it saves too
 * little to be worth its size), or at most ROLLUP_MIN_ROWS rows whatever the table (a small rollup is
 * always cheap to read).
 */
export const ROLLUP_MAX_FRACTION = 0.1;
export const ROLLUP_MIN_ROWS = 10_000;

const specsSchema = z.array(rollupSpecSchema).max(MAX_ROLLUPS);

/**
 * KeepRollups (issue 31, ADR 0022): builds the rollups chart-query chose for a source in the
 * analytics store — the rollup SELECT that @bi/query writes (rollupBuildQuery) over the source's
 * own FROM part, as `CREATE TABLE rollups.<name> AS …` — and records them with the data version
 * they hold, replacing the source's earlier ones (their tables dropped after the record commits).
 * A rollup larger than ROLLUP_MAX_FRACTION of its table (and over ROLLUP_MIN_ROWS) is dropped at
 * once. When the source's version moved while building, nothing is recorded: a newer call builds
 * for the newer version, and the compiler never reads a rollup of another version.
 */
@Injectable()
export class RollupsService {
  readonly records: RollupRecords;

  constructor(
    private readonly repo: DataSourceRepository,
    private readonly runner: SourceRunner,
    private readonly queries: SourceQueryService,
    private readonly events: DataSourceEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.records = new RollupRecords(repo.db);
  }

  async keep(req: dataSourceQueryV1.KeepRollupsRequest): Promise<dataSourceQueryV1.KeepRollupsReply> {
    const id = idOrNotFound(req.dataSourceId, 'datasource.not_found').toLowerCase();
    let specs: RollupSpec[];
    try {
      const parsed = specsSchema.safeParse(JSON.parse(req.specsJson || '[]'));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      // every rollup built from now on keeps its groups' row counts (the filter pickers' counts roll up)
      specs = parsed.data.map((s) => ({ ...s, rowCount: true }));
    } catch (e) {
      throw new AppError('invalid', 'request.invalid', { detail: `specsJson: ${(e as Error).message}` });
    }
    const source = await this.queries.describe(id);
    if (source.dialect !== 'duckdb') return { rollupsJson: '[]', skipped: ['not_in_store'], buildMs: 0 };
    if (source.rollupsOff) return { rollupsJson: '[]', skipped: ['off'], buildMs: 0 };
    if (source.dataVersion !== Number(req.dataVersion)) return { rollupsJson: '[]', skipped: ['stale'], buildMs: 0 };
    // the rollups asked for are already kept at this version (an append merged them): nothing to build
    const held = (await this.records.of(id)).filter((r) => r.data_version === source.dataVersion);
    const asked = new Set(specs.map(rollupSpecKey));
    if (held.length > 0 && held.length === asked.size && held.every((r) => asked.has(rollupSpecKey(r.spec)))) {
      this.logger.info('rollups kept', { dataSourceId: id, dataVersion: source.dataVersion, kept: held.length, skipped: ['current'], buildMs: 0 });
      return { rollupsJson: JSON.stringify(held.map(keptOf)), skipped: ['current'], buildMs: 0 };
    }
    const spec = await this.queries.connectionSpec(id);
    const started = Date.now();
    const querySource = querySourceFrom(source);
    const built: { row: RollupRow; key: string }[] = [];
    const skipped: string[] = [];
    await this.runner.drivers.use(spec, async (d) => {
      if (!(d instanceof DuckdbDriver)) {
        skipped.push('not_in_store');
        return;
      }
      await d.withConnection(async (conn) => {
        await conn.run(`CREATE SCHEMA IF NOT EXISTS ${doubleQuote(ROLLUP_SCHEMA)}`);
        const tableRows = await countRows(conn, querySource);
        const floats = await floatFields(conn, querySource, [...new Set(specs.flatMap((s) => s.measures.filter((m) => m.field.dataType === 'number').map((m) => m.field.name)))]);
        for (const s of specs) {
          const key = rollupSpecKey(s);
          const table = `r_${id.replace(/-/g, '')}_${createHash('sha256').update(key).digest('hex').slice(0, 12)}_v${source.dataVersion}`;
          const ref = `${doubleQuote(ROLLUP_SCHEMA)}.${doubleQuote(table)}`;
          const one = Date.now();
          const floatSums = s.measures.map((m) => m.field.name).filter((n) => floats.has(n));
          const build = rollupBuildQuery(s, querySource, 'duckdb', floatSums);
          await conn.run(`CREATE OR REPLACE TABLE ${ref} AS ${build.sql}`, build.params as never);
          const rows = Number((await conn.runAndReadAll(`SELECT COUNT(*) FROM ${ref}`)).getRows()[0]![0]);
          if (rows > ROLLUP_MIN_ROWS && rows > tableRows * ROLLUP_MAX_FRACTION) {
            await conn.run(`DROP TABLE ${ref}`);
            skipped.push('too_large');
            continue;
          }
          const size = await tableBytes(conn, table, rows);
          built.push({ key, row: { id: randomUUID(), spec: s, table_name: table, data_version: source.dataVersion, row_count: rows, table_rows: tableRows, float_sums: floatSums, build_ms: Date.now() - one, built_at: new Date(), size_bytes: size } });
        }
      });
    });
    // record them only when the source is still at the version they hold (read before the
    // transaction: the metadata store may have one connection); the earlier ones go. A version moved
    // after this check leaves them recorded under the version they hold, which Describe no longer offers.
    const current = (await this.queries.describe(id)).dataVersion === source.dataVersion;
    // nor when an administrator switched the source's rollups off meanwhile (checked in the transaction)
    const record = async (tx: SqlExecutor) => ((await this.records.enabled(id, tx)) ? this.replaceRecords(tx, id, built.map((b) => b.row)) : undefined);
    const old = current ? await this.repo.db.transaction(record) : undefined;
    // descriptions kept under the source's stamp (the BFF's, chart-query's) list the rollups: renewed
    if (old && (built.length > 0 || old.length > 0)) await this.events.sourcesChanged([id]);
    const drop = old ?? built.map((b) => b.row);
    if (!old) skipped.push('stale');
    await this.dropTables(spec, drop.map((r) => r.table_name));
    const buildMs = Date.now() - started;
    this.logger.info('rollups kept', { dataSourceId: id, dataVersion: source.dataVersion, kept: old ? built.length : 0, skipped, buildMs });
    return { rollupsJson: JSON.stringify(old ? built.map((b) => keptOf(b.row)) : []), skipped, buildMs };
  }

  /**
   * An append's merge into the source's current rollups (issue 31's first option): undefined when the
   * source has none at its current data version (or is not an analytics-store table with row keys).
   * `inStore` runs inside the append's store transaction, after its rows are in: each current rollup
   * merged with the appended rows' partials into a new table (mergeAppended), committed with the rows.
   * `record` runs inside the metadata transaction that bumps the source's data version: each merged
   * rollup's record moves to its new table and to the new version (only where the record is still the
   * one merged and the source went exactly one version up), so the next chart run after the append's
   * answer is served by the merged rollup. `settle` (after both, or after a failure) drops the tables
   * no record names: the merged-from tables, and merged tables whose record did not move.
   */
  appendMerge(row: SourceRow): Promise<AppendMerge | undefined> {
    // the append goes on without the merge when it cannot be prepared (the rollups then wait for the rebuild)
    return this.prepareMerge(row).catch((e) => {
      this.logger.warn('rollup append merge skipped', { dataSourceId: row.id, error: e });
      return undefined;
    });
  }

  private async prepareMerge(row: SourceRow): Promise<AppendMerge | undefined> {
    const kept = (await this.records.of(row.id)).filter((r) => r.data_version === row.data_version);
    if (kept.length === 0 || !row.fields.some((f) => f.name === UPLOAD_KEY_COLUMN)) return undefined;
    const source = await this.queries.describe(row.id);
    if (source.dialect !== 'duckdb' || source.dataVersion !== row.data_version) return undefined;
    const querySource = querySourceFrom(source);
    let merged: { from: RollupRow; table: string; rows: number; bytes: number }[] = [];
    let appendedRowCount = 0;
    let recorded = new Set<string>();
    const started = Date.now();
    return {
      inStore: async (conn, firstKey, rows) => {
        const appended = appendedRows(querySource, UPLOAD_KEY_COLUMN, firstKey);
        if (!appended) return;
        appendedRowCount = rows;
        merged = [];
        for (const k of kept) {
          const table = `${k.table_name.replace(/_v\d+(_a\d+)?$/, '')}_v${row.data_version}_a${firstKey}`;
          const n = await mergeAppended(conn, k, appended, table);
          if (n !== undefined) merged.push({ from: k, table, rows: n, bytes: await tableBytes(conn, table, n) });
        }
      },
      record: async (tx) => {
        recorded = new Set();
        for (const m of merged) {
          const r = await tx.query<{ id: string }>(
            `UPDATE data_source.rollups AS r SET table_name = $2, data_version = s.data_version, row_count = $3, table_rows = r.table_rows + $4, build_ms = $5, built_at = now(), size_bytes = $8
               FROM data_source.sources AS s
              WHERE r.id = $1 AND r.table_name = $6 AND r.data_version = $7 AND s.id = r.source_id AND s.data_version = $7 + 1
              RETURNING r.id`,
            [m.from.id, m.table, m.rows, appendedRowCount, Date.now() - started, m.from.table_name, row.data_version, m.bytes],
          );
          if (r.rows.length) recorded.add(m.table);
        }
      },
      settle: async () => {
        const drop = merged.flatMap((m) => (recorded.has(m.table) ? [m.from.table_name] : [m.table]));
        this.logger.info('rollups merged', { dataSourceId: row.id, dataVersion: row.data_version + 1, merged: recorded.size, of: kept.length, appendedRows: appendedRowCount, ms: Date.now() - started });
        if (drop.length) await this.dropTables(await this.queries.connectionSpec(row.id), drop);
      },
    };
  }

  /** The source's records replaced by `rows`; answers the earlier ones whose tables are to go. */
  private async replaceRecords(tx: SqlExecutor, id: string, rows: RollupRow[]): Promise<RollupRow[]> {
    const before = await this.records.of(id, tx);
    await tx.query('DELETE FROM data_source.rollups WHERE source_id = $1', [id]);
    for (const row of rows) {
      // a rebuild of the same grouping keeps counting its hits (the source page's list)
      // (a rollup built before row counts were kept counts on in its rebuild that keeps them)
      const same = before.find((b) => rollupSpecKey({ ...b.spec, rowCount: row.spec.rowCount }) === rollupSpecKey(row.spec));
      await tx.query(
        `INSERT INTO data_source.rollups (id, source_id, spec, table_name, data_version, row_count, table_rows, float_sums, build_ms, size_bytes, hits, last_hit_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12)`,
        [row.id, id, JSON.stringify(row.spec), row.table_name, row.data_version, row.row_count, row.table_rows, JSON.stringify(row.float_sums), row.build_ms, row.size_bytes ?? 0, same?.hits ?? 0, same?.last_hit_at ?? null],
      );
    }
    return before.filter((b) => !rows.some((n) => n.table_name === b.table_name));
  }

  /** The source page's list (ListRollups): the source's kept rollups with hits, size and last build, and its switch. */
  async list(dataSourceId: string): Promise<dataSourceQueryV1.ListRollupsReply> {
    const id = idOrNotFound(dataSourceId, 'datasource.not_found').toLowerCase();
    const source = await this.queries.describe(id);
    const applies = source.dialect === 'duckdb';
    // Describe answered the switch for a store table (rollupsOff); the setting is read only for others
    const enabled = applies ? !source.rollupsOff : await this.records.enabled(id);
    const rows = applies ? await this.records.of(id) : [];
    const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : '');
    return {
      applies,
      enabled,
      dataVersion: source.dataVersion,
      rollups: rows.map((r) => ({
        id: r.id,
        specJson: JSON.stringify(r.spec),
        rows: r.row_count,
        sizeBytes: r.size_bytes ?? 0,
        hits: r.hits ?? 0,
        lastHitAt: iso(r.last_hit_at),
        builtAt: iso(r.built_at),
        buildMs: r.build_ms,
        dataVersion: r.data_version,
        tableRows: r.table_rows,
      })),
    };
  }

  /**
   * The per-source switch (issue 31): off drops the source's kept rollups (records in the setting's
   * transaction, then their tables) and Describe offers none, so charts run raw; on stores the
   * setting (the caller asks chart-query to choose and build them again). Descriptions kept under
   * the source's stamp are renewed either way.
   */
  async setEnabled(req: dataSourceQueryV1.SetRollupsEnabledRequest): Promise<dataSourceQueryV1.ListRollupsReply> {
    const id = idOrNotFound(req.dataSourceId, 'datasource.not_found').toLowerCase();
    await this.queries.describe(id);
    const dropped = await this.repo.db.transaction(async (tx) => {
      await this.records.setEnabled(tx, id, req.enabled, req.changedBy.slice(0, 256));
      if (req.enabled) return [];
      const before = await this.records.of(id, tx);
      await tx.query('DELETE FROM data_source.rollups WHERE source_id = $1', [id]);
      return before;
    });
    await this.events.sourcesChanged([id]);
    if (dropped.length) await this.dropTables(await this.queries.connectionSpec(id), dropped.map((r) => r.table_name));
    this.logger.info('rollups switched', { dataSourceId: id, enabled: req.enabled, dropped: dropped.length });
    return this.list(id);
  }

  /** RecordRollupHits: chart-query's counted hits, one batch per flush. */
  async recordHits(req: dataSourceQueryV1.RecordRollupHitsRequest): Promise<dataSourceQueryV1.RecordRollupHitsReply> {
    const hits = req.hits.slice(0, 10_000).filter((h) => /^[0-9a-f-]{36}$/i.test(h.rollupId));
    await this.records.addHits(hits.map((h) => ({ rollupId: h.rollupId, hits: Number(h.hits) })));
    return {};
  }

  private async dropTables(spec: Awaited<ReturnType<SourceQueryService['connectionSpec']>>, tables: string[]): Promise<void> {
    if (tables.length === 0) return;
    await this.runner.drivers
      .use(spec, async (d) => {
        if (!(d instanceof DuckdbDriver)) return;
        await d.withConnection(async (conn) => {
          for (const t of tables) await conn.run(`DROP TABLE IF EXISTS ${doubleQuote(ROLLUP_SCHEMA)}.${doubleQuote(t)}`);
        });
      })
      .catch((e) => this.logger.warn('rollup tables left in the store', { tables, error: e }));
  }
}

/** RollupsService.appendMerge's three steps. */
export interface AppendMerge {
  /** in the append's store transaction: `rows` appended from key `firstKey` on */
  inStore(conn: DuckDBConnection, firstKey: number, rows: number): Promise<void>;
  /** in the metadata transaction bumping the data version */
  record(tx: SqlExecutor): Promise<void>;
  /** after both (or a failure): tables no record names dropped */
  settle(): Promise<void>;
}

/** The source's row count (the detail count @bi/query writes). */
async function countRows(conn: DuckDBConnection, source: QuerySource): Promise<number> {
  const q = compile({ kind: 'detail', source, columns: [], filters: { kind: 'and', children: [] }, order: [], limit: 1, offset: 0, count: true }, 'duckdb');
  return Number((await conn.runAndReadAll(q.sql, q.params as never)).getRows()[0]![0]);
}

/** Which of the number fields are floating point in the source (their sums are compensated, rollup.ts). */
async function floatFields(conn: DuckDBConnection, source: QuerySource, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const q = compile({ kind: 'detail', source, columns: names.map((name, i) => ({ field: { name, dataType: 'number' }, alias: `c${i}`, title: name })), filters: { kind: 'and', children: [] }, order: [], limit: 1, offset: 0 }, 'duckdb');
  const types = (await conn.runAndReadAll(q.sql, q.params as never)).columnTypes().map((t) => t.toString().toUpperCase());
  return new Set(names.filter((_, i) => /^(DOUBLE|FLOAT|REAL)/.test(types[i] ?? '')));
}

/** Bytes per value of DuckDB's fixed-width column types (a string's is its 16-byte header plus what does not fit in it). */
function typeWidth(type: string): number | undefined {
  const t = type.toUpperCase();
  if (/^(BOOLEAN|TINYINT|UTINYINT)$/.test(t)) return 1;
  if (/^(SMALLINT|USMALLINT)$/.test(t)) return 2;
  if (/^(INTEGER|UINTEGER|FLOAT|REAL|DATE)$/.test(t)) return 4;
  if (/^(BIGINT|UBIGINT|DOUBLE|TIME|TIMESTAMP.*)$/.test(t)) return 8;
  if (/^(HUGEINT|UHUGEINT|INTERVAL|UUID)$/.test(t)) return 16;
  const dec = /^DECIMAL\((\d+)/.exec(t);
  if (dec) {
    const p = Number(dec[1]);
    return p <= 4 ? 2 : p <= 9 ? 4 : p <= 18 ? 8 : 16;
  }
  return undefined;
}

/**
 * A rollup table's size in the store, estimated as its values' widths (the uncompressed in-memory
 * size: fixed-width types by their width, strings by their 16-byte header plus the bytes of those
 * longer than 12), plus one validity bit per value. DuckDB reports no per-table byte size.
 */
async function tableBytes(conn: DuckDBConnection, table: string, rows: number): Promise<number> {
  const cols = (await conn.runAndReadAll('SELECT column_name, data_type FROM duckdb_columns() WHERE schema_name = $1 AND table_name = $2', [ROLLUP_SCHEMA, table] as never)).getRows() as [string, string][];
  let fixed = 0;
  const strings: string[] = [];
  for (const [name, type] of cols) {
    const w = typeWidth(type);
    if (w !== undefined) fixed += w;
    else strings.push(name);
  }
  let long = 0;
  if (strings.length && rows > 0) {
    const ref = `${doubleQuote(ROLLUP_SCHEMA)}.${doubleQuote(table)}`;
    const sums = strings.map((c) => `COALESCE(SUM(CASE WHEN strlen(CAST(${doubleQuote(c)} AS VARCHAR)) > 12 THEN strlen(CAST(${doubleQuote(c)} AS VARCHAR)) ELSE 0 END), 0)`).join(' + ');
    long = Number((await conn.runAndReadAll(`SELECT ${sums} FROM ${ref}`)).getRows()[0]![0]);
  }
  return rows * (fixed + 16 * strings.length) + long + Math.ceil((rows * cols.length) / 8);
}
