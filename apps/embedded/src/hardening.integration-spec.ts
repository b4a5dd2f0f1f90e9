import fc from 'fast-check';
import { cartesianPairs } from '@bi/charts';
import { analyticsDataDir, startTestStack, type TestStack } from './testing.js';

// Issue 12 (items 1, 3, 4, 5, 10): hostile and careless input through the BFF — every reproduction of
// the issue as a test, and a fuzz run of generated hostile values over every filter and text input.

const REGIONS = ['East', 'North', 'South', 'West'];

describe('hostile input (issue 12)', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let sales: { dataSourceId: string; projectId: string };
  let other: { dataSourceId: string };
  let dashboardId: string;
  /** admin's chart over sales: region × sum(amount), with order_date as a second dimension for point details */
  let chartA: string;
  /** the viewer's chart over the viewer's own source */
  let chartB: string;
  const en = { currentLanguage: 'en' };

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('hardening', [
      'CREATE TABLE sales (id INTEGER, order_date DATE, region VARCHAR, amount DOUBLE)',
      `INSERT INTO sales SELECT i, DATE '2024-01-01' + (i % 300)::INTEGER, ['East', 'North', 'South', 'West'][(i % 4) + 1], (i % 50) * 1.5 FROM range(1, 401) t(i)`,
      'CREATE TABLE other (region VARCHAR, amount DOUBLE)',
      "INSERT INTO other VALUES ('East', 1), ('West', 2)",
    ]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_CHART_CACHE_SECONDS: '1' });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    const folder = await ok('POST', '/api/data_source/proj', { name: 'Hostile input' });
    sales = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales hostile', tableName: 'sales', tableSchema: 'main' })).dataSource;
    other = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Viewer own', tableName: 'other', tableSchema: 'main' })).dataSource;
    // the viewer created the other source: the viewer's own, as the analyst's upload was in the issue
    await stack.runtime.db.query("UPDATE data_source.sources SET created_by = (SELECT id FROM identity.users WHERE user_name = 'viewer') WHERE id = $1", [other.dataSourceId]);
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Hostile board' })).projectId;
    dashboardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Hostile board', projectId })).dashboardId;
    chartA = (await newChart({ points: [field('region', 'string')], values: [field('amount', 'number', { aggregator: 'sum' })] })).chartId;
    chartB = (await newChart({ points: [field('region', 'string')], values: [field('amount', 'number', { aggregator: 'sum' })] }, other.dataSourceId)).chartId;
  });
  afterAll(async () => stack?.stop());

  const call = (method: string, path: string, body?: unknown, token = admin) => stack.api(path, { method, body, token, headers: en });
  async function ok(method: string, path: string, body?: unknown, token = admin) {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    return r.body.data;
  }
  const field = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType, ...extra });
  async function newChart(definition: Record<string, unknown>, dataSourceId = sales.dataSourceId) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'hostile', dataSourceId, type: 'bar' });
    return ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'hostile', dataSourceId, type: 'bar', points: [], values: [], ...definition });
  }
  /** A chart written straight into the store (as one saved before today's checks), never read before. */
  async function storedChart(definition: Record<string, unknown>) {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${dashboardId}`, { title: 'stored', dataSourceId: sales.dataSourceId, type: 'bar' });
    await stack.runtime.db.query('UPDATE dashboard.charts SET definition = definition || $2::jsonb WHERE id = $1', [chartId, JSON.stringify(definition)]);
    return chartId as string;
  }
  const run = (chartId: string, body: unknown = {}, token = admin) => call('POST', `/api/dashboard/chart/dashboard/${chartId}`, body, token);
  /** The answer, or 'stalled' when none came within the deadline (the stall of the issue: 90 s; the bound is far
   *  below it and far above a busy machine's slowest answer, so it checks the stall, not the speed). */
  const STALL_BOUND_MS = 20_000;
  const within = <T>(ms: number, p: Promise<T>) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([p, new Promise<'stalled'>((r) => (timer = setTimeout(() => r('stalled'), ms)))]).finally(() => clearTimeout(timer));
  };
  let fresh = 0;
  /** The viewer's chart under a filter value never asked before, so the answer is computed, not kept. */
  const viewerRun = () => run(chartB, { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'greaterThan', range: [-1 - ++fresh] }] }, viewer);
  const regionsOf = (answer: any) => cartesianPairs(answer.option).map(([region]) => String(region));

  describe('item 1: one oversized filter value', () => {
    const oversized: [string, string, unknown][] = [
      ['a number equal to 80 000 characters', 'chart', { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'equal', range: ['x'.repeat(80_000)] }] }],
      ['a date filter of 100 000 quotes', 'chart', { innerFilters: [{ name: 'order_date', dataType: 'date', range: ["'".repeat(100_000), '2024-12-31'] }] }],
      ['a text filter of 50 000 backslashes', 'chart', { globalFilters: [{ name: 'region', dataType: 'string', range: ['\\'.repeat(50_000)] }] }],
      ['a text filter of 20 000 emoji', 'chart', { innerFilters: [{ name: 'region', dataType: 'string', range: ['😀'.repeat(20_000)] }] }],
      ['a number range of 20 000 integers', 'chart', { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'range', range: Array.from({ length: 20_000 }, (_, i) => i) }] }],
      ['a point-detail filter value of 80 000 characters', 'detail', { logic: 0, filterItems: [{ field: { name: 'amount', dataType: 'number' }, compare: '=', compareValue: 'x'.repeat(80_000) }] }],
    ];

    it.each(oversized)("a second user's chart run answers (no stall) while %s is refused", async (_what, route, body) => {
      expect((await viewerRun()).status).toBe(200);
      const path = route === 'chart' ? `/api/dashboard/chart/dashboard/${chartA}` : `/api/dashboard/detail/dashboard/${chartA}?filterKey=East`;
      const refused = call('POST', path, body);
      const during = await within(STALL_BOUND_MS, viewerRun());
      const r = await within(10_000, refused);
      expect(r === 'stalled' ? r : [r.status, r.body.status]).toEqual([400, 'fail']);
      if (r === 'stalled') return;
      // the refusal names the bound, and echoes at most a short excerpt of the value
      expect(String(r.body.data).length).toBeLessThan(200);
      expect(during === 'stalled' ? during : during.status).toBe(200);
      const after = await within(STALL_BOUND_MS, viewerRun());
      expect(after === 'stalled' ? after : after.status).toBe(200);
    });

    it('documents the bounds in its messages: 1 000 values a list, 1 000 characters a value', async () => {
      const long = await run(chartA, { innerFilters: [{ name: 'region', dataType: 'string', range: ['x'.repeat(1001)] }] });
      expect([long.status, long.body.data]).toEqual([400, 'Illegal input: innerFilters.0.range.0: Too big: expected string to have <=1000 characters']);
      const many = await run(chartA, { innerFilters: [{ name: 'region', dataType: 'string', range: Array.from({ length: 1001 }, (_, i) => `r${i}`) }] });
      expect([many.status, many.body.data]).toEqual([400, 'Illegal input: innerFilters.0.range: Too big: expected array to have <=1000 items']);
      const bad = await run(chartA, { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'equal', range: ['y'.repeat(1000)] }] });
      expect([bad.status, bad.body.data]).toEqual([400, `The filter value ${'y'.repeat(40)}… does not fit the field amount`]);
      // a stored chart past the bounds (saved before they were checked) is refused by the chart service the same way
      const stored = await storedChart({
        points: [field('region', 'string')],
        values: [field('amount', 'number')],
        innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'equal', range: ['z'.repeat(80_000)] }],
      });
      const r = await run(stored);
      expect([r.status, String(r.body.data).length < 200]).toEqual([400, true]);
      expect((await within(STALL_BOUND_MS, viewerRun())) !== 'stalled').toBe(true);
    });
  });

  describe('item 3: NUL characters and lone surrogates', () => {
    const invalid = (field: string) => `${field}: the text contains a NUL character or a broken Unicode character and cannot be saved`;

    it('refuses them in a chart save (title, alias, field-filter value) with a clear message, not a 500', async () => {
      const chart = await newChart({ points: [field('region', 'string')], values: [field('amount', 'number')] });
      const save = (patch: Record<string, unknown>) => call('PUT', '/api/chart-edit/dashboard', { ...chart, ...patch });
      for (const bad of ['a\u0000b', 'a\uD800b', '\uDFFF']) {
        const title = await save({ title: bad });
        expect([title.status, title.body.data]).toEqual([400, invalid('title')]);
        const alias = await save({ points: [field('region', 'string', { title: bad })] });
        expect([alias.status, alias.body.data]).toEqual([400, invalid('points.0.title')]);
        const filter = await save({ points: [field('region', 'string', { fieldFilter: { logic: 0, conditions: [{ field: { name: 'region' }, compare: '=', compareValue: bad }] } })] });
        expect([filter.status, filter.body.data]).toEqual([400, invalid('points.0.fieldFilter.conditions.0.compareValue')]);
        const run1 = await run(chart.chartId, { innerFilters: [{ name: 'region', dataType: 'string', range: [bad] }] });
        expect([run1.status, run1.body.data]).toEqual([400, invalid('innerFilters.0.range.0')]);
      }
      // the chart is as it was
      expect((await ok('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, {})).chart.title).toBe('hostile');
    });

    it('refuses them in updateSchema: field title, calculated-field name and expression', async () => {
      const source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: sales.projectId, name: 'Schema hostile', tableName: 'sales', tableSchema: 'main' })).dataSource;
      const base = source.fields.map((f: any) => ({ name: f.name, title: f.title, dataType: f.dataType, expression: '', aggregator: f.aggregator }));
      const update = (fields: object[]) => call('PUT', `/api/data_source/updateSchema/${source.dataSourceId}`, { fields });
      const title = await update([{ ...base[0], title: 'x\u0000' }, ...base.slice(1)]);
      expect([title.status, title.body.data]).toEqual([400, invalid('fields.0.title')]);
      const name = await update([...base, { name: 'calc\u0000"; DROP TABLE sales; --', title: 'Calc', expression: 'amount * 2' }]);
      expect([name.status, name.body.data]).toEqual([400, invalid(`fields.${base.length}.name`)]);
      const expression = await update([...base, { name: 'calc', title: 'Calc', expression: "'\uD800' || amount" }]);
      expect([expression.status, expression.body.data]).toEqual([400, invalid(`fields.${base.length}.expression`)]);
      // nothing of them reached a statement
      expect(stack.logLines.some((l) => l.includes('DROP TABLE sales'))).toBe(false);
    });

    it('refuses an upload whose file name holds a NUL character', async () => {
      const form = new FormData();
      form.append('file', new Blob(['a,b\n1,2\n']), 'data\u0000.csv');
      const res = await fetch(`${stack.url}/api/excel_upload/upload/create`, { method: 'POST', headers: { authorization: admin, currentLanguage: 'en' }, body: form });
      const body = (await res.json()) as { status: string; data: string };
      expect([res.status, body]).toEqual([400, { status: 'fail', data: invalid('file name') }]);
    });
  });

  describe('item 4: customOption bounded in size and depth', () => {
    it('refuses a deeply nested custom option when saved', async () => {
      const chart = await newChart({ points: [field('region', 'string')], values: [field('amount', 'number')] });
      const arrays = `{"series":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      let objects = '1';
      for (let i = 0; i < 5000; i++) objects = `{"a":${objects}}`;
      for (const customOption of [arrays, objects]) {
        const r = await call('PUT', '/api/chart-edit/change-custom-option/dashboard', { chartId: chart.chartId, customOption });
        expect([r.status, r.body.data]).toEqual([400, 'The custom option may have at most 100000 characters, nested at most 20 levels']);
      }
      const saved = await ok('PUT', '/api/chart-edit/change-custom-option/dashboard', { chartId: chart.chartId, customOption: '{"series":[{"label":{"show":true}}]}' });
      expect(saved.customOption).toBe('{"series":[{"label":{"show":true}}]}');
      expect((await ok('POST', `/api/dashboard/chart/dashboard/${chart.chartId}`, {})).option.series[0].label.show).toBe(true);
    });

    it('draws a chart stored with a bad one without it (a warning), instead of failing every run', async () => {
      const chartId = await storedChart({ points: [field('region', 'string')], values: [field('amount', 'number')], customOption: `{"series":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
      for (let i = 0; i < 2; i++) {
        const r = await run(chartId);
        expect(r.status).toBe(200);
        expect(regionsOf(r.body.data).sort()).toEqual(REGIONS);
        expect(r.body.data.meta.warnings.join(' ')).toMatch(/customOption .* nested deeper than 20 levels and was ignored/);
      }
    });
  });

  describe('item 5: engine errors', () => {
    let source: { dataSourceId: string; fields: any[] };
    const update = (fields: object[]) => call('PUT', `/api/data_source/updateSchema/${source.dataSourceId}`, { fields });
    const base = () => source.fields.map((f: any) => ({ name: f.name, title: f.title, dataType: f.dataType, expression: '', aggregator: f.aggregator }));
    beforeAll(async () => {
      source = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: sales.projectId, name: 'Engine hostile', tableName: 'sales', tableSchema: 'main' })).dataSource;
    });

    it("answers a clean validation error for the expression ' OR '1'='1", async () => {
      const r = await update([...base(), { name: 'calc2', title: 'Calc', expression: "' OR '1'='1" }]);
      expect([r.status, r.body.data]).toEqual([400, 'Expression of calc2: an operator, operand or comma is missing or out of place at token 2']);
    });

    it('logs what the database said under a request id, and shows only the id', async () => {
      const r = await update([...base(), { name: 'calc3', title: 'Calc', expression: 'region * 2' }]);
      expect(r.status).toBe(400);
      expect(r.body.data).toMatch(/^Expression of calc3: refused by the database \(request id [0-9a-f]{12}; the details are in the log\)$/);
      expect(r.body.data).not.toMatch(/Error|SELECT|LINE/);
      const id = String(r.body.data).match(/[0-9a-f]{12}/)![0];
      const logged = stack.logLines.filter((l) => l.includes(id));
      expect(logged.some((l) => l.includes('"engine error"') && /Binder Error|No function matches/.test(l))).toBe(true);
      // the same in Chinese
      const zh = await stack.api(`/api/data_source/updateSchema/${source.dataSourceId}`, { method: 'PUT', token: admin, body: { fields: [...base(), { name: 'calc3', title: 'Calc', expression: 'region * 2' }] }, headers: { currentLanguage: 'zh-CN' } });
      expect(zh.body.data).toMatch(/^calc3 的表达式被数据库拒绝（请求编号 [0-9a-f]{12}，详情见日志）$/);
    });
  });

  describe('item 10: a filter value of only spaces', () => {
    it('is a value: a text compares as it is (no row has it), a number or date is refused — never every row', async () => {
      const all = await ok('POST', `/api/dashboard/chart/dashboard/${chartA}`, {});
      expect(regionsOf(all).sort()).toEqual(REGIONS);
      const text = await ok('POST', `/api/dashboard/chart/dashboard/${chartA}`, { innerFilters: [{ name: 'region', dataType: 'string', range: ['   '] }] });
      expect(text.meta.rowCount).toBe(0);
      const number = await run(chartA, { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'equal', range: [' \t '] }] });
      expect([number.status, number.body.data]).toEqual([400, 'A filter value of amount is only spaces: enter a value or clear it']);
      const date = await run(chartA, { innerFilters: [{ name: 'order_date', dataType: 'date', range: ['  ', '2024-03-01'] }] });
      expect([date.status, date.body.data]).toEqual([400, 'A filter value of order_date is only spaces: enter a value or clear it']);
      // nothing selected is still no filter
      expect(regionsOf(await ok('POST', `/api/dashboard/chart/dashboard/${chartA}`, { innerFilters: [{ name: 'region', dataType: 'string', range: [] }] })).sort()).toEqual(REGIONS);
    });
  });

  describe('fuzz: generated hostile values over every filter and text input', () => {
    const SPECIAL = ['\u0000', '\uD800', '\uDFFF', '\\', "'", '"', '%', '_', '--', ';', '😀', ' ', '\t', '\n', 'é', '中', '\u202E', '${x}', 'NULL', ' OR 1=1'];
    const hostileText = fc.oneof(
      { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
      { arbitrary: fc.array(fc.constantFrom(...SPECIAL), { maxLength: 30 }).map((a) => a.join('')), weight: 4 },
      { arbitrary: fc.tuple(fc.constantFrom(...SPECIAL, 'x', '9'), fc.integer({ min: 500, max: 3000 })).map(([c, n]) => c.repeat(n)), weight: 1 },
      { arbitrary: fc.constantFrom('', ' ', '2024-01-01', '2024-13-45', '1e309', '-0', '0x10', 'NaN', 'Infinity', '1,5', 'East'), weight: 2 },
    );
    const hostileValue = fc.oneof(
      { arbitrary: hostileText, weight: 6 },
      { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant(1e308), fc.constant(-0)), weight: 2 },
      { arbitrary: fc.constantFrom(null, true, false, [], {}, [[['deep']]], { a: { b: 1 } }), weight: 1 },
    );
    const list = fc.oneof({ arbitrary: fc.array(hostileValue, { maxLength: 4 }), weight: 8 }, { arbitrary: fc.array(hostileValue, { minLength: 990, maxLength: 1010 }), weight: 1 });
    const numberOption = fc.constantFrom('all', 'custom', 'equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'range', 'bogus');
    const compare = fc.constantFrom('>', '<', '=', '!=', '<>', '<=', '>=', 'between', 'like', 'notLike', 'bogus');
    const fieldName = fc.oneof({ arbitrary: fc.constantFrom('region', 'amount', 'order_date', 'id'), weight: 6 }, { arbitrary: hostileText, weight: 1 });
    const rangeFilter = fc.record({ name: fieldName, dataType: fc.constantFrom('string', 'number', 'date', 'other'), range: list, numberOption, granularity: fc.constantFrom(0, 1, 2, 3, 4, 5, 9) });
    const condition = fc.record({ field: fc.record({ name: fieldName }), compare, compareValue: hostileValue, compareValueLeft: hostileValue, compareValueRight: hostileValue });

    let scratch: { chartId: string };
    let schemaSource: { dataSourceId: string; fields: any[] };
    beforeAll(async () => {
      scratch = await newChart({ points: [field('region', 'string')], values: [field('amount', 'number')] });
      schemaSource = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: sales.projectId, name: 'Fuzz schema', tableName: 'sales', tableSchema: 'main' })).dataSource;
    });

    /** One request per generated case: what it sends, for the failure report. */
    type Case = { method: string; path: string; body?: unknown };
    const encode = (s: string) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return '%ED%A0%80'; // a lone surrogate has no UTF-8 form: send the bytes it would have
      }
    };
    const cases = (): fc.Arbitrary<Case>[] => [
      fc.array(rangeFilter, { maxLength: 3 }).map((innerFilters) => ({ method: 'POST', path: `/api/dashboard/chart/dashboard/${chartA}`, body: { innerFilters } })),
      fc.array(rangeFilter, { maxLength: 3 }).map((globalFilters) => ({ method: 'POST', path: `/api/dashboard/chart/dashboard/${chartA}`, body: { globalFilters } })),
      fc.array(condition, { maxLength: 3 }).map((filterItems) => ({ method: 'POST', path: `/api/dashboard/all_details/dashboard/${chartA}`, body: { filter: { logic: 0, filterItems }, pageSize: 5 } })),
      // the point's key travels in the URL: up to the BFF's bound and one past it (a longer URL is the HTTP server's 431)
      fc.tuple(hostileText, fc.array(condition, { maxLength: 2 })).map(([key, filterItems]) => ({ method: 'POST', path: `/api/dashboard/detail/dashboard/${chartA}?filterKey=${encode(key.slice(0, 1001))}`, body: { logic: 1, filterItems, pageSize: 5 } })),
      fc.array(condition, { maxLength: 3 }).map((conditions) => ({ method: 'PUT', path: '/api/chart-edit/dashboard', body: { ...scratch, points: [field('region', 'string', { fieldFilter: { logic: 1, conditions } })] } })),
      fc.tuple(hostileText, hostileText).map(([title, alias]) => ({ method: 'PUT', path: '/api/chart-edit/dashboard', body: { ...scratch, title, values: [field('amount', 'number', { title: alias })] } })),
      fc.array(rangeFilter, { maxLength: 2 }).map((innerFilters) => ({ method: 'PUT', path: '/api/chart-edit/dashboard', body: { ...scratch, innerFilters } })),
      hostileText.map((customOption) => ({ method: 'PUT', path: '/api/chart-edit/change-custom-option/dashboard', body: { chartId: scratch.chartId, customOption } })),
      fc.tuple(hostileText, hostileText, hostileText).map(([title, name, expression]) => ({
        method: 'PUT',
        path: `/api/data_source/updateSchema/${schemaSource.dataSourceId}`,
        body: { fields: [...schemaSource.fields.map((f: any, i: number) => ({ ...f, title: i === 0 ? title : f.title })), { name, title: 'Calc', expression, aggregator: '' }] },
      })),
    ];

    it('answers 400 or success to 2 000 generated hostile values, never 5xx, and the chart stays healthy', async () => {
      const arbitraries = cases();
      const generated: Case[] = [];
      // 250 cases a kind, each carrying one or more generated values: well over 2 000 values in all
      arbitraries.forEach((a, i) => generated.push(...fc.sample(a, { numRuns: 250, seed: 12_000 + i })));
      expect(generated.length).toBeGreaterThanOrEqual(2000);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (let i = 0; i < generated.length; i += 8) {
        await Promise.all(
          generated.slice(i, i + 8).map(async (c) => {
            const r = await call(c.method, c.path, c.body);
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            const message = typeof r.body?.data === 'string' ? r.body.data : '';
            if (![200, 400].includes(r.status) || !['success', 'fail'].includes(r.body?.status) || (r.status === 400 && message.length > 300)) {
              failures.push(`${r.status} ${c.method} ${c.path.slice(0, 80)} ${JSON.stringify(c.body).slice(0, 300)} → ${JSON.stringify(r.body).slice(0, 300)}`);
            }
          }),
        );
      }
      expect(failures.slice(0, 5)).toEqual([]);
      // both kinds of answer were met: the generator reaches the refusals and the successes
      expect(statuses.get(400)).toBeGreaterThan(100);
      expect(statuses.get(200)).toBeGreaterThan(100);
      // healthy afterwards: the service is ready, and a chart draws its four regions in time
      expect((await call('GET', '/api/health/ready')).status).toBe(200);
      const after = await within(STALL_BOUND_MS, run(chartA, { innerFilters: [{ name: 'amount', dataType: 'number', numberOption: 'greaterThan', range: [-12_345] }] }));
      expect(after === 'stalled' ? after : regionsOf(after.body.data).sort()).toEqual(REGIONS);
    });
  });
});
