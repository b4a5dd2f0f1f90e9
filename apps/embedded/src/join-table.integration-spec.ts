import { restCalls, startTestStack, type TestStack } from './testing.js';

// Joined tables (issue 20, docs/api/join-table.md) end to end: two uploaded CSVs (orders × regional
// managers) joined in the analytics store, charted through the ordinary chart path, and checked
// against hand-written SQL run on the same store, for left, inner and full joins with unmatched keys
// and NULLs; editing keeps the chart; an input a join uses cannot be deleted; refusals in the
// caller's language; a change of an input reaches the join's charts.
describe('joined tables', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let folder: string;
  let orders: { id: string; table: string };
  let managers: { id: string; table: string };
  let boardId: string;
  const { call, ok } = restCalls(() => stack, () => admin);

  async function upload(name: string, csv: string, columns: { name: string; type: string }[], action = 'create', dataSourceId?: string) {
    const form = new FormData();
    form.append('file', new Blob([csv]), `${name}.csv`);
    const res = await fetch(`${stack.url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: admin, currentLanguage: 'en' } });
    const up = (await res.json()).data;
    const body = action === 'create' ? { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: name, columns } : { uploadId: up.uploadId, sheet: up.sheets[0].name, dataSourceId, columns };
    const ds = (await ok('POST', `/api/excel_upload/import/${action}`, body)).dataSource;
    return { id: ds.dataSourceId as string, table: `"${ds.tableSchema}"."${ds.tableName}"` };
  }

  const ORDERS = 'order_no,region,amount\n1,East,10\n2,East,20\n3,West,5\n4,South,7\n5,,3\n6,North,1\n';
  // North has two managers (a join multiplies its order); Central has no orders; South no manager
  const MANAGERS = 'region,manager\nEast,Li\nWest,Wang\nCentral,Zhao\nNorth,Chen\nNorth,Zhou\n';

  /** The designer's join of orders onto managers by region. */
  const join = (joinType: string, extra: Record<string, unknown> = {}) => ({
    name: 'Orders x managers',
    nodeDataArray: [
      {
        dataSourceId: orders.id,
        showName: 'orders',
        location: '10 20',
        fields: [
          { name: 'order_no', title: 'Order', check: true },
          { name: 'region', title: 'Region', check: true },
          { name: 'amount', title: 'Amount', check: true, description: 'order amount' },
        ],
      },
      { dataSourceId: managers.id, showName: 'managers', fields: [{ name: 'region', title: 'Manager region', check: true }, { name: 'manager', title: 'Manager', check: true }] },
    ],
    links: [{ from: 'orders', to: 'managers', joinType, joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }],
    where: { whereType: 'condition', linker: 'and', filterItems: [] },
    ...extra,
  });

  /** A number cell as a number, NULL kept as null (a sum over no rows is NULL, not 0). */
  const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  /** {manager: SUM(amount)} of the hand-written SQL's rows (NULL manager as '-', NULL sums as null). */
  const byManager = (rows: readonly { manager?: unknown; total?: unknown }[]): Record<string, number | null> =>
    Object.fromEntries(rows.map((r) => [(r.manager as string | null) ?? '-', numberOrNull(r.total)]));

  /** SUM(amount) by manager as the hand-written SQL answers it on the same store. */
  async function handWritten(joinType: string): Promise<Record<string, number | null>> {
    const sql = `SELECT m.manager AS manager, SUM(o.amount) AS total FROM ${orders.table} o ${joinType.toUpperCase()} JOIN ${managers.table} m ON o.region = m.region GROUP BY m.manager`;
    const probe = await ok('POST', '/api/data_source/source/', { type: 8, content: sql, count: 100 });
    return byManager(probe.rows);
  }

  /** A bar chart on the board: sum of Amount by the text field `point`; answers its id. */
  async function barChart(dataSourceId: string, title: string, point: string): Promise<string> {
    const chartId = await ok('POST', `/api/chart-edit/dashboard/${boardId}`, { title, dataSourceId, type: 'bar' });
    await ok('PUT', '/api/chart-edit/dashboard', {
      chartId,
      title,
      type: 'bar',
      dataSourceId,
      points: [{ name: point, title: point, dataType: 'string' }],
      values: [{ name: 'Amount', title: 'Amount', dataType: 'number', aggregator: 'sum' }],
    });
    return chartId;
  }

  /** The chart's answer as {category: value} (a NULL value as null). */
  async function chartNumbers(chartId: string): Promise<Record<string, number | null>> {
    const answer = await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {});
    const categories: string[] = answer.option.xAxis?.data ?? answer.option.xAxis?.[0]?.data;
    const data: unknown[] = answer.option.series[0].data;
    const cell = (d: unknown) => (d !== null && typeof d === 'object' ? (d as { value?: unknown }).value : d);
    return Object.fromEntries(categories.map((c, i) => [c, numberOrNull(cell(data[i]))]));
  }

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    folder = (await ok('POST', '/api/data_source/proj', { name: 'Join sources' })).projectId;
    orders = await upload('Orders', ORDERS, [
      { name: 'order_no', type: 'number' },
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'number' },
    ]);
    managers = await upload('Managers', MANAGERS, [
      { name: 'region', type: 'string' },
      { name: 'manager', type: 'string' },
    ]);
    const projectId = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Join boards' })).projectId;
    boardId = (await ok('POST', '/api/dashboard/dashboard', { name: 'Join board', projectId })).dashboardId;
  });
  afterAll(async () => stack?.stop());

  it('lists joinable sources with their store, and answers a dropped table as a node', async () => {
    const projects = await ok('GET', '/api/data_source/join_table_projs');
    const listed = projects.find((p: { projectId: string }) => p.projectId === folder).dataSources;
    expect(listed.map((s: { name: string; store: string }) => [s.name, s.store])).toEqual([
      ['Orders', 'analytics'],
      ['Managers', 'analytics'],
    ]);
    const node = await ok('GET', `/api/data_source/join_table_fields/${encodeURIComponent('managers(1)')}/${managers.id}`);
    expect(node).toMatchObject({ dataSourceId: managers.id, name: 'Managers', showName: 'managers(1)', allCheck: true });
    expect(node.fields.map((f: { name: string; dataType: string; check: boolean; tbName: string }) => [f.name, f.dataType, f.check, f.tbName])).toEqual([
      ['region', 'string', true, 'managers(1)'],
      ['manager', 'string', true, 'managers(1)'],
    ]);
  });

  it('previews the first rows with the row counts of the join and of its root (row explosion)', async () => {
    const preview = await ok('POST', '/api/data_source/join_table_preview', join('left', { name: '' }));
    expect(preview.columns.map((c: { name: string }) => c.name)).toEqual(['Order', 'Region', 'Amount', 'Manager region', 'Manager']);
    // 6 orders; North's order meets two managers
    expect(preview).toMatchObject({ rowCount: 7, rootRowCount: 6, rootTable: 'orders', explodes: true });
    expect(preview.rows).toHaveLength(7);
    const inner = await ok('POST', '/api/data_source/join_table_preview', join('inner'));
    expect(inner).toMatchObject({ rowCount: 5, rootRowCount: 6, explodes: false });
  });

  it('charts a join like any source, with the sums of the hand-written SQL for left, inner and full joins; editing keeps the chart', async () => {
    const saved = await ok('POST', `/api/data_source/join_table_add/${folder}`, join('left'));
    expect(saved).toMatchObject({ joinTableId: saved.dataSourceId, projectId: folder, name: 'Orders x managers', store: 'analytics' });
    expect(saved.outputFields.map((f: { name: string }) => f.name)).toEqual(['Order', 'Region', 'Amount', 'Manager region', 'Manager']);
    expect(saved.nodeDataArray[0].location).toBe('10 20');
    const source = await ok('GET', `/api/data_source/datasourceById/${saved.dataSourceId}`);
    expect(source).toMatchObject({ type: 9, reference: 'jointable' });

    const chartId = await barChart(saved.dataSourceId, 'By manager', 'Manager');
    const left = await handWritten('left');
    expect(left).toEqual({ Li: 30, Wang: 5, Chen: 1, Zhou: 1, '-': 10 });
    expect(await chartNumbers(chartId)).toEqual(left);

    for (const joinType of ['inner', 'full']) {
      const edited = await ok('POST', '/api/data_source/join_table_update', { ...join(joinType), dataSourceId: saved.dataSourceId });
      expect(edited.removedFields).toEqual([]);
      const expected = await handWritten(joinType);
      expect(await chartNumbers(chartId)).toEqual(expected);
    }
    // the full join has Central's manager without orders (sum NULL) and the orders without a manager
    expect(await handWritten('full')).toEqual({ Li: 30, Wang: 5, Chen: 1, Zhou: 1, Zhao: null, '-': 10 });

    // a filter of the join (bound values) applies to every chart on it
    await ok('POST', '/api/data_source/join_table_update', { ...join('left'), dataSourceId: saved.dataSourceId, where: { whereType: 'condition', linker: 'and', filterItems: [{ tb: 'orders', field: 'amount', compare: '>=', compareValue: '5' }] } });
    expect(await chartNumbers(chartId)).toEqual({ Li: 30, Wang: 5, '-': 7 });

    // dropping fields keeps the charts whose fields remain; a chart using a dropped field follows the
    // source-switch rules (the field is removed from it); the answer names both
    const byRegion = await barChart(saved.dataSourceId, 'By region', 'Region');
    const fewer = join('left');
    fewer.nodeDataArray[0].fields[0].check = false;
    fewer.nodeDataArray[0].fields[1].check = false;
    const dropped = await ok('POST', '/api/data_source/join_table_update', { ...fewer, dataSourceId: saved.dataSourceId });
    expect(dropped.removedFields).toEqual(['Order', 'Region']);
    expect(dropped.switchedCharts).toEqual([{ chartId: byRegion, dropped: ['Region'] }]);
    expect(await chartNumbers(chartId)).toEqual(left);
    const switched = await ok('POST', `/api/dashboard/chart/dashboard/${byRegion}`, {});
    expect(switched.chart.points).toEqual([]);
    expect(switched.chart.values.map((v: { name: string }) => v.name)).toEqual(['Amount']);

    // the stored join reads back for the designer
    const stored = await ok('GET', `/api/data_source/join_table/${saved.dataSourceId}`);
    expect(stored.links[0]).toMatchObject({ from: 'orders', to: 'managers', fromTable: 'Orders', toTable: 'Managers', joinType: 'left' });
    expect(stored.links[0].joinFields[0]).toEqual({ fromField: { name: 'region', dataType: 'string' }, toField: { name: 'region', dataType: 'string' } });
    expect(stored.nodeDataArray[0].fields.find((f: { name: string }) => f.name === 'order_no').check).toBe(false);
    expect(stored.relations).toEqual([{ from: 'orders', to: 'managers', joinType: 'left' }]);

    // the source page's preview and the detail rows work on it too
    const top = await ok('GET', `/api/data_source/topds/${saved.dataSourceId}/10`);
    expect(top.totalRows).toBe(7);

    // a change of an input reaches the join's charts (its data version follows its inputs)
    await upload('Orders', 'order_no,region,amount\n7,West,100\n', [
      { name: 'order_no', type: 'number' },
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'number' },
    ], 'append', orders.id);
    expect((await chartNumbers(chartId)).Wang).toBe(105);

    // an input a join reads cannot be deleted; the join itself can, then the input
    const refused = await call('DELETE', `/api/data_source/${managers.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toBe('The data source is used by the joined tables Orders x managers; change or delete them first');
    expect((await ok('GET', `/api/data_source/datasourceById/${managers.id}`)).name).toBe('Managers');
    // the other routes do not change a join
    expect((await call('PUT', '/api/data_source/update', { dataSourceId: saved.dataSourceId, description: 'x' })).body.data).toBe('A joined table is changed in the join designer');
  });

  it('leaves out a LEFT join on keys unique in the joined table when a chart reads nothing of it, and joins again once the keys repeat', async () => {
    // one manager per region: the managers' region is unique
    const heads = await upload('Heads', 'region,manager\nEast,Li\nWest,Wang\nNorth,Chen\nCentral,Zhao\n', [
      { name: 'region', type: 'string' },
      { name: 'manager', type: 'string' },
    ]);
    const spec = join('left', { name: 'Orders x heads' });
    spec.nodeDataArray[1].dataSourceId = heads.id;
    const saved = await ok('POST', `/api/data_source/join_table_add/${folder}`, spec);
    const described = () => stack.logLines.filter((l) => l.includes('"join described"') && l.includes(saved.dataSourceId)).map((l) => JSON.parse(l));
    // by the root's own field: the same sums as the hand-written join
    const hand = async () => {
      const sql = `SELECT o.region AS manager, SUM(o.amount) AS total FROM ${orders.table} o LEFT JOIN ${heads.table} m ON o.region = m.region GROUP BY o.region`;
      return byManager((await ok('POST', '/api/data_source/source/', { type: 8, content: sql, count: 100 })).rows);
    };
    const byRegion = await barChart(saved.dataSourceId, 'Heads by region', 'Region');
    const unique = await hand();
    expect(await chartNumbers(byRegion)).toEqual(unique);
    expect(described().at(-1)).toMatchObject({ links: 1, uniqueLinks: 1 });
    // a chart reading the joined table still joins it
    const byManagerChart = await barChart(saved.dataSourceId, 'Heads by manager', 'Manager');
    const handByManager = async () => {
      const sql = `SELECT m.manager AS manager, SUM(o.amount) AS total FROM ${orders.table} o LEFT JOIN ${heads.table} m ON o.region = m.region GROUP BY m.manager`;
      return byManager((await ok('POST', '/api/data_source/source/', { type: 8, content: sql, count: 100 })).rows);
    };
    expect(await chartNumbers(byManagerChart)).toEqual(await handByManager());

    // a second manager for North: its orders now meet two rows, and the chart by region counts them twice
    await upload('Heads', 'region,manager\nNorth,Zhou\n', [
      { name: 'region', type: 'string' },
      { name: 'manager', type: 'string' },
    ], 'append', heads.id);
    const repeated = await hand();
    expect(repeated.North).toBe(2 * (unique.North ?? 0));
    expect(await chartNumbers(byRegion)).toEqual(repeated);
    expect(described().at(-1)).toMatchObject({ links: 1, uniqueLinks: 0 });
    expect(await chartNumbers(byManagerChart)).toEqual(await handByManager());
    await ok('DELETE', `/api/data_source/${saved.dataSourceId}`);
  });

  // tables of one database connection (the services run's MariaDB): the join runs on that database
  const myUrl = process.env.TEST_MYSQL_URL;
  (myUrl ? it : it.skip)('joins tables of one MariaDB connection, with the sums of the hand-written SQL; a full join is refused there', async () => {
    const mysql = (await import('mysql2/promise')).default;
    const u = new URL(myUrl!);
    const database = `bi_join_${Date.now().toString(36)}`;
    const user = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port), user, password, multipleStatements: true });
    await conn.query(
      `CREATE DATABASE ${database} CHARACTER SET utf8mb4; USE ${database};
       CREATE TABLE orders (order_no INT, region VARCHAR(20), amount DECIMAL(10,2));
       INSERT INTO orders VALUES (1,'East',10),(2,'East',20),(3,'West',5),(4,'South',7),(5,NULL,3),(6,'North',1);
       CREATE TABLE managers (region VARCHAR(20), manager VARCHAR(20));
       INSERT INTO managers VALUES ('East','Li'),('West','Wang'),('Central','Zhao'),('North','Chen'),('North','Zhou');`,
    );
    try {
      const connection = { host: u.hostname, port: Number(u.port), userName: user, password, initialDatabase: database };
      const make = async (name: string, tableName: string) => (await ok('POST', '/api/data_source/sql/', { type: 2, projectId: folder, name, connection, tableName })).dataSource.dataSourceId as string;
      const my = { orders: await make('My orders', 'orders'), managers: await make('My managers', 'managers') };
      const myJoin = (joinType: string) => {
        const j = join(joinType);
        j.nodeDataArray[0].dataSourceId = my.orders;
        j.nodeDataArray[1].dataSourceId = my.managers;
        return { ...j, name: `My join ${joinType}` };
      };
      const saved = await ok('POST', `/api/data_source/join_table_add/${folder}`, myJoin('left'));
      expect(saved.store).toMatch(/^mysql:\/\//);
      const chartId = await barChart(saved.dataSourceId, 'My by manager', 'Manager');
      const hand = async (joinType: string) => {
        const [rows] = await conn.query(`SELECT m.manager AS manager, SUM(o.amount) AS total FROM orders o ${joinType} JOIN managers m ON o.region = m.region GROUP BY m.manager`);
        return byManager(rows as { manager: string | null; total: string | null }[]);
      };
      expect(await chartNumbers(chartId)).toEqual(await hand('LEFT'));
      await ok('POST', '/api/data_source/join_table_update', { ...myJoin('inner'), dataSourceId: saved.dataSourceId });
      expect(await chartNumbers(chartId)).toEqual(await hand('INNER'));
      const full = await call('POST', '/api/data_source/join_table_update', { ...myJoin('full'), dataSourceId: saved.dataSourceId });
      expect(full.body.data).toBe('MySQL / MariaDB has no full join');
      // an uploaded table and a MariaDB table live in different stores
      const cross = myJoin('left');
      cross.nodeDataArray[1].dataSourceId = managers.id;
      expect((await call('POST', '/api/data_source/join_table_preview', cross)).body.data).toBe('Tables from different stores cannot be joined yet: orders and managers');
      await ok('DELETE', `/api/data_source/${saved.dataSourceId}`);
    } finally {
      await conn.query(`DROP DATABASE IF EXISTS ${database}`);
      await conn.end();
    }
  });

  it('refuses bad joins with clear messages in the caller language and keeps the stored join as it was', async () => {
    const saved = await ok('POST', `/api/data_source/join_table_add/${folder}`, { ...join('inner'), name: 'Kept join' });
    const update = (body: Record<string, unknown>, language = 'en') => call('POST', '/api/data_source/join_table_update', { ...body, dataSourceId: saved.dataSourceId }, admin, language);
    const text = async (body: Record<string, unknown>, language = 'en') => {
      const r = await update(body, language);
      expect(r.body.status).toBe('fail');
      return r.body.data as string;
    };
    expect(await text({ ...join('left'), name: '  ' })).toBe('The worktable name cannot be empty');
    expect(await text({ ...join('left'), name: '' }, 'zh-CN')).toBe('工作表名称不能为空');
    expect(await text({ ...join('left'), name: '' }, 'zh-TW')).toBe('工作表名稱不能為空');
    const dup = join('left');
    dup.nodeDataArray[1].fields[0].title = 'Region';
    expect(await text(dup)).toBe('duplicate fields: Region');
    expect(await text(dup, 'zh-CN')).toBe('字段重复：Region');
    const mismatch = join('left');
    mismatch.links[0].joinFields = [{ fromField: { name: 'amount' }, toField: { name: 'region' } }];
    expect(await text(mismatch)).toBe('The join fields amount and region have different types (number / string)');
    expect(await text({ ...join('left'), links: [{ from: 'orders', to: 'ghost', joinType: 'left', joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }] })).toBe(
      'The link points to a table that is not on the canvas: ghost',
    );
    expect(await text({ ...join('left'), links: [{ from: 'managers', to: 'orders', joinType: 'left', joinFields: [{ fromField: { name: 'region' }, toField: { name: 'region' } }] }] })).toBe(
      'The joins form a cycle at orders: every table is joined once, onto a table before it',
    );
    expect(await text({ ...join('left'), links: [] })).toBe('The table managers is not joined to the others');
    const badFilter = { ...join('left'), where: { linker: 'and', filterItems: [{ tb: 'orders', field: 'amount', compare: '>=', compareValue: 'lots' }] } };
    expect((await text(badFilter)).length).toBeGreaterThan(0);
    // a joined table cannot be an input
    const nested = join('left');
    nested.nodeDataArray[1].dataSourceId = saved.dataSourceId;
    expect(await text(nested)).toBe('A joined table cannot be an input of another join');

    // a source of another store (a database connection) cannot be joined with an uploaded one
    const other = '11111111-2222-4333-8444-555555555555';
    await stack.runtime.db.query(
      `INSERT INTO data_source.sources (id, project_id, name, type, connection, content, fields) VALUES ($1, $2, 'Remote', 7, $3::jsonb, 'SELECT region FROM t', $4::jsonb)`,
      [other, folder, JSON.stringify({ host: 'db.example', port: 5432, userName: 'u', type: 'Basic', serverName: '', role: 'Default', initialDatabase: 'x' }), JSON.stringify([{ name: 'region', title: 'region', dataType: 'string', expression: '', aggregator: '' }])],
    );
    const cross = join('left');
    cross.nodeDataArray[1] = { dataSourceId: other, showName: 'remote', fields: [{ name: 'region', title: 'Remote region', check: true }] };
    cross.links[0].to = 'remote';
    expect(await text(cross)).toBe('Tables from different stores cannot be joined yet: orders and remote');

    // a source the caller cannot see is "not found"; nothing changed
    const r = await call('POST', '/api/data_source/join_table_preview', join('left'), analyst);
    expect([r.status, r.body.data]).toEqual([404, 'Data source not found']);
    const stored = await ok('GET', `/api/data_source/join_table/${saved.dataSourceId}`);
    expect(stored.name).toBe('Kept join');
    expect(stored.links[0].joinType).toBe('inner');
    expect(stored.outputFields.map((f: { name: string }) => f.name)).toEqual(['Order', 'Region', 'Amount', 'Manager region', 'Manager']);
  });
});
