import { cartesianPairs } from '@bi/charts';
import { analyticsDataDir, REGION_SALES_TABLE, restCalls, startTestStack, type TestStack } from './testing.js';

// Row-level rules carried through joined tables (issue 26 #2, docs/api/join-table.md "Row-level
// rules"): a chart on a join applies, for its reader, each input's rules inside that input's part of
// the join, besides the join's own. The two reproductions of the issue (a join published to a
// restricted role; a restricted analyst switching a chart onto a join), then a property test over
// generated join trees against hand-written SQL on the same DuckDB analytics store.
describe("joined tables carry their inputs' row-level rules", () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let viewer: string;
  let analyst2: string;
  let users: { id: string; userName: string }[];
  /** the admin's source on `sales` (30 rows, region East/West/North, qty 1..30), shared with analyst and viewer */
  let salesId: string;
  const { call, ok } = restCalls(() => stack, () => admin);
  const field = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({ name, title: name, dataType, ...extra });
  const userId = (userName: string) => users.find((u) => u.userName === userName)!.id;
  const REGIONS = ['East', 'West', 'North'];
  /** SUM(qty) per region of the sales rows that pass `keep` */
  const sums = (keep: (region: string) => boolean) => {
    const out = new Map<string, number>();
    for (let i = 1; i <= 30; i++) {
      const region = REGIONS[i % 3]!;
      if (keep(region)) out.set(region, (out.get(region) ?? 0) + i);
    }
    return out;
  };
  const setRules = (dataSourceId: string, body: unknown) => ok('PUT', `/api/data_source/row_rules/${dataSourceId}`, body);

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('join-row-rules', [REGION_SALES_TABLE, ...PROPERTY_TABLES.map(tableSql)]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir });
    admin = await stack.login('admin');
    await ok('POST', '/api/identity/admin/users', { userName: 'analyst2', password: 'some-pass-1', roleIds: ['analyst'] });
    users = await ok('GET', '/api/identity/admin/users');
    analyst = await stack.login('analyst');
    viewer = await stack.login('viewer');
    const first = await stack.api('/api/identity/login', { method: 'POST', body: { userName: 'analyst2', password: 'some-pass-1' } });
    await ok('POST', '/api/identity/password', { oldPassword: 'some-pass-1', newPassword: 'analyst2-pass-2' }, first.body.data.token.result.token);
    analyst2 = await stack.login('analyst2', 'analyst2-pass-2');
    const folderId = (await ok('POST', '/api/data_source/proj', { name: 'Ruled sources' })).projectId;
    salesId = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folderId, name: 'Sales', tableName: 'sales', tableSchema: 'main' })).dataSource.dataSourceId;
    expect(await ok('POST', `/api/data_source/publish/${salesId}`, { roleIds: ['viewer', 'analyst'], userIds: [] })).toEqual([]);
    // the viewer role sees East only, analyst2 West only; the analyst role is not restricted
    await setRules(salesId, {
      denyByDefault: false,
      rules: [
        { roleId: 'viewer', field: 'region', compare: '=', compareValue: 'East' },
        { userId: userId('analyst2'), field: 'region', compare: '=', compareValue: 'West' },
      ],
    });
  });
  afterAll(async () => stack?.stop());

  describe('the reproductions of issue 26 #2', () => {
    let joinId: string;
    let chartId: string;
    const chartSums = async (id: string, token: string) => new Map(cartesianPairs((await ok('POST', `/api/dashboard/chart/dashboard/${id}`, {}, token)).option) as [string, number][]);

    beforeAll(async () => {
      // the unrestricted analyst uploads a table of managers and joins the sales onto it
      const folder = (await ok('POST', '/api/data_source/proj', { name: 'Analyst sources' }, analyst)).projectId;
      const form = new FormData();
      form.append('file', new Blob(['region,manager\nEast,Li\nWest,Wang\nNorth,Chen\n']), 'managers.csv');
      const res = await fetch(`${stack.url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: analyst, currentLanguage: 'en' } });
      const up = (await res.json()).data;
      const managers = (
        await ok(
          'POST',
          '/api/excel_upload/import/create',
          { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: 'Managers', columns: [{ name: 'region', type: 'string' }, { name: 'manager', type: 'string' }] },
          analyst,
        )
      ).dataSource.dataSourceId as string;
      const join = {
        name: 'Sales x managers',
        nodeDataArray: [
          { dataSourceId: salesId, showName: 'sales', fields: [{ name: 'region', title: 'Region', check: true }, { name: 'qty', title: 'Qty', check: true }] },
          { dataSourceId: managers, showName: 'managers', fields: [{ name: 'region', title: 'Manager region', check: false }, { name: 'manager', title: 'Manager', check: true }] },
        ],
        links: [{ from: 'sales', to: 'managers', joinType: 'left', joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }],
      };
      joinId = (await ok('POST', `/api/data_source/join_table_add/${folder}`, join, analyst)).dataSourceId;
      // … and publishes the join to the viewers (and the analysts)
      expect(await ok('POST', `/api/data_source/publish/${joinId}`, { roleIds: ['viewer', 'analyst'], userIds: [] }, analyst)).toEqual([]);
      const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Analyst boards' }, analyst)).projectId;
      const boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Joined board', projectId }, analyst)).dashboardId;
      chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title: 'Qty', dataSourceId: joinId, type: 'bar' }, analyst);
      await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Qty', type: 'bar', dataSourceId: joinId, points: [field('Region', 'string')], values: [field('Qty', 'number', { aggregator: 'sum' })] }, analyst);
    });

    it('a join published to a restricted role shows that role only the rows of its rules: chart runs, kept answers, batch, details and the drill into a point', async () => {
      const east = sums((r) => r === 'East');
      for (const [token, expected] of [
        [viewer, east],
        [analyst, sums(() => true)],
        [admin, sums(() => true)],
      ] as const) {
        // twice: the second may come from the kept answers, which must be the caller's own
        expect(await chartSums(chartId, token)).toEqual(expected);
        expect(await chartSums(chartId, token)).toEqual(expected);
        const batch = await ok('POST', '/api/dashboard/charts/dashboard', { charts: [{ chartId }] }, token);
        expect(new Map(cartesianPairs(batch[0].data.option))).toEqual(expected);
      }
      const details = await ok('POST', `/api/dashboard/all_details/dashboard/${chartId}`, { pageSize: 1000 }, viewer);
      const key = (name: string) => details.columns.find((c: { name: string }) => c.name === name).key;
      expect(details.rows).toHaveLength(10);
      expect(new Set(details.rows.map((r: Record<string, unknown>) => r[key('Region')]))).toEqual(new Set(['East']));
      expect(new Set(details.rows.map((r: Record<string, unknown>) => r[key('Manager')]))).toEqual(new Set(['Li']));
      // the drill into a point of another region answers nothing
      expect((await ok('POST', `/api/dashboard/detail/dashboard/${chartId}?filterKey=West`, { pageSize: 1000 }, viewer)).rows).toEqual([]);
      expect((await ok('POST', `/api/dashboard/detail/dashboard/${chartId}?filterKey=East`, { pageSize: 1000 }, viewer)).rows).toHaveLength(10);
      expect((await ok('POST', `/api/dashboard/detail/dashboard/${chartId}?filterKey=West`, { pageSize: 1000 }, analyst)).rows).toHaveLength(10);
    });

    it('a restricted analyst who switches a chart onto the join reads only their rows and values; the whole join and the designer preview are refused to them, saving a join is not', async () => {
      const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Analyst2 boards' }, analyst2)).projectId;
      const boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Own board', projectId }, analyst2)).dashboardId;
      const own = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title: 'Mine', dataSourceId: salesId, type: 'bar' }, analyst2);
      const saved = await ok('PUT', '/api/chart-edit/dashboard', { chartId: own, title: 'Mine', type: 'bar', dataSourceId: salesId, points: [field('region', 'string')], values: [field('qty', 'number', { aggregator: 'sum' })] }, analyst2);
      const west = sums((r) => r === 'West');
      expect(await chartSums(own, analyst2)).toEqual(west);
      const switched = await ok('POST', `/api/chart-edit/change/dashboard/${joinId}`, { ...saved, points: [field('Region', 'string')], values: [field('Qty', 'number', { aggregator: 'sum' })] }, analyst2);
      expect(switched.chart.dataSourceId).toBe(joinId);
      await ok('PUT', '/api/chart-edit/dashboard', { ...switched.chart, points: [field('Region', 'string')], values: [field('Qty', 'number', { aggregator: 'sum' })] }, analyst2);
      expect(await chartSums(own, analyst2)).toEqual(west);
      expect(await chartSums(own, analyst2)).toEqual(west);
      // the filter's value list of the join's region offers only their region
      const range = await ok('POST', `/api/global_filter/range/dashboard/${boardId}`, { dataSourceId: joinId, name: 'Region' }, analyst2);
      expect(range.values).toEqual([{ value: 'West', count: 10 }]);
      // the whole join: preview and export refused, as for any source whose rules restrict the caller
      for (const path of [`/api/data_source/topds/${joinId}/10`, `/api/data_source/export/${joinId}`]) {
        const r = await call('GET', path, undefined, analyst2);
        expect([r.status, r.body.data]).toEqual([403, "Row rules limit what you see of this data source: it cannot be previewed or exported whole; use a chart's details"]);
        expect((await call('GET', path, undefined, analyst)).status).toBe(200);
      }
      // the designer's live preview shows the unfiltered join: refused to a caller an input's rules restrict
      const preview = await call('POST', '/api/data_source/join_table_preview', { nodeDataArray: [{ dataSourceId: salesId, showName: 'sales', fields: [{ name: 'region', title: 'Region', check: true }] }], links: [] }, analyst2);
      expect(preview.status).toBe(403);
      // saving a join needs no whole input: its charts carry the saver's rules like everyone's
      const folder = (await ok('POST', '/api/data_source/proj', { name: 'Analyst2 sources' }, analyst2)).projectId;
      const ownJoin = (
        await ok('POST', `/api/data_source/join_table_add/${folder}`, { name: 'Own join', nodeDataArray: [{ dataSourceId: salesId, showName: 'sales', fields: [{ name: 'region', title: 'Region', check: true }, { name: 'qty', title: 'Qty', check: true }] }], links: [] }, analyst2)
      ).dataSourceId;
      const onOwn = await ok('POST', `/api/chart-edit/change/dashboard/${ownJoin}`, switched.chart, analyst2);
      expect(onOwn.dropped).toEqual([]);
      await ok('PUT', '/api/chart-edit/dashboard', onOwn.chart, analyst2);
      expect(await chartSums(own, analyst2)).toEqual(west);
      expect((await call('GET', `/api/data_source/topds/${ownJoin}/10`, undefined, analyst2)).status).toBe(403);
    });

    it("a change of an input's rules reaches the join's charts at once (the join's fingerprint and stamp follow its inputs)", async () => {
      await setRules(salesId, { denyByDefault: true, rules: [{ roleId: 'viewer', field: 'region', compare: '=', compareValue: 'North' }] });
      expect(await chartSums(chartId, viewer)).toEqual(sums((r) => r === 'North'));
      // deny-by-default on the input: the unrestricted analyst is now denied every sales row of the join
      expect(await chartSums(chartId, analyst)).toEqual(new Map());
      expect(await chartSums(chartId, admin)).toEqual(sums(() => true));
      await setRules(salesId, {
        denyByDefault: false,
        rules: [
          { roleId: 'viewer', field: 'region', compare: '=', compareValue: 'East' },
          { userId: userId('analyst2'), field: 'region', compare: '=', compareValue: 'West' },
        ],
      });
      expect(await chartSums(chartId, viewer)).toEqual(sums((r) => r === 'East'));
      expect(await chartSums(chartId, analyst)).toEqual(sums(() => true));
    });
  });

  describe('property: chart totals on generated join trees equal hand-written SQL applying each input\'s rules', () => {
    let folderId: string;
    let boardId: string;
    const sourceIds: string[] = [];

    beforeAll(async () => {
      folderId = (await ok('POST', '/api/data_source/proj', { name: 'Property sources' })).projectId;
      for (const t of PROPERTY_TABLES) {
        const id = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folderId, name: `Property ${t.name}`, tableName: t.name, tableSchema: 'main' })).dataSource.dataSourceId as string;
        expect(await ok('POST', `/api/data_source/publish/${id}`, { roleIds: ['viewer'], userIds: [] })).toEqual([]);
        sourceIds.push(id);
      }
      const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Property boards' })).projectId;
      boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Property board', projectId })).dashboardId;
    });

    /** The rules of a case per table, as stored (PUT body) and as the viewer's WHERE of the hand-written SQL. */
    function randomRules(rnd: () => number, viewerId: string): { body: { denyByDefault: boolean; rules: Record<string, unknown>[] }; where: string | null } {
      const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      const condition = (): { rule: Record<string, unknown>; sql: string } => {
        switch (pick(['g=', 'g!=', 'v>', 'kbetween'] as const)) {
          case 'g=': {
            const g = pick(GROUPS);
            return { rule: { field: 'g', compare: '=', compareValue: g }, sql: `g = '${g}'` };
          }
          case 'g!=': {
            const g = pick(GROUPS);
            return { rule: { field: 'g', compare: '!=', compareValue: g }, sql: `(g <> '${g}' OR g IS NULL)` };
          }
          case 'v>': {
            const v = Math.floor(rnd() * 25);
            return { rule: { field: 'v', compare: '>', compareValue: v }, sql: `v > ${v}` };
          }
          case 'kbetween': {
            const a = 1 + Math.floor(rnd() * 2);
            return { rule: { field: 'k', compare: 'between', compareValueLeft: a, compareValueRight: a + 1 }, sql: `k BETWEEN ${a} AND ${a + 1}` };
          }
        }
      };
      const kind = pick(['none', 'none', 'viewerRole', 'viewerRole', 'viewerUser', 'otherRole', 'denyOther', 'denyViewer', 'two'] as const);
      const forViewerRole = (c: { rule: Record<string, unknown> }) => ({ roleId: 'viewer', ...c.rule });
      switch (kind) {
        case 'none':
          return { body: { denyByDefault: false, rules: [] }, where: null };
        case 'viewerRole': {
          const c = condition();
          return { body: { denyByDefault: false, rules: [forViewerRole(c)] }, where: c.sql };
        }
        case 'viewerUser': {
          const c = condition();
          return { body: { denyByDefault: false, rules: [{ userId: viewerId, ...c.rule }] }, where: c.sql };
        }
        case 'otherRole':
          // a rule for another role: nothing restricts the viewer
          return { body: { denyByDefault: false, rules: [{ roleId: 'analyst', ...condition().rule }] }, where: null };
        case 'denyOther':
          // deny-by-default, no rule for the viewer: no row of this input
          return { body: { denyByDefault: true, rules: [{ roleId: 'analyst', ...condition().rule }] }, where: '1 = 0' };
        case 'denyViewer': {
          const c = condition();
          return { body: { denyByDefault: true, rules: [forViewerRole(c)] }, where: c.sql };
        }
        case 'two': {
          const a = condition();
          const b = condition();
          return { body: { denyByDefault: false, rules: [forViewerRole(a), { userId: viewerId, ...b.rule }] }, where: `(${a.sql}) AND (${b.sql})` };
        }
      }
    }

    it('over 14 generated trees of 2–5 inputs (left/inner/full links, random rules per input, sometimes the join\'s own)', async () => {
      const viewerId = userId('viewer');
      const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
      /** cases whose chart reads nothing of a subtree joined by a LEFT link on the child's unique id: that join is left out (pruneJoin) */
      let pruned = 0;
      for (let n = 0; n < 14; n++) {
        const seed = 1000 + n;
        const rnd = mulberry32(seed);
        const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
        const size = 2 + (n % 4);
        // which tables, in node order; each node's parent comes before it
        const tables = [...PROPERTY_TABLES.keys()].sort(() => rnd() - 0.5).slice(0, size);
        const links = tables.slice(1).map((_, j) => ({ from: Math.floor(rnd() * (j + 1)), to: j + 1, joinType: pick(['left', 'left', 'inner', 'full'] as const), fromField: pick(['id', 'k'] as const), toField: pick(['id', 'k'] as const) }));
        const rules = tables.map(() => randomRules(rnd, viewerId));
        // the rules of this case on every table (those not in the join cleared)
        for (let t = 0; t < PROPERTY_TABLES.length; t++) {
          const at = tables.indexOf(t);
          await setRules(sourceIds[t]!, at >= 0 ? rules[at]!.body : { denyByDefault: false, rules: [] });
        }
        const join = {
          name: `Property ${n}`,
          nodeDataArray: tables.map((t, i) => ({
            dataSourceId: sourceIds[t],
            showName: `n${i}`,
            fields: ['id', 'k', 'g', 'v'].map((f) => ({ name: f, title: `${f}${i}`, check: true })),
          })),
          links: links.map((l) => ({ from: `n${l.from}`, to: `n${l.to}`, joinType: l.joinType, joinFields: [{ fromField: { name: l.fromField }, toField: { name: l.toField } }] })),
        };
        const joinId = (await ok('POST', `/api/data_source/join_table_add/${folderId}`, join)).dataSourceId as string;
        expect(await ok('POST', `/api/data_source/publish/${joinId}`, { roleIds: ['viewer'], userIds: [] })).toEqual([]);
        // sometimes the join's own rule too (on the root's v)
        const ownMin = rnd() < 0.35 ? Math.floor(rnd() * 20) : null;
        if (ownMin !== null) await setRules(joinId, { denyByDefault: false, rules: [{ roleId: 'viewer', field: 'v0', compare: '>', compareValue: ownMin }] });
        const byNode = Math.floor(rnd() * size);
        const sumNode = Math.floor(rnd() * size);
        const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title: `P${n}`, dataSourceId: joinId, type: 'bar' });
        await ok('PUT', '/api/chart-edit/dashboard', {
          chartId,
          title: `P${n}`,
          type: 'bar',
          dataSourceId: joinId,
          points: [field(`g${byNode}`, 'string')],
          values: [field(`v${sumNode}`, 'number', { aggregator: 'sum' }), field(`v0`, 'number', { aggregator: 'sum' })],
        });

        const input = (i: number) => {
          const where = rules[i]!.where;
          return `(SELECT * FROM main.${PROPERTY_TABLES[tables[i]!]!.name}${where ? ` WHERE ${where}` : ''}) AS n${i}`;
        };
        let from = `FROM ${input(0)}`;
        for (const l of links) from += ` ${l.joinType === 'full' ? 'FULL OUTER' : l.joinType.toUpperCase()} JOIN ${input(l.to)} ON n${l.from}.${l.fromField} = n${l.to}.${l.toField}`;
        const sql = `SELECT n${byNode}.g AS cat, SUM(n${sumNode}.v) AS total, SUM(n0.v) AS root FROM ${from.slice(5)}${ownMin !== null ? ` WHERE n0.v > ${ownMin}` : ''} GROUP BY n${byNode}.g`;
        const probe = await ok('POST', '/api/data_source/source/', { type: 8, content: `SELECT cat, total, root FROM (${sql}) q`, count: 100 });
        const expected = new Map<string, number | null>(probe.rows.map((r: { cat: string | null; total: unknown }) => [r.cat ?? '-', numberOrNull(r.total)]));
        const expectedRoot = new Map<string, number | null>(probe.rows.map((r: { cat: string | null; root: unknown }) => [r.cat ?? '-', numberOrNull(r.root)]));
        // signed in again: the new join's grant applies at once (a BFF keeps a verified token for a few seconds)
        const run = await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {}, await stack.login('viewer'));
        const context = JSON.stringify({ seed, tables, links, rules: rules.map((r) => r.where), ownMin, byNode, sumNode });
        if (!run.option) throw new Error(`${context}: ${JSON.stringify(run)}`);
        const answer = run.option;
        expect([context, new Map(cartesianPairs(answer, 0))]).toEqual([context, expected]);
        expect([context, new Map(cartesianPairs(answer, 1))]).toEqual([context, expectedRoot]);
        const read = new Set([0, byNode, sumNode]);
        const below = (node: number): number[] => [node, ...links.filter((l) => l.from === node).flatMap((l) => below(l.to))];
        const leftOut = links.filter((l) => l.joinType === 'left' && l.toField === 'id' && below(l.to).every((x) => !read.has(x) && links.every((k) => k.to !== x || (k.joinType === 'left' && k.toField === 'id'))));
        if (leftOut.length) {
          pruned++;
          // the service marked those links unique (the join's description, logged)
          const described = stack.logLines.filter((l) => l.includes('"join described"') && l.includes(joinId)).map((l) => JSON.parse(l) as { uniqueLinks: number });
          expect([context, (described.at(-1)?.uniqueLinks ?? 0) >= leftOut.length]).toEqual([context, true]);
        }
      }
      // the generated trees include joins left out under rules
      expect(pruned).toBeGreaterThanOrEqual(2);
    });
  });
});

/** The groups of the generated tables. */
const GROUPS = ['A', 'B', 'C'] as const;

/** Five tables p0..p4 of 12 rows: id 1..12 (unique), k in 1..3 or NULL (repeats), g A/B/C, v distinct per table. */
const PROPERTY_TABLES = [0, 1, 2, 3, 4].map((t) => {
  const rnd = mulberry32(77 + t);
  const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, k: rnd() < 0.1 ? null : 1 + Math.floor(rnd() * 3), g: GROUPS[Math.floor(rnd() * 3)]!, v: 1 + t * 3 + i * 5 }));
  return { name: `p${t}`, rows };
});

function tableSql(t: (typeof PROPERTY_TABLES)[number]): string {
  const values = t.rows.map((r) => `(${r.id}, ${r.k ?? 'NULL'}, '${r.g}', ${r.v})`).join(', ');
  return `CREATE TABLE ${t.name} AS SELECT * FROM (VALUES ${values}) v(id, k, g, v)`;
}

/** A small seeded generator (the cases are the same on every run). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
