import { expect, type Locator, type Page } from '@playwright/test';
import type { Language } from '../support/catalogues';

export type NavSection = 'dashboard' | 'data-source' | 'template';
export type ThemeMode = 'light' | 'dark';

/** The application shell: header with section links, greeting and the account popup. */
export class AppShell {
  readonly root: Locator;
  readonly header: Locator;
  readonly greeting: Locator;
  readonly accountMenu: Locator;
  readonly popup: Locator;
  readonly logoutButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('app-shell');
    this.header = page.getByTestId('app-header');
    this.greeting = page.getByTestId('greeting');
    this.accountMenu = page.getByTestId('account-menu');
    this.popup = page.getByTestId('account-popup');
    this.logoutButton = page.getByTestId('logout');
  }

  nav(section: NavSection): Locator {
    return this.page.getByTestId(`nav-${section}`);
  }

  languageButton(language: Language): Locator {
    return this.page.getByTestId(`account-language-${language}`);
  }

  themeButton(mode: ThemeMode): Locator {
    return this.page.getByTestId(`account-theme-${mode}`);
  }

  async expectVisible(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.header).toBeVisible();
  }

  async openAccountMenu(): Promise<void> {
    if (!(await this.popup.isVisible())) await this.accountMenu.click();
    await expect(this.popup).toBeVisible();
    await expect(this.accountMenu).toHaveAttribute('aria-expanded', 'true');
  }

  async switchLanguage(language: Language): Promise<void> {
    await this.openAccountMenu();
    await this.languageButton(language).click();
    await expect(this.languageButton(language)).toHaveAttribute('aria-pressed', 'true');
  }

  /** Clicks a theme in the account popup (a change reloads the page). */
  async chooseTheme(mode: ThemeMode): Promise<void> {
    await this.openAccountMenu();
    await this.themeButton(mode).click();
  }

  async logout(): Promise<void> {
    await this.openAccountMenu();
    await this.logoutButton.click();
  }
}
