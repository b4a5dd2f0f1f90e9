import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { USERS } from './support/env';
import type { Language } from './support/catalogues';
import en from '../../web/src/modules/api-keys/i18n/en';

// API keys (issue 32, docs/api/api-keys.md): made in the page from the account menu, the secret shown
// once, used by another system (this test) as Authorization: Bearer, revoked in the page → 401.

const callWith = (page: Page, secret: string) =>
  page.request.fetch('/api/dashboard/projects/dashboard', { headers: { authorization: `Bearer ${secret}`, currentLanguage: 'en' } });

async function openKeysPage(page: Page): Promise<void> {
  const shell = new AppShell(page);
  await shell.openAccountMenu();
  await page.getByTestId('account-api-keys').click();
  await expect(page).toHaveURL(/\/account\/api-keys$/);
  await expect(page.getByTestId('page-api-keys')).toBeVisible();
}

async function makeKey(page: Page, name: string): Promise<string> {
  await page.getByTestId('api-keys-create').click();
  await page.getByTestId('api-key-name').fill(name);
  await page.getByTestId('api-key-dialog-ok').click();
  const secretBox = page.getByTestId('api-key-secret');
  await expect(secretBox).toBeVisible();
  const secret = (await secretBox.innerText()).trim();
  return secret;
}

test.describe('API keys', () => {
  test('a key made in the page calls the API until it is revoked there', async ({ page }) => {
    await new LoginPage(page).login(USERS.analyst, { language: 'en' });
    await openKeysPage(page);

    const name = `E2E export ${Date.now() % 100000}`;
    const secret = await makeKey(page, name);
    expect(secret).toMatch(/^bik_[A-Za-z0-9_-]{32}[0-9a-f]{8}$/);
    // shown once, with a warning and a copy button
    await expect(page.getByRole('dialog').filter({ has: page.getByTestId('api-key-secret') })).toContainText(en.secret.warning);
    await expect(page.getByTestId('api-key-secret').getByRole('button', { name: en.secret.copy })).toBeVisible();
    await page.getByTestId('api-key-secret-done').click();
    await expect(page.getByTestId('api-key-secret')).toBeHidden();
    // the list shows the key, never its secret
    const row = page.getByTestId(`api-key-row-${name}`);
    await expect(row).toContainText(en.never);
    await expect(page.getByTestId('page-api-keys')).not.toContainText(secret);

    // another system calls the API with it
    const used = await callWith(page, secret);
    expect(used.status()).toBe(200);
    await page.getByTestId('api-keys-refresh').click();
    await expect(page.getByTestId(`api-key-last-used-${name}`)).toBeVisible();

    // revoked in the page, with a confirmation naming the key
    await page.getByTestId(`api-key-revoke-${name}`).click();
    await expect(page.getByRole('tooltip')).toContainText(`"${name}"`);
    await page.getByTestId('api-key-revoke-ok').click();
    await expect(page.getByTestId(`api-key-status-${name}`)).toHaveText(en.status.revoked);
    const refused = await callWith(page, secret);
    expect(refused.status()).toBe(401);
  });

  // screenshots for review (zh-CN, zh-TW, en × light, dark), written only when SHOTS_DIR is set
  test('screenshots', async ({ page }) => {
    const dir = process.env.SHOTS_DIR;
    test.skip(!dir, 'SHOTS_DIR not set');
    test.setTimeout(240_000);
    mkdirSync(dir!, { recursive: true });
    await new LoginPage(page).login(USERS.admin, { language: 'en' });
    await openKeysPage(page);
    await makeKey(page, 'Nightly export');
    await page.getByTestId('api-key-secret-done').click();
    await callWith(page, (await makeKey(page, '数据同步')).trim());
    await page.getByTestId('api-key-secret-done').click();
    for (const theme of ['light', 'dark'] as const) {
      for (const language of ['zh-CN', 'zh-TW', 'en'] as Language[]) {
        await page.evaluate(([l, t]) => (localStorage.setItem('language', l!), localStorage.setItem('theme', t!)), [language, theme]);
        await page.reload();
        await expect(page.getByTestId('page-api-keys')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.screenshot({ path: `${dir}/list-${language}-${theme}.png`, fullPage: true });
        await page.getByTestId('api-keys-create').click();
        await page.getByTestId('api-key-name').fill('CI');
        await page.screenshot({ path: `${dir}/create-${language}-${theme}.png` });
        await page.getByTestId('api-key-dialog-ok').click();
        await expect(page.getByTestId('api-key-secret')).toBeVisible();
        await page.screenshot({ path: `${dir}/secret-${language}-${theme}.png` });
        await page.getByTestId('api-key-secret-done').click();
        await page.getByTestId('api-key-revoke-CI').first().click();
        await page.screenshot({ path: `${dir}/revoke-${language}-${theme}.png` });
        await page.getByTestId('api-key-revoke-ok').click();
        await expect(page.getByTestId('api-key-revoke-CI')).toHaveCount(0);
      }
    }
  });
});
