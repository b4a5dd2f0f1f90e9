import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@bi/core';
import { DuckdbDriver } from '../drivers/duckdb.driver.js';
import type { ConnectionSpec } from '../drivers/driver.js';
import { NaiveDate } from './cells.js';
import { analyticsWriter, tableRef, type LoadTarget, type StoreValue } from './store-writer.js';

// The DuckDB writer's streamed load (rows staged as CSV beside the database file, then one INSERT …
// SELECT from read_csv): every value comes back as it was given — texts with quotes, delimiters, line
// breaks, spaces, an empty text (not NULL), numbers to the last bit, dates with and without a time —
// and the staged file is gone after the load, committed or not.

const dir = mkdtempSync(join(tmpdir(), 'bi-store-writer-'));
const driver = new DuckdbDriver({ engine: 'duckdb', path: join(dir, 'analytics.duckdb') } as ConnectionSpec);
const writer = analyticsWriter(driver);
afterAll(() => driver.close());

const at = (iso: string, hasTime: boolean) => new NaiveDate(Date.parse(`${iso}Z`), hasTime);
const target = (table: string, mode: LoadTarget['mode'] = 'create'): LoadTarget => ({
  table,
  mode,
  columns: [
    { name: '名称', type: 'string' },
    { name: 'n', type: 'number' },
    { name: 'd', type: 'date' },
    { name: 't', type: 'date' },
  ],
});

async function content(table: string): Promise<{ types: string[]; rows: unknown[][] }> {
  return driver.withConnection(async (conn) => {
    const t = await conn.runAndReadAll(`SELECT data_type FROM information_schema.columns WHERE table_schema = 'uploads' AND table_name = $1 ORDER BY ordinal_position`, [table]);
    const r = await conn.runAndReadAll(`SELECT key_id, "名称", n, epoch_ms(d::TIMESTAMP), epoch_ms(t), deleted FROM ${tableRef(table)} ORDER BY key_id`);
    return { types: (t.getRows() as string[][]).map((x) => x[0]), rows: r.getRows().map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v))) };
  });
}

const staged = () => readdirSync(dir).filter((f) => f.startsWith('.bi-load-'));

const ROWS: StoreValue[][] = [
  ['plain', 1.5, at('2024-01-02T00:00:00', false), at('2024-01-02T03:04:05.678', true)],
  ['say "hi", then, go', -0, at('1969-12-31T00:00:00', false), at('1900-02-28T23:59:59.999', true)],
  ['line\nbreak\r\nand\rreturn', 1e21, null, null],
  ['  spaces  ', 0.1 + 0.2, at('9999-12-31T00:00:00', false), at('1970-01-01T00:00:00', true)],
  ['', Number.MAX_SAFE_INTEGER + 2, at('1000-01-01T00:00:00', false), null],
  [null, 5e-324, null, null],
  ['NULL', -123456.789, null, null],
  ['表情 😀 ,"', null, null, null],
];

describe('DuckDB writer: a streamed load staged as CSV', () => {
  it('gives back every value as it was: texts, numbers to the bit, dates (a column without times becomes DATE)', async () => {
    const n = await writer.load(target('values'), async (loader) => {
      for (const row of ROWS.slice(0, 4)) loader.add(row);
      await loader.flush();
      for (const row of ROWS.slice(4)) loader.add(row);
    });
    expect(n).toBe(ROWS.length);
    const got = await content('values');
    expect(got.types).toEqual(['BIGINT', 'VARCHAR', 'DOUBLE', 'DATE', 'TIMESTAMP', 'BOOLEAN']);
    const ms = (v: StoreValue) => (v instanceof NaiveDate ? v.ms : null);
    expect(got.rows).toEqual(ROWS.map((r, i) => [i + 1, r[0], r[1], ms(r[2]), ms(r[3]), false]));
    // negative zero keeps its sign
    expect(Object.is(got.rows[1]![2], -0)).toBe(true);
    expect(staged()).toEqual([]);
  });

  it('appends with keys after the largest; replace makes a new table; an empty load adds nothing', async () => {
    await writer.load(target('more'), async (loader) => loader.add(ROWS[0]!));
    await writer.load(target('more', 'append'), async (loader) => {
      loader.add(ROWS[1]!);
      loader.add(ROWS[2]!);
    });
    expect((await content('more')).rows.map((r) => [r[0], r[1]])).toEqual([
      [1, 'plain'],
      [2, 'say "hi", then, go'],
      [3, 'line\nbreak\r\nand\rreturn'],
    ]);
    expect(await writer.load(target('more', 'append'), async () => undefined)).toBe(0);
    await writer.load(target('more', 'replace'), async (loader) => loader.add(ROWS[3]!));
    expect((await content('more')).rows.map((r) => [r[0], r[1]])).toEqual([[4, '  spaces  ']]);
    expect(staged()).toEqual([]);
  });

  it('a large load goes in through several staged files (read in while the next is written), every row once, in key order', async () => {
    const N = 150_000;
    const text = (i: number) => (i % 50_000 === 7 ? `row ${i}\nsecond line` : `row ${i} ${'x'.repeat(40)}`);
    const n = await writer.load(target('large'), async (loader) => {
      for (let i = 0; i < N; i++) {
        loader.add([text(i), i / 4, null, at('2024-01-01T00:00:00', i === N - 1)]);
        if (i % 10_000 === 9_999) await loader.flush();
      }
    });
    expect(n).toBe(N);
    const got = await driver.withConnection(async (conn) =>
      (await conn.runAndReadAll(`SELECT count(*)::DOUBLE, count(DISTINCT key_id)::DOUBLE, min(key_id)::DOUBLE, max(key_id)::DOUBLE, sum(n), sum(CASE WHEN "名称" = 'row ' || (key_id - 1) || ' ' || repeat('x', 40) OR "名称" = 'row ' || (key_id - 1) || chr(10) || 'second line' THEN 1 ELSE 0 END)::DOUBLE FROM ${tableRef('large')}`)).getRows()[0],
    );
    expect(got).toEqual([N, N, 1, N, ((N - 1) * N) / 2 / 4, N]);
    expect(staged()).toEqual([]);
  });

  it('takes a text longer than read_csv’s default line (2 MB), with line breaks in it', async () => {
    const long = `${'长文本 '.repeat(400_000)}\n${'x'.repeat(1_000_000)}`;
    await writer.load(target('long'), async (loader) => {
      loader.add([long, 1, null, null]);
      loader.add(['short', 2, null, null]);
    });
    const got = await driver.withConnection(async (conn) => (await conn.runAndReadAll(`SELECT "名称" FROM ${tableRef('long')} ORDER BY key_id`)).getRows().map((r) => r[0]));
    expect(got).toEqual([long, 'short']);
  });

  it('a load that fails or is cancelled leaves the table as it was and no staged file behind', async () => {
    await writer.load(target('kept'), async (loader) => loader.add(ROWS[0]!));
    const before = await content('kept');
    await expect(
      writer.load(target('kept', 'replace'), async (loader) => {
        loader.add(ROWS[1]!);
        await loader.flush();
        throw new Error('the source broke');
      }),
    ).rejects.toThrow('the source broke');
    const stop = new AbortController();
    await expect(
      writer.load(
        target('kept', 'append'),
        async (loader) => {
          loader.add(ROWS[2]!);
          stop.abort();
        },
        stop.signal,
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect(await content('kept')).toEqual(before);
    expect(staged()).toEqual([]);
  });
});
