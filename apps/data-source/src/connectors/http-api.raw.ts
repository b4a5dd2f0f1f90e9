/**
 * The raw-page load of an HTTP API source into DuckDB (docs/adr/0007-source-writer-and-connectors.md, addendum):
 * each page's answer, once it passes a shape check in JavaScript (every value already of its column's
 * type in the form DuckDB reads the same way), has its rows array's bytes (found by a scan, `rowsBytes`)
 * written as they came to a staged file, and the staged files are read into the load table by DuckDB's
 * `read_json(format = 'array')` with the declared column types, one
 * INSERT … SELECT per STAGED_BYTES while the next pages are fetched (the pages are fetched, parsed and
 * staged on a thread of their own when the service runs built: http-api.raw-thread.ts). JavaScript only parses a page
 * (the paging needs its rows and cursor) and looks at its values; it builds no rows and no CSV text.
 * A page that fails the check, or an INSERT DuckDB refuses, gives the load back (RawPagesRefused):
 * the transaction rolls back and the sync runs the streamed path (rows(), which converts each value by
 * the same rules and names the first bad one).
 */
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiSettings } from '@bi/chart-model';
import { isUtf8 } from 'node:buffer';
import { UPLOAD_KEY_COLUMN } from '@bi/rules';
import { quoteName, type SqlLoad } from '../uploads/store-writer.js';
import { convertValue, parseJsonPath, valueAt } from './http-api.settings.js';

/** The staged page files read by one INSERT (a statement has a fixed cost: fewer, larger reads cost less CPU). */
export const STAGED_BYTES = 96 * 1024 * 1024;

/** The raw path did not take this load (a value of another shape, a path it does not read, DuckDB refused). */
export class RawPagesRefused extends Error {}

/** What the raw path reads: the keys down to the rows' array, and each column's key and type. */
export interface RawPlan {
  /** keys from the answer down to the array of rows (`$.data.items[*]` → data, items) */
  head: string[];
  columns: { key: string; type: 'text' | 'whole' | 'decimal' | 'date' }[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** a key a parsed object answers without holding it (its prototype's): read with a plain property read, it would not be absent */
const inherited = (k: string) => k in Object.prototype;

/**
 * The plan of a source the raw path can load, or null: a full sync, rows at `$.<key>….<key>[*]`, every
 * column a plain key (no dotted path) of type text, whole, decimal or date.
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
  const columns: RawPlan['columns'] = [];
  const keys = new Set<string>();
  for (const c of settings.columns) {
    if (!KEY.test(c.path) || inherited(c.path) || keys.has(c.path) || c.type === 'datetime') return null;
    keys.add(c.path);
    columns.push({ key: c.path, type: c.type });
  }
  return columns.length && head.length ? { head, columns } : null;
}

const ISO_DATE = /^[1-9]\d{3}-\d{2}-\d{2}$/;

/**
 * A checker of pages for a plan: answers the page's rows when every row is an object and every value
 * is what DuckDB reads as the streamed path converts it — absent or null; a text for a text column
 * (an empty one is NULL on both paths); a number for a number column (a whole one a safe integer; not
 * -0, whose sign a JSON reader may drop); a `YYYY-MM-DD` text of a real day for a date column — else null.
 */
export function pageChecker(plan: RawPlan): (answer: unknown) => unknown[] | null {
  const dates = new Map<string, boolean>();
  const dateOk = (v: string): boolean => {
    let ok = dates.get(v);
    if (ok === undefined) {
      const c = ISO_DATE.test(v) ? convertValue(v, 'date') : { ok: false as const };
      ok = c.ok && c.value !== null && typeof c.value === 'object' && c.value.ms === Date.UTC(+v.slice(0, 4), +v.slice(5, 7) - 1, +v.slice(8, 10));
      if (dates.size >= 4096) dates.clear();
      dates.set(v, ok);
    }
    return ok;
  };
  const { head, columns } = plan;
  return (answer) => {
    let at: unknown = answer;
    for (const k of head) {
      if (!at || typeof at !== 'object' || Array.isArray(at) || !Object.hasOwn(at, k)) return null;
      at = (at as Record<string, unknown>)[k];
    }
    if (!Array.isArray(at)) return null;
    for (const row of at) {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return null;
      const r = row as Record<string, unknown>;
      for (const c of columns) {
        const v = r[c.key];
        if (v === undefined || v === null) continue;
        if (c.type === 'text') {
          if (typeof v !== 'string') return null;
        } else if (c.type === 'date') {
          if (typeof v !== 'string' || (v !== '' && !dateOk(v))) return null;
        } else if (typeof v !== 'number' || Object.is(v, -0) || (c.type === 'whole' && !Number.isSafeInteger(v))) return null;
      }
    }
    return at;
  };
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The read_json columns of a plan: each row's keys, typed as DuckDB reads them. */
function readColumns(plan: RawPlan): string {
  return `{${plan.columns.map((c) => `${sqlText(c.key)}: '${c.type === 'whole' || c.type === 'decimal' ? 'DOUBLE' : 'VARCHAR'}'`).join(', ')}}`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const space = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/*
 * The scan below reads each byte of a page once, in plain loops: a call per string (Buffer.indexOf's
 * memchr) cost more than it saved on rows of short texts — the profile of a 1 M-row sync (docs/benchmarks.md,
 * 2026-11-29 05:45) had 3 s of its CPU in the scan, which read the rows array twice (once as a member of
 * the wrapper, once as the member sought).
 */

/** The end (after the closing quote) of the JSON string opening at i, or -1. */
function stringEnd(b: Buffer, i: number): number {
  const n = b.length;
  for (let j = i + 1; j < n; j++) {
    const c = b[j];
    if (c === QUOTE) return j + 1;
    if (c === BACKSLASH) j++;
  }
  return -1;
}

/** The end of the JSON value starting at i (a valid document: JSON.parse read it before), or -1. */
function valueEnd(b: Buffer, i: number): number {
  const n = b.length;
  const c = b[i];
  if (c === QUOTE) return stringEnd(b, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let j = i; j < n; j++) {
      const d = b[j];
      if (d === QUOTE) {
        for (j++; j < n; j++) {
          const e = b[j];
          if (e === QUOTE) break;
          if (e === BACKSLASH) j++;
        }
      } else if (d === 0x7b || d === 0x5b) depth++;
      else if ((d === 0x7d || d === 0x5d) && --depth === 0) return j + 1;
    }
    return -1;
  }
  let j = i;
  while (j < n && b[j] !== 0x2c && b[j] !== 0x7d && b[j] !== 0x5d && !space(b[j])) j++;
  return j;
}

/**
 * The object at `from`, read once: the span of the value at the path `head[k…]` under it (the last one
 * when a key repeats, as JSON.parse keeps; null when the path holds nothing there) and the object's end.
 * A member on the path is read by the descent into it, not skipped first and read again.
 */
function pathSpan(b: Buffer, from: number, head: string[], k: number): { span: [number, number] | null; end: number } | null {
  let found: [number, number] | null = null;
  let i = from + 1;
  while (space(b[i])) i++;
  if (b[i] === 0x7d) return { span: null, end: i + 1 };
  for (;;) {
    while (space(b[i])) i++;
    if (b[i] !== QUOTE) return null;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0) return null;
    const raw = b.toString('utf8', i + 1, keyEnd - 1);
    const name = raw.includes('\\') ? (JSON.parse(b.toString('utf8', i, keyEnd)) as string) : raw;
    i = keyEnd;
    while (space(b[i])) i++;
    if (b[i] !== 0x3a) return null;
    i++;
    while (space(b[i])) i++;
    let end: number;
    if (name === head[k] && k < head.length - 1 && b[i] === 0x7b) {
      const inner = pathSpan(b, i, head, k + 1);
      if (!inner) return null;
      found = inner.span;
      end = inner.end;
    } else {
      end = valueEnd(b, i);
      if (end < 0) return null;
      if (name === head[k]) found = k === head.length - 1 ? [i, end] : null;
    }
    i = end;
    while (space(b[i])) i++;
    if (b[i] === 0x7d) return { span: found, end: i + 1 };
    if (b[i] !== 0x2c) return null;
    i++;
  }
}

/**
 * The bytes of a page's rows array (`$.<head…>[*]`) in its answer, found by one scan of the bytes, or
 * null. DuckDB then reads each page as a plain JSON array: no wrapper to unnest.
 */
export function rowsBytes(b: Buffer, head: string[]): Buffer | null {
  const span = rowsSpan(b, head);
  return span ? b.subarray(span[0], span[1]) : null;
}

function rowsSpan(b: Buffer, head: string[]): [number, number] | null {
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (space(b[i])) i++;
  if (b[i] !== 0x7b || !head.length) return null;
  const span = pathSpan(b, i, head, 0)?.span;
  return span && b[span[0]] === 0x5b ? span : null;
}

/**
 * One answer of a raw-page read, parsed and checked: its rows' count, the span of its rows array in
 * `bytes` (the answer's bytes, or their UTF-8 re-encoding when they were not valid UTF-8: the text its
 * rows were checked in) and the cursor at the paging's cursor path; or why the raw path cannot take it.
 */
export type RawParsed =
  | { kind: 'page'; count: number; start: number; end: number; cursor: unknown; reencoded?: Uint8Array }
  | { kind: 'not_json' }
  | { kind: 'refused'; reason: string };

/** parseRawPage's work for one plan: the checker (and its remembered dates) made once. */
export function rawPageParser(plan: RawPlan, cursorPath: string | null): (bytes: Buffer) => RawParsed {
  const check = pageChecker(plan);
  return (bytes) => {
    const utf8 = isUtf8(bytes);
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'not_json' };
    }
    const rows = check(json);
    if (!rows) return { kind: 'refused', reason: 'a page of another shape' };
    const cursor = cursorPath ? valueAt(json, cursorPath) : undefined;
    const b = utf8 ? bytes : Buffer.from(text);
    const span = rowsSpan(b, plan.head);
    if (!span) return { kind: 'refused', reason: 'rows array not found in the answer' };
    return { kind: 'page', count: rows.length, start: span[0], end: span[1], cursor, ...(utf8 ? {} : { reencoded: b }) };
  };
}

/** One raw page, staged: the file holding its rows array's bytes (valid UTF-8: the text its rows were checked in), its rows' count and size. */
export interface StagedPage {
  path: string;
  rows: number;
  bytes: number;
}

/** A new staged file beside the database file (`.bi-api-*.json`, only the owner may read it) holding `bytes`; removed again when its write fails. */
export async function stagePage(stagingDir: string, bytes: Uint8Array): Promise<string> {
  const path = join(stagingDir, `.bi-api-${randomUUID()}.json`);
  try {
    const file = await open(path, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
    } finally {
      await file.close();
    }
  } catch (e) {
    await rm(path, { force: true });
    throw e;
  }
  return path;
}

/**
 * The SqlLoad of raw pages: `pages` yields each page already staged (after the checker passed it, or
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
        // keys are ≥ 1: key 0 is this load's rows only (the table's rows before it, in an append, keep theirs)
        const keyed = await conn.run(`UPDATE ${target} SET ${key} = rowid - (SELECT min(rowid) FROM ${target} WHERE ${key} = 0) + ${Number(firstKey)} WHERE ${key} = 0`);
        if (Number(keyed.rowsChanged) !== rows) throw new RawPagesRefused(`keyed ${keyed.rowsChanged} of ${rows} rows`);
      }
      return { rows, hasTime: plan.columns.map(() => false) };
    },
  };
}

/** read_json's bound of one object (a page's answer): the most bytes a page may have. */
const MAX_OBJECT = 32 * 1024 * 1024 + 1024;
