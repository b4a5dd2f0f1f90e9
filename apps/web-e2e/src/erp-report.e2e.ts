import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { E2E_ERP_PORT, USERS } from './support/env';

// ERP report sources (issue 29) end to end: the reference provider started for real; the wizard's
// account, program, condition project, date field and period; the preview; the save, the share dialog
// that follows it and the confirmation when the new source is left unshared; the edit screen from the
// stored connection string. E2E_SHOTS=<dir> also shoots the wizard in three languages and both themes.
// The product must allow the provider's address (BI_OUTBOUND_ALLOW) and the e10report module (BI_MODULES).

const PORT = E2E_ERP_PORT;
const USER = 'e2e-erp';
const PASSWORD = 'e2e-erp-secret';
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

/** The wizard offers the stored ERP accounts (/api/e10account/list) as a select: the spec's account is chosen there, its password never typed. */
async function fillSettings(page: Page, name: string, account: string) {
  await pick(page, 'erp-account', account);
  await page.getByTestId('erp-load-programs').click();
  await pick(page, 'erp-program', '销售订单明细表');
  await pick(page, 'erp-condition', '华东大区订单');
  await pick(page, 'erp-date-field', '订单日期');
  await page.getByTestId('erp-period-number').fill('2');
  await page.getByTestId('erp-name').fill(name);
}

test('build an ERP report source in the wizard, preview, save, share prompt, edit screen', async ({ page }) => {
  test.setTimeout(240_000);
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `ERP ${run}` });
  // an ERP account on the reference provider this spec started (the only port of this machine the product may call)
  const account = `E2E ERP ${run}`.slice(0, 20);
  await api(page, 'POST', '/api/e10account/edit', { name: account, ip: '127.0.0.1', port: PORT, userName: USER, identity: PASSWORD, isPrimary: false, isSelected: true });

  // the create dialog lists the ERP report entry (module flag e10report) and opens the wizard
  await page.goto(`/data_source/${folder.projectId}`);
  await page.getByTestId('ds-create-source').click();
  await page.getByTestId('ds-type-erpReport').click();
  await expect(page).toHaveURL(new RegExp(`/data_source_e10_report/${folder.projectId}/create$`));

  // name, program and condition project are required
  await page.getByTestId('erp-next').click();
  await expect(page.locator('#programId_help')).toContainText('Choose a report program');

  await fillSettings(page, `East ${run}`.slice(0, 20), account);
  // a date field with no period number asks, then sets it to 1
  await page.getByTestId('erp-period-number').fill('');
  await page.getByTestId('erp-next').click();
  await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: 'Date parameter not set' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('erp-preview-table')).toBeVisible();
  await expect(page.getByTestId('erp-preview-range')).toContainText('Date range');
  // one day (today) may hold no east rows (a weekend day has few orders; just after midnight is a new day):
  // back to the settings, 30 days, and the preview lists the east region's rows
  await page.getByTestId('erp-previous').click();
  await page.getByTestId('erp-period-number').fill('30');
  await page.getByTestId('erp-next').click();
  await expect(page.getByTestId('erp-preview-table')).toContainText('华东大区');

  await page.getByTestId('erp-save').click();
  // create mode: the share dialog follows the save; closing it unshared asks first
  const share = page.locator('.ant-modal:visible').filter({ hasText: 'Share' }).first();
  await expect(share).toBeVisible();
  await share.locator('.ant-modal-close').click();
  await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: 'The source is not shared' })).toBeVisible();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/data_source/${folder.projectId}/[0-9a-f-]{36}$`));
  const dataSourceId = page.url().split('/').pop()!;

  // the edit screen: the connection string split into program, condition project and date field
  await page.goto(`/data_source_e10_report/${dataSourceId}/edit`);
  await expect(page.getByTestId('erp-connection')).toContainText('e10report://127.0.0.1');
  await expect(page.getByTestId('erp-connection')).toContainText('/sales.order_lines/east/order_date');
  await expect(page.getByTestId('erp-name')).toHaveValue(`East ${run}`.slice(0, 20));

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ['light', 'dark'])
      for (const language of ['zh-CN', 'zh-TW', 'en']) {
        await page.evaluate(([l, t]) => (window.localStorage.setItem('language', l!), window.localStorage.setItem('theme', t!)), [language, theme]);
        await page.goto(`/data_source_e10_report/${folder.projectId}/create`);
        await fillSettings(page, `华东 ${run}`.slice(0, 20), account);
        await page.screenshot({ path: `${SHOTS}/settings-${language}-${theme}.png`, fullPage: true });
        await page.getByTestId('erp-next').click();
        await expect(page.getByTestId('erp-preview-table')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/preview-${language}-${theme}.png`, fullPage: true });
        await page.goto(`/data_source_e10_report/${dataSourceId}/edit`);
        await expect(page.getByTestId('erp-connection')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/edit-${language}-${theme}.png`, fullPage: true });
      }
  }
});
