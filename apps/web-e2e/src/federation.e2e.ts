import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import ad from '../../web/src/modules/admin/i18n/en';
import { JoinDesigner } from './pages/JoinDesigner';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { USERS } from './support/env';
import { seedCsvSource } from './support/uploads';

// Issue 34, joins across stores through Trino: the administrator's federation setting in the admin page
// (a mapping added, saved through web → BFF → data-source, read back). With TEST_TRINO_URL and
// TEST_MYSQL_URL (scripts/services/) it also registers a Trino source as the engine and maps an upload's
// store and a MariaDB source: the join designer then offers the MariaDB source next to the uploaded root
// (not greyed as another store). SHOTS_DIR: the admin tab and the designer in each language and theme.
test.describe.configure({ timeout: process.env.SHOTS_DIR ? 240_000 : 60_000 });

type Setting = { trinoSourceId: string; mappings: { dataSourceId: string; catalog: string; schema: string }[] };

test('federation setting in the admin page; the join designer offers mapped stores together', async ({ page }) => {
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  await api(page, 'PUT', '/api/data_source/federation', { trinoSourceId: '', mappings: [] });
  await page.goto('/admin/federation');
  const tab = page.getByTestId('admin-federation');
  await expect(tab).toBeVisible();
  await page.getByTestId('admin-federation-add').click();
  await tab.locator('.ant-select').nth(1).click();
  await page.locator('.ant-select-item-option').filter({ hasText: ad.federation.analytics }).click();
  await tab.getByPlaceholder(ad.federation.catalog).fill('analytics');
  await page.getByTestId('admin-federation-save').click();
  await expect(page.getByText(ad.federation.saved)).toBeVisible();
  expect(await api<Setting>(page, 'GET', '/api/data_source/federation')).toEqual({ trinoSourceId: '', mappings: [{ dataSourceId: 'analytics', catalog: 'analytics', schema: '' }] });

  const trinoUrl = process.env.TEST_TRINO_URL;
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (!trinoUrl || !mysqlUrl) return;
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Fed ${run}` });
  const ordersId = await seedCsvSource(page, folder.projectId, `orders_${run}`, 'region,amount\nEast,10\nWest,5\n', [
    { name: 'region', type: 'string' },
    { name: 'amount', type: 'number' },
  ]);
  const m = new URL(mysqlUrl);
  const database = `bi_fed_e2e_${run}`;
  const my = await mysql.createConnection({ host: m.hostname, port: Number(m.port), user: decodeURIComponent(m.username), password: decodeURIComponent(m.password) });
  try {
    await my.query(`CREATE DATABASE ${database}`);
    await my.query(`CREATE TABLE ${database}.managers (region VARCHAR(20) PRIMARY KEY, manager VARCHAR(40) NOT NULL)`);
    const connection = { host: m.hostname, port: Number(m.port), userName: decodeURIComponent(m.username), password: decodeURIComponent(m.password), initialDatabase: database };
    const managers = await api<{ dataSource: { dataSourceId: string } }>(page, 'POST', '/api/data_source/sql/', { type: 2, projectId: folder.projectId, name: 'Managers', connection, tableName: 'managers' });
    const t = new URL(trinoUrl);
    const trino = await api<{ dataSource: { dataSourceId: string } }>(page, 'POST', '/api/data_source/sql/', {
      type: 11,
      projectId: folder.projectId,
      name: 'Federation Trino',
      connection: { host: t.hostname, port: Number(t.port), userName: 'bi', password: '', initialDatabase: 'tpch/tiny' },
      tableName: 'nation',
    });
    const designer = new JoinDesigner(page);
    await designer.goto(folder.projectId);
    await designer.drop(ordersId, `orders_${run}`);
    // off: the MariaDB source is another store
    await expect(designer.source(managers.dataSource.dataSourceId)).toHaveClass(/bi-jt-sources__item--other/);
    await api(page, 'PUT', '/api/data_source/federation', {
      trinoSourceId: trino.dataSource.dataSourceId,
      mappings: [
        { dataSourceId: 'analytics', catalog: 'analytics', schema: '' },
        { dataSourceId: managers.dataSource.dataSourceId, catalog: 'mariadb', schema: '' },
      ],
    });
    await designer.goto(folder.projectId);
    await designer.drop(ordersId, `orders_${run}`);
    await expect(designer.source(managers.dataSource.dataSourceId)).not.toHaveClass(/bi-jt-sources__item--other/);

    const shots = process.env.SHOTS_DIR;
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    for (const language of ['zh-CN', 'zh-TW', 'en'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate(
          ([l, th]) => {
            window.localStorage.setItem('language', l);
            window.localStorage.setItem('theme', th);
          },
          [language, theme],
        );
        await page.goto('/admin/federation');
        await expect(page.getByTestId('admin-federation-mappings').locator('input').first()).toBeVisible();
        await page.screenshot({ path: `${shots}/federation-admin-${language}-${theme}.png`, fullPage: true });
        await designer.goto(folder.projectId);
        await designer.drop(ordersId, `orders_${run}`);
        await page.screenshot({ path: `${shots}/federation-designer-${language}-${theme}.png`, fullPage: true });
      }
    }
  } finally {
    await api(page, 'PUT', '/api/data_source/federation', { trinoSourceId: '', mappings: [] });
    await my.query(`DROP DATABASE IF EXISTS ${database}`);
    await my.end();
  }
});
