import { expect, type Locator } from '@playwright/test';

/**
 * Chooses an option of an antd Select and checks that the select took it. A click that lands while
 * the dropdown's virtual list re-renders (just after the search text filtered it, or while it opens)
 * selects nothing — seen on loaded CI machines — so the choice is checked and, if it was not taken,
 * the dropdown is opened (and searched) again and the option clicked again.
 */
export async function chooseOption(select: Locator, option: Locator, label: string, search?: string): Promise<void> {
  await expect(async () => {
    if (!(await option.isVisible())) {
      await select.click();
      if (search !== undefined) await select.locator('input').fill(search);
    }
    await option.click({ timeout: 5_000 });
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(option).toBeHidden();
}
