import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { TOPICS, waitFor } from '@bi/messaging';
import { eventsV1 } from '@bi/proto';
import { analyticsDataDir, startTestStack, type TestStack } from './testing.js';

// Spec 02 §7 "Sources" and "Folders" through BFF → gRPC → data-source service → its stores. The
// sources use the embedded analytics store (DuckDB), seeded before the stack starts; PostgreSQL
// and MariaDB sources are added in the services run (TEST_DATABASE_URL / TEST_MYSQL_URL).
describe('data-source REST API', () => {
  let stack: TestStack;
  let admin: string;
  let analyst: string;
  let viewer: string;
  const events: eventsV1.DataChanged[] = [];
  const en = { currentLanguage: 'en' };

  beforeAll(async () => {
    const dataDir = await analyticsDataDir('ds-api', [
      `CREATE TABLE sales AS SELECT range::INTEGER AS id, 'r' || (range % 3) AS region, (range * 1.5)::DECIMAL(10,2) AS amount,
      DATE '2024-01-01' + range::INTEGER AS order_date FROM range(20)`,
      'CREATE TABLE "销售明细" ("客户" VARCHAR, "金额" DECIMAL(10,2)); INSERT INTO "销售明细" VALUES (\'张三\', 100.5), (\'李四\', 8)',
      `CREATE TABLE wide AS SELECT ${Array.from({ length: 3000 }, (_, i) => `${i} AS c${i}`).join(', ')}`,
      'CREATE TABLE big AS SELECT range::INTEGER AS id FROM range(100000)',
    ]);
    stack = await startTestStack({ BI_DATA_DIR: dataDir, BI_QUERY_TIMEOUT_SECONDS: '2' });
    await stack.runtime.bus.subscribe(TOPICS.dataChanged, 'data-source-api-test', async (m) => {
      events.push(eventsV1.DataChanged.decode(m.value));
    });
    admin = await stack.login('admin');
    analyst = await stack.login('analyst');
    viewer = await stack.login('viewer');
  });
  afterAll(async () => stack?.stop());

  const call = (method: string, path: string, body?: unknown, token = admin) => stack.api(path, { method, body, token, headers: en });
  const ok = async (method: string, path: string, body?: unknown, token = admin) => {
    const r = await call(method, path, body, token);
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const newFolder = (name: string, token = admin) => ok('POST', '/api/data_source/proj', { name }, token);
  const newSource = async (projectId: string, name: string, content = 'SELECT * FROM sales', token = admin) => {
    const d = await ok('POST', '/api/data_source/sql/', { type: 8, projectId, name, content }, token);
    if (d.error) throw new Error(d.error);
    return d.dataSource;
  };

  describe('folders', () => {
    it('creates, lists, renames and deletes folders with the name rules of spec 02 §5', async () => {
      const f = await newFolder('Finance 2026');
      expect(f).toEqual({ projectId: expect.any(String), name: 'Finance 2026', order: expect.any(Number), dataSources: [] });
      const g = await newFolder('  营销数据  ');
      expect(g.name).toBe('营销数据');
      expect(g.order).toBe(f.order + 10);
      expect((await call('POST', '/api/data_source/proj', { name: 'ab' })).body).toEqual({ status: 'fail', data: 'Name must be 3 to 20 characters' });
      expect((await call('POST', '/api/data_source/proj', {})).body).toEqual({ status: 'fail', data: 'Please enter a name' });
      const dup = await call('POST', '/api/data_source/proj', { name: 'FINANCE 2026' });
      expect(dup.status).toBe(409);
      expect(dup.body.data).toBe('name used');
      const zh = await stack.api('/api/data_source/proj', { method: 'POST', body: { name: 'Finance 2026' }, token: admin, headers: { currentLanguage: 'zh-TW' } });
      expect(zh.body.data).toBe('名稱已被使用');
      expect((await call('POST', '/api/data_source/proj', { name: 'SBEP' })).body.data).toBe('SBEP is reserved and cannot be renamed, deleted or copied');

      expect((await ok('PUT', `/api/data_source/project/${g.projectId}`, { name: 'Marketing' })).name).toBe('Marketing');
      expect((await call('PUT', `/api/data_source/project/${g.projectId}`, { name: 'finance 2026' })).status).toBe(409);
      const list = await ok('GET', '/api/data_source/projs');
      expect(list.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Finance 2026', 'Marketing']));
      expect(await ok('GET', `/api/data_source/projsById/${g.projectId}`)).toMatchObject({ projectId: g.projectId, name: 'Marketing', dataSources: [] });

      expect(await ok('DELETE', `/api/data_source/proj/${g.projectId}`)).toEqual({ projectId: g.projectId });
      const gone = await call('GET', `/api/data_source/projsById/${g.projectId}`);
      expect(gone.status).toBe(404);
      expect(gone.body.data).toBe('Folder not found');
      expect((await call('GET', '/api/data_source/projsById/not-a-uuid')).status).toBe(404);
    });

    it('refuses to delete a folder that still holds sources', async () => {
      const f = await newFolder('Holds sources');
      await newSource(f.projectId, 'Kept source');
      const r = await call('DELETE', `/api/data_source/proj/${f.projectId}`);
      expect(r.status).toBe(409);
      expect(r.body.data).toBe('The folder still holds 1 data sources; move or delete them first');
    });

    it('moves sources to another folder (batch adjust), writing history', async () => {
      const from = await newFolder('Move from');
      const to = await newFolder('Move to');
      const a = await newSource(from.projectId, 'Mover A');
      const b = await newSource(from.projectId, 'Mover B');
      expect((await call('PUT', `/api/data_source/batch-edit-datasource/${from.projectId}`, {})).body.data).toBe('Please choose a target folder');
      expect(await ok('PUT', `/api/data_source/batch-edit-datasource/${from.projectId}`, { projectId: to.projectId, dataSourceIds: [a.dataSourceId] })).toEqual({
        projectId: to.projectId,
        moved: [a.dataSourceId],
      });
      const rest = await ok('PUT', `/api/data_source/batch-edit-datasource/${from.projectId}`, { projectId: to.projectId });
      expect(rest.moved).toEqual([b.dataSourceId]);
      const target = await ok('GET', `/api/data_source/projsById/${to.projectId}`);
      expect(target.dataSources.map((s: { name: string }) => s.name)).toEqual(['Mover A', 'Mover B']);
      const history = await ok('GET', `/api/data_source/data_history/${a.dataSourceId}`);
      expect(history[0].updateLog).toBe('Moved from folder Move from to Move to');
      expect(await ok('DELETE', `/api/data_source/proj/${from.projectId}`)).toEqual({ projectId: from.projectId });
    });
  });

  describe('folder order', () => {
    it('POST sort/{id}?order= moves a folder between two others, for good, and refuses bad input (400/403/404)', async () => {
      const a = await newFolder('Sort first');
      const b = await newFolder('Sort second');
      const c = await newFolder('Sort third');
      const names = async () => ((await ok('GET', '/api/data_source/projs')) as { name: string }[]).map((p) => p.name).filter((n) => n.startsWith('Sort '));
      expect(await names()).toEqual(['Sort first', 'Sort second', 'Sort third']);
      const order = (a.order + b.order) / 2;
      expect(await ok('POST', `/api/data_source/sort/${c.projectId}?order=${order}`)).toEqual({ id: c.projectId, kind: 'project', order });
      expect(await names()).toEqual(['Sort first', 'Sort third', 'Sort second']);
      expect((await ok('GET', `/api/data_source/projsById/${c.projectId}`)).order).toBe(order);
      expect((await call('POST', `/api/data_source/sort/${c.projectId}?order=abc`)).status).toBe(400);
      expect((await call('POST', `/api/data_source/sort/${c.projectId}?order=1e13`)).body).toEqual({ status: 'fail', data: 'Invalid order value' });
      expect((await call('POST', '/api/data_source/sort/00000000-0000-0000-0000-000000000000?order=1')).status).toBe(404);
      expect((await call('POST', `/api/data_source/sort/${c.projectId}?order=1`, undefined, viewer)).status).toBe(403);
      expect(await names()).toEqual(['Sort first', 'Sort third', 'Sort second']);
    });
  });

  describe('the SQL wizard on the analytics store', () => {
    it('lists tables, previews SQL and tables, and reports problems as data.error', async () => {
      const tables = await ok('POST', '/api/data_source/source/', { type: 8 });
      expect(tables.tables).toEqual(expect.arrayContaining([{ schema: 'main', name: 'sales', kind: 'table' }, { schema: 'main', name: '销售明细', kind: 'table' }]));
      const preview = await ok('POST', '/api/data_source/source/', { type: 8, content: 'SELECT id, region, amount, order_date FROM sales ORDER BY id', count: 2 });
      expect(preview).toEqual({
        columns: [
          { name: 'id', title: 'id', dataType: 'number' },
          { name: 'region', title: 'region', dataType: 'string' },
          { name: 'amount', title: 'amount', dataType: 'number' },
          { name: 'order_date', title: 'order_date', dataType: 'date' },
        ],
        rows: [
          { id: 0, region: 'r0', amount: 0, order_date: '2024-01-01' },
          { id: 1, region: 'r1', amount: 1.5, order_date: '2024-01-02' },
        ],
        truncated: false,
      });
      const table = await ok('POST', '/api/data_source/source/', { type: 8, tableName: '销售明细' });
      expect(table.rows).toEqual([
        { 客户: '张三', 金额: 100.5 },
        { 客户: '李四', 金额: 8 },
      ]);
      expect((await ok('POST', '/api/data_source/source/', { type: 8, content: 'SELECT * FROM sales WHERE id < 0' })).rows).toEqual([]);

      const error = async (body: object) => (await ok('POST', '/api/data_source/source/', { type: 8, ...body })).error;
      expect(await error({ content: 'DELETE FROM sales' })).toBe('Only a SELECT or WITH query is allowed');
      expect(await error({ content: 'SELECT 1; DROP TABLE sales' })).toBe('Only one statement is allowed; remove the text after ";"');
      expect(await error({ content: 'WITH x AS (SELECT 1) SELECT * INTO t2 FROM x' })).toBe('INTO is not allowed: data sources only read data');
      expect(await error({ content: "SELECT 'open" })).toBe('The SQL has an unterminated string');
      expect(await error({ tableName: 'no_such_table' })).toBe('Table no_such_table not found');
      // the engine's text goes to the log under a request id; the user reads the id (issue 12 #5)
      const engine = await error({ content: 'SELECT * FROM no_such_table' });
      expect(engine).toMatch(/^The database could not run the query \(request id [0-9a-f]{12}; the details are in the log\)$/);
      expect(stack.logLines.find((l) => l.includes('"engine error"') && l.includes(engine.match(/[0-9a-f]{12}/)![0]))).toMatch(/no_such_table/);
      // past BI_QUERY_TIMEOUT_SECONDS (2 s here) the query is interrupted, and the store stays usable
      expect(await error({ content: 'SELECT sum(a.range * b.range) AS s FROM range(1000000) a, range(100000) b' })).toBe('The query ran longer than 2 seconds and was cancelled');
      expect((await ok('POST', '/api/data_source/source/', { type: 8, content: 'SELECT 1 AS one' })).rows).toEqual([{ one: 1 }]);
      const zh = await stack.api('/api/data_source/source/', { method: 'POST', body: { type: 8, content: 'DROP TABLE sales' }, token: admin, headers: { currentLanguage: 'zh-CN' } });
      expect(zh.body.data.error).toBe('只允许 SELECT 或 WITH 查询');
    });

    it('validates the request: type, connection form and modules', async () => {
      expect((await call('POST', '/api/data_source/source/', { type: 5 })).body).toEqual({ status: 'fail', data: 'Unsupported data source type 5' });
      expect((await call('POST', '/api/data_source/source/', { type: 2 })).body.data).toBe('Please fill in the database connection');
      expect((await call('POST', '/api/data_source/source/', { type: 2, connection: { host: '', userName: 'root' } })).body.data).toBe('Please enter the host');
      expect((await call('POST', '/api/data_source/source/', { type: 2, connection: { host: 'db', userName: '' } })).body.data).toBe('Please enter the user name');
      expect((await call('POST', '/api/data_source/source/', { type: 2, connection: { host: 'db', userName: 'root', port: 70000 } })).status).toBe(400);
      expect((await call('POST', '/api/data_source/source/', { type: 2, connection: { host: 'db', userName: 'root', type: 'TNS' } })).body.data).toBe('Connection type must be Basic (TNS only for Oracle)');
      // a closed port answers data.error, and the password never reaches the log
      const refused = await ok('POST', '/api/data_source/source/', { type: 7, connection: { host: '127.0.0.1', port: 1, userName: 'postgres', password: 'Pa55-never-logged' } });
      expect(refused).toEqual({ error: 'Cannot reach 127.0.0.1:1 (connection refused)' });
      expect(stack.logLines.join('\n')).not.toContain('Pa55-never-logged');
    });

    it('keeps the wizard and the area to the permissions of spec 02 §6', async () => {
      expect((await call('GET', '/api/data_source/projs', undefined, viewer)).status).toBe(403);
      expect((await call('POST', '/api/data_source/proj', { name: 'Viewer folder' }, viewer)).status).toBe(403);
      expect((await call('POST', '/api/data_source/source/', { type: 8 }, viewer)).status).toBe(403);
      expect((await call('GET', '/api/data_source/projs', undefined, 'not-a-token')).status).toBe(401);
      // free SQL on the shared analytics store is for admins only
      const r = await call('POST', '/api/data_source/source/', { type: 8 }, analyst);
      expect(r.status).toBe(403);
      expect(r.body.data).toBe('Only administrators can create SQL sources on the analytics store');
    });
  });

  describe('sources', () => {
    let folder: { projectId: string };
    beforeAll(async () => {
      folder = await newFolder('Source folder');
    });

    it('creates a source from SQL, answering the source and the permission object', async () => {
      const d = await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Sales by day', description: 'daily', content: 'SELECT * FROM sales;', cacheInterval: 30 });
      const s = d.dataSource;
      expect(s).toMatchObject({
        projectId: folder.projectId,
        projectName: 'Source folder',
        name: 'Sales by day',
        description: 'daily',
        type: 8,
        isReadOnly: false,
        connection: null,
        connectionString: 'analytics://',
        content: 'SELECT * FROM sales',
        tableName: '',
        cacheInterval: 30,
        dataVersion: 1,
        createdBy: 'admin',
        editable: true,
      });
      expect(s.fields).toEqual([
        { name: 'id', title: 'id', dataType: 'number', expression: '', aggregator: '' },
        { name: 'region', title: 'region', dataType: 'string', expression: '', aggregator: '' },
        { name: 'amount', title: 'amount', dataType: 'number', expression: '', aggregator: '' },
        { name: 'order_date', title: 'order_date', dataType: 'date', expression: '', aggregator: '' },
      ]);
      expect(s).not.toHaveProperty('createdById');
      expect(d.permission.roles).toEqual([{ id: 'admin', name: 'admin' }]);
      expect(d.permission.permissions).toContainEqual({ target: `drn:iam:app:margin:datasource:${s.dataSourceId}` });
      expect(d.permission.permissions).toContainEqual({ target: 'drn:iam:app:margin:datasource:edit' });

      expect(await ok('GET', `/api/data_source/datasourceById/${s.dataSourceId}`)).toEqual(s);
      expect(await ok('GET', `/api/data_source/head/${s.dataSourceId}`)).toEqual(s.fields);
      expect(await ok('GET', `/api/data_source/data_history/${s.dataSourceId}`)).toEqual([{ updateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updateLog: 'Data source created', userName: 'admin' }]);
      expect(await ok('GET', `/api/data_source/datasource_charts/${s.dataSourceId}`)).toEqual([]);
      const listed = (await ok('GET', '/api/data_source/projs')).find((p: { projectId: string }) => p.projectId === folder.projectId);
      expect(listed.dataSources).toEqual([{ dataSourceId: s.dataSourceId, projectId: folder.projectId, name: 'Sales by day', type: 8, isReadOnly: false, updateTime: s.updateTime, editable: true }]);
    });

    it('creates from a chosen table, with quoted generated SQL; refuses bad input', async () => {
      const s = (await ok('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: '中文明细表', tableName: '销售明细', tableSchema: 'main' })).dataSource;
      expect(s).toMatchObject({ content: 'SELECT * FROM "main"."销售明细"', tableName: '销售明细', tableSchema: 'main' });
      expect(s.fields.map((f: { name: string; dataType: string }) => [f.name, f.dataType])).toEqual([
        ['客户', 'string'],
        ['金额', 'number'],
      ]);
      const bad = (body: object) => call('POST', '/api/data_source/sql/', { type: 8, projectId: folder.projectId, name: 'Bad source', content: 'SELECT 1 AS x', ...body });
      expect((await bad({ name: 'ab' })).body.data).toBe('Name must be 3 to 20 characters');
      expect((await bad({ content: '' })).body.data).toBe('Please enter the SQL text or choose a table');
      expect((await bad({ cacheInterval: 15 })).body.data).toBe('Cache interval must be one of 0, 5, 10, 30, 60, 180, 300, 720, 1440 minutes');
      expect((await bad({ projectId: '00000000-0000-0000-0000-000000000000' })).body.data).toBe('Folder not found');
      expect((await bad({ content: 'UPDATE sales SET id = 1' })).body).toEqual({ status: 'success', data: { error: 'Only a SELECT or WITH query is allowed' } });
      expect((await bad({ content: 'SELECT 1' })).body.data.error).toBeUndefined();
    });

    it('previews the top rows with calculated fields and saves field settings', async () => {
      const s = await newSource(folder.projectId, 'Fields source', 'SELECT id, region, amount FROM sales ORDER BY id');
      const top = await ok('GET', `/api/data_source/topds/${s.dataSourceId}/3`);
      expect(top.rows).toEqual([
        { id: 0, region: 'r0', amount: 0 },
        { id: 1, region: 'r1', amount: 1.5 },
        { id: 2, region: 'r2', amount: 3 },
      ]);
      expect((await call('GET', `/api/data_source/topds/${s.dataSourceId}/0`)).status).toBe(400);
      expect((await call('GET', `/api/data_source/topds/${s.dataSourceId}/abc`)).status).toBe(400);

      const fields = [
        { name: 'id', title: '编号', dataType: 'number', expression: '', aggregator: 'count' },
        { name: 'region', title: 'Region', dataType: 'string', expression: '', aggregator: '' },
        { name: 'amount', title: 'Amount', dataType: 'number', expression: '', aggregator: 'sum' },
        { name: 'double', title: 'Double amount', expression: 'ROUND(amount * 2, 1)', aggregator: 'sum' },
        { name: 'label', title: 'Label', expression: "CONCAT(region, '-', [id])" },
      ];
      const saved = await ok('PUT', `/api/data_source/updateSchema/${s.dataSourceId}`, fields);
      expect(saved.fields).toEqual([
        { name: 'id', title: '编号', dataType: 'number', expression: '', aggregator: 'count' },
        { name: 'region', title: 'Region', dataType: 'string', expression: '', aggregator: '' },
        { name: 'amount', title: 'Amount', dataType: 'number', expression: '', aggregator: 'sum' },
        { name: 'double', title: 'Double amount', dataType: 'number', expression: 'ROUND(amount * 2, 1)', aggregator: 'sum' },
        { name: 'label', title: 'Label', dataType: 'string', expression: "CONCAT(region, '-', [id])", aggregator: '' },
      ]);
      expect(saved.dataVersion).toBe(2);
      const withCalc = await ok('GET', `/api/data_source/topds/${s.dataSourceId}/2`);
      expect(withCalc.columns.map((c: { title: string }) => c.title)).toEqual(['编号', 'Region', 'Amount', 'Double amount', 'Label']);
      expect(withCalc.rows[1]).toEqual({ id: 1, region: 'r1', amount: 1.5, double: 3, label: 'r1-1' });

      const fail = async (list: object[]) => (await call('PUT', `/api/data_source/updateSchema/${s.dataSourceId}`, { fields: list })).body.data;
      const base = fields.slice(0, 3);
      expect(await fail([{ ...base[0], title: '' }, base[1], base[2]])).toBe('Field alias must be 1 to 20 characters');
      expect(await fail([{ ...base[0], title: 'x'.repeat(21) }, base[1], base[2]])).toBe('Field alias must be 1 to 20 characters');
      expect(await fail([base[0], { ...base[1], aggregator: 'avg' }, base[2]])).toBe('Aggregator avg cannot be used for field region');
      expect(await fail([base[0], base[1]])).toBe('Fields from the database cannot be added, removed or retyped (amount)');
      expect(await fail([base[0], { ...base[1], dataType: 'number' }, base[2]])).toBe('Fields from the database cannot be added, removed or retyped (region)');
      expect(await fail([...base, { name: 'x', title: 'X', expression: 'price * 2' }])).toBe('Expression of x: unknown field price');
      expect(await fail([...base, { name: 'x', title: 'X', expression: 'amount; DROP TABLE sales' }])).toBe('Expression of x: unexpected character ; at 7');
      expect(await fail([...base, { name: 'x', title: 'X', expression: 'pg_sleep(1)' }])).toMatch(/^Expression of x: unknown function pg_sleep; allowed: ABS, ROUND/);
      expect(await fail([...base, { name: 'x', title: 'X', expression: 'region * 2' }])).toMatch(/^Expression of x: refused by the database \(request id [0-9a-f]{12}; the details are in the log\)$/);
      expect(await fail([...base, { name: 'Amount', title: 'X', expression: 'amount' }])).toBe('A field named Amount already exists');
      // dropping the calculated fields is allowed
      expect((await ok('PUT', `/api/data_source/updateSchema/${s.dataSourceId}`, base)).fields).toHaveLength(3);
    });

    it('updates SQL and settings with history and DataChanged events; the name stays', async () => {
      const s = await newSource(folder.projectId, 'Updatable', 'SELECT id, region, amount FROM sales');
      await ok('PUT', `/api/data_source/updateSchema/${s.dataSourceId}`, [
        { name: 'id', title: 'Id' },
        { name: 'region', title: 'Region' },
        { name: 'amount', title: 'Amount' },
        { name: 'twice', title: 'Twice', expression: 'amount * 2' },
      ]);
      const u = await ok('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, name: 'Renamed?', description: 'new text', cacheInterval: 60, content: 'SELECT id, amount, order_date FROM sales' });
      expect(u).toMatchObject({ name: 'Updatable', description: 'new text', cacheInterval: 60, content: 'SELECT id, amount, order_date FROM sales', dataVersion: 3 });
      expect(u.fields.map((f: { name: string; title: string; dataType: string }) => [f.name, f.title, f.dataType])).toEqual([
        ['id', 'Id', 'number'],
        ['amount', 'Amount', 'number'],
        ['order_date', 'order_date', 'date'],
        ['twice', 'Twice', 'number'],
      ]);
      const history = await ok('GET', `/api/data_source/data_history/${s.dataSourceId}`);
      expect(history.map((h: { updateLog: string }) => h.updateLog)).toEqual([
        'Description changed; Cache interval changed from 0 to 60 minutes; SQL changed; Columns refreshed: 1 added, 1 removed',
        'Field settings changed',
        'Data source created',
      ]);
      const zh = await stack.api(`/api/data_source/data_history/${s.dataSourceId}`, { token: admin, headers: { currentLanguage: 'zh-CN' } });
      expect(zh.body.data[1].updateLog).toBe('修改了字段设置');
      // a calculated field that no longer works refuses the update, as data.error
      const broken = await ok('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, content: 'SELECT id FROM sales' });
      expect(broken).toEqual({ error: 'Expression of twice: unknown field amount' });
      // nothing changed: nothing written
      expect((await ok('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, description: 'new text' })).dataVersion).toBe(3);
      await waitFor(() => events.filter((e) => e.aggregateId === s.dataSourceId).length === 2, 30_000, 'the two DataChanged events');
      expect(events.filter((e) => e.aggregateId === s.dataSourceId).map((e) => [e.payload?.changeKind, e.payload?.dataVersion, e.payload?.changedBy])).toEqual([
        ['schema', 2, 'admin'],
        ['update', 3, 'admin'],
      ]);
      expect((await call('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, cacheInterval: 7 })).body.data).toBe('Cache interval must be one of 0, 5, 10, 30, 60, 180, 300, 720, 1440 minutes');
      expect((await call('PUT', '/api/data_source/update', { dataSourceId: '00000000-0000-0000-0000-000000000000' })).status).toBe(404);
    });

    it('deletes a source with a delete_source event', async () => {
      const s = await newSource(folder.projectId, 'Short lived');
      expect(await ok('DELETE', `/api/data_source/${s.dataSourceId}`)).toEqual({ dataSourceId: s.dataSourceId });
      const gone = await call('GET', `/api/data_source/datasourceById/${s.dataSourceId}`);
      expect(gone.status).toBe(404);
      expect(gone.body.data).toBe('Data source not found');
      await waitFor(() => events.some((e) => e.aggregateId === s.dataSourceId && e.payload?.changeKind === 'delete_source'), 30_000, 'the delete_source DataChanged');
    });

    it('reads a 3000-column source', async () => {
      const s = await newSource(folder.projectId, 'Very wide', 'SELECT * FROM wide');
      expect(s.fields).toHaveLength(3000);
      const top = await ok('GET', `/api/data_source/topds/${s.dataSourceId}/500`);
      expect(top.columns).toHaveLength(3000);
      expect(top.rows[0].c2999).toBe(2999);
    });

    it('exports .xlsx up to 99999 rows and refuses more with the hint of spec 02 §8', async () => {
      const s = await newSource(folder.projectId, '导出 source', 'SELECT id, region, amount, order_date FROM sales ORDER BY id');
      await ok('PUT', `/api/data_source/updateSchema/${s.dataSourceId}`, [
        { name: 'id', title: '编号' },
        { name: 'region', title: 'Region' },
        { name: 'amount', title: 'Amount' },
        { name: 'order_date', title: 'Day' },
      ]);
      const res = await fetch(`${stack.url}/api/data_source/export/${s.dataSourceId}`, { headers: { authorization: admin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('导出 source.xlsx')}`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const sheet = book.worksheets[0];
      expect(sheet.name).toBe('导出 source');
      expect(sheet.getRow(1).values).toEqual([undefined, '编号', 'Region', 'Amount', 'Day']);
      expect(sheet.getRow(3).values).toEqual([undefined, 1, 'r1', 1.5, '2024-01-02']);
      expect(sheet.rowCount).toBe(21);

      const big = await newSource(folder.projectId, 'Big source', 'SELECT * FROM big');
      const refused = await call('GET', `/api/data_source/export/${big.dataSourceId}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ status: 'fail', data: 'Export of more than 99999 rows is not supported, to protect the server' });
      const allowed = await newSource(folder.projectId, 'Almost big', 'SELECT * FROM big WHERE id < 99999');
      const file = await fetch(`${stack.url}/api/data_source/export/${allowed.dataSourceId}`, { headers: { authorization: admin } });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      expect(wb.worksheets[0].rowCount).toBe(100_000);
    });

    it('shows each user only the sources they may read, and lets only editors change them', async () => {
      const s = await newSource(folder.projectId, 'Admin only');
      const forAnalyst = (await ok('GET', '/api/data_source/projs', undefined, analyst)).find((p: { projectId: string }) => p.projectId === folder.projectId);
      expect(forAnalyst.dataSources).toEqual([]);
      expect(await ok('GET', '/api/data_source/template_datasource', undefined, analyst)).toEqual(expect.not.arrayContaining([expect.objectContaining({ projectId: folder.projectId })]));
      expect((await ok('GET', '/api/data_source/template_datasource')).some((p: { projectId: string }) => p.projectId === folder.projectId)).toBe(true);
      for (const [method, path] of [
        ['GET', `/api/data_source/datasourceById/${s.dataSourceId}`],
        ['GET', `/api/data_source/topds/${s.dataSourceId}/5`],
        ['GET', `/api/data_source/export/${s.dataSourceId}`],
        ['DELETE', `/api/data_source/${s.dataSourceId}`],
      ]) {
        const r = await call(method, path, undefined, analyst);
        expect([path, r.status, r.body.data]).toEqual([path, 403, 'You do not have permission to do this']);
      }
      expect((await call('PUT', `/api/data_source/batch-edit-datasource/${folder.projectId}`, { projectId: folder.projectId, dataSourceIds: [s.dataSourceId] }, analyst)).status).toBe(403);
      // the analyst's own folder is visible to all; the admin still sees it
      const own = await newFolder('Analyst folder', analyst);
      expect((await ok('GET', `/api/data_source/projsById/${own.projectId}`)).name).toBe('Analyst folder');
    });

    it('lets a user granted datasource:{id} (sharing) read and edit the source, but not rewrite analytics-store SQL', async () => {
      const s = await newSource(folder.projectId, 'Shared source', 'SELECT id, amount FROM sales');
      await stack.runtime.db.query("INSERT INTO identity.user_permissions (user_id, permission) SELECT id, $1 FROM identity.users WHERE user_name = 'analyst'", [`datasource:${s.dataSourceId}`]);
      const granted = await stack.login('analyst'); // a new token: grants are read when a token is verified
      const listed = (await ok('GET', '/api/data_source/projs', undefined, granted)).find((p: { projectId: string }) => p.projectId === folder.projectId);
      expect(listed.dataSources.map((x: { name: string; editable: boolean }) => [x.name, x.editable])).toEqual([['Shared source', true]]);
      expect((await ok('GET', `/api/data_source/topds/${s.dataSourceId}/1`, undefined, granted)).rows).toEqual([{ id: 0, amount: 0 }]);
      expect((await ok('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, description: 'shared' }, granted)).description).toBe('shared');
      const rewrite = await call('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, content: 'SELECT * FROM big' }, granted);
      expect([rewrite.status, rewrite.body.data]).toEqual([403, 'Only administrators can create SQL sources on the analytics store']);
      expect((await ok('PUT', `/api/data_source/updateSchema/${s.dataSourceId}`, [{ name: 'id', title: 'Id' }, { name: 'amount', title: 'Amount' }], granted)).fields[0].title).toBe('Id');
    });
  });

  // ---- against real servers (services run) ----

  const pgUrl = process.env.TEST_DATABASE_URL;
  (pgUrl ? it : it.skip)('manages a PostgreSQL source (type 7): encrypted password, kept on edit, asked again for a new server', async () => {
    const pg = (await import('pg')).default;
    const u = new URL(pgUrl!);
    const database = `bi_src_${randomBytes(4).toString('hex')}`;
    const adminDb = new pg.Client({ connectionString: pgUrl });
    await adminDb.connect();
    await adminDb.query(`CREATE DATABASE ${database}`);
    const src = new pg.Client({ host: u.hostname, port: Number(u.port), user: u.username, database });
    await src.connect();
    await src.query(`CREATE TABLE "订单" ("客户" text, "金额" numeric(10,2), "日期" date); INSERT INTO "订单" VALUES ('张三', 12.5, '2024-03-04')`);
    await src.end();
    try {
      const f = await newFolder('PG folder');
      const password = 'Secret-pg-Pa55';
      const connection = { host: u.hostname, port: Number(u.port), userName: u.username, password, initialDatabase: database };
      expect((await ok('POST', '/api/data_source/source/', { type: 7, connection })).tables).toContainEqual({ schema: 'public', name: '订单', kind: 'table' });
      const d = await ok('POST', '/api/data_source/sql/', { type: 7, projectId: f.projectId, name: 'PG orders', connection, tableName: '订单', tableSchema: 'public' });
      const s = d.dataSource;
      expect(s).toMatchObject({
        type: 7,
        content: 'SELECT * FROM "public"."订单"',
        connection: { host: u.hostname, port: Number(u.port), userName: u.username, type: 'Basic', serverName: '', role: 'Default', initialDatabase: database, hasPassword: true },
        connectionString: `postgresql://${u.username}@${u.hostname}:${u.port}/${database}`,
      });
      expect(JSON.stringify(d)).not.toContain(password);
      const row = (await stack.runtime.db.query<{ password_enc: string; connection: unknown }>('SELECT password_enc, connection FROM data_source.sources WHERE id = $1', [s.dataSourceId])).rows[0];
      expect(row.password_enc).toMatch(/^v1\./);
      expect(row.password_enc).not.toContain(password);
      expect(JSON.stringify(row.connection)).not.toContain(password);
      expect((await ok('GET', `/api/data_source/topds/${s.dataSourceId}/10`)).rows).toEqual([{ 客户: '张三', 金额: 12.5, 日期: '2024-03-04' }]);
      // edit screen: an empty password keeps the stored one…
      const kept = await ok('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, connection: { ...connection, password: '' }, content: 'SELECT "客户" FROM "订单"' });
      expect(kept.connection.hasPassword).toBe(true);
      expect(kept.fields.map((x: { name: string }) => x.name)).toEqual(['客户']);
      expect(await ok('POST', '/api/data_source/source/', { type: 7, dataSourceId: s.dataSourceId, connection: { ...connection, password: '' }, content: 'SELECT 1 AS one' })).toMatchObject({ rows: [{ one: 1 }] });
      expect((await ok('POST', '/api/data_source/source/', { type: 7, connection, content: 'SELECT 1 AS a, 2 AS a' })).error).toBe('The query returns the column a more than once; give each column its own alias');
      expect((await ok('POST', '/api/data_source/source/', { type: 7, connection, content: 'SELECT pg_sleep(5)' })).error).toBe('The query ran longer than 2 seconds and was cancelled');
      // …but never for another server
      expect(await ok('PUT', '/api/data_source/update', { dataSourceId: s.dataSourceId, connection: { ...connection, host: 'localhost', password: '' } })).toEqual({
        error: 'Please enter the password again after changing the host or port',
      });
      expect(stack.logLines.join('\n')).not.toContain(password);
      expect(await ok('DELETE', `/api/data_source/${s.dataSourceId}`)).toEqual({ dataSourceId: s.dataSourceId });
    } finally {
      await adminDb.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await adminDb.end();
    }
  });

  const myUrl = process.env.TEST_MYSQL_URL;
  (myUrl ? it : it.skip)('manages a MariaDB source (type 2) and reports a wrong password as data.error', async () => {
    const mysql = (await import('mysql2/promise')).default;
    const u = new URL(myUrl!);
    const database = `bi_src_${randomBytes(4).toString('hex')}`;
    const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), multipleStatements: true });
    await conn.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4; USE ${database}; CREATE TABLE t (id INT, name VARCHAR(10)); INSERT INTO t VALUES (1, '中文')`);
    try {
      const f = await newFolder('MySQL folder');
      const connection = { host: u.hostname, port: Number(u.port), userName: decodeURIComponent(u.username), password: decodeURIComponent(u.password), initialDatabase: database };
      expect(await ok('POST', '/api/data_source/source/', { type: 2, connection: { ...connection, password: 'wrong' } })).toEqual({ error: 'The database refused the user name or password' });
      const s = (await ok('POST', '/api/data_source/sql/', { type: 2, projectId: f.projectId, name: 'MySQL t', connection, content: 'SELECT * FROM t' })).dataSource;
      expect(s.connectionString).toBe(`mysql://${connection.userName}@${u.hostname}:${u.port}/${database}`);
      expect((await ok('GET', `/api/data_source/topds/${s.dataSourceId}/5`)).rows).toEqual([{ id: 1, name: '中文' }]);
      expect(await ok('POST', '/api/data_source/source/', { type: 2, connection, content: 'SELECT SLEEP(5) AS s' })).toEqual({ error: 'The query ran longer than 2 seconds and was cancelled' });
      expect(await ok('DELETE', `/api/data_source/${s.dataSourceId}`)).toEqual({ dataSourceId: s.dataSourceId });
    } finally {
      await conn.query(`DROP DATABASE IF EXISTS ${database}`);
      await conn.end();
    }
  });
});
