/**
 * The raw-page load of an HTTP API source into DuckDB (docs/adr/0007-source-writer-and-connectors.md, addendum):
 * each page's answer is read by one scan of its bytes (rawPageParser, http-api.pages.ts: its rows array found, each row and
 * each column's value checked for the JSON kind of its column, the rows counted) and JSON.parse of the
 * rest of the answer (its cursor); the rows array's bytes are written as they came to a staged file, and
 * the staged files are read into the load table by DuckDB's `read_json(format = 'array')` with the
 * declared column types, one INSERT … SELECT per STAGED_BYTES while the next pages are fetched (the pages
 * are fetched, scanned and staged on a thread of their own when the service runs built:
 * http-api.raw-thread.ts). JavaScript parses no row: DuckDB does, and what it refuses (bad JSON, a day
 * that does not exist), what the scan refuses, or a number the load's last check finds out of its
 * column's kind gives the load back (RawPagesRefused): the transaction rolls back and the sync runs the
 * streamed path (rows(), which converts each value by the same rules and names the first bad one).
 */
import { rm } from 'node:fs/promises';
import type { ApiSettings } from '@bi/chart-model';
import { UPLOAD_KEY_COLUMN } from '@bi/rules';
import { quoteName, type SqlLoad } from '../uploads/store-writer.js';
import { API_MAX_PAGE_BYTES, RawPagesRefused, type RawPlan, type StagedPage } from './http-api.pages.js';
import { parseJsonPath } from './http-api.settings.js';

/** The staged page files read by one INSERT (a statement has a fixed cost: fewer, larger reads cost less CPU). */
export const STAGED_BYTES = 96 * 1024 * 1024;

const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** a key a parsed object answers without holding it (its prototype's): read with a plain property read, it would not be absent */
const inherited = (k: string) => k in Object.prototype;

/**
 * The plan of a source the raw path can load, or null: a full sync, rows at `$.<key>….<key>[*]`, every
 * column a plain key (no dotted path) of type text, whole, decimal or date, and a cursor (cursor paging)
 * outside the rows array (the parse reads the answer without its rows).
 */
export function rawPlan(settings: ApiSettings): RawPlan | null {
  if (settings.sync.mode !== 'full') return null;
  let steps;
  try {
    steps = parseJsonPath(settings.rowsPath);
  } catch {
    return null;
  }
  const last = steps[steps.length - 1];
  if (!last || !('all' in last)) return null;
  const head: string[] = [];
  for (const s of steps.slice(0, -1)) {
    if (!('key' in s) || !KEY.test(s.key)) return null;
    head.push(s.key);
  }
  if (settings.paging.mode === 'cursor') {
    let cursor;
    try {
      cursor = parseJsonPath(settings.paging.cursorPath);
    } catch {
      return null;
    }
    if (head.every((k, i) => { const c = cursor[i]; return c !== undefined && 'key' in c && c.key === k; })) return null;
  }
  const columns: RawPlan['columns'] = [];
  const keys = new Set<string>();
  for (const c of settings.columns) {
    if (!KEY.test(c.path) || inherited(c.path) || keys.has(c.path) || c.type === 'datetime') return null;
    keys.add(c.path);
    columns.push({ key: c.path, type: c.type, name: c.name });
  }
  return columns.length && head.length ? { head, columns } : null;
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The read_json columns of a plan: each row's keys, typed as DuckDB reads them. */
function readColumns(plan: RawPlan): string {
  return `{${plan.columns.map((c) => `${sqlText(c.key)}: '${c.type === 'whole' || c.type === 'decimal' ? 'DOUBLE' : 'VARCHAR'}'`).join(', ')}}`;
}

/**
 * The SqlLoad of raw pages: `pages` yields each page already staged (after the scan passed it, or
 * throws RawPagesRefused); every file it yields is this load's to remove; the rows are keyed in page
 * order from firstKey on.
 */
export function rawPagesLoad(plan: RawPlan, pages: () => AsyncIterable<StagedPage>, maxRows: number, tooManyRows: () => Error): SqlLoad {
  const dateColumns = plan.columns.map((c) => c.type === 'date');
  return {
    plainDates: dateColumns,
    feed: async (conn, target, firstKey, dateAsDate) => {
      // each staged file one page's rows array, read in parallel by DuckDB's threads; the rows go in with
      // key 0 and in the pages' order (a multi-file read in file order, an INSERT keeping it: DuckDB's
      // preserve_insertion_order), and one UPDATE at the end numbers them from firstKey on by their row
      // ids, which this transaction gives its new rows one after another in that order. (WITH ORDINALITY
      // numbered them in the read itself, but its streaming window makes the whole read one thread's
      // work, and the other DuckDB thread's wait for it cost as much CPU again: docs/benchmarks.md,
      // Connectors, 2026-11-29 09:25.)
      const value = (i: number) => {
        const c = plan.columns[i]!;
        const v = `c${i}`;
        if (c.type === 'text') return `nullif(${v}, '')`;
        if (c.type === 'date') return `nullif(${v}, '')::DATE${dateAsDate[i] ? '' : '::TIMESTAMP'}`;
        return v;
      };
      const select = (files: string[]) =>
        `SELECT 0, ${plan.columns.map((_, i) => value(i)).join(', ')}, false
         FROM read_json([${files.map(sqlText).join(', ')}], format = 'array', columns = ${readColumns(plan)}, maximum_object_size = ${MAX_OBJECT})
           AS r(${plan.columns.map((_, i) => `c${i}`).join(', ')})`;
      const key = quoteName(UPLOAD_KEY_COLUMN);
      const numberChecks = plan.columns.flatMap((c) => {
        const v = quoteName(c.name);
        if (c.type === 'whole') return [`${v} <> trunc(${v}) OR abs(${v}) > ${Number.MAX_SAFE_INTEGER}`];
        return c.type === 'decimal' ? [`NOT isfinite(${v})`] : [];
      });
      const staged = new Set<string>();
      let batch: string[] = [];
      let batchBytes = 0;
      let inserted = 0;
      let rows = 0;
      let inserting: Promise<void> = Promise.resolve();
      const insert = async (files: string[]) => {
        try {
          inserted += Number((await conn.run(`INSERT INTO ${target} ${select(files)}`)).rowsChanged);
        } catch (e) {
          throw new RawPagesRefused(`read_json: ${(e as Error).message}`);
        } finally {
          await Promise.all(files.map((f) => rm(f, { force: true }).then(() => staged.delete(f))));
        }
      };
      const handOver = async () => {
        if (!batch.length) return;
        const files = batch;
        batch = [];
        batchBytes = 0;
        await inserting;
        inserting = insert(files);
        inserting.catch(() => undefined);
      };
      try {
        for await (const page of pages()) {
          staged.add(page.path);
          if (page.rows === 0) {
            await rm(page.path, { force: true });
            staged.delete(page.path);
            continue;
          }
          if (rows + page.rows > maxRows) throw tooManyRows();
          rows += page.rows;
          batch.push(page.path);
          batchBytes += page.bytes;
          if (batchBytes >= STAGED_BYTES) await handOver();
        }
        await handOver();
        await inserting;
      } catch (e) {
        await inserting.catch(() => undefined);
        await Promise.all([...staged].map((f) => rm(f, { force: true })));
        throw e;
      }
      if (inserted !== rows) throw new RawPagesRefused(`read_json read ${inserted} of ${rows} rows`);
      if (rows > 0) {
        // one pass over this load's rows (key 0: the table's rows before it, in an append, keep theirs): the
        // first row id, which keys them from firstKey on, and the numbers the scan could not judge — a whole
        // number not whole or not safe, an infinite one (1e999)
        const bad = numberChecks.length ? `count(*) FILTER (WHERE ${numberChecks.join(' OR ')})` : '0';
        const probe = await conn.runAndReadAll(`SELECT min(rowid)::DOUBLE, ${bad} FROM ${target} WHERE ${key} = 0`);
        const [first, refused] = probe.getRows()[0]!;
        if (Number(refused) > 0) throw new RawPagesRefused('a number its column does not take');
        const keyed = await conn.run(`UPDATE ${target} SET ${key} = rowid - ${Number(first)} + ${Number(firstKey)} WHERE ${key} = 0`);
        if (Number(keyed.rowsChanged) !== rows) throw new RawPagesRefused(`keyed ${keyed.rowsChanged} of ${rows} rows`);
      }
      return { rows, hasTime: plan.columns.map(() => false) };
    },
  };
}

/** read_json's bound of one object (a page's answer): the most bytes a page may have. */
const MAX_OBJECT = API_MAX_PAGE_BYTES + 1024;
