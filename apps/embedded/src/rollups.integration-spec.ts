import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@bi/messaging';
import { restCalls, startTestStack, type TestStack } from './testing.js';

// Kept rollups (issue 31, ADR 0022) through the BFF: an uploaded table's saved chart makes
// chart-query choose a rollup, the data-source service builds it for the data version; the chart is
// then answered from it with the table's numbers (meta.rollup); an append and a replace rebuild it
// for the new version and the answers show the new rows; an append merges its rows into the rollup in
// its own transaction, so the very next run is served by it; a count of distinct values runs raw.

const dir = mkdtempSync(join(tmpdir(), 'bi-rollups-'));

interface Row {
  day: string;
  category: string;
  amount: number;
  qty: number;
}
const rowsOf = (n: number, seed: number): Row[] =>
  Array.from({ length: n }, (_, k) => {
    const i = k + seed;
    const d = new Date(Date.UTC(2024, 0, 1 + ((i * 7) % 120)));
    return { day: d.toISOString().slice(0, 10), category: ['A', 'B', 'C'][i % 3]!, amount: ((i * 37) % 1000) - 200, qty: (i % 5) + 1 };
  });
const csv = (rows: Row[]) => 'day,category,amount,qty\n' + rows.map((r) => `${r.day},${r.category},${r.amount},${r.qty}`).join('\n') + '\n';

/** month → [sum(amount), avg(amount), count(qty)], as the chart computes them. */
function expected(rows: Row[]): Map<string, [number, number, number]> {
  const by = new Map<string, Row[]>();
  for (const r of rows) {
    const m = `${r.day.slice(0, 7)}-01`;
    by.set(m, [...(by.get(m) ?? []), r]);
  }
  return new Map(
    [...by].sort(([a], [b]) => a.localeCompare(b)).map(([m, rs]) => {
      const sum = rs.reduce((s, r) => s + r.amount, 0);
      return [m, [sum, sum / rs.length, rs.length]];
    }),
  );
}

describe('kept rollups', () => {
  let stack: TestStack;
  let admin: string;
  let sourceId: string;
  let chartId: string;
  let distinctChart: string;
  const { ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType, ...extra });

  async function upload(name: string, content: string, action: string) {
    const path = join(dir, name);
    writeFileSync(path, content);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path)]), name);
    const res = await fetch(`${stack.url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: admin, currentLanguage: 'en' } });
    const body = await res.json();
    if (body.status !== 'success') throw new Error(JSON.stringify(body));
    return body.data;
  }
  const columns = [
    { name: 'day', type: 'date', targetName: 'day' },
    { name: 'category', type: 'string', targetName: 'category' },
    { name: 'amount', type: 'number', targetName: 'amount' },
    { name: 'qty', type: 'number', targetName: 'qty' },
  ];
  /** The data-source service's log of the rollups it kept for the source at `version`. */
  const keptAt = (version: number) =>
    stack.logLines.some((l) => {
      if (!l.includes('rollups kept')) return false;
      const j = JSON.parse(l);
      return j.dataSourceId === sourceId && j.dataVersion === version && j.kept >= 1;
    });
  /** How many builds the data-source service kept rollups in for the source. */
  const builds = () => stack.logLines.filter((l) => l.includes('rollups kept') && JSON.parse(l).dataSourceId === sourceId && JSON.parse(l).kept >= 1).length;
  const run = async (id: string, body: Record<string, unknown> = {}, token = admin) => ok('POST', `/api/dashboard/chart/dashboard/${id}`, body, token);
  /** The table chart's rows as [month, sum, avg, count]. */
  const points = (answer: { option: { table: { rows: { values: Record<string, unknown> }[] } } }) => answer.option.table.rows.map((r) => [r.values.d0, r.values.m0, r.values.m1, r.values.m2]);

  beforeAll(async () => {
    stack = await startTestStack({ BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-rollups-data-')) });
    admin = await stack.login('admin');
    const folder = (await ok('POST', '/api/data_source/proj', { name: 'Rollup sources' })).projectId;
    const up = await upload('sales.csv', csv(rowsOf(60, 0)), 'create');
    const imported = await ok('POST', '/api/excel_upload/import/create', { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: 'rollup_sales', columns: columns.map(({ targetName: _t, ...c }) => c) });
    sourceId = imported.dataSource.dataSourceId;
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Rollup board folder' })).projectId;
    const dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Rollup board', projectId: project })).dashboardId;
    const save = async (title: string, values: unknown[]) => {
      const id = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title, dataSourceId: sourceId, type: 'table' });
      await ok('PUT', '/api/chart-edit/dashboard', { chartId: id, title, type: 'table', dataSourceId: sourceId, points: [field('day', 'date', { granularity: 3 })], values });
      return id;
    };
    chartId = await save('Monthly', [field('amount', 'number', { aggregator: 'sum' }), field('amount', 'number', { aggregator: 'avg' }), field('qty', 'number', { aggregator: 'count' })]);
    distinctChart = await save('Distinct', [field('category', 'string', { aggregator: 'countDistinct' })]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const expectNumbers = (answer: Parameters<typeof points>[0], rows: Row[]) => {
    const want = expected(rows);
    const got = points(answer);
    expect(got.map((r) => String(r[0]).slice(0, 7))).toEqual([...want.keys()].map((m) => m.slice(0, 7)));
    got.forEach((r, i) => {
      const [sum, avg, count] = [...want.values()][i]!;
      expect(Number(r[1])).toBe(sum);
      expect(Number(r[2])).toBeCloseTo(avg, 9);
      expect(Number(r[3])).toBe(count);
    });
  };

  it('builds a rollup after the chart is saved and answers the chart from it with the table numbers', async () => {
    await waitFor(() => keptAt(1), 60_000, 'the rollup of version 1');
    const answer = await run(chartId);
    expect(answer.meta.rollup).toMatchObject({ used: true, dataVersion: 1 });
    expectNumbers(answer, rowsOf(60, 0));
  });

  it('runs a count of distinct values on the table, and says why', async () => {
    const answer = await run(distinctChart);
    expect(answer.meta.rollup).toEqual({ used: false, reason: 'a count of distinct values of category does not roll up' });
  });

  it('an append: the merged rollup serves the new rows at the new version, and the keeper builds nothing again', async () => {
    type Listed = { id: string; rows: number; sizeBytes: number; dataVersion: number };
    const listed = async () => (await ok('GET', `/api/data_source/rollups/${sourceId}`)).rollups as Listed[];
    const before = await listed();
    const up = await upload('more.csv', csv(rowsOf(25, 1000)), 'append');
    const r = await ok('POST', '/api/excel_upload/import/append', { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: sourceId, columns });
    expect(r.dataSource.dataVersion).toBe(2);
    // the source page's list: the merged rollup's rows (5 new days) and its size measured anew
    const after = await listed();
    const grown = after.filter((a) => a.dataVersion === 2 && before.some((b) => b.id === a.id && a.rows > b.rows));
    expect(grown.length).toBeGreaterThan(0);
    for (const a of grown) expect(a.sizeBytes).toBeGreaterThan(before.find((b) => b.id === a.id)!.sizeBytes);
    await waitFor(() => keptAt(2), 60_000, 'the rollup of version 2');
    // the append merged the rollup at version 2: the keeper's call after its DataChanged builds nothing again
    const atTwo = stack.logLines.filter((l) => l.includes('rollups kept')).map((l) => JSON.parse(l)).filter((j) => j.dataSourceId === sourceId && j.dataVersion === 2);
    expect(atTwo.map((j) => j.skipped)).toEqual([['current']]);
    const answer = await run(chartId);
    expect(answer.meta.rollup).toMatchObject({ used: true, dataVersion: 2 });
    expectNumbers(answer, [...rowsOf(60, 0), ...rowsOf(25, 1000)]);
  });

  it('an append merges its rows into the rollup in its own transaction: the next run is served by it, with the raw query\'s numbers', async () => {
    const rows = [...rowsOf(60, 0), ...rowsOf(25, 1000), ...rowsOf(20, 3000)];
    const up = await upload('merge.csv', csv(rowsOf(20, 3000)), 'append');
    const r = await ok('POST', '/api/excel_upload/import/append', { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: sourceId, columns });
    const version = r.dataSource.dataVersion as number;
    // no waiting for a rebuild: the append's answer comes after the merged rollup is recorded at its version
    const answer = await run(chartId);
    expect(answer.meta.rollup).toMatchObject({ used: true, dataVersion: version });
    expectNumbers(answer, rows);
    // the raw query: a filter on a field no rollup groups by (every row passes) runs on the table
    const raw = await run(chartId, { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'greaterThan', range: [-1e9] }] });
    expect(raw.meta.rollup).toMatchObject({ used: false });
    expect(points(answer)).toEqual(points(raw));
  });

  it('a replace: rebuilt, and the answer holds only the new rows', async () => {
    const up = await upload('new.csv', csv(rowsOf(30, 5000)), 'replace');
    const r = await ok('POST', '/api/excel_upload/import/replace', { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId: sourceId, columns });
    const version = r.dataSource.dataVersion as number;
    await waitFor(() => keptAt(version), 60_000, 'the rollup after the replace');
    const answer = await run(chartId);
    expect(answer.meta.rollup).toMatchObject({ used: true, dataVersion: version });
    expectNumbers(answer, rowsOf(30, 5000));
  });

  it('row rules on a rolled-up field: the rollups are chosen again with the rule field, and the rule still filters', async () => {
    const rows = rowsOf(30, 5000);
    expect(await ok('POST', `/api/data_source/publish/${sourceId}`, { roleIds: ['analyst'], userIds: [] })).toEqual([]);
    await ok('PUT', `/api/data_source/row_rules/${sourceId}`, { denyByDefault: false, rules: [{ roleId: 'analyst', field: 'category', compare: '=', compareValue: 'A' }] });
    const analyst = await stack.login('analyst');
    const before = builds();
    // the rollup groups by the day only: the analyst's first run reads the table, and has the rollups chosen again
    const first = await run(chartId, {}, analyst);
    expect(first.meta.rollup).toEqual({ used: false, reason: 'no rollup groups by the filtered field category' });
    expectNumbers(first, rows.filter((r) => r.category === 'A'));
    await waitFor(() => builds() > before, 60_000, 'the rollups chosen under the row rules');
    // a filter not asked before (every day of the data), so no kept answer: from the new rollup, the rule applied
    const again = await run(chartId, { innerFilters: [{ name: 'day', dataType: 'date', range: ['2024-01-01', '2024-12-31'] }] }, analyst);
    expect(again.meta.rollup).toMatchObject({ used: true });
    expectNumbers(again, rows.filter((r) => r.category === 'A'));
  });

  it('a text filter picker (with a search, under a row rule) is answered from the rollup with the values and counts of the table', async () => {
    const rows = rowsOf(30, 5000);
    const analyst = await stack.login('analyst');
    /** the picker's values, and the debug line chart-query wrote for it (from a rollup or not) */
    const picker = async (body: Record<string, unknown>, token: string) => {
      const seen = stack.logLines.length;
      const range = (await ok('POST', '/api/field/inner_range', { tab: 'dashboard', chartId, name: 'category', ...body }, token)) as { values: { value: string; count: number }[]; more: boolean };
      const line = stack.logLines.slice(seen).find((l) => l.includes('field values') && JSON.parse(l).dataSourceId === sourceId);
      return { range, line: line ? JSON.parse(line) : undefined };
    };
    const countsOf = (rs: Row[]) => [...new Set(rs.map((r) => r.category))].sort().map((value) => ({ value, count: rs.filter((r) => r.category === value).length }));
    // the rollup groups by the day and the rule's category: every value with its rows, from it
    const all = await picker({}, admin);
    expect(all.line).toMatchObject({ msg: 'field values from rollup', field: 'category' });
    expect(all.range).toEqual({ name: 'category', dataType: 'string', values: countsOf(rows), more: false });
    // with a search
    const searched = await picker({ search: 'B' }, admin);
    expect(searched.line).toMatchObject({ msg: 'field values from rollup' });
    expect(searched.range.values).toEqual(countsOf(rows.filter((r) => r.category === 'B')));
    // under the analyst's row rule (category = A): only A, with its rows
    const ruled = await picker({}, analyst);
    expect(ruled.line).toMatchObject({ msg: 'field values from rollup' });
    expect(ruled.range.values).toEqual(countsOf(rows.filter((r) => r.category === 'A')));
    // a number field whose smallest and largest values no rollup keeps runs on the table
    const amount = await ok('POST', '/api/field/inner_range', { tab: 'dashboard', chartId, name: 'amount' }, admin);
    expect(amount).toEqual({ name: 'amount', dataType: 'number', min: Math.min(...rows.map((r) => r.amount)), max: Math.max(...rows.map((r) => r.amount)) });
  });
});
