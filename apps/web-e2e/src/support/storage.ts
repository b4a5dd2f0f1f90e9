import type { Page } from '@playwright/test';

/** The value under `key` in the page's localStorage and sessionStorage. */
export async function readStorages(page: Page, key: string): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate((k) => ({ local: window.localStorage.getItem(k), session: window.sessionStorage.getItem(k) }), key);
}

export async function readLocal(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

let presets = 0;

/**
 * Puts values into localStorage before the app's first script runs in this tab, once: a later
 * reload keeps whatever the app stored since. The page must not have loaded the app yet.
 */
export async function presetLocalStorage(page: Page, entries: Record<string, string>): Promise<void> {
  presets += 1;
  const guard = `e2e-preset-${presets}`;
  await page.addInitScript(
    ({ values, guard: key }) => {
      try {
        if (!window.location.protocol.startsWith('http')) return;
        if (window.sessionStorage.getItem(key)) return;
        window.sessionStorage.setItem(key, '1');
        for (const [name, value] of Object.entries(values)) window.localStorage.setItem(name, value);
      } catch {
        // storages are not available in this document (e.g. about:blank)
      }
    },
    { values: entries, guard },
  );
}
