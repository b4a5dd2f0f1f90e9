import type { Locator, Page, Response } from '@playwright/test';

/** Visible element with this test id (closing dropdowns and dialogs may linger in the DOM while they animate out). */
export function visibleTestId(page: Page, testId: string): Locator {
  return page.getByTestId(testId).filter({ visible: true });
}

/** A response predicate for page.waitForResponse: this method on a path matching the pattern. */
export function isCall(method: string, path: RegExp) {
  return (response: Response) => response.request().method() === method && path.test(new URL(response.url()).pathname);
}
