import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { waitFor } from '@bi/messaging';
import { restCalls, startTestStack, type TestStack } from './testing.js';

// Kept rollups, the rest of issue 31 through the BFF, on a public sample dataset installed from a
// package (vega-datasets' seattle-weather.csv: 1 461 days of 2012–2015, not generated here):
// - the source page's list (GET /api/data_source/rollups/:id): grouping, rows, size, hits (counted by
//   chart-query, recorded in batches), last build and whether it is current;
// - the per-source switch (PUT): off → the rollups dropped, every chart runs on the table with
//   "switched off" in meta.rollup and the debug log; on → built again;
// - the charts' numbers (sum / avg / count / min / max at day, month and year, a stored filter) are the
//   same with rollups on and off (floating sums within 1e-9 relative: ADR 0022);
// - a dashboard global filter on a field no chart groups by: its field becomes a rollup dimension
//   once the filter is saved, and the filtered chart is answered from the rollup.

const require = createRequire(join(process.cwd(), 'package.json'));
const weatherCsv = join(dirname(require.resolve('vega-datasets')), '..', 'data', 'seattle-weather.csv');

type Answer = { option: { table: { rows: { values: Record<string, unknown> }[] } }; meta: { rollup?: { used: boolean; reason?: string; id?: string } } };
type Listing = { applies: boolean; enabled: boolean; globalOff: boolean; editable: boolean; dataVersion: number; rollups: { id: string; dimensions: { name: string; grain: string | null }[]; rows: number; sizeBytes: number; hits: number; builtAt: string; current: boolean; dataVersion: number }[] };

describe('kept rollups: the source page, the switch, dashboard filters, a public dataset', () => {
  let stack: TestStack;
  let admin: string;
  let sourceId: string;
  let dashboardId: string;
  const charts: Record<string, string> = {};
  const { ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType, ...extra });
  const run = (id: string, body: Record<string, unknown> = {}): Promise<Answer> => ok('POST', `/api/dashboard/chart/dashboard/${id}`, body);
  const listing = (): Promise<Listing> => ok('GET', `/api/data_source/rollups/${sourceId}`);
  const rows = (a: Answer) => a.option.table.rows.map((r) => r.values);

  /** The rows of two answers agree: text exactly, numbers exactly or (floating sums) within 1e-9 relative. */
  function expectSameNumbers(a: Answer, b: Answer) {
    const [x, y] = [rows(a), rows(b)];
    expect(x.length).toBeGreaterThan(0);
    expect(x.length).toBe(y.length);
    x.forEach((r, i) => {
      expect(Object.keys(r).sort()).toEqual(Object.keys(y[i]!).sort());
      for (const [k, v] of Object.entries(r)) {
        const w = y[i]![k];
        if (typeof v === 'number' && typeof w === 'number') expect(Math.abs(v - w)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(v), Math.abs(w)));
        else expect(v).toEqual(w);
      }
    });
  }

  beforeAll(async () => {
    stack = await startTestStack({ BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-rollup-settings-data-')) });
    admin = await stack.login('admin');
    const folder = (await ok('POST', '/api/data_source/proj', { name: 'Weather' })).projectId;
    const form = new FormData();
    form.append('file', new Blob([readFileSync(weatherCsv)]), 'seattle-weather.csv');
    const up = await (await fetch(`${stack.url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: admin, currentLanguage: 'en' } })).json();
    if (up.status !== 'success') throw new Error(JSON.stringify(up));
    const columns = [
      { name: 'date', type: 'date' },
      { name: 'precipitation', type: 'number' },
      { name: 'temp_max', type: 'number' },
      { name: 'temp_min', type: 'number' },
      { name: 'wind', type: 'number' },
      { name: 'weather', type: 'string' },
    ];
    sourceId = (await ok('POST', '/api/excel_upload/import/create', { uploadId: up.data.uploadId, sheet: up.data.sheets[0].name, projectId: folder, tableName: 'seattle_weather', columns })).dataSource.dataSourceId;
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Weather boards' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Seattle', projectId: project })).dashboardId;
    const save = async (title: string, def: Record<string, unknown>) => {
      const id = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title, dataSourceId: sourceId, type: 'table' });
      await ok('PUT', '/api/chart-edit/dashboard', { chartId: id, title, type: 'table', dataSourceId: sourceId, ...def });
      return id as string;
    };
    charts.monthly = await save('Monthly', {
      points: [field('date', 'date', { granularity: 3 })],
      values: [field('precipitation', 'number', { aggregator: 'sum' }), field('temp_max', 'number', { aggregator: 'avg' }), field('weather', 'string', { aggregator: 'count' })],
    });
    charts.yearly = await save('Yearly', {
      points: [field('date', 'date', { granularity: 1 })],
      values: [field('temp_min', 'number', { aggregator: 'min' }), field('temp_max', 'number', { aggregator: 'max' }), field('wind', 'number', { aggregator: 'avg' })],
    });
    charts.rainyDays = await save('Rainy days', {
      points: [field('date', 'date', { granularity: 5 })],
      values: [field('precipitation', 'number', { aggregator: 'sum' }), field('precipitation', 'number', { aggregator: 'max' })],
      innerFilters: [{ name: 'weather', dataType: 'string', range: ['rain'] }],
    });
    charts.byKind = await save('By kind', {
      points: [field('weather', 'string'), field('date', 'date', { granularity: 1 })],
      values: [field('wind', 'number', { aggregator: 'count' }), field('precipitation', 'number', { aggregator: 'avg' })],
    });
    // chart-query chooses and data-source builds after the saves
    await waitFor(async () => (await listing()).rollups.length === 2, 30_000, 'the rollups of the saved charts');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('lists the rollups with their grouping, rows, size and last build, and counts hits in batches', async () => {
    const before = await listing();
    expect(before).toMatchObject({ applies: true, enabled: true, globalOff: false, editable: true });
    for (const r of before.rollups) {
      expect(r).toMatchObject({ current: true, dataVersion: before.dataVersion, hits: 0 });
      expect(r.rows).toBeGreaterThan(0);
      expect(r.sizeBytes).toBeGreaterThan(0);
      expect(r.dimensions.find((d) => d.name === 'date')).toEqual(expect.objectContaining({ grain: 'day' }));
      expect(Date.parse(r.builtAt)).not.toBeNaN();
    }
    const hits = async () => (await listing()).rollups.reduce((n, r) => n + r.hits, 0);
    // the keeper may still be choosing again after the last saves (a new build starts its hits anew):
    // settled when every chart is served by a rollup and the recorded hits stay put over a flush period
    // (each look with a date filter not asked before: a kept answer is not a hit, and the plain runs below stay unasked)
    let look = 0;
    await waitFor(async () => {
      look += 1;
      const asked = { innerFilters: [{ name: 'date', dataType: 'date', range: [`2011-${String(1 + (look % 12)).padStart(2, '0')}-${String(1 + (look % 28)).padStart(2, '0')}`, '2016-01-01'] }] };
      for (const id of Object.values(charts)) if (!(await run(id, asked)).meta.rollup.used) return false;
      return true;
    }, 30_000, 'every chart served by a rollup');
    let settled = -1;
    await waitFor(async () => {
      const now = await hits();
      if (now === settled) return true;
      settled = now;
      await new Promise((r) => setTimeout(r, 2_500));
      return false;
    }, 30_000, 'the hits so far recorded');
    for (const id of Object.values(charts)) expect((await run(id)).meta.rollup).toMatchObject({ used: true });
    await waitFor(async () => (await hits()) === settled + Object.keys(charts).length, 20_000, 'the hits recorded');
  });

  it('the public dataset: every chart’s numbers are the same with rollups on and switched off', async () => {
    const on: Record<string, Answer> = {};
    for (const [k, id] of Object.entries(charts)) on[k] = await run(id);
    const off = await ok('PUT', `/api/data_source/rollups/${sourceId}`, { enabled: false });
    expect(off).toMatchObject({ enabled: false, rollups: [] });
    for (const [k, id] of Object.entries(charts)) {
      const raw = await run(id);
      expect(on[k]!.meta.rollup).toMatchObject({ used: true });
      expect(raw.meta.rollup).toEqual({ used: false, reason: 'rollups are switched off for this source' });
      expectSameNumbers(on[k]!, raw);
    }
    expect(stack.logLines.some((l) => l.includes('chart not from a rollup') && l.includes('switched off for this source'))).toBe(true);
    // switched on: built again, and the charts are answered from them
    expect(await ok('PUT', `/api/data_source/rollups/${sourceId}`, { enabled: true })).toMatchObject({ enabled: true });
    await waitFor(async () => (await listing()).rollups.length === 2, 30_000, 'the rollups built again');
    for (const [k, id] of Object.entries(charts)) {
      const again = await run(id);
      expect(again.meta.rollup).toMatchObject({ used: true });
      expectSameNumbers(on[k]!, again);
    }
  });

  it('a dashboard filter on a field no chart groups by: after the filter is saved, the filtered chart runs from a rollup', async () => {
    const sunny = { globalFilters: [{ name: 'wind', dataType: 'number', range: [0, 3] }] };
    const first = await run(charts.monthly!, sunny);
    expect(first.meta.rollup).toEqual({ used: false, reason: 'no rollup groups by the filtered field wind' });
    await ok('POST', `/api/global_filter/dashboard/${dashboardId}`, [{ id: 'f-wind', name: 'wind', dataType: 'number', dataSourceId: sourceId, range: [] }]);
    await waitFor(async () => (await listing()).rollups.some((r) => r.dimensions.some((d) => d.name === 'wind')), 30_000, 'a rollup grouped by the filter field');
    const again = await run(charts.monthly!, sunny);
    expect(again.meta.rollup).toMatchObject({ used: true });
    expectSameNumbers(first, again);
  });
});
