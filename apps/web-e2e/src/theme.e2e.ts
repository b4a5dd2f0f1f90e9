import { expect, test, type Locator } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { USERS } from './support/env';
import { presetLocalStorage, readLocal } from './support/storage';

// Header background of the antd Layout in each theme (ThemeProvider: headerBg).
const HEADER_BG = { light: 'rgb(255, 255, 255)', dark: 'rgb(20, 20, 20)' } as const;

function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

test.describe('theme', () => {
  test('choosing dark in the account popup reloads the page and stays dark after another reload', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.login(USERS.admin, { language: 'en' });

    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await backgroundOf(shell.header)).toBe(HEADER_BG.light);

    // a marker on window disappears when the page really reloads
    await page.evaluate(() => {
      (window as unknown as { __e2eBeforeReload?: boolean }).__e2eBeforeReload = true;
    });
    const reloaded = page.waitForEvent('load');
    await shell.chooseTheme('dark');
    await reloaded;

    await expect(html).toHaveAttribute('data-theme', 'dark');
    await shell.expectVisible();
    expect(await page.evaluate(() => (window as unknown as { __e2eBeforeReload?: boolean }).__e2eBeforeReload)).toBeUndefined();
    expect(await readLocal(page, 'theme')).toBe('dark');
    await expect.poll(() => backgroundOf(shell.header)).toBe(HEADER_BG.dark);
    await expect(html).toHaveCSS('color-scheme', 'dark');
    await expect(html).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    // still signed in, still on the dashboard
    await expect(page).toHaveURL(/\/dashboard(\/[^/]+\/[^/]+)?$/);

    await page.reload();
    await shell.expectVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await readLocal(page, 'theme')).toBe('dark');
    expect(await backgroundOf(shell.header)).toBe(HEADER_BG.dark);

    // the popup shows the dark choice as the current one
    await shell.openAccountMenu();
    await expect(shell.themeButton('dark')).toHaveAttribute('aria-pressed', 'true');
    await expect(shell.themeButton('light')).toHaveAttribute('aria-pressed', 'false');
  });

  test('choosing light again brings the light theme back', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    // start from a dark theme chosen earlier in this browser
    await presetLocalStorage(page, { theme: 'dark' });
    await login.login(USERS.admin, { language: 'en' });
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    const reloaded = page.waitForEvent('load');
    await shell.chooseTheme('light');
    await reloaded;

    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await readLocal(page, 'theme')).toBe('light');
    await shell.expectVisible();
    await expect.poll(() => backgroundOf(shell.header)).toBe(HEADER_BG.light);
  });
});
