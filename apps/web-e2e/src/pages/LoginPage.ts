import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Language } from '../support/catalogues';
import { E2E_PASSWORD } from '../support/env';
import { presetLocalStorage } from '../support/storage';

export const LOGIN_PATH = '/account/login';

export interface LoginOptions {
  password?: string;
  /** UI language to sign in with (the app's default is zh-CN). */
  language?: Language;
  autoLogin?: boolean;
  /** How to submit: click the button (default) or press Enter in the password field. */
  submitWith?: 'click' | 'enter';
}

/** /account/login */
export class LoginPage {
  readonly root: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly language: Locator;
  readonly autoLogin: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-login');
    this.username = page.getByTestId('login-username');
    this.password = page.getByTestId('login-password');
    this.language = page.getByTestId('login-language');
    this.autoLogin = page.getByTestId('login-autologin');
    this.submit = page.getByTestId('login-submit');
    this.error = page.getByTestId('login-error');
  }

  /**
   * Opens the login page. With `language`, the app starts in that language (as if chosen
   * earlier) without touching the form, so nothing gets focused or blurred on the way.
   */
  async goto(options: { language?: Language } = {}): Promise<void> {
    if (options.language) await presetLocalStorage(this.page, { language: options.language });
    await this.page.goto(LOGIN_PATH);
    await this.expectVisible();
  }

  async expectVisible(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`${LOGIN_PATH}$`));
    await expect(this.root).toBeVisible();
  }

  /**
   * Validation message shown under a form field (antd Form.Item "explain" area); a message
   * that is animating out (e.g. the old text after a language switch) is left out.
   */
  fieldError(field: 'username' | 'password'): Locator {
    const input = field === 'username' ? this.username : this.password;
    return this.page
      .locator('.ant-form-item')
      .filter({ has: input })
      .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
  }

  /** Picks a language in the login page's select (antd Select with a dropdown). */
  async chooseLanguage(language: Language): Promise<void> {
    await this.language.click();
    const option = this.page.getByTestId(`login-language-${language}`);
    await option.click();
    await expect(option).toBeHidden();
  }

  async fill(userName: string, password: string): Promise<void> {
    await this.username.fill(userName);
    await this.password.fill(password);
  }

  /** Fills the form and submits it; does not wait for the outcome. */
  async submitLogin(userName: string, options: LoginOptions = {}): Promise<void> {
    if (options.language) await this.chooseLanguage(options.language);
    await this.fill(userName, options.password ?? E2E_PASSWORD);
    if (options.autoLogin !== undefined) await this.autoLogin.setChecked(options.autoLogin);
    if (options.submitWith === 'enter') await this.password.press('Enter');
    else await this.submit.click();
  }

  /**
   * Opens the login page, signs in and waits for the dashboard. To stay fast, `language` is
   * set up front (as a language chosen earlier in this browser) rather than through the
   * select; `goto` + `submitLogin` exercise the select itself.
   */
  async login(userName: string, options: LoginOptions = {}): Promise<void> {
    const { language, ...rest } = options;
    await this.goto({ language });
    await this.submitLogin(userName, rest);
    // the dashboard tab, which opens the last dashboard viewed or the first one (when there is any)
    await expect(this.page).toHaveURL(/\/dashboard(\/[^/]+\/[^/]+)?$/);
    await expect(this.page.getByTestId('app-shell')).toBeVisible();
  }
}

/** A page of a fresh browser context, signed in as `user` in English (a second user beside the test's page). */
export async function signedIn(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new LoginPage(page).login(user, { language: 'en' });
  return page;
}
