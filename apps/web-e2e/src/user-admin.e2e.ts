import { expect, test } from '@playwright/test';
import adminTexts from '../../web/src/modules/admin/i18n/en';
import { LoginPage } from './pages/LoginPage';
import { uniqueSuffix } from './support/api';
import { USERS } from './support/env';
import { isCall, visibleTestId } from './support/locate';

// User administration (beyond the spec; docs/api/identity-admin.md): the admin creates a user with a
// role, the user must change the password at the first sign-in, the admin resets it and disables the
// user; the audit log shows it; non-admins have no way in.

test.describe.configure({ timeout: 120_000 });

test.describe('user administration', () => {
  test('admin creates a user, who changes the password at the first sign-in; reset, disable and the audit log', async ({ page, browser }) => {
    const userName = `e2e.${uniqueSuffix()}`;
    const first = 'first-Passw0rd';
    await new LoginPage(page).login(USERS.admin, { language: 'en' });

    await page.getByTestId('nav-admin').click();
    await expect(page.getByTestId('page-admin')).toBeVisible();
    await expect(page.getByTestId(`admin-user-${USERS.viewer}`)).toBeVisible();

    // create: the form checks the rules before sending
    await page.getByTestId('admin-create-user').click();
    await page.getByTestId('admin-user-name').fill('bad name');
    await page.getByTestId('admin-password').fill('short');
    await page.getByTestId('dialog-ok').click();
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: adminTexts.form.userNameRule })).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: adminTexts.form.passwordRule })).toBeVisible();
    await page.getByTestId('admin-user-name').fill(userName);
    await page.getByTestId('admin-password').fill(first);
    await page.getByTestId('admin-roles').click();
    await visibleTestId(page, 'admin-role-option-analyst').click();
    await page.keyboard.press('Escape');
    const created = page.waitForResponse(isCall('POST', /^\/api\/identity\/admin\/users$/));
    await page.getByTestId('dialog-ok').click();
    expect((await created).status()).toBe(200);
    const row = page.getByTestId(`admin-user-${userName}`);
    await expect(row).toContainText('analyst');
    await expect(row).toContainText(adminTexts.users.mustChange);

    // the new user signs in and must choose a new password first
    const context = await browser.newContext();
    const other = await context.newPage();
    const login = new LoginPage(other);
    await login.goto({ language: 'en' });
    await login.submitLogin(userName, { password: first });
    await expect(other.getByTestId('change-password-form')).toBeVisible();
    await other.getByTestId('change-password-new').fill('second-Passw0rd');
    await other.getByTestId('change-password-confirm').fill('second-Passw0rd');
    await other.getByTestId('dialog-ok').click();
    // the dashboard area; the landing may go on to the last or first dashboard the user may see
    await expect(other).toHaveURL(/\/dashboard(\/|$)/);
    await expect(other.getByTestId('app-shell')).toBeVisible();
    // an analyst: the data-source link, no administration link
    await expect(other.getByTestId('nav-data-source')).toBeVisible();
    await expect(other.getByTestId('nav-admin')).toHaveCount(0);
    await other.goto('/admin');
    await expect(other.getByTestId('admin-no-permission')).toHaveText(adminTexts.noPermission);

    await page.getByTestId('admin-users-refresh').click();
    await expect(row).not.toContainText(adminTexts.users.mustChange);

    // roles: analyst → viewer; the grants drawer shows the effective permissions
    await row.getByTestId('admin-edit-roles').click();
    await page.locator('.ant-modal').getByTestId('admin-roles').locator('.ant-select-selection-item-remove').first().click();
    await page.getByTestId('admin-roles').click();
    await visibleTestId(page, 'admin-role-option-viewer').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('dialog-ok').click();
    await expect(row).toContainText('viewer');
    await expect(row).not.toContainText('analyst');
    await row.getByTestId('admin-grants-open').click();
    await expect(page.getByTestId('admin-grants-permissions')).toContainText('template:view');
    await expect(page.getByTestId('admin-grants-permissions')).not.toContainText('dashboard:edit');
    await page.keyboard.press('Escape');

    // reset: the user must change it again
    await row.getByTestId('admin-reset-password').click();
    await page.getByTestId('admin-new-password').fill('third-Passw0rd');
    await page.getByTestId('dialog-ok').click();
    await expect(row).toContainText(adminTexts.users.mustChange);

    // disable: the user can no longer sign in
    await row.getByTestId('admin-toggle-disabled').click();
    await visibleTestId(page, 'dialog-ok').click();
    await expect(row).toContainText(adminTexts.users.disabled);
    await login.goto({ language: 'en' });
    await login.submitLogin(userName, { password: 'third-Passw0rd' });
    await expect(login.error).toBeVisible();
    await context.close();

    // the audit log lists what was done to the user, newest first
    await page.getByTestId('admin-tab-audit').click();
    const audit = page.getByTestId('admin-audit');
    await expect(audit.locator('.ant-table-row').filter({ hasText: userName }).first()).toBeVisible();
    for (const action of [adminTexts.audit.actions.userCreate, adminTexts.audit.actions.userRoles, adminTexts.audit.actions.userPasswordReset, adminTexts.audit.actions.userDisable]) {
      await expect(audit.locator('.ant-table-row').filter({ hasText: userName }).filter({ hasText: action }).first()).toBeVisible();
    }
  });

  test('the viewer has no administration link and the page refuses', async ({ page }) => {
    await new LoginPage(page).login(USERS.viewer, { language: 'en' });
    await expect(page.getByTestId('nav-admin')).toHaveCount(0);
    await page.goto('/admin/audit');
    await expect(page.getByTestId('admin-no-permission')).toHaveText(adminTexts.noPermission);
  });
});
