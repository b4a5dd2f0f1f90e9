import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage, signedIn } from './pages/LoginPage';
import { api, seedDashboard, uniqueSuffix } from './support/api';
import { addChart, point, value } from './support/boards';
import { seedCsvSource, uploadCsv, type CsvColumn } from './support/uploads';
import { USERS } from './support/env';
import en from '../../web/src/modules/warnings/i18n/en';
import zhCN from '../../web/src/modules/warnings/i18n/zh-CN';
import zhTW from '../../web/src/modules/warnings/i18n/zh-TW';

// A paused alert (issue 26): the analyst sets an alert on a chart of a source shared with them; the
// admin stops sharing it; the next data change pauses the alert instead of evaluating it, and the
// chart box's alarm dialog says why, in the reader's language (SHOTS_DIR: screenshots per language
// and theme).

const columns: (CsvColumn & { targetName: string })[] = [
  { name: 'region', type: 'string', targetName: 'region' },
  { name: 'amount', type: 'number', targetName: 'amount' },
];
const TEXTS = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

test('an alert whose owner lost access to the source shows as paused in the alarm dialog', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).login(USERS.admin, { language: 'en' });
  const run = uniqueSuffix();
  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Paused ${run}` });
  const dataSourceId = await seedCsvSource(page, folder.projectId, `Paused sales ${run}`, 'region,amount\nEast,100\nWest,200\n', columns.map(({ name, type }) => ({ name, type })));
  const users = await api<{ id: string; userName: string }[]>(page, 'GET', '/api/identity/admin/users');
  const analystId = users.find((u) => u.userName === USERS.analyst)!.id;
  await api(page, 'POST', `/api/data_source/publish/${dataSourceId}`, { roleIds: [], userIds: [analystId] });
  const board = await seedDashboard(page, 'dashboard', `Paused ${run}`, `Paused board ${run}`);
  const { chartId } = await addChart(page, board.dashboardId, 'Sales', 'bar', dataSourceId, { points: [point('region')], values: [value('amount')] });

  // the analyst (signed in after the share) owns the alert
  const analyst = await signedIn(browser, USERS.analyst);
  await api(analyst, 'PUT', '/api/chart-edit/warn/dashboard', {
    chartId,
    warnConfigData: {
      warnItemsYList: [{ warnName: `Big sale ${run}`, isSwitch: true, logic: 0, warnTime: 0, warnConditions: [{ axisField: { axisName: 'amount', axisTitle: 'amount', aggregator: 'sum' }, compare: '>', compareValue: 500 }] }],
      warnItemsYOptionalList: [],
    },
  });
  await analyst.close();

  // no longer shared with the analyst; the next append pauses the alert
  await api(page, 'POST', `/api/data_source/publish/${dataSourceId}`, { roleIds: [], userIds: [] });
  const more = await uploadCsv(page, 'append', 'region,amount\nEast,900\n');
  await api(page, 'POST', '/api/excel_upload/import/append', { uploadId: more.uploadId, sheet: more.sheet, dataSourceId, columns });
  await expect
    .poll(async () => Object.values((await api<{ alertStates: Record<string, { state: string }> }>(page, 'GET', `/api/chart-edit/warn/dashboard/${chartId}`)).alertStates).map((s) => s.state), { timeout: 30_000 })
    .toEqual(['paused']);

  const open = async (p: Page) => {
    await p.goto(`/dashboard/${board.projectId}/${board.dashboardId}`);
    await p.getByTestId(`chart-box-${chartId}`).getByTestId('box-alarm').click();
    const dialog = p.getByTestId('alarm-dialog');
    await expect(dialog.getByTestId('alarm-list')).toBeVisible();
    return dialog;
  };
  const dialog = await open(page);
  await expect(dialog.getByTestId('alarm-item-paused')).toHaveText(en.alarm.pausedNoAccess);

  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const language of ['zh-CN', 'zh-TW', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(([l, t]) => {
        window.localStorage.setItem('language', l);
        window.localStorage.setItem('theme', t);
      }, [language, theme]);
      const d = await open(page);
      await expect(d.getByTestId('alarm-item-paused')).toHaveText(TEXTS[language].alarm.pausedNoAccess);
      await page.screenshot({ path: `${shots}/alarm-paused-${language}-${theme}.png` });
      await d.getByTestId('alarm-item-paused').hover();
      await expect(page.getByRole('tooltip')).toHaveText(TEXTS[language].alarm.pausedHint);
      await page.screenshot({ path: `${shots}/alarm-paused-hint-${language}-${theme}.png` });
    }
  }
});
