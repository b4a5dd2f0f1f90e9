import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { robotSink } from '../../../libs/delivery/src/drivers/robot-sink.testing';
import en from '../../web/src/modules/chat/i18n/en';
import zhCN from '../../web/src/modules/chat/i18n/zh-CN';
import zhTW from '../../web/src/modules/chat/i18n/zh-TW';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { seedDashboard, uniqueSuffix } from './support/api';
import { addChart, createSource, SALES_CHARTS, SALES_SQL } from './support/boards';
import { E2E_API_PORT, USERS } from './support/env';
import { isCall, visibleTestId } from './support/locate';
import { chooseOption } from './support/select';
import { api } from './support/api';

// Issue 30, share a chart to chat: an administrator adds a WeCom group robot on the admin page's "Chat
// robots" tab (its webhook a sink of this spec on 127.0.0.1, the one port BI_OUTBOUND_ALLOW opens in
// playwright.config.ts); then the chart box's more menu → "share to chat" opens the dialog (robot,
// remark), and the send answers '分享成功！' while the sink receives the robot's markdown with the
// remark, the chart's title and the link back, then the chart's picture.
// SHOTS_DIR: screenshots of the admin tab and the dialog in each language and theme.
test.describe.configure({ timeout: process.env.SHOTS_DIR ? 480_000 : 180_000 });

const TEXTS = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;
let sink: Awaited<ReturnType<typeof robotSink>>;

test.beforeAll(async () => {
  sink = await robotSink('wecom', '', { port: E2E_API_PORT });
});
test.afterAll(async () => {
  await sink?.close();
});

/** Opens the chart box's more menu and its "share to chat" entry (again, if a click on a just-opened menu was lost). */
async function openShare(page: Page, board: DashboardPage, chartId: string) {
  await expect(async () => {
    const entry = visibleTestId(page, 'menu-share-chat');
    if (!(await entry.isVisible())) await board.boxTool(chartId, 'box-more').click();
    await entry.click({ timeout: 5_000 });
    await expect(visibleTestId(page, 'share-chat-dialog')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

test('an administrator adds a chat robot; a chart is shared to it with a remark', async ({ page }) => {
  const run = uniqueSuffix();
  const robotName = `Sales group ${run}`;
  await new LoginPage(page).login(USERS.admin, { language: 'zh-CN' });

  await test.step('the admin page’s Chat robots tab adds a WeCom robot; the URL is not shown back', async () => {
    await page.goto('/admin/robots');
    await expect(visibleTestId(page, 'robots-tab')).toBeVisible();
    await visibleTestId(page, 'robots-add').click();
    await visibleTestId(page, 'robot-name').fill(robotName);
    await visibleTestId(page, 'robot-url').fill(sink.url);
    const saved = page.waitForResponse(isCall('POST', /\/api\/robots$/));
    await visibleTestId(page, 'dialog-ok').click();
    expect((await saved).status()).toBe(200);
    const row = page.getByTestId(`robot-row-${robotName}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(zhCN.vendors.wecom);
    await expect(row).toContainText(`${new URL(sink.url).origin}/…`);
    expect(await page.content()).not.toContain('key=k-1');
  });

  const folder = await api<{ projectId: string }>(page, 'POST', '/api/data_source/proj', { name: `Chat ${run}` });
  const sales = await createSource(page, folder.projectId, `Chat sales ${run}`, SALES_SQL);
  const { projectId, dashboardId } = await seedDashboard(page, 'dashboard', `Chat ${run}`, `Chat ${run}`);
  const title = `By province ${run}`;
  const bar = await addChart(page, dashboardId, title, 'bar', sales, SALES_CHARTS.bar);
  const board = new DashboardPage(page);

  await test.step('the chart box’s “share to chat” sends the chart with the remark: 分享成功！', async () => {
    await board.goto(projectId, dashboardId);
    await openShare(page, board, bar.chartId);
    await expect(page.getByTestId('share-chat-dialog')).toContainText(zhCN.share.hint);
    await chooseOption(visibleTestId(page, 'share-chat-robot'), visibleTestId(page, `share-chat-robot-${robotName}`), robotName);
    await visibleTestId(page, 'share-chat-remark').fill('本月各省销售，请关注华东');
    const before = sink.posts.length;
    const shared = page.waitForResponse(isCall('POST', new RegExp(`/api/dashboard/wechart/dashboard/${bar.chartId}$`)));
    await visibleTestId(page, 'share-chat-send').click();
    expect((await shared).status()).toBe(200);
    await expect(visibleTestId(page, 'share-chat-done')).toHaveText('分享成功！');
    await expect(page.getByTestId('share-chat-dialog')).toBeHidden();
    const markdown = sink.posts.slice(before).find((p) => p.body?.msgtype === 'markdown');
    expect(markdown?.body.markdown.content).toContain('本月各省销售，请关注华东');
    expect(markdown?.body.markdown.content).toContain(title);
    expect(markdown?.body.markdown.content).toContain(`/dashboard/${projectId}/${dashboardId}`);
    // then the chart's picture, drawn on the server (@bi/render), as WeCom takes it: base64 + md5, ≤ 2 MB
    const image = sink.posts.slice(before).find((p) => p.body?.msgtype === 'image');
    expect(image?.imageOk).toBe(true);
    expect(Buffer.from(image!.body.image.base64, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const language of ['zh-CN', 'zh-TW', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        ([l, t]) => {
          window.localStorage.setItem('language', l);
          window.localStorage.setItem('theme', t);
        },
        [language, theme],
      );
      await page.goto('/admin/robots');
      await expect(visibleTestId(page, 'robots-tab')).toBeVisible();
      await expect(page.getByTestId(`robot-row-${robotName}`)).toBeVisible();
      await page.screenshot({ path: `${shots}/robots-admin-${language}-${theme}.png`, fullPage: true });
      await page.getByTestId(`robot-row-${robotName}`).getByTestId('robot-edit').click();
      await expect(visibleTestId(page, 'robot-form')).toBeVisible();
      await page.screenshot({ path: `${shots}/robots-edit-${language}-${theme}.png` });
      await page.keyboard.press('Escape');
      await board.goto(projectId, dashboardId);
      await openShare(page, board, bar.chartId);
      await expect(page.getByTestId('share-chat-dialog')).toContainText(TEXTS[language].share.hint);
      await chooseOption(visibleTestId(page, 'share-chat-robot'), visibleTestId(page, `share-chat-robot-${robotName}`), robotName);
      await visibleTestId(page, 'share-chat-remark').fill(language === 'en' ? 'Sales by province this month' : '本月各省销售，请关注华东');
      await page.screenshot({ path: `${shots}/share-dialog-${language}-${theme}.png` });
      await page.keyboard.press('Escape');
    }
  }
});
