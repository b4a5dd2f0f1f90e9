import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { ChartBoxes } from './pages/ChartBoxes';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, SALES_CHARTS, SALES_SQL } from './support/boards';
import { USERS } from './support/env';
import { isCall, visibleTestId } from './support/locate';

// Global filters on a dashboard (issue 15 item 1): configure a date and a text filter, see the charts'
// numbers change, and reopen the copied link with the same filtered view.
test.describe.configure({ timeout: 180_000 });

interface Board {
  projectId: string;
  dashboardId: string;
  /** charts on the filtered source: the card (one number) and the bar */
  card: string;
  bar: string;
  dateField: string;
  textField: string;
}

/** A card and a bar seeded over SALES_SQL (day, province) on a dashboard of this run's own (other specs change the demo board). */
async function board(page: Page, run: string): Promise<Board> {
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Filters ${run}` });
  const sales = await createSource(page, folder.projectId, `Sales ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Filters ${run}`, `Filters ${run}`);
  const card = await addChart(page, dashboardId, 'Revenue', 'card', sales, SALES_CHARTS.card);
  const bar = await addChart(page, dashboardId, 'By province', 'bar', sales, SALES_CHARTS.bar);
  return { projectId, dashboardId, card: card.chartId, bar: bar.chartId, dateField: 'day', textField: 'province' };
}

/** The answers of a batch run (or single run) by chart id, with the filters each was sent. */
async function runsOf(response: Response): Promise<Map<string, { filters: unknown; option: unknown }>> {
  const sent = response.request().postDataJSON() as { charts?: { chartId: string; globalFilters?: unknown }[]; globalFilters?: unknown };
  const answer = (await response.json()) as { data: any };
  const out = new Map<string, { filters: unknown; option: unknown }>();
  if (Array.isArray(sent.charts)) sent.charts.forEach((c, i) => out.set(c.chartId, { filters: c.globalFilters, option: answer.data[i]?.data?.option }));
  else out.set(decodeURIComponent(new URL(response.url()).pathname.split('/').pop()!), { filters: sent.globalFilters, option: answer.data?.option });
  return out;
}

/** The numbers an option draws: its series' data, or a card's value. */
const numbers = (option: any) => JSON.stringify(Array.isArray(option?.series) && option.series.length > 0 ? option.series.map((s: any) => s.data) : (option?.card ?? option));
/** A run of the dashboard's boxes that includes both charts (they run again together, as one batch). */
const isRunOf = (ids: string[]) => (r: Response) => {
  if (r.request().method() !== 'POST' || !/\/api\/dashboard\/charts?\/dashboard/.test(new URL(r.url()).pathname)) return false;
  const body = r.request().postDataJSON() as { charts?: { chartId: string }[] };
  return ids.every((id) => body.charts?.some((c) => c.chartId === id) ?? new URL(r.url()).pathname.endsWith(id));
};

/** Waits until no antd dropdown is open (a closing one lingers while it animates out and would catch the next option lookup). */
async function noDropdown(page: Page): Promise<void> {
  await expect(page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible')).toHaveCount(0);
}

/**
 * Picks `text` in an antd Select that has a search box: types it and takes the first match with Enter, then checks it
 * took. A multiple select keeps its list open after a pick: `close` presses Escape for it (never inside a dialog, where
 * Escape with no list open would close the dialog).
 */
async function pickBySearch(page: Page, select: Locator, text: string, close = false): Promise<void> {
  await expect(async () => {
    await select.click();
    await select.locator('input').fill(text);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(text, { timeout: 3_000 });
    await page.keyboard.press('Enter');
    await expect(select).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  if (close) await page.keyboard.press('Escape');
  await noDropdown(page);
}

test('configure a global date and text filter, see the charts change, reopen the copied link', async ({ page }) => {
  const run = uniqueSuffix();
  // auto login keeps the session in localStorage, so the copied link opens signed in in a new tab
  await new LoginPage(page).login(USERS.admin, { language: 'en', autoLogin: true });
  const b = await board(page, run);
  const dashboard = new DashboardPage(page);
  const boxes = new ChartBoxes(page);
  // every run of the two charts this page makes, in order, with its parsed answers
  const runs: Promise<Map<string, { filters: unknown; option: unknown }>>[] = [];
  page.on('response', (r) => {
    if (isRunOf([b.card, b.bar])(r)) runs.push(runsOf(r));
  });
  /** Waits for a run after the `from`-th whose card carries filters matching `wanted`, and gives it. */
  const runWith = async (from: number, wanted: (filters: string) => boolean) => {
    let found: Map<string, { filters: unknown; option: unknown }> | undefined;
    await expect
      .poll(async () => {
        for (const answer of await Promise.all(runs.slice(from))) if (wanted(JSON.stringify(answer.get(b.card)?.filters ?? null))) found = answer;
        return found !== undefined;
      }, { timeout: 30_000 })
      .toBe(true);
    return found!;
  };

  await dashboard.goto(b.projectId, b.dashboardId);
  await boxes.waitDrawn(boxes.box(b.card));
  await boxes.waitDrawn(boxes.box(b.bar));
  await expect(boxes.box(b.card)).toContainText('1,392.00');
  const unfiltered = new Map<string, string>();
  for (const id of [b.card, b.bar]) unfiltered.set(id, numbers((await api<{ option: unknown }>(page, 'POST', `/api/dashboard/chart/dashboard/${id}`, {})).option));

  await test.step('the settings dialog: a date filter and a text filter on every chart of the source', async () => {
    await visibleTestId(page, 'toolbar-global-filter').click();
    const dialog = page.locator('.ant-modal:visible');
    for (const [index, field] of [b.dateField, b.textField].entries()) {
      await visibleTestId(page, 'global-filter-add').click();
      await expect(dialog.getByTestId(`global-filter-entry-${index}`)).toHaveClass(/bi-filter-config__entry--active/);
      await pickBySearch(page, dialog.getByTestId('global-filter-field'), field);
      await expect(dialog.getByTestId(`global-filter-entry-${index}`)).toContainText(field);
      await expect(dialog.getByTestId(`global-filter-chart-${b.card}`)).toBeChecked();
      await expect(dialog.getByTestId(`global-filter-chart-${b.bar}`)).toBeChecked();
    }
    const saved = page.waitForResponse(isCall('POST', /\/api\/global_filter\/dashboard\//));
    await visibleTestId(page, 'dialog-ok').click();
    expect((await (await saved).json()).status).toBe('success');
    await expect(page.getByTestId('global-filter-bar')).toBeVisible();
  });

  const bar = page.getByTestId('global-filter-bar');
  let textFiltered = new Map<string, { filters: unknown; option: unknown }>();
  await test.step('a value of the text filter runs the charts again, together, with fewer numbers', async () => {
    const from = runs.length;
    // 广东省 has two rows, in January and March, so the date range below narrows it again
    await pickBySearch(page, bar.locator('[data-testid$="-select"]').filter({ visible: true }).last(), '广东省', true);
    textFiltered = await runWith(from, (f) => f.includes(`"name":"${b.textField}"`) && f.includes('广东省'));
    for (const id of [b.card, b.bar]) {
      const r = textFiltered.get(id)!;
      expect(JSON.stringify(r.filters)).toContain(`"name":"${b.textField}"`);
      expect(numbers(r.option)).not.toBe(unfiltered.get(id));
    }
  });

  await test.step('a date range narrows them again (the server reads it as [start, end))', async () => {
    const from = runs.length;
    const inputs = bar.locator('.bi-filter-bar__dates input');
    await inputs.first().click();
    await inputs.first().fill('2024-01-01');
    await page.keyboard.press('Enter');
    await expect(inputs.last()).toBeFocused();
    await inputs.last().fill('2024-02-29');
    await page.keyboard.press('Enter');
    await noDropdown(page);
    const filtered = await runWith(from, (f) => f.includes(`"name":"${b.dateField}"`) && f.includes('2024-02-29') && f.includes('广东省'));
    for (const id of [b.card, b.bar]) {
      const r = filtered.get(id)!;
      expect(numbers(r.option)).not.toBe(numbers(textFiltered.get(id)!.option));
    }
    // only 广东省's January row is left: 120.5
    expect(numbers(filtered.get(b.card)!.option)).toContain('120.5');
    await expect(boxes.box(b.card)).toContainText('120.50');
    textFiltered = filtered;
  });

  await test.step('the copied link reopens the same filtered view', async () => {
    await expect.poll(() => decodeURIComponent(new URL(page.url()).searchParams.get('gf') ?? '')).toContain('2024-02-29');
    const url = page.url();
    const page2 = await page.context().newPage();
    // a page in a background tab draws nothing (charts run when their box comes into view)
    await page2.bringToFront();
    const reopenedRun = page2.waitForResponse(isRunOf([b.card]));
    await page2.goto(url);
    const reopened = await runsOf(await reopenedRun);
    expect(JSON.stringify(reopened.get(b.card)!.filters)).toBe(JSON.stringify(textFiltered.get(b.card)!.filters));
    expect(numbers(reopened.get(b.card)!.option)).toBe(numbers(textFiltered.get(b.card)!.option));
    await expect(page2.getByTestId('global-filter-bar')).toBeVisible();
    await page2.close();
    await page.bringToFront();
  });

  await test.step('clear all empties every filter (the charts show their unfiltered answers again)', async () => {
    await visibleTestId(page, 'global-filter-clear-all').click();
    await expect(bar.locator('.ant-select-selection-item')).toHaveCount(0);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).searchParams.get('gf') ?? '')).not.toContain('2024-01');
    // the unfiltered answers may come from the page's answer cache (no run): read what the card shows
    await expect(boxes.box(b.card)).toContainText('1,392.00');
  });
});
