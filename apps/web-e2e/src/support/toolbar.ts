import { expect, type Page } from '@playwright/test';
import { visibleTestId } from './locate';

/**
 * Clicks an action of the dashboard toolbar's "More" menu (share link, history, trash): opens the menu
 * when the action is not shown yet (again, if a click on a just-opened menu was lost).
 */
export async function toolbarMoreAction(page: Page, testId: 'toolbar-share-link' | 'toolbar-history' | 'toolbar-trash'): Promise<void> {
  await expect(async () => {
    if (!(await visibleTestId(page, testId).isVisible())) await page.getByTestId('toolbar-more').click();
    await visibleTestId(page, testId).click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
