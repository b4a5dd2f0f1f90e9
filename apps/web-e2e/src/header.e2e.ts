import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { catalogues, format, type Language } from './support/catalogues';
import adminTexts from '../../web/src/modules/admin/i18n/en';
import { USERS } from './support/env';
import { readLocal } from './support/storage';
import { api } from './support/api';

test.describe('header', () => {
  test('switching the language in the account popup translates the header at once and after a reload', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.login(USERS.admin, { language: 'en' });

    const expectHeaderIn = async (language: Language) => {
      const texts = catalogues[language];
      await expect(shell.nav('dashboard')).toHaveText(texts.nav.dashboard);
      await expect(shell.nav('data-source')).toHaveText(texts.nav.dataSource);
      await expect(shell.nav('template')).toHaveText(texts.nav.template);
      await expect(shell.greeting).toHaveText(format(texts.header.greeting, { userName: USERS.admin }));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    };

    await expectHeaderIn('en');

    await shell.switchLanguage('zh-CN');
    await expectHeaderIn('zh-CN');
    // the popup itself follows too
    await expect(shell.popup).toContainText(catalogues['zh-CN'].account.language);
    expect(await readLocal(page, 'language')).toBe('zh-CN');

    await shell.switchLanguage('zh-TW');
    await expectHeaderIn('zh-TW');
    expect(await readLocal(page, 'language')).toBe('zh-TW');
    // saved with the account too (alert mails are written in it): PUT /api/identity/language
    const savedLanguage = async () => (await api<{ userName: string; language: string }[]>(page, 'GET', '/api/identity/admin/users')).find((u) => u.userName === USERS.admin)?.language;
    await expect.poll(savedLanguage).toBe('zh-TW');

    // the choice is kept
    await page.reload();
    await shell.expectVisible();
    await expectHeaderIn('zh-TW');

    await shell.switchLanguage('en');
    await expectHeaderIn('en');
    await expect.poll(savedLanguage).toBe('en');
  });

  test('the header links lead to their sections and move the active class', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.login(USERS.admin, { language: 'en' });
    const active = /(^|\s)active(\s|$)/;

    await shell.nav('template').click();
    await expect(page).toHaveURL(/\/template$/);
    await expect(page.getByTestId('page-template_tab')).toBeVisible();
    await expect(shell.nav('template')).toHaveClass(active);
    await expect(shell.nav('dashboard')).not.toHaveClass(active);

    await shell.nav('data-source').click();
    await expect(page).toHaveURL(/\/data_source$/);
    await expect(shell.nav('data-source')).toHaveClass(active);
    await expect(shell.nav('template')).not.toHaveClass(active);

    await shell.nav('dashboard').click();
    // the dashboard tab opens the last dashboard viewed, else the first one (when there is any)
    await expect(page).toHaveURL(/\/dashboard(\/[^/]+\/[^/]+)?$/);
    await expect(page.getByTestId('page-dashboard')).toBeVisible();
    await expect(shell.nav('dashboard')).toHaveClass(active);
  });
});

test.describe('header links follow the permissions', () => {
  test('a viewer sees the template link but not the data source link', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.login(USERS.viewer, { language: 'en' });

    await expect(shell.greeting).toHaveText(format(catalogues.en.header.greeting, { userName: USERS.viewer }));
    await expect(shell.nav('dashboard')).toBeVisible();
    await expect(shell.nav('template')).toBeVisible();
    await expect(shell.nav('data-source')).toHaveCount(0);
    await expect(shell.header.getByText(catalogues.en.nav.dataSource, { exact: true })).toHaveCount(0);

    // also after a reload (permissions come from storage, not from the login answer in memory)
    await page.reload();
    await expect(shell.nav('template')).toBeVisible();
    await expect(shell.nav('data-source')).toHaveCount(0);
  });

  test('an analyst sees the data source link', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.login(USERS.analyst, { language: 'en' });

    await expect(shell.greeting).toHaveText(format(catalogues.en.header.greeting, { userName: USERS.analyst }));
    await expect(shell.nav('data-source')).toBeVisible();
    await expect(shell.nav('data-source')).toHaveText(catalogues.en.nav.dataSource);
    await expect(shell.nav('template')).toBeVisible();

    await shell.nav('data-source').click();
    await expect(page).toHaveURL(/\/data_source$/);
    await expect(shell.nav('data-source')).toHaveClass(/(^|\s)active(\s|$)/);
  });

  test('an admin sees all three links, and the user administration link', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.login(USERS.admin, { language: 'en' });

    await expect(shell.header.locator('nav a')).toHaveText([
      catalogues.en.nav.dashboard,
      catalogues.en.nav.dataSource,
      catalogues.en.nav.template,
      adminTexts.link,
    ]);
  });
});
