import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** Visible element with this test id (closing dropdowns and dialogs may linger in the DOM while they animate out). */
export function visibleTestId(page: Page, testId: string): Locator {
  return page.getByTestId(testId).filter({ visible: true });
}

/**
 * Clicks an entry of the dropdown menu just opened, once the menu has finished opening: antd scales and
 * aligns a dropdown while it opens (above its button when there is no room below), and a click in that
 * time can reach no entry at all (a flaky "dialog never opened" in history.e2e.ts and dashboard.e2e.ts).
 */
export async function clickMenuEntry(page: Page, entry: string | Locator): Promise<void> {
  const located = typeof entry === 'string' ? visibleTestId(page, entry) : entry;
  await located.waitFor();
  await expect
    .poll(() => located.evaluate((el) => !/-(appear|enter|leave)\b/.test(el.closest('.ant-dropdown, .ant-dropdown-menu-submenu-popup')?.className ?? '')))
    .toBe(true);
  await located.click();
}

/** A response predicate for page.waitForResponse: this method on a path matching the pattern. */
export function isCall(method: string, path: RegExp) {
  return (response: Response) => response.request().method() === method && path.test(new URL(response.url()).pathname);
}

/**
 * A dashboard box's run of this chart: the single run, or a batch run (boxes that came into view
 * together, apps/web/src/modules/chart/api/run-batcher.ts) that includes it.
 */
export function isBoxRun(chartId: string, tab = 'dashboard') {
  return (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST') return false;
    const path = new URL(response.url()).pathname;
    if (path === `/api/dashboard/chart/${tab}/${chartId}`) return true;
    if (path !== `/api/dashboard/charts/${tab}`) return false;
    const body = request.postDataJSON() as { charts?: { chartId: string }[] } | null;
    return body?.charts?.some((c) => c.chartId === chartId) ?? false;
  };
}

/**
 * This chart's part of a box run caught by isBoxRun: the run body it sent, its envelope and the HTTP
 * status its run had (a batch carries each chart's status in its envelope).
 */
export async function boxRunOf(response: Response, chartId: string): Promise<{ body: Record<string, unknown>; envelope: { status: string; data: any }; status: number }> {
  const sent = response.request().postDataJSON() as Record<string, unknown> & { charts?: ({ chartId: string } & Record<string, unknown>)[] };
  const answer = (await response.json()) as { status: string; data: any };
  if (!Array.isArray(sent.charts)) return { body: sent, envelope: answer, status: response.status() };
  const at = sent.charts.findIndex((c) => c.chartId === chartId);
  const { chartId: _id, ...body } = sent.charts[at]!;
  const envelope = answer.data[at] as { status: string; data: any; httpStatus?: number };
  return { body, envelope, status: envelope.status === 'success' ? 200 : (envelope.httpStatus ?? 500) };
}
