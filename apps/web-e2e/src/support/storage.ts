import type { Page } from '@playwright/test';

/** The value under `key` in the page's localStorage and sessionStorage. */
export async function readStorages(page: Page, key: string): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate((k) => ({ local: window.localStorage.getItem(k), session: window.sessionStorage.getItem(k) }), key);
}

export async function readLocal(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
