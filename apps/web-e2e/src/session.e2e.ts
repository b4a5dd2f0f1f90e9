import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { USERS } from './support/env';
import { readLocal, readStorages } from './support/storage';

test.describe('session', () => {
  test('logout returns to the login page and the guard keeps /dashboard closed afterwards', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.login(USERS.admin, { language: 'en' });
    // one more history entry, so that Back after the logout leads to /dashboard
    await shell.nav('template').click();
    await expect(page).toHaveURL(/\/template$/);

    const logoutCall = page.waitForResponse((response) => response.url().includes('/api/identity/logout/'));
    await shell.logout();
    expect((await logoutCall).status()).toBeLessThan(400);

    await login.expectVisible();
    await expect(shell.root).toHaveCount(0);
    expect(await readStorages(page, 'authorization')).toEqual({ local: null, session: null });

    // client-side navigation (history Back to /dashboard) is guarded
    await page.goBack();
    await login.expectVisible();
    await expect(shell.root).toHaveCount(0);

    // and so is loading /dashboard
    await page.goto('/dashboard');
    await login.expectVisible();
    await expect(shell.root).toHaveCount(0);
  });

  test('without signing in, every page goes to the login page', async ({ page }) => {
    const login = new LoginPage(page);
    for (const path of ['/', '/dashboard', '/template', '/data_source']) {
      await page.goto(path);
      await login.expectVisible();
    }
  });

  test('auto login checked: the token is in localStorage and a new tab is signed in', async ({ page, context }) => {
    const login = new LoginPage(page);
    await login.login(USERS.admin, { language: 'en', autoLogin: true });

    const token = await readStorages(page, 'authorization');
    expect(token.local).toBeTruthy();
    expect(token.session).toBeNull();
    expect(await readLocal(page, 'autoLogin')).toBe('true');

    const second = await context.newPage();
    await second.goto('/dashboard');
    const shell = new AppShell(second);
    await shell.expectVisible();
    await expect(second).toHaveURL(/\/dashboard(\/[^/]+\/[^/]+)?$/);
    expect((await readStorages(second, 'authorization')).local).toBe(token.local);
    await second.close();

    // and a reload keeps the session
    await page.reload();
    await new AppShell(page).expectVisible();
  });

  test('auto login unchecked: the token is in sessionStorage only and a new tab must sign in', async ({ page, context }) => {
    const login = new LoginPage(page);
    await login.login(USERS.admin, { language: 'en', autoLogin: false });

    const token = await readStorages(page, 'authorization');
    expect(token.session).toBeTruthy();
    expect(token.local).toBeNull();
    expect(await readLocal(page, 'autoLogin')).toBe('false');

    // a reload of the same tab keeps sessionStorage, so the session goes on
    await page.reload();
    await new AppShell(page).expectVisible();

    const second = await context.newPage();
    await second.goto('/dashboard');
    await new LoginPage(second).expectVisible();
    await second.close();
  });
});
