import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { addChart, seedSqlSource } from './support/boards';
import { BASE_URL, E2E_HOST, E2E_PORT, USERS } from './support/env';
import type { Language } from './support/catalogues';

// Embedding (issue 32, docs/api/embedding.md): a page of another origin (a tiny server on another port)
// embeds a chart with /embed/bi-embed.js and a token signed here — drawn by the product's own chart box
// (ECharts, with its tooltip) — changes the chart's filter from the page (setFilter → postMessage), and the
// chart is drawn again with the new value.

const PAGE_PORT = E2E_PORT + 4;
const PAGE_ORIGIN = `http://${E2E_HOST}:${PAGE_PORT}`;
const SQL = "SELECT * FROM (VALUES ('East', 10), ('West', 20), ('North', 30)) t(region, qty)";

function sign(claims: Record<string, unknown>, secret: string): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function hostPage(chartId: string, token: string, kind: 'chart' | 'dashboard' = 'chart'): string {
  return `<!doctype html><meta charset="utf-8"><title>Host</title>
<button id="west">West</button><div id="chart" style="width:640px"></div>
<script src="${BASE_URL}/embed/bi-embed.js"></script>
<script>
  window.events = [];
  const theme = new URLSearchParams(location.search).get('theme') || 'light';
  const view = BiEmbed.embed(document.getElementById('chart'), { server: '${BASE_URL}', kind: '${kind}', id: '${chartId}', token: '${token}', theme });
  view.on('rendered', (m) => window.events.push(m));
  view.on('error', (m) => window.events.push(m));
  document.getElementById('west').onclick = () => view.setFilter('region', ['West']);
</script>`;
}

test.describe('embedding', () => {
  let server: Server | undefined;
  test.afterEach(async () => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  test('a page of another origin embeds a chart and changes its filter', async ({ page, browser }) => {
    // screenshots for review (zh-CN, zh-TW, en × light, dark) only when SHOTS_DIR is set
    if (process.env.SHOTS_DIR) test.setTimeout(240_000);
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const run = uniqueSuffix();
    const source = await seedSqlSource(page, `Embed ${run}`, `Regions ${run}`, SQL);
    const folder = await api<{ projectId: string }>(page, 'POST', '/api/dashboard/project/dashboard', { name: `Embed ${run}` });
    const board = await api<{ dashboardId: string }>(page, 'POST', '/api/dashboard/dashboard', { name: `Embed ${run}`, projectId: folder.projectId });
    const f = (name: string, dataType: string) => ({ name, title: name, dataType });
    const chart = await addChart(page, board.dashboardId, 'Qty by region', 'bar', source.dataSourceId, { points: [f('region', 'string')], values: [{ ...f('qty', 'number'), aggregator: 'sum' }] });
    const users = await api<{ id: string; userName: string }[]>(page, 'GET', '/api/identity/admin/users');
    const { secret } = await api<{ secret: string }>(page, 'GET', '/api/identity/admin/embed-secret');
    const now = Math.floor(Date.now() / 1000);
    const token = sign({ sub: users.find((u) => u.userName === 'admin')!.id, resource: { type: 'chart', id: chart.chartId }, filters: { editable: [{ name: 'region', dataType: 'string', range: ['East'] }] }, iat: now, exp: now + 600 }, secret);
    const boardToken = sign({ sub: users.find((u) => u.userName === 'admin')!.id, resource: { type: 'dashboard', id: board.dashboardId }, iat: now, exp: now + 600 }, secret);
    server = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(req.url?.startsWith('/board') ? hostPage(board.dashboardId, boardToken, 'dashboard') : hostPage(chart.chartId, token)));
    await new Promise<void>((r) => server!.listen(PAGE_PORT, E2E_HOST, r));

    const context = await browser.newContext({ locale: 'en-US' });
    const host = await context.newPage();
    const answers: string[] = [];
    const runUrls: string[] = [];
    host.on('response', (r) => {
      if (r.url().includes('/api/embed/chart/')) {
        runUrls.push(r.url());
        void r.text().then((t) => answers.push(t));
      }
    });
    await host.goto(`${PAGE_ORIGIN}/`);
    await expect.poll(() => host.evaluate(() => (window as unknown as { events: { type: string; filters?: unknown }[] }).events.map((e) => e.type))).toEqual(['bi:rendered']);
    const frame = host.frameLocator('iframe');
    const box = frame.locator(`.bi-chart-box[data-chart-id="${chart.chartId}"]`);
    await expect(box.locator('[data-testid="echart"] canvas')).toBeVisible();
    await expect(box.getByTestId('chart-box-title')).toHaveText('Qty by region');
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toContain('East');
    expect(answers[0]).not.toContain('West');
    // the shown value: the chart's tooltip over its one bar
    const tooltipOf = async () => {
      const canvas = box.locator('[data-testid="echart"] canvas').first();
      const b = (await canvas.boundingBox())!;
      await host.mouse.move(b.x + b.width / 2, b.y + b.height * 0.7);
      return box.locator('[data-testid="echart"]');
    };
    await expect(await tooltipOf()).toContainText('East');
    // the token never appears in the iframe's address nor in a run's
    expect(host.frames().every((fr) => !fr.url().includes(token.slice(-20)))).toBe(true);
    expect(runUrls.every((u) => !u.includes(token.slice(-20)))).toBe(true);

    await host.mouse.move(0, 0);
    await host.click('#west');
    await expect.poll(() => host.evaluate(() => (window as unknown as { events: { filters?: unknown }[] }).events.length)).toBe(2);
    expect(await host.evaluate(() => (window as unknown as { events: { filters?: unknown }[] }).events[1]!.filters)).toEqual([{ name: 'region', range: ['West'] }]);
    await expect.poll(() => answers.length).toBe(2);
    expect(answers[1]).toContain('West');
    expect(answers[1]).not.toContain('East');
    await expect(await tooltipOf()).toContainText('West');
    await expect(box.locator('[data-testid="echart"]')).not.toContainText('East');

    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      await addChart(page, board.dashboardId, 'Qty share', 'pie', source.dataSourceId, { points: [f('region', 'string')], values: [{ ...f('qty', 'number'), aggregator: 'sum' }] });
      for (const [what, path] of [['chart', '/'], ['dashboard', '/board']] as const) for (const locale of ['zh-CN', 'zh-TW', 'en']) {
        for (const theme of ['light', 'dark']) {
          const ctx = await browser.newContext({ locale, viewport: { width: 700, height: 520 } });
          const p: Page = await ctx.newPage();
          await p.goto(`${PAGE_ORIGIN}${path}?theme=${theme}`);
          await expect(p.frameLocator('iframe').locator('[data-testid="echart"] canvas').first()).toBeVisible();
          await expect.poll(() => p.evaluate(() => (window as unknown as { events: unknown[] }).events.length)).toBeGreaterThan(0);
          await p.screenshot({ path: `${process.env.SHOTS_DIR}/embed-${what}-${locale}-${theme}.png`, fullPage: true });
          await ctx.close();
        }
      }
    }
    await context.close();
  });

  test('an administrator sees and rotates the embedding secret in admin settings; old tokens stop', async ({ page }) => {
    if (process.env.SHOTS_DIR) test.setTimeout(240_000);
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    const before = await api<{ secret: string; source: string }>(page, 'GET', '/api/identity/admin/embed-secret');
    expect(before.source).toBe('file');
    const users = await api<{ id: string; userName: string }[]>(page, 'GET', '/api/identity/admin/users');
    const now = Math.floor(Date.now() / 1000);
    const old = sign({ sub: users.find((u) => u.userName === 'admin')!.id, resource: { type: 'dashboard', id: 'any' }, iat: now, exp: now + 600 }, before.secret);
    const resource = () => page.request.fetch('/api/embed/resource', { headers: { authorization: `Bearer ${old}` } });
    expect((await resource()).status()).not.toBe(401);

    await page.goto('/admin/embedding');
    const secret = page.getByTestId('admin-embed-secret');
    await expect(secret).not.toContainText(before.secret);
    await page.getByTestId('admin-embed-show').click();
    await expect(secret).toHaveText(before.secret);
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      for (const theme of ['light', 'dark'] as const) {
        for (const language of ['zh-CN', 'zh-TW', 'en'] as Language[]) {
          await page.evaluate(([l, t]) => (localStorage.setItem('language', l!), localStorage.setItem('theme', t!)), [language, theme]);
          await page.reload();
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByTestId('admin-embed-source')).toBeVisible();
          await page.getByTestId('admin-embed-rotate').click();
          await expect(page.getByTestId('admin-embed-rotate-ok')).toBeVisible();
          // the pop-up's fade-in ends before the picture
          await page.waitForFunction(() => [...document.querySelectorAll('.ant-popover')].every((e) => getComputedStyle(e).opacity === '1'));
          await page.screenshot({ path: `${process.env.SHOTS_DIR}/admin-embed-${language}-${theme}.png` });
          await page.keyboard.press('Escape');
        }
      }
      await page.evaluate(() => (localStorage.setItem('language', 'en'), localStorage.setItem('theme', 'light')));
      await page.reload();
      await page.getByTestId('admin-embed-show').click();
    }
    await page.getByTestId('admin-embed-rotate').click();
    await page.getByTestId('admin-embed-rotate-ok').click();
    await expect(secret).not.toHaveText(before.secret);
    const after = await api<{ secret: string }>(page, 'GET', '/api/identity/admin/embed-secret');
    expect(after.secret).not.toBe(before.secret);
    await expect(secret).toHaveText(after.secret);
    expect((await resource()).status()).toBe(401);
  });
});
