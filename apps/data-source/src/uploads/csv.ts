import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { AppError } from '@bi/core';
import { EXCEL_MAX_CELL_CHARS } from '@bi/rules';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

/** Bytes read from the start of a file to detect its encoding and delimiter. */
export const SNIFF_BYTES = 64 * 1024;

/** True when the bytes are valid UTF-8; an incomplete sequence at the very end (a cut sample) is allowed. */
export function isValidUtf8(b: Uint8Array, allowTruncatedEnd = true): boolean {
  let i = 0;
  const n = b.length;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return false;
    if (i + need >= n) {
      // the sequence runs past the end of the sample
      if (!allowTruncatedEnd) return false;
      for (let k = i + 1; k < n; k++) if ((b[k] & 0xc0) !== 0x80) return false;
      return true;
    }
    let cp = c & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const x = b[i + k];
      if ((x & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (x & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

/**
 * The encoding of a CSV from its first bytes: a byte-order mark first (UTF-8, UTF-16), then UTF-8
 * when the bytes are valid UTF-8, else GB18030 (which reads GBK and GB2312 too), the encoding
 * Excel writes CSV files in on Chinese Windows. Answers the BOM's length to skip.
 */
export function detectEncoding(sample: Uint8Array): { encoding: CsvEncoding; bom: number } {
  if (sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (sample.length >= 2 && sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (sample.length >= 2 && sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  return { encoding: isValidUtf8(sample) ? 'utf-8' : 'gb18030', bom: 0 };
}

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Counts each candidate outside quotes in each of the first lines (at most 20). */
function countsPerLine(text: string): Map<Delimiter, number[]> {
  const counts = new Map<Delimiter, number[]>(DELIMITERS.map((d) => [d, []]));
  let line = new Map<string, number>();
  let quoted = false;
  let lines = 0;
  const endLine = () => {
    for (const d of DELIMITERS) counts.get(d)!.push(line.get(d) ?? 0);
    line = new Map();
    lines++;
  };
  for (let i = 0; i < text.length && lines < 20; i++) {
    const ch = text[i];
    if (ch === '"') {
      if (quoted && text[i + 1] === '"') i++;
      else quoted = !quoted;
    } else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endLine();
    } else if (!quoted && (DELIMITERS as readonly string[]).includes(ch)) line.set(ch, (line.get(ch) ?? 0) + 1);
  }
  return counts;
}

/**
 * The delimiter of a CSV from its first lines: the candidate (comma, semicolon, tab, pipe) found
 * the same number of times (at least once) on the most lines; ties go to the one found more often
 * per line, then to the order above. A single-column file gives comma.
 */
export function detectDelimiter(text: string): Delimiter {
  const counts = countsPerLine(text.endsWith('\n') || text.endsWith('\r') ? text : text + '\n');
  let best: { d: Delimiter; score: number; per: number } = { d: ',', score: 0, per: 0 };
  for (const d of DELIMITERS) {
    const perLine = counts.get(d)!;
    if (perLine.length === 0) continue;
    const freq = new Map<number, number>();
    for (const c of perLine) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 0;
    let modeLines = 0;
    for (const [c, lines] of freq) if (lines > modeLines || (lines === modeLines && c > mode)) [mode, modeLines] = [c, lines];
    if (modeLines > best.score || (modeLines === best.score && mode > best.per)) best = { d, score: modeLines, per: mode };
  }
  return best.d;
}

/** Counts the line breaks (CRLF, LF or CR) in text[from, to). */
function lineBreaks(text: string, from: number, to: number, afterCr: boolean): { count: number; endsCr: boolean } {
  let count = 0;
  let cr = afterCr;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) {
      count++;
      cr = true;
    } else {
      if (c === 10 && !cr) count++;
      cr = false;
    }
  }
  return { count, endsCr: cr };
}

/**
 * A streaming CSV parser (RFC 4180: quoted fields with "" for a quote, CR, LF or CRLF line ends,
 * line breaks inside quotes). Feed decoded text in pieces; completed rows come out of push() and
 * end(). A row holds its 1-based record number (the header is 1; blank lines are skipped).
 *
 * Bounded while it reads: a cell longer than EXCEL_MAX_CELL_CHARS raises 'excel.cell_too_large'
 * (with its record number), and a quoted one 'excel.csv_quote_unclosed' with the line the quote
 * opened on, as does a quote still open at the end of the file (else one stray quote would pull the
 * rest of the file into one cell).
 *
 * Weighed against csv-parse (issue 12): the bulk of every import goes through DuckDB's read_csv
 * (csv-duckdb.ts); this parser serves the preview, the header of the fast path and the diagnostic
 * pass, needs the record numbering read_csv uses (blank lines skipped) and these bounds with line
 * numbers, and its copy-up-to-the-next-quote loop is faster than a general parser's per-character
 * state machine. Kept.
 */
export class CsvParser {
  private field = '';
  private row: string[] = [];
  private quoted = false;
  /** inside a quoted field, a quote was just read (end of field or the first of "") */
  private quotePending = false;
  /** the field started with a quote */
  private inQuotes = false;
  /** 1-based number of the next record: blank lines do not count, a quoted line break stays in its record */
  private record = 1;
  /** 1-based physical line being read, and the one the open quote started on */
  private line = 1;
  private quoteLine = 0;
  private lastWasCr = false;
  private readonly d: number;

  constructor(
    delimiter: string,
    private readonly sheet = 'CSV',
    private readonly maxCell = EXCEL_MAX_CELL_CHARS,
  ) {
    this.d = delimiter.charCodeAt(0);
  }

  push(text: string, out: { row: number; cells: string[] }[]): void {
    const d = this.d;
    let i = 0;
    const n = text.length;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === 34) {
            this.field += '"';
            i++;
            continue;
          }
          this.inQuotes = false; // closing quote; fall through to handle c outside quotes
          this.quoted = true;
        } else {
          // fast path: copy up to the next quote
          const q = text.indexOf('"', i);
          const to = q < 0 ? n : q;
          this.field += text.slice(i, to);
          if (this.field.length > this.maxCell) throw this.unclosed();
          // line breaks inside the quotes still count as lines (for the messages)
          if (text.indexOf('\n', i) >= 0 || text.indexOf('\r', i) >= 0) {
            const b = lineBreaks(text, i, to, this.lastWasCr);
            this.line += b.count;
            this.lastWasCr = b.endsCr;
          } else this.lastWasCr = false;
          if (q < 0) return;
          this.quotePending = true;
          i = q + 1;
          continue;
        }
      }
      if (c === d) {
        this.endField();
        this.lastWasCr = false;
        i++;
      } else if (c === 10 || c === 13) {
        if (c === 10 && this.lastWasCr) {
          this.lastWasCr = false;
          i++;
          continue;
        }
        this.lastWasCr = c === 13;
        this.line++;
        if (this.field === '' && this.row.length === 0 && !this.quoted) {
          // a blank line is no record (as DuckDB's read_csv counts them too)
          i++;
          continue;
        }
        this.endField();
        out.push({ row: this.record++, cells: this.row });
        this.row = [];
        i++;
      } else if (c === 34 && this.field === '' && !this.quoted) {
        this.inQuotes = true;
        this.quoteLine = this.line;
        this.lastWasCr = false;
        i++;
      } else {
        this.lastWasCr = false;
        // fast path: copy up to the next delimiter or line end
        let j = i + 1;
        while (j < n) {
          const x = text.charCodeAt(j);
          if (x === d || x === 10 || x === 13) break;
          j++;
        }
        this.field += text.slice(i, j);
        if (this.field.length > this.maxCell) throw new AppError('invalid', 'excel.cell_too_large', { sheet: this.sheet, row: this.record, max: this.maxCell });
        i = j;
      }
    }
  }

  /** Flushes the last row (a file without a final line break); a quote still open is refused. */
  end(out: { row: number; cells: string[] }[]): void {
    if (this.quotePending) {
      this.quotePending = false;
      this.inQuotes = false;
      this.quoted = true;
    }
    if (this.inQuotes) throw this.unclosed();
    if (this.field !== '' || this.row.length > 0 || this.quoted) {
      this.endField();
      out.push({ row: this.record++, cells: this.row });
      this.row = [];
    }
  }

  /** True when the text so far ends inside a quoted field. */
  get unterminated(): boolean {
    return this.inQuotes && !this.quotePending;
  }

  private unclosed(): AppError {
    return new AppError('invalid', 'excel.csv_quote_unclosed', { sheet: this.sheet, line: this.quoteLine, max: this.maxCell });
  }

  private endField(): void {
    this.row.push(this.field);
    this.field = '';
    this.quoted = false;
  }
}

/** Reads the first bytes of a file. */
export async function readHead(path: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export interface CsvFormat {
  encoding: CsvEncoding;
  bom: number;
  delimiter: Delimiter;
}

export async function sniffCsv(path: string): Promise<CsvFormat> {
  const head = await readHead(path);
  const { encoding, bom } = detectEncoding(head);
  const text = iconv.decode(head.subarray(bom), encoding);
  return { encoding, bom, delimiter: detectDelimiter(text) };
}

/**
 * The rows of a CSV file, streamed (never the whole file in memory), in batches: the file is read
 * in 1 MiB pieces, decoded (UTF-8 by TextDecoder, the others by iconv-lite) and parsed.
 */
export async function* csvRows(path: string, format: CsvFormat, sheet: string, signal?: AbortSignal): AsyncGenerator<{ row: number; cells: string[] }[]> {
  const parser = new CsvParser(format.delimiter, sheet);
  const stream = createReadStream(path, { start: format.bom, highWaterMark: 1024 * 1024 });
  const utf8 = format.encoding === 'utf-8' ? new TextDecoder('utf-8') : undefined;
  const other = utf8 ? undefined : iconv.getDecoder(format.encoding);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      const text = utf8 ? utf8.decode(chunk, { stream: true }) : other!.write(chunk);
      const out: { row: number; cells: string[] }[] = [];
      parser.push(text, out);
      if (out.length) yield out;
    }
    const out: { row: number; cells: string[] }[] = [];
    const rest = utf8 ? utf8.decode() : (other!.end() ?? '');
    if (rest) parser.push(rest, out);
    parser.end(out);
    if (out.length) yield out;
  } finally {
    stream.destroy();
  }
}
