import { defineMessages } from './define.js';

/** Live dashboards (issue 33, docs/api/live.md): refusals of the page's stream. */
export const liveMessages = defineMessages({
  'live.too_many_for_user': {
    'zh-CN': '您打开的实时连接过多（最多 {max} 个），请关闭其他浏览器窗口后重试',
    'zh-TW': '您開啟的即時連線過多（最多 {max} 個），請關閉其他瀏覽器視窗後重試',
    en: 'You have too many live connections open (at most {max}); close other browser windows and try again',
  },
  'live.server_full': {
    'zh-CN': '服务器的实时连接已满，页面将稍后重试',
    'zh-TW': '伺服器的即時連線已滿，頁面將稍後重試',
    en: 'The server has no room for more live connections; the page will try again later',
  },
  'live.too_many_dashboards': {
    'zh-CN': '一个实时连接最多关注 {max} 个仪表板',
    'zh-TW': '一個即時連線最多關注 {max} 個儀表板',
    en: 'A live connection follows at most {max} dashboards',
  },
});
