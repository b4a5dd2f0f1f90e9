import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import iconv from 'iconv-lite';
import { AppError } from '@bi/core';
import { EXCEL_MAX_CELL_CHARS, UPLOAD_KEY_COLUMN } from '@bi/rules';
import { NaiveDate, convertCell, type ColumnType } from './cells.js';
import { CsvParser, readHead, type CsvFormat } from './csv.js';
import { SheetShape, problemError } from './shape.js';
import { TimeSeen, quoteName, type SqlFeed, type SqlLoad } from './store-writer.js';

/**
 * The CSV fast path of the embedded store: one INSERT … SELECT from DuckDB's read_csv (C++,
 * parallel, streaming) into the load table, converting every value with the rules of the
 * JavaScript path (cells.ts) as it goes: numbers, dates with year, month and day, values right of
 * the header, blank rows. A value that fails a check raises an error inside the statement, which
 * stops it; the transaction is rolled back and the caller loads the file through the streaming
 * JavaScript path, which finds the first bad cell with its row and column (CsvChecksFailed, the
 * diagnostic pass: only on failure). The header is read and checked in JavaScript first. Anything
 * the fast path is not sure of raises FastPathUnavailable and the JavaScript path decides.
 */
export class FastPathUnavailable extends Error {}

/** Some value failed a check of the one-pass load: the JavaScript path finds and reports the first one. */
export class CsvChecksFailed extends FastPathUnavailable {}

/**
 * Extra columns read beyond the header, to see values right of it. read_csv runs with strict_mode,
 * so a row wider than that fails the statement (and the JavaScript path decides).
 */
const EXTRA_COLUMNS = 16;

/** Marks the errors the checks raise (error() inside the INSERT), told apart from read_csv's own. */
const CHECK = 'bi-upload-check';

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** The characters trim() takes away, as JavaScript's trim does for these (DuckDB strings have no backslash escapes). */
const WS = `(' ' || chr(9) || chr(10) || chr(13))`;

// The rules of cells.ts, as SQL (RE2 syntax).
const NUMBER_RE = String.raw`[+-]?\s*[¥￥$€£]?\s*(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*%?`;
const DATE_RE = String.raw`(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2})(?:\.(\d{1,9}))?)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?`;

const MACROS = [
  // the common cases first (NULL, '', a first character that is no white space), trim only for the rest
  `CREATE OR REPLACE TEMP MACRO bi_blank(v) AS (CASE WHEN v IS NULL OR v = '' THEN true WHEN ascii(v) > 32 THEN false ELSE trim(v, ${WS}) = '' END)`,
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

/**
 * The header of a CSV from its first bytes: its record number and names, checked like every sheet's;
 * the physical lines before it (read_csv's skip counts every line, blank ones too); and the records
 * after it in the sample.
 */
async function csvHeader(path: string, delimiter: string, sheet: string): Promise<{ row: number; names: string[]; linesBefore: number; sample: string[][] }> {
  const head = await readHead(path, 256 * 1024);
  const full = head.length < 256 * 1024;
  let text = new TextDecoder('utf-8').decode(head);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parser = new CsvParser(delimiter, sheet);
  const out: { row: number; cells: string[] }[] = [];
  parser.push(text, out);
  // the last record of a cut sample may be cut too: only complete ones count
  if (full) parser.end(out);
  else out.pop();
  const shape = new SheetShape(sheet);
  let header: { row: number; names: string[] } | undefined;
  let at = 0;
  for (; at < out.length && !header; at++) {
    shape.accept(out[at].row, out[at].cells);
    if (shape.problem) throw problemError(shape.problem);
    if (shape.header) header = { row: shape.headerRow, names: shape.header };
  }
  if (!header) {
    if (!full) throw new FastPathUnavailable('no header in the first 256 KiB');
    throw problemError(shape.finish()!);
  }
  // records are non-blank lines while no line break is quoted (checked against read_csv's reading)
  const lines = text.split(/\r\n|\n|\r/);
  let records = 0;
  let linesBefore = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '' && ++records === header.row) {
      linesBefore = i;
      break;
    }
  }
  if (linesBefore < 0) throw new FastPathUnavailable('header line not found');
  return { ...header, linesBefore, sample: out.slice(at).map((r) => r.cells) };
}

export interface CsvPlanColumn {
  header: string;
  type: ColumnType;
}

/**
 * The SQL load of a CSV: `plan[k]` says which header feeds store column k (undefined: left empty).
 * Reads the header and a sample first (AppErrors for a bad header or a missing column), then the
 * feed inserts every row in one statement. Keys 1, 2, 3, … follow the file order: the rows are
 * inserted in file order (DuckDB keeps the insertion order of read_csv), so a row's key is its
 * position among the rows this load inserted (their row ids are consecutive).
 */
export async function csvSqlLoad(path: string, format: CsvFormat, sheet: string, plan: (CsvPlanColumn | undefined)[], maxRows = Number.MAX_SAFE_INTEGER): Promise<SqlLoad> {
  const header = await csvHeader(path, format.delimiter, sheet);
  const byName = new Map(header.names.map((h, i) => [h.toLowerCase(), i]));
  const sources = plan.map((p) => {
    if (!p) return -1;
    const i = byName.get(p.header.trim().toLowerCase());
    if (i === undefined) throw new AppError('invalid', 'excel.column_missing', { sheet, name: p.header });
    return i;
  });
  const plainDates = plan.map((p, k) => {
    if (p?.type !== 'date') return false;
    for (const cells of header.sample) {
      const c = convertCell(cells[sources[k]] ?? null, 'date', false);
      if (c.ok && c.value instanceof NaiveDate && c.value.hasTime) return false;
    }
    return true;
  });

  const width = header.names.length;
  const total = width + EXTRA_COLUMNS;
  const c = (i: number) => quoteName(`c${i}`);
  const columns = Array.from({ length: total }, (_, i) => `'c${i}': 'VARCHAR'`).join(', ');
  const csvSource = (skip: number, more = '') => `read_csv(${sqlText(path)}, delim = ${sqlText(format.delimiter)}, quote = '"', escape = '"', header = false, skip = ${skip},
      auto_detect = false, columns = {${columns}}, null_padding = true, strict_mode = true, encoding = 'utf-8'${more})`;
  const used = [...new Set(sources.filter((i) => i >= 0))];

  const feed: SqlFeed = async (conn, target, firstKey, dateAsDate) => {
    await conn.run(MACROS.join(';\n'));
    // the header as read_csv sees it, where the lines say it is: else the two readings differ (a
    // small buffer: the header is in the first 256 KiB, and the default one takes ~30 ms to fill)
    if (used.length) {
      let seen: (string | null)[] = [];
      try {
        const r = await conn.runAndReadAll(`SELECT ${used.map((i) => `trim(${c(i)}, ${WS})`).join(', ')} FROM ${csvSource(header.linesBefore, ', buffer_size = 262144')} LIMIT 1`);
        seen = (r.getRows()[0] ?? []) as (string | null)[];
      } catch (e) {
        throw new FastPathUnavailable(`read_csv: ${(e as Error).message}`);
      }
      if (used.some((i, j) => (seen[j] ?? '') !== header.names[i])) throw new FastPathUnavailable('the header read by DuckDB differs');
    }

    // each value converted once. f<k>: DuckDB's own cast where it agrees with the rules (plain
    // numerals; ISO-like dates from year 1000 to 9999), else the full rule (regular expressions);
    // v<k>: the value of store column k
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
      // years 1000–9999 by a range (cheaper than year()); a digit first (not 'epoch', a sign, a space);
      // an hour 24 (which DuckDB turns into the next day) and everything else to the full rule
      return `CASE WHEN ${f(k)} BETWEEN TIMESTAMP '1000-01-01' AND TIMESTAMP '9999-12-31 23:59:59.999999' AND ascii(${raw}) BETWEEN 48 AND 57 AND NOT contains(${raw}, '24:')
        THEN ${f(k)} ELSE bi_date_slow(${raw}) END AS ${v(k)}`;
    };
    // which rows are kept, evaluated lazily (CASE WHEN … in order, each on the rows left): a row
    // whose typed values all converted and with nothing right of the header is kept at once (a
    // converted value is no blank); else a value right of the header, or a value that did not
    // convert, stops the load; else a blank row is left out
    const extraCols = Array.from({ length: EXTRA_COLUMNS }, (_, j) => c(width + j));
    // no cell over EXCEL_MAX_CELL_CHARS: its bytes (strlen, kept with the string) bound its characters
    const headerCols = Array.from({ length: width }, (_, i) => c(i));
    const short = headerCols.map((x) => `strlen(${x}) <= ${EXCEL_MAX_CELL_CHARS}`).join(' AND ');
    const clean = typed.length ? `${typed.map((k) => `${v(k)} IS NOT NULL`).join(' AND ')} AND coalesce(${extraCols.join(', ')}) IS NULL AND ${short}` : 'false';
    const checks = extraCols.map((x) => `NOT bi_blank(${x})`);
    for (const x of headerCols) checks.push(`length(${x}) > ${EXCEL_MAX_CELL_CHARS}`);
    for (const k of typed) checks.push(`(${v(k)} IS NULL AND NOT bi_blank(${c(sources[k])}))`);
    const nonBlank = `CASE ${Array.from({ length: width }, (_, i) => `WHEN NOT bi_blank(${c(i)}) THEN true`).join(' ')} ELSE false END`;
    // a date column stored as DATE takes no time: a value with one stops the load (TimeSeen)
    const stored = (k: number) =>
      plan[k]?.type === 'date' && dateAsDate[k] ? `CASE WHEN ${v(k)} <> date_trunc('day', ${v(k)}) THEN error('${CHECK}:time:${k}') ELSE ${v(k)}::DATE END` : v(k);
    // 8 MiB read buffers (read_csv's default is 16 × the 2 MB line limit): measured ~30 MB less
    // resident memory for the same time
    const read = `SELECT *${typed.length ? ', ' + typed.map(fast).join(', ') : ''} FROM ${csvSource(header.linesBefore + 1, ', buffer_size = 8388608')}`;
    const converted = `SELECT *, ${plan.map((_, k) => value(k)).join(', ')} FROM (${read})`;
    const insert = `INSERT INTO ${target} SELECT 0, ${plan.map((_, k) => stored(k)).join(', ')}, false FROM (${converted})
      WHERE CASE WHEN ${clean} THEN true WHEN ${checks.join(' OR ')} THEN error('${CHECK}:bad') ELSE ${nonBlank} END`;
    let rows: number;
    try {
      rows = Number((await conn.run(insert)).rowsChanged);
    } catch (e) {
      const message = (e as Error).message ?? '';
      const time = new RegExp(`${CHECK}:time:(\\d+)`).exec(message);
      if (time) throw new TimeSeen(Number(time[1]));
      if (message.includes(`${CHECK}:bad`)) throw new CsvChecksFailed('a value failed the checks');
      throw new FastPathUnavailable(`read_csv: ${message}`);
    }
    // refused before the keys are numbered; the transaction rolls back
    if (rows > maxRows) throw new AppError('invalid', 'excel.too_many_rows', { sheet, max: maxRows });
    if (rows > 0) {
      // keys from the insertion order: this load's rows carry key 0 until numbered here
      const key = quoteName(UPLOAD_KEY_COLUMN);
      const ids = (await conn.runAndReadAll(`SELECT min(rowid)::VARCHAR, (max(rowid) - min(rowid) + 1)::VARCHAR, count(*)::VARCHAR FROM ${target} WHERE ${key} = 0`)).getRows()[0] as string[];
      if (Number(ids[1]) !== rows || Number(ids[2]) !== rows) throw new FastPathUnavailable('the inserted rows do not have consecutive row ids');
      await conn.run(`UPDATE ${target} SET ${key} = rowid - ${BigInt(ids[0]).toString()}::BIGINT + ${firstKey}::BIGINT WHERE ${key} = 0`);
    }
    // a date column stored as TIMESTAMP here holds a time (seen in the sample, or it stopped a DATE load)
    return { rows, hasTime: plan.map((p, k) => p?.type === 'date' && !dateAsDate[k]) };
  };
  return { plainDates, feed };
}
