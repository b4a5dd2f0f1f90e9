import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { DuckDBConnection } from '@duckdb/node-api';
import iconv from 'iconv-lite';
import { AppError } from '@bi/core';
import { columnLetter, type ColumnType } from './cells.js';
import { CsvParser, readHead, type CsvFormat } from './csv.js';
import { SheetShape, problemError } from './shape.js';
import { quoteName, type SqlFeed } from './store-writer.js';

/**
 * The CSV fast path of the embedded store: DuckDB's read_csv (C++, parallel, streaming) reads the
 * file into a staging table as text, and SQL converts and checks it with the same rules as the
 * JavaScript path (cells.ts): numbers, dates with year, month and day, the first bad cell with its
 * row and column, values right of the header. The header is read and checked in JavaScript first.
 * Anything the fast path is not sure of raises FastPathUnavailable and the caller loads the file
 * through the JavaScript path instead, which decides.
 */
export class FastPathUnavailable extends Error {}

/** Extra columns read beyond the header, to see values right of it (a row wider than that falls back). */
const EXTRA_COLUMNS = 16;

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** The characters trim() takes away, as JavaScript's trim does for these (DuckDB strings have no backslash escapes). */
const WS = `(' ' || chr(9) || chr(10) || chr(13))`;

// The rules of cells.ts, as SQL (RE2 syntax).
const NUMBER_RE = String.raw`[+-]?\s*[¥￥$€£]?\s*(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*%?`;
const DATE_RE = String.raw`(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2})(?:\.(\d{1,9}))?)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?`;

const MACROS = [
  `CREATE OR REPLACE TEMP MACRO bi_blank(v) AS (v IS NULL OR trim(v, ${WS}) = '')`,
  `CREATE OR REPLACE TEMP MACRO bi_num(v) AS (CASE WHEN regexp_full_match(trim(v, ${WS}), ${sqlText(NUMBER_RE)})
     THEN TRY_CAST(regexp_replace(trim(v, ${WS}), '[¥￥$€£,%\\s]', '', 'g') AS DOUBLE) / (CASE WHEN suffix(trim(v, ${WS}), '%') THEN 100 ELSE 1 END) END)`,
  // yyyyMMdd first to yyyy-MM-dd; then the parts of the text form, checked by strptime (ranges, leap days)
  `CREATE OR REPLACE TEMP MACRO bi_date_text(v) AS (CASE WHEN regexp_full_match(trim(v, ${WS}), '\\d{8}')
     THEN substr(trim(v, ${WS}), 1, 4) || '-' || substr(trim(v, ${WS}), 5, 2) || '-' || substr(trim(v, ${WS}), 7, 2) ELSE trim(v, ${WS}) END)`,
  `CREATE OR REPLACE TEMP MACRO bi_date_parts(p) AS (CASE WHEN p.y <> '' AND p.y::INTEGER >= 1000 THEN
     try_strptime(p.y || '-' || lpad(p.mo, 2, '0') || '-' || lpad(p.d, 2, '0') || ' ' || lpad(coalesce(nullif(p.h, ''), '0'), 2, '0') || ':' || lpad(coalesce(nullif(p.mi, ''), '0'), 2, '0') || ':' || lpad(coalesce(nullif(p.s, ''), '0'), 2, '0'), '%Y-%m-%d %H:%M:%S')
       + to_milliseconds(CASE WHEN p.f <> '' THEN least(round(('0.' || p.f)::DOUBLE * 1000), 999)::BIGINT ELSE 0 END) END)`,
  `CREATE OR REPLACE TEMP MACRO bi_date_slow(v) AS (CASE WHEN regexp_full_match(bi_date_text(v), ${sqlText(DATE_RE)})
     THEN bi_date_parts(regexp_extract(bi_date_text(v), ${sqlText('^' + DATE_RE + '$')}, ['y', 'mo', 'd', 'h', 'mi', 's', 'f'])) END)`,
];

/** A CSV as UTF-8 for read_csv: other encodings (GB18030, UTF-16) are converted to a temp file first, streamed. */
export async function utf8Copy(path: string, format: CsvFormat, dir: string): Promise<{ path: string; done(): Promise<void> }> {
  if (format.encoding === 'utf-8') return { path, done: async () => undefined };
  const out = `${dir}/${randomUUID()}.utf8.csv`;
  const writer = createWriteStream(out, { mode: 0o600 });
  const decoder = iconv.getDecoder(format.encoding);
  for await (const chunk of createReadStream(path, { start: format.bom, highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    if (!writer.write(Buffer.from(decoder.write(chunk), 'utf8'))) await once(writer, 'drain');
  }
  writer.end(Buffer.from(decoder.end() ?? '', 'utf8'));
  await once(writer, 'finish');
  return { path: out, done: () => rm(out, { force: true }) };
}

/** The header of a CSV from its first bytes: its record number and names, checked like every sheet's. */
async function csvHeader(path: string, delimiter: string, sheet: string): Promise<{ row: number; names: string[] }> {
  const head = await readHead(path, 256 * 1024);
  const text = new TextDecoder('utf-8').decode(head);
  const parser = new CsvParser(delimiter);
  const out: { row: number; cells: string[] }[] = [];
  parser.push(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, out);
  const shape = new SheetShape(sheet);
  // the last record of the sample may be cut: only complete ones count
  for (const r of out.slice(0, head.length === 256 * 1024 ? -1 : undefined)) {
    shape.accept(r.row, r.cells);
    if (shape.problem) throw problemError(shape.problem);
    if (shape.header) return { row: shape.headerRow, names: shape.header };
  }
  if (head.length < 256 * 1024) {
    parser.end(out);
    const last = out.at(-1);
    if (last && !shape.header) shape.accept(last.row, last.cells);
    const p = shape.finish();
    if (p) throw problemError(p);
    if (shape.header) return { row: shape.headerRow, names: shape.header };
  }
  throw new FastPathUnavailable('no header in the first 256 KiB');
}

export interface CsvPlanColumn {
  header: string;
  type: ColumnType;
}

/**
 * The SQL feed of a CSV: `plan[k]` says which header feeds store column k (undefined: left empty).
 * Throws AppErrors for bad data, FastPathUnavailable for what it does not handle.
 */
export function csvSqlFeed(path: string, format: CsvFormat, sheet: string, plan: (CsvPlanColumn | undefined)[], clip: (v: string) => string): SqlFeed {
  return async (conn: DuckDBConnection, target: string, firstKey: number) => {
    const header = await csvHeader(path, format.delimiter, sheet);
    const byName = new Map(header.names.map((h, i) => [h.toLowerCase(), i]));
    const sources = plan.map((p) => {
      if (!p) return -1;
      const i = byName.get(p.header.trim().toLowerCase());
      if (i === undefined) throw new AppError('invalid', 'excel.column_missing', { sheet, name: p.header });
      return i;
    });
    const width = header.names.length;
    const total = width + EXTRA_COLUMNS;
    const c = (i: number) => quoteName(`c${i}`);
    for (const m of MACROS) await conn.run(m);
    const stage = quoteName(`bi_stage_${randomUUID().replace(/-/g, '')}`);
    const columns = Array.from({ length: total }, (_, i) => `'c${i}': 'VARCHAR'`).join(', ');
    // each value converted once. f<k>: DuckDB's own cast where it agrees with the rules (plain numerals;
    // ISO-like dates from year 1000 to 9999), else the full rule (regular expressions); v<k>: the store
    // column k; x: the last column right of the header holding a value; b: the first store column
    // (store order) whose value does not convert; e: a blank row
    const typed = plan.map((p, k) => (p && p.type !== 'string' ? k : -1)).filter((k) => k >= 0);
    const v = (k: number) => quoteName(`v${k}`);
    const f = (k: number) => quoteName(`f${k}`);
    const fast = (k: number) => (plan[k]!.type === 'number' ? `TRY_CAST(${c(sources[k])} AS DOUBLE) AS ${f(k)}` : `TRY_CAST(${c(sources[k])} AS TIMESTAMP) AS ${f(k)}`);
    const value = (k: number) => {
      const p = plan[k];
      if (!p) return `NULL AS ${v(k)}`;
      const raw = c(sources[k]);
      if (p.type === 'string') return `nullif(${raw}, '') AS ${v(k)}`;
      if (p.type === 'number') return `CASE WHEN isfinite(${f(k)}) AND NOT contains(${raw}, '_') THEN ${f(k)} ELSE bi_num(${raw}) END AS ${v(k)}`;
      return `CASE WHEN year(${f(k)}) BETWEEN 1000 AND 9999 AND substr(${raw}, 1, 1) BETWEEN '0' AND '9' AND NOT contains(${raw}, ' 24:') AND NOT contains(${raw}, 'T24:')
        THEN ${f(k)} ELSE bi_date_slow(${raw}) END AS ${v(k)}`;
    };
    const extra = `greatest(${Array.from({ length: EXTRA_COLUMNS }, (_, j) => `CASE WHEN ${c(width + j)} IS NOT NULL AND NOT bi_blank(${c(width + j)}) THEN ${width + j} END`).join(', ')})`;
    const bad = typed.length ? `CASE ${typed.map((k) => `WHEN ${v(k)} IS NULL AND NOT bi_blank(${c(sources[k])}) THEN ${k}`).join(' ')} END` : 'NULL::INTEGER';
    const blank = Array.from({ length: width }, (_, i) => `bi_blank(${c(i)})`).join(' AND ');
    const kept = [...new Set(plan.map((_, k) => sources[k]).filter((i) => i >= 0))].map(c);
    const csvSource = `read_csv(${sqlText(path)}, delim = ${sqlText(format.delimiter)}, quote = '"', escape = '"', header = false,
      auto_detect = false, columns = {${columns}}, null_padding = true, strict_mode = false, encoding = 'utf-8')`;
    const l2 = `SELECT *${typed.length ? ', ' + typed.map(fast).join(', ') : ''} FROM ${csvSource}`;
    const l3 = `SELECT ${kept.length ? kept.join(', ') + ', ' : ''}${plan.map((_, k) => value(k)).join(', ')}, ${extra} AS x, ${blank} AS e FROM (${l2})`;
    const l4 = `SELECT *, ${bad} AS b FROM (${l3})`;
    try {
      try {
        await conn.run(`CREATE TEMP TABLE ${stage} AS ${l4}`);
      } catch (e) {
        throw new FastPathUnavailable(`read_csv: ${(e as Error).message}`);
      }
      // rows appended inside a transaction get row ids from a large offset on, in order: count from the first
      const base = (await conn.runAndReadAll(`SELECT min(rowid)::VARCHAR FROM ${stage}`)).getRows()[0]?.[0];
      if (base === null || base === undefined) throw new FastPathUnavailable('no rows');
      const rec = `(rowid - ${String(base)}::BIGINT)`; // 0-based record index
      const hdr = header.row - 1; // record index of the header
      const usedIdx = [...new Set(plan.map((_, k) => sources[k]).filter((i) => i >= 0))];
      if (usedIdx.length) {
        const names = await conn.runAndReadAll(`SELECT ${usedIdx.map((i) => `trim(${c(i)}, ${WS})`).join(', ')} FROM ${stage} WHERE ${rec} = ${hdr}`);
        const seen = (names.getRows()[0] ?? []) as (string | null)[];
        if (usedIdx.some((i, j) => (seen[j] ?? '') !== header.names[i])) throw new FastPathUnavailable('the header read by DuckDB differs');
      }

      // the first problem in row order: a value right of the header first, then the first bad cell (store order)
      const found = await conn.runAndReadAll(
        `SELECT ${rec}::DOUBLE, x, b, (SELECT count(*) FROM ${stage} WHERE e AND ${rec} > ${hdr})::DOUBLE FROM ${stage} WHERE ${rec} > ${hdr} AND (x IS NOT NULL OR b IS NOT NULL) ORDER BY rowid LIMIT 1`,
      );
      const first = found.getRows()[0] as [number, number | null, number | null, number] | undefined;
      if (first) {
        const row = Number(first[0]) + 1;
        if (first[1] !== null) throw problemError({ key: 'excel.not_tabular', params: { sheet, row, column: columnLetter(Number(first[1])) } });
        const k = Number(first[2]);
        const raw = await conn.runAndReadAll(`SELECT ${c(sources[k])} FROM ${stage} WHERE ${rec} = ${Number(first[0])}`);
        throw new AppError('invalid', plan[k]!.type === 'number' ? 'excel.bad_number' : 'excel.bad_date', {
          sheet,
          row,
          column: `${plan[k]!.header} (${sources[k] + 1})`,
          value: clip(String(raw.getRows()[0]?.[0] ?? '')),
        });
      }

      // rows: not blank in the header's columns (values right of it were refused above); keys 1, 2, 3, …
      // in file order (straight from the record index when no blank row leaves a gap)
      const blanks = Number((await conn.runAndReadAll(`SELECT count(*)::DOUBLE FROM ${stage} WHERE e AND ${rec} > ${hdr}`)).getRows()[0][0]);
      const key = blanks === 0 ? `${firstKey - hdr - 1}::BIGINT + ${rec}` : `${firstKey - 1} + row_number() OVER (ORDER BY rowid)`;
      const inserted = await conn.run(`INSERT INTO ${target} SELECT ${key}, ${plan.map((_, k) => v(k)).join(', ')}, false FROM ${stage} WHERE ${rec} > ${hdr} AND NOT e`);
      const rows = Number(inserted.rowsChanged);
      const dates = plan.map((p, k) => (p?.type === 'date' ? k : -1)).filter((k) => k >= 0);
      const hasTime = plan.map(() => false);
      if (dates.length && rows > 0) {
        const r = await conn.runAndReadAll(`SELECT ${dates.map((k) => `coalesce(bool_or(${v(k)} <> date_trunc('day', ${v(k)})), false)`).join(', ')} FROM ${stage} WHERE ${rec} > ${hdr}`);
        dates.forEach((k, j) => (hasTime[k] = r.getRows()[0][j] === true));
      }
      return { rows, hasTime };
    } finally {
      await conn.run(`DROP TABLE IF EXISTS ${stage}`).catch(() => undefined);
    }
  };
}
