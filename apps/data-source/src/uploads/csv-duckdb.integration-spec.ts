import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@bi/core';
import { DuckdbDriver } from '../drivers/duckdb.driver.js';
import type { ConnectionSpec } from '../drivers/driver.js';
import type { ColumnType } from './cells.js';
import { CsvChecksFailed, FastPathUnavailable, csvSqlLoad } from './csv-duckdb.js';
import { sniffCsv } from './csv.js';
import { withSheetRows } from './sheets.js';
import { analyticsWriter, tableRef, type AnalyticsWriter, type LoadTarget, type StoreColumn } from './store-writer.js';
import { feedRows } from './upload.service.js';

// The CSV fast path (one INSERT from read_csv with the checks in SQL) against the streaming
// JavaScript path (cells.ts, shape.ts), which is the reference: the same rows, keys, types and
// deleted flags, or the same refusal; and the table as it was when a load fails.

const dir = mkdtempSync(join(tmpdir(), 'bi-csv-sql-'));
let n = 0;
const file = (content: string) => {
  const path = join(dir, `f${++n}.csv`);
  writeFileSync(path, content);
  return path;
};

const spec = { engine: 'duckdb', path: join(dir, 'analytics.duckdb') } as ConnectionSpec;
const driver = new DuckdbDriver(spec);
const writer: AnalyticsWriter = analyticsWriter(driver);
afterAll(() => driver.close());

type Plan = ({ header: string; type: ColumnType } | undefined)[];

/** Through the fast path; FastPathUnavailable and CsvChecksFailed come out as they are. */
async function fast(path: string, target: LoadTarget, plan: Plan): Promise<number> {
  const format = await sniffCsv(path);
  return writer.loadSql!(target, await csvSqlLoad(path, format, 'S', plan));
}

/** Through the streaming JavaScript path. */
async function slow(path: string, target: LoadTarget, plan: Plan): Promise<number> {
  return writer.load(target, (loader) => withSheetRows(path, 'csv', 'S.csv', 'S', (rows) => feedRows(rows, plan, loader)));
}

async function content(table: string): Promise<{ types: [string, string][]; rows: unknown[][] }> {
  return driver.withConnection(async (conn) => {
    const t = await conn.runAndReadAll(`SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'uploads' AND table_name = $1 ORDER BY ordinal_position`, [table]);
    const r = await conn.runAndReadAll(`SELECT * FROM ${tableRef(table)} ORDER BY key_id`);
    return { types: t.getRows() as [string, string][], rows: r.getRowsJson() as unknown[][] };
  });
}

async function outcome(fn: () => Promise<number>): Promise<{ rows?: number; error?: string; kind?: string }> {
  try {
    return { rows: await fn() };
  } catch (e) {
    if (e instanceof AppError) return { error: `${e.key} ${JSON.stringify(e.params)}` };
    return { kind: e instanceof CsvChecksFailed ? 'checks' : e instanceof FastPathUnavailable ? 'unavailable' : 'other', error: (e as Error).message };
  }
}

const columns = (plan: Plan): StoreColumn[] => plan.map((p, i) => (p ? { name: p.header, type: p.type } : { name: `unused${i}`, type: 'string' }));

let t = 0;
/** Loads a new table both ways and compares; answers what the fast path did. */
async function both(csv: string, plan: Plan) {
  const path = file(csv);
  const a = `t${++t}_fast`;
  const b = `t${t}_slow`;
  const cols = columns(plan);
  const f = await outcome(() => fast(path, { table: a, mode: 'create', columns: cols }, plan));
  const s = await outcome(() => slow(path, { table: b, mode: 'create', columns: cols }, plan));
  if (s.error) {
    // the fast path refuses too; the streaming path gives the message
    expect(f.rows).toBeUndefined();
    return { fast: f, slow: s };
  }
  expect(f).toEqual(s);
  expect(await content(a)).toEqual(await content(b));
  return { fast: f, slow: s, table: await content(a) };
}

const P = (...spec: [string, ColumnType][]): Plan => spec.map(([header, type]) => ({ header, type }));

describe('CSV fast path (DuckDB, one INSERT with the checks) against the streaming path', () => {
  it('plain rows: keys 1.., dates without times as DATE, numbers, text, deleted false', async () => {
    const r = await both('名称,数值,日期\na,1,2024-01-01\nb,2.5,2024/01/02\nc,,\n', P(['名称', 'string'], ['数值', 'number'], ['日期', 'date']));
    expect(r.table!.types).toEqual([
      ['key_id', 'BIGINT'],
      ['名称', 'VARCHAR'],
      ['数值', 'DOUBLE'],
      ['日期', 'DATE'],
      ['deleted', 'BOOLEAN'],
    ]);
    expect(r.table!.rows).toEqual([
      ['1', 'a', 1, '2024-01-01', false],
      ['2', 'b', 2.5, '2024-01-02', false],
      ['3', 'c', null, null, false],
    ]);
  });

  it('blank lines and blank rows before the header and between rows take no key; trailing empty columns are fine', async () => {
    const r = await both('\n ,\n名称,数值,,\n\na,1,,\n , ,\nb,2\n\n', P(['名称', 'string'], ['数值', 'number']));
    expect(r.table!.rows.map((x) => x.slice(0, 3))).toEqual([
      ['1', 'a', 1],
      ['2', 'b', 2],
    ]);
  });

  it('numbers as the rules write them: currency, thousands, percent, exponent, spaces', async () => {
    const r = await both('v\n"¥1,234.5"\n 12% \n-3e2\n$ 7\n.5\n', P(['v', 'number']));
    expect(r.slow.error).toBeUndefined();
    expect(r.table!.rows.map((x) => x[1])).toEqual([1234.5, 0.12, -300, 7, 0.5]);
  });

  it('dates in the forms of the rules; a time after the sample makes the column TIMESTAMP (the load runs again)', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `x${i},2024-01-${String((i % 28) + 1).padStart(2, '0')}`).join('\n');
    const r = await both(`名称,日期\n${many}\nlast,2024年3月5日 08:30\n`, P(['名称', 'string'], ['日期', 'date']));
    expect(r.table!.types[2]).toEqual(['日期', 'TIMESTAMP']);
    expect(r.table!.rows.at(-1)).toEqual(['20001', 'last', '2024-03-05 08:30:00', false]);
    const compact = await both('d\n20240105\n2024.1.6\n2024-01-07T10:11:12\n', P(['d', 'date']));
    expect(compact.table!.types[1]).toEqual(['d', 'TIMESTAMP']);
  });

  it('columns not chosen are left empty, and the plan may take the file columns in any order', async () => {
    const r = await both('a,b,c\n1,x,2024-01-01\n2,y,2024-01-02\n', [{ header: 'c', type: 'date' }, undefined, { header: 'A', type: 'number' }]);
    expect(r.table!.rows[0]).toEqual(['1', '2024-01-01', null, 1, false]);
  });

  it('a bad number or date: the fast path stops (CsvChecksFailed) and the streaming path names the first bad cell', async () => {
    const bad = await both('名称,数值,日期\nx,1,2024-01-01\ny,abc,2024-13-45\n', P(['名称', 'string'], ['数值', 'number'], ['日期', 'date']));
    expect(bad.fast.kind).toBe('checks');
    expect(bad.slow.error).toMatch(/excel\.bad_number .*"row":3/);
    const month = await both('日期\n2024-01\n', P(['日期', 'date']));
    expect(month.fast.kind).toBe('checks');
    const underscore = await both('v\n1_000\n', P(['v', 'number']));
    expect(underscore.fast.kind).toBe('checks');
  });

  it('a value right of the header (also far right) is refused', async () => {
    const near = await both('a,b\n1,2,3\n', P(['a', 'number']));
    expect(near.fast.kind).toBe('checks');
    expect(near.slow.error).toMatch(/excel\.not_tabular/);
    const far = await both(`a,b\n1,2${','.repeat(30)}x\n`, P(['a', 'number']));
    expect(far.fast.rows).toBeUndefined();
    expect(far.slow.error).toMatch(/excel\.not_tabular/);
  });

  it('quoted fields with delimiters and quotes; a quoted line break goes to the streaming path', async () => {
    const r = await both('名称,备注\n"a, b","say ""hi"""\n', P(['名称', 'string'], ['备注', 'string']));
    expect(r.table!.rows[0]).toEqual(['1', 'a, b', 'say "hi"', false]);
    // read_csv reads it, or refuses (its parallel scanner with null_padding): then the streaming path loads it
    const nl = await both('名称,备注\na,"two\nlines"\nb,x\n', P(['名称', 'string'], ['备注', 'string']));
    expect(nl.slow.rows).toBe(2);
  });

  it('append: keys go on from the largest; a DATE column stays DATE, or becomes TIMESTAMP for a time; a failed load leaves the table as it was', async () => {
    const plan = P(['名称', 'string'], ['日期', 'date']);
    const cols = columns(plan);
    await fast(file('名称,日期\na,2024-01-01\nb,2024-01-02\n'), { table: 'app', mode: 'create', columns: cols }, plan);
    expect(await fast(file('名称,日期\nc,2024-01-03\n'), { table: 'app', mode: 'append', columns: cols }, plan)).toBe(1);
    let c = await content('app');
    expect(c.types[2]).toEqual(['日期', 'DATE']);
    expect(c.rows.map((r) => r[0])).toEqual(['1', '2', '3']);
    const before = c;
    await expect(fast(file('名称,日期\nd,2024-01-04\ne,not a date\n'), { table: 'app', mode: 'append', columns: cols }, plan)).rejects.toBeInstanceOf(CsvChecksFailed);
    expect(await content('app')).toEqual(before);
    const many = Array.from({ length: 20_000 }, (_, i) => `m${i},2024-02-01`).join('\n');
    await fast(file(`名称,日期\n${many}\nz,2024-02-02 10:00\n`), { table: 'app', mode: 'append', columns: cols }, plan);
    c = await content('app');
    expect(c.types[2]).toEqual(['日期', 'TIMESTAMP']);
    expect(c.rows.at(-1)).toEqual(['20004', 'z', '2024-02-02 10:00:00', false]);
    expect(c.rows[0]).toEqual(['1', 'a', '2024-01-01 00:00:00', false]);
  });

  it('replace: a new table with keys from the largest on', async () => {
    const plan = P(['v', 'number']);
    const cols = columns(plan);
    await fast(file('v\n1\n2\n'), { table: 'rep', mode: 'create', columns: cols }, plan);
    expect(await fast(file('v\n7\n'), { table: 'rep', mode: 'replace', columns: cols }, plan)).toBe(1);
    expect((await content('rep')).rows).toEqual([['3', 7, false]]);
  });
});
