import { MAP_REGIONS } from '@bi/charts';
import { waitFor } from '@bi/messaging';
import { startTestStack, type TestStack } from './testing.js';

// First start with BI_DEMO: data-source loads the demo sales source in the background, then the
// dashboard service creates the demo folder with one chart of each kind over it, once.
describe('demo dashboard', () => {
  let stack: TestStack;
  let admin: string;
  const en = { currentLanguage: 'en' };
  beforeAll(async () => {
    stack = await startTestStack({ BI_DEMO: 'true' });
    admin = await stack.login('admin');
  });
  afterAll(async () => stack?.stop());

  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await stack.api(path, { method, body, token: admin, headers: en });
    if (r.body?.status !== 'success') throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };

  it('creates a dashboard with a chart of every kind over the demo source, and every chart runs', async () => {
    let folder: { projectId: string; dashboards: { dashboardId: string; name: string }[] } | undefined;
    await waitFor(
      async () => {
        folder = (await ok('GET', '/api/dashboard/projects/dashboard')).find((p: { name: string }) => p.name === '演示 Demo');
        return Boolean(folder?.dashboards.length);
      },
      100_000,
      'the demo dashboard',
    );
    expect(folder?.dashboards.map((d) => d.name)).toEqual(['销售概览 Sales']);
    const content = await ok('GET', `/api/dashboard/dashboard/${folder!.dashboards[0].dashboardId}`);
    const kinds = content.charts.map((c: { type: string }) => c.type).sort();
    expect(kinds).toEqual(['bar', 'card', 'doubleaxis', 'funnel', 'gauge', 'line', 'map', 'nav', 'pie', 'scatter', 'stack_bar', 'table', 'tw_map']);
    expect(content.aspects).toHaveLength(13);
    for (const c of content.charts) {
      const answer = await ok('POST', `/api/dashboard/chart/dashboard/${c.chartId}`, {});
      expect(answer.meta).toMatchObject({ kind: c.type, empty: false });
      expect(answer.meta.rowCount).toBeGreaterThan(0);
    }
    // both maps colour regions: every region they name is a region of their GeoJSON
    for (const c of content.charts.filter((x: { type: string }) => x.type === 'map' || x.type === 'tw_map')) {
      const series = (await ok('POST', `/api/dashboard/chart/dashboard/${c.chartId}`, {})).option.series[0];
      const names = series.data.map((d: { name: string }) => d.name);
      expect(names.length).toBeGreaterThan(2);
      expect(MAP_REGIONS[series.map as keyof typeof MAP_REGIONS]).toEqual(expect.arrayContaining(names));
    }
    // the card's revenue is the sum over the demo rows
    const card = content.charts.find((c: { type: string }) => c.type === 'card');
    expect((await ok('POST', `/api/dashboard/chart/dashboard/${card.chartId}`, {})).option.card.value).toBeGreaterThan(1_000_000);
    // once: deleting the folder does not bring it back on the next start (the claim stays done)
    const setting = await stack.runtime.db.query<{ value: { state: string } }>("SELECT value FROM dashboard.settings WHERE key = 'demo'");
    expect(setting.rows[0].value.state).toBe('done');

    // the demo source is shared with the seeded roles: every seeded user sees the demo's numbers (docs/api/sharing.md)
    await waitFor(async () => (await stack.runtime.db.query("SELECT 1 FROM data_source.settings WHERE key = 'demo-shared' AND value->>'state' = 'done'")).rows.length > 0, 30_000, 'the demo source shared');
    for (const userName of ['analyst', 'viewer']) {
      const token = await stack.login(userName);
      const r = await stack.api(`/api/dashboard/chart/dashboard/${card.chartId}`, { method: 'POST', body: {}, token, headers: en });
      expect([userName, r.body.data.option?.card.value]).toEqual([userName, (await ok('POST', `/api/dashboard/chart/dashboard/${card.chartId}`, {})).option.card.value]);
    }
  });
});
