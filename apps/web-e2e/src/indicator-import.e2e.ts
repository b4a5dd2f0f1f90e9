import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { E2E_ERP_PORT, USERS } from './support/env';

// Indicator imports (issue 29) end to end against the reference provider started for real: the create
// dialog's entry opens the business-analysis system's wizard (dataType 1) on a chosen ERP account; the lazy
// target tree; the relation-map generation from a template dashboard (offered for targets whose relation is
// True); the result step with its counts, the share dialog that follows and the confirmation when leaving
// unshared; then the generated relation map opens. The join-of-2 variant shows the name only with 2 targets.
// E2E_SHOTS=<dir> also shoots the wizard in three languages and both themes.

const PORT = E2E_ERP_PORT;
const USER = 'e2e-indicator';
const PASSWORD = 'e2e-indicator-secret';
const SHOTS = process.env.E2E_SHOTS;

let provider: ReferenceProvider;
test.beforeAll(async () => {
  provider = await startReferenceProvider({ port: PORT, user: USER, password: PASSWORD, dataset: { days: 60 } });
});
test.afterAll(async () => provider?.close());

async function pick(page: Page, testId: string, optionText: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionText }).first().click();
}

const treeNode = (page: Page, id: string) => page.getByTestId('indicator-tree').locator('.ant-tree-treenode').filter({ has: page.getByTestId(`indicator-node-${id}`) });

async function expand(page: Page, id: string) {
  await treeNode(page, id).locator('.ant-tree-switcher').click();
}

async function check(page: Page, id: string) {
  await treeNode(page, id).locator('.ant-tree-checkbox').click();
}

test('import indicators with relation generation from a template, share prompt, then the relation map opens', async ({ page }) => {
  test.setTimeout(240_000);
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const run = uniqueSuffix();
  const folderName = `Ind ${run}`.slice(0, 20);
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: folderName });
  const account = `E2E IND ${run}`.slice(0, 20);
  await api(page, 'POST', '/api/e10account/edit', { name: account, ip: '127.0.0.1', port: PORT, userName: USER, identity: PASSWORD, isPrimary: false, isSelected: true });
  const accounts = await api<{ id: string; name: string }[]>(page, 'GET', '/api/e10account/list');
  const accountId = accounts.find((a) => a.name === account)!.id;

  // the template: a template-tab dashboard whose chart reads an indicator source (value by period)
  const pattern = await api<{ targets: { dataSourceId: string }[] }>(page, 'POST', '/api/data_source/import_indicators', {
    targets: ['all.orders'],
    name: `Tpl ${run}`.slice(0, 20),
    period: 1,
    dynamicPara: 1,
    periodNumber: 7,
    periodDimension: 1,
    account: accountId,
    projectId: folder.projectId,
  });
  const source = pattern.targets[0]!.dataSourceId;
  const tplFolderName = `Tpl ${run}`.slice(0, 20);
  const tplFolder = await api<{ projectId: string }>(page, 'POST', '/api/dashboard/project/template', { name: tplFolderName });
  const tplBoard = await api<{ dashboardId: string }>(page, 'POST', '/api/dashboard/template', { name: 'Indicator tree', projectId: tplFolder.projectId });
  const chartId = await api<string>(page, 'POST', `/api/chart-edit/template/${tplBoard.dashboardId}`, { title: 'By period', dataSourceId: source, type: 'bar' });
  const field = (name: string, dataType: string) => ({ name, title: name, dataType });
  await api(page, 'PUT', '/api/chart-edit/template', { chartId, title: 'By period', type: 'bar', dataSourceId: source, points: [field('period', 'string')], values: [{ ...field('value', 'number'), aggregator: 'sum' }] });

  // the create dialog's indicator entry opens the business-analysis system's wizard in the folder
  await page.goto(`/data_source/${folder.projectId}`);
  await page.getByTestId('ds-create-source').click();
  await page.getByTestId('ds-type-indicator').click();
  await expect(page).toHaveURL(new RegExp(`/data_source_yifei/${folder.projectId}\\?dataType=1$`));
  await expect(page.getByTestId('page-data_source_yifei')).toHaveAttribute('data-data-type', '1');

  // nothing checked: refused
  await pick(page, 'indicator-account', account);
  await page.getByTestId('indicator-import').click();
  await expect(page.getByTestId('indicator-error')).toContainText('Please select target');

  await expand(page, 'company');
  await check(page, 'all.cost');
  // one target: the name field; its relation is False: no generation offered
  await expect(page.getByTestId('indicator-name')).toBeVisible();
  await expect(page.getByTestId('indicator-generate-relation')).toBeDisabled();
  await check(page, 'all.revenue');
  await expect(page.getByTestId('indicator-name')).toHaveCount(0);
  await expect(page.getByTestId('indicator-chosen')).toHaveText('2 chosen');
  await page.getByTestId('indicator-generate-relation').click();
  // generation without a template: refused
  await page.getByTestId('indicator-import').click();
  await expect(page.getByTestId('indicator-error')).toContainText('With relation generation a folder and a template must be selected');
  await pick(page, 'indicator-relation-folder', tplFolderName);
  await pick(page, 'indicator-relation-template', 'Indicator tree');

  await page.getByTestId('indicator-import').click();
  await expect(page.getByTestId('indicator-counts')).toHaveText('2 imported, 0 failed');
  await expect(page.getByTestId('indicator-relation-made')).toContainText('集团营业收入');
  // the share dialog follows a successful import; closed unshared, the wizard stays on the result
  const share = page.locator('.ant-modal:visible').filter({ hasText: 'Share 2 imported sources' }).first();
  await expect(share).toBeVisible();
  await share.locator('.ant-modal-close').click();
  await expect(share).toHaveCount(0);

  // leaving unshared asks first; then the generated relation map opens
  await page.getByTestId('indicator-open-relation').click();
  await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: 'The imported sources are not shared' })).toBeVisible();
  await page.getByTestId('indicator-leave').click();
  await expect(page).toHaveURL(/\/dashboard\/relation\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  const relationId = page.url().split('/').pop()!;
  const view = page.getByTestId('relation-view');
  await expect(view).toHaveAttribute('data-relation-id', relationId);
  await expect(view).toHaveAttribute('data-drawn', 'true');
  await expect(view.locator('canvas').first()).toBeVisible();
  const nodes = page.getByTestId('relation-node-list').locator('button');
  await expect(nodes).toHaveCount(2);
  await expect(nodes.first()).toContainText('集团营业收入');
  await expect(nodes.nth(1)).toContainText('集团营业成本');
  const map = await api<{ nodes: { state: string; parentId: string | null }[] }>(page, 'GET', `/api/relation/treedata/${relationId}`);
  expect(map.nodes.map((n) => [n.state, n.parentId === null])).toEqual([
    ['ok', true],
    ['ok', false],
  ]);

  // the join-of-2 variant: the name only with exactly 2 targets, a third one refused
  await page.goto(`/data_source_yifei/${folder.projectId}?dataType=1`);
  await pick(page, 'indicator-account', account);
  await page.getByTestId('indicator-mode-join').click();
  await expand(page, 'company');
  await check(page, 'all.revenue');
  await expect(page.getByTestId('indicator-name')).toHaveCount(0);
  await check(page, 'all.cost');
  await expect(page.getByTestId('indicator-name')).toBeVisible();
  await check(page, 'all.orders');
  await expect(page.getByTestId('indicator-chosen')).toHaveText('2 chosen');
  await page.getByTestId('indicator-name').fill(`Joined ${run}`.slice(0, 20));
  await page.getByTestId('indicator-merge').click();
  await expect(page.getByTestId('indicator-counts')).toHaveText('2 imported, 0 failed');
  await expect(page.locator('.ant-modal:visible').filter({ hasText: 'Share 1 imported sources' }).first()).toBeVisible();

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ['light', 'dark'])
      for (const language of ['zh-CN', 'zh-TW', 'en']) {
        await page.evaluate(([l, t]) => (window.localStorage.setItem('language', l!), window.localStorage.setItem('theme', t!)), [language, theme]);
        await page.goto(`/data_source_yifei/${folder.projectId}?dataType=1`);
        await pick(page, 'indicator-account', account);
        await expand(page, 'company');
        await check(page, 'all.cost');
        await check(page, 'all.revenue');
        await page.getByTestId('indicator-generate-relation').click();
        await pick(page, 'indicator-relation-folder', tplFolderName);
        await pick(page, 'indicator-relation-template', 'Indicator tree');
        await page.screenshot({ path: `${SHOTS}/settings-${language}-${theme}.png`, fullPage: true });
        await page.getByTestId('indicator-import').click();
        await expect(page.getByTestId('indicator-relation-made')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/share-${language}-${theme}.png`, fullPage: true });
        await page.locator('.ant-modal:visible .ant-modal-close').first().click();
        await page.screenshot({ path: `${SHOTS}/result-${language}-${theme}.png`, fullPage: true });
        await page.getByTestId('indicator-back').click();
        await page.screenshot({ path: `${SHOTS}/unshared-${language}-${theme}.png`, fullPage: true });
        await page.goto(`/data_source_yifei/${folder.projectId}?dataType=1`);
        await pick(page, 'indicator-account', account);
        await page.getByTestId('indicator-mode-join').click();
        await expand(page, 'company');
        await check(page, 'all.revenue');
        await check(page, 'all.cost');
        await page.screenshot({ path: `${SHOTS}/join-${language}-${theme}.png`, fullPage: true });
      }
  }
});
