import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LOGIN_PATH, LoginPage } from './pages/LoginPage';
import { catalogues, format, serverMessages, type Language } from './support/catalogues';
import { USERS } from './support/env';
import { readStorages } from './support/storage';

test.describe('login page', () => {
  for (const language of ['en', 'zh-CN'] as const satisfies readonly Language[]) {
    test(`a wrong password shows the server's message (${language}) and stays on the login page`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.chooseLanguage(language);
      await login.fill(USERS.admin, 'not-the-password');

      const answer = page.waitForResponse((response) => response.url().endsWith('/api/identity/login'));
      await login.submit.click();
      await answer;

      const expected = serverMessages[language]['login.invalid_credentials'];
      await expect(login.error).toBeVisible();
      await expect(login.error).toContainText(expected);
      await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
      await expect(login.root).toBeVisible();
      await expect(page.getByTestId('app-shell')).toHaveCount(0);
      expect(await readStorages(page, 'authorization')).toEqual({ local: null, session: null });

      // the form keeps what was typed, so the user can correct the password
      await expect(login.username).toHaveValue(USERS.admin);
    });
  }

  test('signing in as admin lands on /dashboard with the greeting and the active dashboard link', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    const en = catalogues.en;

    await login.goto();
    // the language picked on the login page is the language of the signed-in app
    await login.submitLogin(USERS.admin, { language: 'en' });

    await expect(page).toHaveURL(/\/dashboard(\/[^/]+\/[^/]+)?$/);
    await expect(page.getByTestId('page-dashboard')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(shell.greeting).toHaveText(format(en.header.greeting, { userName: USERS.admin }));
    await expect(shell.nav('dashboard')).toHaveClass(/(^|\s)active(\s|$)/);
    await expect(shell.nav('dashboard')).toHaveAttribute('aria-current', 'page');
    await expect(shell.nav('template')).not.toHaveClass(/(^|\s)active(\s|$)/);
    await expect(shell.nav('data-source')).not.toHaveClass(/(^|\s)active(\s|$)/);
    await expect(login.root).toHaveCount(0);
  });

  test('choosing a language on the login page translates it at once', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    // a fresh browser gets the default language, zh-CN
    await expect(login.username).toHaveAttribute('placeholder', catalogues['zh-CN'].login.accountPlaceholder);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await login.chooseLanguage('en');
    await expect(login.submit).toHaveText(catalogues.en.login.submit);
    await expect(login.username).toHaveAttribute('placeholder', catalogues.en.login.accountPlaceholder);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await login.chooseLanguage('zh-TW');
    await expect(login.password).toHaveAttribute('placeholder', catalogues['zh-TW'].login.passwordPlaceholder);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });

  test('required-field messages appear when an empty field loses focus', async ({ page }) => {
    const login = new LoginPage(page);
    const en = catalogues.en.login;
    await login.goto({ language: 'en' });
    // the account field has the focus when the page opens; nothing is flagged yet
    await expect(login.username).toBeFocused();
    await expect(login.fieldError('username')).toHaveCount(0);
    await expect(login.fieldError('password')).toHaveCount(0);

    await login.username.blur();
    await expect(login.fieldError('username')).toHaveText(en.requiredAccount);
    await expect(login.username).toHaveAttribute('aria-invalid', 'true');
    await expect(login.fieldError('password')).toHaveCount(0);

    await login.password.focus();
    await login.password.blur();
    await expect(login.fieldError('password')).toHaveText(en.requiredPassword);

    // blanks only do not count as an account
    await login.username.fill('   ');
    await login.username.blur();
    await expect(login.fieldError('username')).toHaveText(en.requiredAccount);

    // typing a value and leaving the field clears its message
    await login.username.fill(USERS.admin);
    await login.username.blur();
    await expect(login.fieldError('username')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
  });

  test('Enter in an empty form shows the required messages and sends nothing', async ({ page }) => {
    const login = new LoginPage(page);
    const en = catalogues.en.login;
    await login.goto({ language: 'en' });

    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/identity/login')) loginCalls += 1;
    });

    await login.username.press('Enter');
    await expect(login.fieldError('username')).toHaveText(en.requiredAccount);
    await expect(login.fieldError('password')).toHaveText(en.requiredPassword);
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
    expect(loginCalls).toBe(0);
  });

  test('Enter in the password field submits the form', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.goto();
    await login.submitLogin(USERS.admin, { language: 'en', submitWith: 'enter' });

    await expect(page).toHaveURL(/\/dashboard(\/[^/]+\/[^/]+)?$/);
    await shell.expectVisible();
    await expect(shell.greeting).toHaveText(format(catalogues.en.header.greeting, { userName: USERS.admin }));
  });
});
