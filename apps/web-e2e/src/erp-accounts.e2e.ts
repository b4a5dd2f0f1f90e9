import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { api, uniqueSuffix } from './support/api';
import { format } from './support/catalogues';
import { USERS } from './support/env';
import { clickMenuEntry, isCall, visibleTestId } from './support/locate';
import erpTexts from '../../web/src/modules/erp/i18n/en';

// The ERP account manager dialog (spec 02 §2 screen 9, issue 29): opened from the data-source sidebar's
// menu (module flag e10report); an analyst adds accounts (the form's required fields, Enter saves),
// edits one keeping its password, cannot un-set the default one, chooses one and deletes one after a
// confirmation naming it; the default account has no delete button.
test.describe.configure({ timeout: 90_000 });

interface Account {
  id: string;
  name: string;
  userName: string;
  hasPassword: boolean;
  isPrimary: boolean;
  isSelected: boolean;
  identity: string;
}

async function openManager(page: Page) {
  await page.goto('/data_source');
  await page.getByTestId('ds-sidebar-menu').click();
  await clickMenuEntry(page, 'ds-menu-erp-accounts');
  await expect(page.getByTestId('erp-accounts')).toBeVisible();
}

async function fill(page: Page, values: { name?: string; ip?: string; port?: string; user?: string; password?: string }) {
  if (values.name !== undefined) await page.getByTestId('erp-account-name').fill(values.name);
  if (values.ip !== undefined) await page.getByTestId('erp-account-ip').fill(values.ip);
  if (values.port !== undefined) await page.getByTestId('erp-account-port').fill(values.port);
  if (values.user !== undefined) await page.getByTestId('erp-account-user').fill(values.user);
  if (values.password !== undefined) await page.getByTestId('erp-account-password').fill(values.password);
}

test('adds, edits, chooses and deletes ERP accounts; the default account is kept', async ({ page }) => {
  const run = uniqueSuffix();
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const before = await api<Account | null>(page, 'GET', '/api/e10account/primary');
  const first = `ERP A ${run}`;
  const second = `ERP B ${run}`;
  const row = (name: string) => page.getByTestId(`erp-account-${name}`);

  await openManager(page);

  // required fields, with the spec's messages
  await page.getByTestId('erp-account-add').click();
  await page.getByTestId('erp-account-save').click();
  const form = page.getByTestId('erp-account-form');
  for (const text of [erpTexts.form.nameRequired, erpTexts.form.ipRequired, erpTexts.form.portInvalid, erpTexts.form.userRequired, erpTexts.form.passwordRequired]) await expect(form.getByText(text)).toBeVisible();

  // Enter saves
  await fill(page, { name: first, ip: 'erp.example.com', port: '8080', user: 'erp-user', password: 'secret-a' });
  let saved = page.waitForResponse(isCall('POST', /^\/api\/e10account\/edit$/));
  await page.getByTestId('erp-account-password').press('Enter');
  expect((await saved).ok()).toBe(true);
  await expect(row(first)).toBeVisible();
  if (!before) {
    // the first account of the installation is the default one: no delete button
    await expect(row(first).getByTestId('erp-account-primary')).toHaveText(erpTexts.primary);
    await expect(row(first).getByTestId('erp-account-delete')).toHaveCount(0);
  }

  await page.getByTestId('erp-account-add').click();
  await fill(page, { name: second, ip: 'erp2.example.com', port: '9090', user: 'second-user', password: 'secret-b' });
  saved = page.waitForResponse(isCall('POST', /^\/api\/e10account\/edit$/));
  await page.getByTestId('erp-account-user').press('Enter');
  expect((await saved).ok()).toBe(true);
  await expect(row(second)).toContainText('erp2.example.com:9090');
  await expect(row(second).getByTestId('erp-account-primary')).toHaveCount(0);

  // edit: a new user name, the password left empty (the same server keeps it)
  await row(second).getByTestId('erp-account-edit').click();
  await expect(page.getByTestId('erp-account-password')).toHaveValue('');
  await fill(page, { user: 'renamed-user' });
  saved = page.waitForResponse(isCall('POST', /^\/api\/e10account\/edit$/));
  await page.getByTestId('erp-account-save').click();
  expect((await saved).ok()).toBe(true);
  await expect(row(second)).toContainText('renamed-user');
  const stored = (await api<Account[]>(page, 'GET', '/api/e10account/list')).find((a) => a.name === second)!;
  expect(stored).toMatchObject({ userName: 'renamed-user', hasPassword: true, identity: '' });

  // the default account cannot be un-set ('account hint 1')
  const primaryName = before?.name ?? first;
  if (primaryName === first) {
    await row(first).getByTestId('erp-account-edit').click();
    await page.getByTestId('erp-account-primary-check').uncheck();
    await page.getByTestId('erp-account-save').click();
    await expect(form.getByText(erpTexts.form.primaryRequired)).toBeVisible();
    await page.getByTestId('erp-account-back').click();
  }

  // choose: stored as the caller's choice, marked when the dialog opens again
  saved = page.waitForResponse(isCall('POST', /^\/api\/e10account\/edit$/));
  await row(second).getByTestId('erp-account-choose').click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByTestId('erp-accounts')).toBeHidden();
  await openManager(page);
  await expect(row(second).getByTestId('erp-account-selected')).toHaveText(erpTexts.selected);

  // delete: the confirmation names the account
  await row(second).getByTestId('erp-account-delete').click();
  await expect(page.getByTestId('confirm-content')).toHaveText(format(erpTexts.deleteContent, { name: second }));
  const deleted = page.waitForResponse(isCall('DELETE', /^\/api\/e10account\/delete\//));
  await visibleTestId(page, 'dialog-ok').click();
  expect((await deleted).ok()).toBe(true);
  await expect(row(second)).toHaveCount(0);
  expect((await api<Account[]>(page, 'GET', '/api/e10account/list')).some((a) => a.name === second)).toBe(false);
});
