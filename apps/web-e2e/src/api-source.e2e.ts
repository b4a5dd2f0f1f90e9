import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import en from '../../web/src/modules/data-source/i18n/en';
import zhCN from '../../web/src/modules/data-source/i18n/zh-CN';
import zhTW from '../../web/src/modules/data-source/i18n/zh-TW';
import { DataSourceSidebar, visible } from './pages/DataSourceSidebar';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { chooseOption } from './support/select';
import { E2E_API_PORT, USERS } from './support/env';

// Issue 29, HTTP API source: from the create-source dialog's API entry through the wizard — request
// settings (bearer token, rows path, page paging), Test (the first 100 rows), columns with a type
// changed, name — to the new source's detail page; its copy holds every row of the API (1 234 over
// 13 pages, past any 200-row cap). The edit screen shows the settings with the token withheld.
// The API is a server of this spec on 127.0.0.1 (opened by BI_OUTBOUND_ALLOW in playwright.config.ts).
// SHOTS_DIR: screenshots of both steps and the edit screen in each language and theme.
test.describe.configure({ timeout: process.env.SHOTS_DIR ? 480_000 : 120_000 });

const TOTAL = 1234;
const TOKEN = 'e2e-token-7c1d';
const TEXTS = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;
let server: Server;
let base = '';
const seen: IncomingHttpHeaders[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    const url = new URL(req.url!, 'http://x');
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401).end('{}');
    const page = Number(url.searchParams.get('page') ?? 1);
    const from = (page - 1) * 100;
    const items = Array.from({ length: Math.max(0, Math.min(100, TOTAL - from)) }, (_, k) => {
      const i = from + k;
      return { id: i, region: ['华东', '华北', '华南'][i % 3], amount: `${i}.25`, day: `2026-02-${String((i % 28) + 1).padStart(2, '0')}` };
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { items } }));
  });
  await new Promise<void>((r) => server.listen(E2E_API_PORT, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function fillRequest(page: Page, texts: typeof en) {
  await visible(page, 'api-url').fill(`${base}/orders`);
  await page.getByRole('tab', { name: texts.api.auth }).click();
  await chooseOption(visible(page, 'api-auth-kind'), visible(page, 'api-auth-bearer'), texts.api.authKinds.bearer);
  await visible(page, 'api-auth-secret').fill(TOKEN);
  await page.getByRole('tab', { name: texts.api.rowsAndPaging }).click();
  await visible(page, 'api-rows-path').fill('$.data.items[*]');
  await chooseOption(visible(page, 'api-paging-mode'), visible(page, 'api-paging-page'), texts.api.pagingModes.page);
  await visible(page, 'api-paging-size-param').fill('size');
}

test('create an API source through the wizard: test, columns, save; its copy holds every row', async ({ page }) => {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const run = uniqueSuffix();
  const folderName = `API ${run}`;
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: folderName });
  const sidebar = new DataSourceSidebar(page);
  await sidebar.goto();
  await sidebar.startSource(folder.projectId, folderName, 'api');
  await expect(visible(page, 'page-data_source_api')).toBeVisible();
  await expect(visible(page, 'api-next')).toBeDisabled();

  await fillRequest(page, en);
  await visible(page, 'api-test').click();
  const preview = visible(page, 'api-preview');
  await expect(preview).toContainText(en.api.previewRows.replace('{{count}}', '100'));
  await expect(preview).toContainText('华北');
  await visible(page, 'api-next').click();

  // step 2: the inferred types, one changed (id as text), a name
  await expect(visible(page, 'api-col-type-amount')).toContainText(en.api.types.decimal);
  await expect(visible(page, 'api-col-type-day')).toContainText(en.api.types.date);
  await chooseOption(visible(page, 'api-col-type-id'), visible(page, 'api-type-id-text'), en.api.types.text);
  await visible(page, 'api-name').fill(`Orders ${run}`);
  const [created] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/data_source\/api\/[0-9a-f-]{36}$/.test(r.url())), visible(page, 'api-save').click()]);
  const answer = (await created.json()).data as { dataSource: { dataSourceId: string; projectId: string }; rowCount: number };
  expect(answer.rowCount).toBe(TOTAL);
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/${answer.dataSource.dataSourceId}$`));
  expect(seen.every((h) => h.authorization === `Bearer ${TOKEN}`)).toBe(true);

  // the copy: every row, id stored as text, the amounts summed as the API's
  const rows = await api<{ rows: Record<string, unknown>[] }>(page, 'GET', `/api/data_source/topds/${answer.dataSource.dataSourceId}/5`);
  expect(rows.rows?.length ?? 0).toBeGreaterThan(0);
  const fields = (await api<{ fields: { name: string; dataType: string }[] }>(page, 'GET', `/api/data_source/datasourceById/${answer.dataSource.dataSourceId}`)).fields;
  expect(fields.map((f) => [f.name, f.dataType])).toEqual([
    ['key_id', 'number'],
    ['id', 'string'],
    ['region', 'string'],
    ['amount', 'number'],
    ['day', 'date'],
  ]);

  // the edit screen: the settings back, the token withheld
  await page.goto(`/data_source_edit/${answer.dataSource.dataSourceId}`);
  await expect(visible(page, 'api-edit')).toBeVisible();
  await expect(visible(page, 'api-url')).toHaveValue(`${base}/orders`);
  await page.getByRole('tab', { name: en.api.auth }).click();
  await expect(visible(page, 'api-auth-secret')).toHaveValue('');
  await expect(visible(page, 'api-secret-kept')).toHaveText(en.api.secretKept);
  expect(await page.content()).not.toContain(TOKEN);
  await visible(page, 'api-test').click();
  await expect(visible(page, 'api-preview')).toContainText(en.api.previewRows.replace('{{count}}', '100'));

  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const language of ['zh-CN', 'zh-TW', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const texts = TEXTS[language];
      await page.evaluate(([l, t]) => {
        window.localStorage.setItem('language', l);
        window.localStorage.setItem('theme', t);
      }, [language, theme]);
      await sidebar.goto();
      await sidebar.createSourceButton.click();
      await expect(visible(page, 'ds-type-api')).toBeVisible();
      await page.screenshot({ path: `${shots}/api-dialog-${language}-${theme}.png` });
      await page.goto(`/data_source_sql/${folder.projectId}/api`);
      await fillRequest(page, texts as typeof en);
      await visible(page, 'api-test').click();
      await expect(visible(page, 'api-preview')).toBeVisible();
      await page.screenshot({ path: `${shots}/api-step1-${language}-${theme}.png`, fullPage: true });
      await visible(page, 'api-next').click();
      await visible(page, 'api-sync-mode').getByText(texts.api.syncModes.incremental).click();
      await page.screenshot({ path: `${shots}/api-step2-${language}-${theme}.png`, fullPage: true });
      await page.goto(`/data_source_edit/${answer.dataSource.dataSourceId}`);
      await page.getByRole('tab', { name: texts.api.auth }).click();
      await expect(visible(page, 'api-auth-secret')).toBeVisible();
      await page.screenshot({ path: `${shots}/api-edit-${language}-${theme}.png`, fullPage: true });
    }
  }
});
