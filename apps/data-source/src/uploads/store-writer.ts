import { randomUUID } from 'node:crypto';
import { open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type pg from 'pg';
import { AppError } from '@bi/core';
import { doubleQuote, qualifiedName } from '@bi/query';
import { UPLOAD_DELETED_COLUMN, UPLOAD_KEY_COLUMN } from '@bi/rules';
import type { SourceDriver } from '../drivers/driver.js';
import { DuckdbDriver } from '../drivers/duckdb.driver.js';
import { PostgresDriver } from '../drivers/postgres.driver.js';
import { NaiveDate, type ColumnType } from './cells.js';

/** The schema holding every uploaded table, in DuckDB and in PostgreSQL alike. */
export const UPLOAD_SCHEMA = 'uploads';

export type StoreValue = string | number | NaiveDate | null;

export interface StoreColumn {
  name: string;
  type: ColumnType;
}

export interface LoadTarget {
  table: string;
  mode: 'create' | 'append' | 'replace';
  /** Data columns in table order (key_id before them and deleted after them are added here). */
  columns: StoreColumn[];
  /**
   * DuckDB, mode append: run on the load's connection inside its transaction after the rows are in
   * (the rows from key `firstKey` on), before the commit; what it writes commits or rolls back with
   * them (issue 31: the source's rollups merged with the appended rows).
   */
  beforeCommit?: (conn: DuckDBConnection, firstKey: number, rows: number) => Promise<void>;
}

/**
 * Loads rows with SQL on the load table (quoted reference) from firstKey on; `dateAsDate[k]`: store
 * column k is a DATE column during the load (a value with a time must raise TimeSeen). Answers the
 * rows and, per column, whether a date had a time.
 */
export type SqlFeed = (conn: DuckDBConnection, tableRef: string, firstKey: number, dateAsDate: boolean[]) => Promise<{ rows: number; hasTime: boolean[] }>;

export interface SqlLoad {
  /** Per store column: a date column that may be stored as DATE from the start (no time seen in a sample). */
  plainDates: boolean[];
  feed: SqlFeed;
}

/** A date column stored as DATE during an SQL load met a value with a time: the load runs again with it as TIMESTAMP. */
export class TimeSeen extends Error {
  constructor(readonly column: number) {
    super(`a time in date column ${column}`);
  }
}

/** Rows go in through add(), one array of values per row in the order of the target's columns. */
export interface RowLoader {
  add(values: StoreValue[]): void;
  /** Lets a buffering store write what it holds; call between batches. */
  flush(): Promise<void>;
  readonly rows: number;
}

/** Both analytics stores (DuckDB, PostgreSQL) quote names with double quotes: @bi/query's definition. */
export const quoteName = doubleQuote;
export const tableRef = (table: string, catalog?: string) => qualifiedName({ quoteIdent: doubleQuote }, UPLOAD_SCHEMA, table, catalog);

/**
 * The SQL of a source over a store table: its key and data columns, rows marked deleted left out;
 * `catalog`: the table as a federated join reads it, in the Trino catalog that holds the store.
 */
export function storeTableSql(table: string, columns: string[], catalog?: string): string {
  return `SELECT ${[UPLOAD_KEY_COLUMN, ...columns].map(quoteName).join(', ')} FROM ${tableRef(table, catalog)} WHERE NOT ${quoteName(UPLOAD_DELETED_COLUMN)}`;
}

/** The stores' type names back to field types. */
export function columnTypeOf(native: string): ColumnType {
  const t = native.toUpperCase();
  if (t.startsWith('TIMESTAMP') || t === 'DATE') return 'date';
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC|INTEGER|BIGINT|SMALLINT|TINYINT|HUGEINT|DOUBLE PRECISION|INT)/.test(t)) return 'number';
  return 'string';
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function pgTimestamp(d: NaiveDate): string {
  const t = new Date(d.ms);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}.${pad(t.getUTCMilliseconds(), 3)}`;
}

const cancelled = () => new AppError('invalid', 'excel.cancelled');

/**
 * Writes uploaded rows into the analytics store, one transaction per load, so a failed or
 * cancelled load leaves the table exactly as it was. Date columns are loaded as timestamps and
 * become DATE at the end when no value of theirs has a time of day.
 */
export interface AnalyticsWriter {
  /** fn adds the rows; committed when it resolves, rolled back when it throws or signal aborts. */
  load(target: LoadTarget, fn: (loader: RowLoader, firstKey: number) => Promise<void>, signal?: AbortSignal): Promise<number>;
  /** Data columns of an uploaded table (without key_id and deleted), in order. */
  columns(table: string): Promise<StoreColumn[]>;
  /** Marks the rows with these keys deleted; answers how many were not deleted before. */
  deleteRows(table: string, keys: number[]): Promise<number>;
  dropColumn(table: string, name: string): Promise<void>;
  dropTable(table: string): Promise<void>;
  /** DuckDB only: a load done in SQL (the CSV fast path). */
  loadSql?(target: LoadTarget, load: SqlLoad, signal?: AbortSignal): Promise<number>;
  /** DuckDB only: where a load stages files for DuckDB to read (beside the database file). */
  readonly stagingDir?: string;
}

/** One writer per engine of the analytics store. */
export function analyticsWriter(driver: SourceDriver): AnalyticsWriter {
  if (driver instanceof DuckdbDriver) return new DuckdbWriter(driver);
  if (driver instanceof PostgresDriver) return new PostgresWriter(driver);
  throw new Error(`no upload writer for engine ${driver.dialect}`);
}

// ---- DuckDB ----------------------------------------------------------------------------------

/** One load per table at a time in this process (DuckDB has one writing process). */
const tableLocks = new Map<string, Promise<unknown>>();
async function withTableLock<T>(table: string, fn: () => Promise<T>): Promise<T> {
  const before = tableLocks.get(table) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const settled = run.catch(() => undefined);
  tableLocks.set(table, settled);
  try {
    return await run;
  } finally {
    if (tableLocks.get(table) === settled) tableLocks.delete(table);
  }
}

const DUCK_TYPES: Record<ColumnType, string> = { string: 'VARCHAR', number: 'DOUBLE', date: 'TIMESTAMP' };

/** A number as read_csv reads it back to the same double (negative zero keeps its sign). */
const numberText = (v: number) => (v === 0 && 1 / v < 0 ? '-0' : String(v));

/** The text a staged file holds before it is read into the load table and the next one begun. */
const SEGMENT_CHARS = 8 * 1024 * 1024;

/**
 * The rows of a streamed load written as CSV to staged files, each read into the load table by one
 * INSERT … SELECT from DuckDB's read_csv (stagedCsvSelect) while the next file is being written: the
 * key first, then each value by its column's type — a number as its shortest round-trip text, a date
 * as its milliseconds, a text always quoted (so an empty text stays one and an unquoted empty field is
 * NULL). add() only builds the text; flush() writes it and, once a file holds SEGMENT_CHARS, hands it
 * to `insert` (one at a time: the connection runs one statement) and begins the next.
 */
class StagedCsvLoader implements RowLoader {
  rows = 0;
  readonly hasTime: boolean[];
  private key: number;
  private lines: string[] = [];
  private file: FileHandle | undefined;
  private path = '';
  private chars = 0;
  /** a text of the current file holds a line break: read_csv reads that file on one thread */
  private multiline = false;
  /** the longest line of the current file, in characters */
  private longest = 0;
  private inserted = 0;
  /** the insert of the last file handed over */
  private inserting: Promise<void> = Promise.resolve();
  private readonly paths = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly types: ColumnType[],
    firstKey: number,
    private readonly insert: (path: string, file: StagedFile) => Promise<number>,
  ) {
    this.key = firstKey;
    this.hasTime = types.map(() => false);
  }

  add(values: StoreValue[]): void {
    const types = this.types;
    let line = String(this.key++);
    for (let i = 0; i < types.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) line += ',';
      else if (types[i] === 'number') line += ',' + numberText(v as number);
      else if (types[i] === 'date') {
        const d = v as NaiveDate;
        if (d.hasTime) this.hasTime[i] = true;
        line += ',' + String(d.ms);
      } else {
        const t = typeof v === 'string' ? v : String(v);
        if (!this.multiline && (t.includes('\n') || t.includes('\r'))) this.multiline = true;
        line += ',"' + (t.includes('"') ? t.replaceAll('"', '""') : t) + '"';
      }
    }
    if (line.length > this.longest) this.longest = line.length;
    this.lines.push(line);
    this.rows++;
  }

  async flush(): Promise<void> {
    if (this.lines.length) {
      const text = this.lines.join('\n') + '\n';
      this.lines = [];
      if (!this.file) {
        this.path = join(this.dir, `.bi-load-${randomUUID()}.csv`);
        this.paths.add(this.path);
        this.file = await open(this.path, 'wx', 0o600);
      }
      await this.file.write(text);
      this.chars += text.length;
    }
    if (this.chars >= SEGMENT_CHARS) await this.handOver();
  }

  /** The current file closed and handed to `insert` once the one before is in. */
  private async handOver(): Promise<void> {
    const file = this.file;
    if (!file) return;
    this.file = undefined;
    await file.close();
    const path = this.path;
    // a UTF-8 character is at most 3 bytes (4 for a surrogate pair, 2 characters)
    const staged = { multiline: this.multiline, maxLineBytes: this.longest * 3 + 1 };
    this.chars = 0;
    this.multiline = false;
    this.longest = 0;
    await this.inserting;
    this.inserting = this.insert(path, staged)
      .then((n) => void (this.inserted += n))
      .finally(() => this.remove(path));
    // awaited by the next handOver or by finish(); marked handled meanwhile
    this.inserting.catch(() => undefined);
  }

  private async remove(path: string): Promise<void> {
    await rm(path, { force: true });
    this.paths.delete(path);
  }

  /** The rest written and read in; answers when every row is in the load table. */
  async finish(): Promise<void> {
    await this.flush();
    await this.handOver();
    await this.inserting;
    if (this.inserted !== this.rows) throw new Error(`the staged load inserted ${this.inserted} of ${this.rows} rows`);
  }

  /** After a failure: the insert under way waited for (the connection is then free to roll back), every staged file removed. */
  async discard(): Promise<void> {
    await this.file?.close().catch(() => undefined);
    this.file = undefined;
    await this.inserting.catch(() => undefined);
    await Promise.all([...this.paths].map((p) => this.remove(p)));
  }
}

/** What the reading of a staged file needs to know of it. */
interface StagedFile {
  /** a text holds a line break: read on one thread (a parallel reader may start inside it) */
  multiline: boolean;
  /** an upper bound of its longest line's bytes (read_csv refuses a line over its max_line_size, 2 MB by default) */
  maxLineBytes: number;
}

const CSV_DEFAULT_MAX_LINE = 2_000_000;

/** The read_csv of a staged file (StagedCsvLoader), as the values of the load table's columns in order: key, data columns, deleted. */
function stagedCsvSelect(path: string, types: ColumnType[], file: StagedFile): string {
  const csvType: Record<ColumnType, string> = { string: 'VARCHAR', number: 'DOUBLE', date: 'BIGINT' };
  const columns = [`'k': 'BIGINT'`, ...types.map((t, i) => `'c${i}': '${csvType[t]}'`)].join(', ');
  const values = ['k', ...types.map((t, i) => (t === 'date' ? `epoch_ms(c${i})` : `c${i}`)), 'false'].join(', ');
  return `SELECT ${values} FROM read_csv('${path.replace(/'/g, "''")}', header = false, auto_detect = false, delim = ',', quote = '"', escape = '"',
    columns = {${columns}}, allow_quoted_nulls = false, strict_mode = true, encoding = 'utf-8', parallel = ${file.multiline ? 'false' : 'true'}${
      file.maxLineBytes > CSV_DEFAULT_MAX_LINE ? `, max_line_size = ${file.maxLineBytes}` : ''
    })`;
}

class DuckdbWriter implements AnalyticsWriter {
  private schemaReady = false;

  constructor(private readonly driver: DuckdbDriver) {}

  get stagingDir(): string {
    return this.driver.stagingDir;
  }

  private async ensureSchema(conn: DuckDBConnection): Promise<void> {
    if (this.schemaReady) return;
    await conn.run(`CREATE SCHEMA IF NOT EXISTS ${quoteName(UPLOAD_SCHEMA)}`);
    this.schemaReady = true;
  }

  async columns(table: string): Promise<StoreColumn[]> {
    return this.driver.withConnection(async (conn) => {
      const r = await conn.runAndReadAll(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
        [UPLOAD_SCHEMA, table],
      );
      return (r.getRows() as [string, string][]).filter(([n]) => n !== UPLOAD_KEY_COLUMN && n !== UPLOAD_DELETED_COLUMN).map(([name, type]) => ({ name, type: columnTypeOf(type) }));
    });
  }

  /**
   * create: a new table. append: the date columns stored as DATE become TIMESTAMP for the load and
   * DATE again when no value has a time. replace: a new table under a temporary name, loaded, then
   * put in place of the old one (DuckDB refuses to commit an ALTER after a DELETE of the same table
   * in one transaction). All of it in one transaction.
   */
  load(target: LoadTarget, fn: (loader: RowLoader, firstKey: number) => Promise<void>, signal?: AbortSignal): Promise<number> {
    return this.transaction(
      target,
      async (conn, loadTable, firstKey) => {
        // the rows are staged as CSV files, each read by one INSERT … SELECT while the next is written:
        // DuckDB converts, compresses and writes them on its own threads, so the event loop only
        // builds text between batches (an appender writes every row group on the event loop)
        const types = target.columns.map((c) => c.type);
        const ref = tableRef(loadTable);
        const loader = new StagedCsvLoader(this.driver.stagingDir, types, firstKey, async (path, staged) => Number((await conn.run(`INSERT INTO ${ref} ${stagedCsvSelect(path, types, staged)}`)).rowsChanged));
        try {
          await fn(loader, firstKey);
          if (signal?.aborted) throw cancelled();
          await loader.finish();
          return { rows: loader.rows, hasTime: loader.hasTime };
        } catch (e) {
          await loader.discard();
          throw e;
        }
      },
      signal,
    );
  }

  /**
   * The fast path for CSV files: DuckDB's own (parallel, streaming) read_csv, converted and checked
   * in one INSERT (csv-duckdb.ts), in the same kind of transaction. Date columns without a time in
   * the sample are DATE from the start; one that meets a time anyway is loaded again as TIMESTAMP.
   */
  async loadSql(target: LoadTarget, load: SqlLoad, signal?: AbortSignal): Promise<number> {
    const plain = [...load.plainDates];
    for (;;) {
      try {
        return await this.transaction(target, (conn, loadTable, firstKey, dateAsDate) => load.feed(conn, tableRef(loadTable), firstKey, dateAsDate), signal, plain);
      } catch (e) {
        if (!(e instanceof TimeSeen) || !plain[e.column] || signal?.aborted) throw e;
        plain[e.column] = false;
      }
    }
  }

  /**
   * `plainDates[i]`: date column i is stored as DATE during the load (created so, or kept so when
   * the table has it as DATE), and the feed promises no value with a time there. The other date
   * columns are TIMESTAMP during the load and become DATE at the end when no value had a time.
   */
  private transaction(
    target: LoadTarget,
    feed: (conn: DuckDBConnection, loadTable: string, firstKey: number, dateAsDate: boolean[]) => Promise<{ rows: number; hasTime: boolean[] }>,
    signal?: AbortSignal,
    plainDates: boolean[] = [],
  ): Promise<number> {
    // the staged files an earlier load left behind (a crash between their write and their read)
    sweepStagedNowAndThen(this.driver.stagingDir);
    const loaded = withTableLock(target.table, () =>
      this.driver.withConnection(async (conn) => {
        await this.ensureSchema(conn);
        const onAbort = () => conn.interrupt();
        signal?.addEventListener('abort', onAbort);
        // a bulk load writes each row group as it fills rather than buffering five (DuckDB's default):
        // less memory, the same time (this connection only; it is closed after the load)
        await conn.run('SET SESSION write_buffer_row_group_count = 1');
        await conn.run('BEGIN TRANSACTION');
        try {
          let firstKey = 1;
          const fresh = target.mode !== 'append';
          const loadTable = target.mode === 'replace' ? `${target.table}__load` : target.table;
          const ref = tableRef(loadTable);
          const isDate = (i: number) => target.columns[i].type === 'date';
          const dateAsDate = target.columns.map((_, i) => isDate(i) && plainDates[i] === true);
          /** date columns that are TIMESTAMP during the load and may go (back) to DATE at the end */
          let narrow: number[] = [];
          if (target.mode !== 'create') {
            const r = await conn.runAndReadAll(`SELECT coalesce(max(${quoteName(UPLOAD_KEY_COLUMN)}), 0)::DOUBLE FROM ${tableRef(target.table)}`);
            firstKey = Number(r.getRows()[0][0]) + 1;
          }
          if (fresh) {
            const cols = target.columns.map((c, i) => `${quoteName(c.name)} ${dateAsDate[i] ? 'DATE' : DUCK_TYPES[c.type]}`);
            await conn.run(`DROP TABLE IF EXISTS ${ref}`);
            await conn.run(`CREATE TABLE ${ref} (${quoteName(UPLOAD_KEY_COLUMN)} BIGINT NOT NULL, ${cols.join(', ')}, ${quoteName(UPLOAD_DELETED_COLUMN)} BOOLEAN NOT NULL DEFAULT false)`);
            narrow = target.columns.map((_, i) => (isDate(i) && !dateAsDate[i] ? i : -1)).filter((i) => i >= 0);
          } else {
            const native = await this.nativeTypes(conn, target.table);
            // only columns stored as DATE are widened; a TIMESTAMP column keeps its times
            for (let i = 0; i < target.columns.length; i++) {
              if (!isDate(i)) continue;
              if (native.get(target.columns[i].name) !== 'DATE') dateAsDate[i] = false;
              else if (!dateAsDate[i]) narrow.push(i);
            }
            for (const i of narrow) await conn.run(`ALTER TABLE ${ref} ALTER COLUMN ${quoteName(target.columns[i].name)} SET DATA TYPE TIMESTAMP`);
          }
          const { rows, hasTime } = await feed(conn, loadTable, firstKey, dateAsDate);
          if (signal?.aborted) throw cancelled();
          for (const i of narrow) {
            if (!hasTime[i]) await conn.run(`ALTER TABLE ${ref} ALTER COLUMN ${quoteName(target.columns[i].name)} SET DATA TYPE DATE`);
          }
          if (target.mode === 'append' && target.beforeCommit && rows > 0) await target.beforeCommit(conn, firstKey, rows);
          if (target.mode === 'replace') {
            await conn.run(`DROP TABLE ${tableRef(target.table)}`);
            await conn.run(`ALTER TABLE ${ref} RENAME TO ${quoteName(target.table)}`);
          }
          if (signal?.aborted) throw cancelled();
          await conn.run('COMMIT');
          return rows;
        } catch (e) {
          await conn.run('ROLLBACK').catch(() => undefined);
          if (signal?.aborted && !(e instanceof AppError)) throw cancelled();
          throw e;
        } finally {
          signal?.removeEventListener('abort', onAbort);
        }
      }),
    );
    // committed or rolled back, the blocks it wrote need not stay in memory (released after the answer)
    return loaded.finally(() => void this.driver.releaseLoadedBlocks().catch(() => undefined));
  }

  private async nativeTypes(conn: DuckDBConnection, table: string): Promise<Map<string, string>> {
    const r = await conn.runAndReadAll('SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2', [UPLOAD_SCHEMA, table]);
    return new Map((r.getRows() as [string, string][]).map(([n, t]) => [n, t.toUpperCase()]));
  }

  deleteRows(table: string, keys: number[]): Promise<number> {
    return withTableLock(table, () =>
      this.driver.withConnection(async (conn) => {
        // keys are checked safe integers (ingest service), written as numerals
        const list = keys.map((k) => String(Math.trunc(k))).join(', ');
        const r = await conn.run(`UPDATE ${tableRef(table)} SET ${quoteName(UPLOAD_DELETED_COLUMN)} = true WHERE ${quoteName(UPLOAD_KEY_COLUMN)} IN (${list}) AND NOT ${quoteName(UPLOAD_DELETED_COLUMN)}`);
        return Number(r.rowsChanged);
      }),
    );
  }

  dropColumn(table: string, name: string): Promise<void> {
    return withTableLock(table, () => this.driver.withConnection(async (conn) => void (await conn.run(`ALTER TABLE ${tableRef(table)} DROP COLUMN ${quoteName(name)}`))));
  }

  dropTable(table: string): Promise<void> {
    return withTableLock(table, () => this.driver.withConnection(async (conn) => void (await conn.run(`DROP TABLE IF EXISTS ${tableRef(table)}`))));
  }
}

// ---- PostgreSQL (the analytics store of distributed mode) -------------------------------------

const PG_TYPES: Record<ColumnType, string> = { string: 'text', number: 'double precision', date: 'timestamp' };
const PG_ARRAY: Record<ColumnType, string> = { string: 'text[]', number: 'float8[]', date: 'timestamp[]' };
/** Rows per bound INSERT … SELECT FROM unnest($1, $2, …): one array parameter per column. */
const PG_BATCH_ROWS = 5000;

class PostgresLoader implements RowLoader {
  rows = 0;
  readonly hasTime: boolean[];
  private keys: number[] = [];
  private cols: unknown[][];
  private key: number;
  private readonly sql: string;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly target: LoadTarget,
    firstKey: number,
  ) {
    this.key = firstKey;
    this.hasTime = target.columns.map(() => false);
    this.cols = target.columns.map(() => []);
    const names = [UPLOAD_KEY_COLUMN, ...target.columns.map((c) => c.name)].map(quoteName).join(', ');
    const params = ['$1::bigint[]', ...target.columns.map((c, i) => `$${i + 2}::${PG_ARRAY[c.type]}`)].join(', ');
    this.sql = `INSERT INTO ${tableRef(target.table)} (${names}) SELECT * FROM unnest(${params})`;
  }

  add(values: StoreValue[]): void {
    this.keys.push(this.key++);
    const types = this.target.columns;
    for (let i = 0; i < types.length; i++) {
      const v = values[i];
      if (v instanceof NaiveDate) {
        if (v.hasTime) this.hasTime[i] = true;
        this.cols[i].push(pgTimestamp(v));
      } else this.cols[i].push(v ?? null);
    }
    this.rows++;
  }

  async flush(force = false): Promise<void> {
    if (this.keys.length === 0 || (!force && this.keys.length < PG_BATCH_ROWS)) return;
    const params = [this.keys, ...this.cols];
    this.keys = [];
    this.cols = this.target.columns.map(() => []);
    await this.client.query(this.sql, params);
  }
}

class PostgresWriter implements AnalyticsWriter {
  constructor(private readonly driver: PostgresDriver) {}

  async columns(table: string): Promise<StoreColumn[]> {
    return this.driver.withClient(async (client) => {
      const r = await client.query<{ column_name: string; data_type: string }>(
        'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
        [UPLOAD_SCHEMA, table],
      );
      return r.rows.filter((c) => c.column_name !== UPLOAD_KEY_COLUMN && c.column_name !== UPLOAD_DELETED_COLUMN).map((c) => ({ name: c.column_name, type: columnTypeOf(c.data_type) }));
    });
  }

  load(target: LoadTarget, fn: (loader: RowLoader, firstKey: number) => Promise<void>, signal?: AbortSignal): Promise<number> {
    return this.driver.withClient(async (client) => {
      const ref = tableRef(target.table);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteName(UPLOAD_SCHEMA)}`).catch(() => undefined); // a racing create is fine
      const backendPid = (client as unknown as { processID?: number }).processID;
      const onAbort = () => {
        // cancel the running statement from another connection
        if (backendPid) void this.driver.withClient((c) => c.query('SELECT pg_cancel_backend($1)', [backendPid])).catch(() => undefined);
      };
      signal?.addEventListener('abort', onAbort);
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`uploads:${target.table}`]);
        let firstKey = 1;
        let dateColumns = target.columns.map((c, i) => (c.type === 'date' ? i : -1)).filter((i) => i >= 0);
        if (target.mode === 'create') {
          const cols = target.columns.map((c) => `${quoteName(c.name)} ${PG_TYPES[c.type]}`);
          await client.query(`CREATE TABLE ${ref} (${quoteName(UPLOAD_KEY_COLUMN)} bigint NOT NULL, ${cols.join(', ')}, ${quoteName(UPLOAD_DELETED_COLUMN)} boolean NOT NULL DEFAULT false)`);
        } else {
          const r = await client.query<{ m: string }>(`SELECT coalesce(max(${quoteName(UPLOAD_KEY_COLUMN)}), 0)::text AS m FROM ${ref}`);
          firstKey = Number(r.rows[0].m) + 1;
          if (target.mode === 'replace') await client.query(`DELETE FROM ${ref}`);
          const native = await client.query<{ column_name: string; data_type: string }>('SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2', [UPLOAD_SCHEMA, target.table]);
          const isDate = new Set(native.rows.filter((c) => c.data_type === 'date').map((c) => c.column_name));
          // only columns stored as date are widened (replace: all of them, the table is empty); a timestamp column keeps its times
          dateColumns = dateColumns.filter((i) => isDate.has(target.columns[i].name) || (target.mode === 'replace'));
          for (const i of dateColumns) if (isDate.has(target.columns[i].name)) await client.query(`ALTER TABLE ${ref} ALTER COLUMN ${quoteName(target.columns[i].name)} TYPE timestamp`);
        }
        const loader = new PostgresLoader(client, target, firstKey);
        await fn(loader, firstKey);
        await loader.flush(true);
        for (const i of dateColumns) {
          if (!loader.hasTime[i]) await client.query(`ALTER TABLE ${ref} ALTER COLUMN ${quoteName(target.columns[i].name)} TYPE date`);
        }
        if (signal?.aborted) throw cancelled();
        await client.query('COMMIT');
        return loader.rows;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (signal?.aborted && !(e instanceof AppError)) throw cancelled();
        throw e;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    });
  }

  deleteRows(table: string, keys: number[]): Promise<number> {
    return this.driver.withClient(async (client) => {
      const r = await client.query(
        `UPDATE ${tableRef(table)} SET ${quoteName(UPLOAD_DELETED_COLUMN)} = true WHERE ${quoteName(UPLOAD_KEY_COLUMN)} = ANY($1::bigint[]) AND NOT ${quoteName(UPLOAD_DELETED_COLUMN)}`,
        [keys],
      );
      return r.rowCount ?? 0;
    });
  }

  dropColumn(table: string, name: string): Promise<void> {
    return this.driver.withClient(async (client) => void (await client.query(`ALTER TABLE ${tableRef(table)} DROP COLUMN ${quoteName(name)}`)));
  }

  dropTable(table: string): Promise<void> {
    return this.driver.withClient(async (client) => void (await client.query(`DROP TABLE IF EXISTS ${tableRef(table)}`)));
  }
}

/** How old a load's staged file (`.bi-load-*` of an upload, `.bi-api-*` of an API sync) is before it counts as left behind. */
export const STAGED_TTL_MS = 3_600_000;

/** When each staging folder was last swept: a load sweeps its folder at most once in STAGED_TTL_MS. */
const lastSweep = new Map<string, number>();

function sweepStagedNowAndThen(dir: string, now = Date.now()): void {
  if (now - (lastSweep.get(dir) ?? -Infinity) < STAGED_TTL_MS) return;
  lastSweep.set(dir, now);
  void sweepStaged(dir, now).catch(() => 0);
}

/**
 * Removes the staged files a load left in `dir` (a crash of the process or of the API sync's parse
 * thread between the write and the read): those older than `ttlMs`, so a load running now keeps its
 * own. The number removed.
 */
export async function sweepStaged(dir: string, now = Date.now(), ttlMs = STAGED_TTL_MS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!/^\.bi-(load|api)-[0-9a-f-]{36}\.(csv|json)$/.test(name)) continue;
    const full = join(dir, name);
    const s = await stat(full).catch(() => undefined);
    if (s?.isFile() && now - s.mtimeMs > ttlMs) {
      await rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}
