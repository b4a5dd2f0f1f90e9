import { defineMessages } from './define.js';

/** Pictures and files drawn on the server (@bi/render, docs/adr/0019-server-side-rendering.md): the texts of a dashboard's PDF and of an empty picture. Keys: render.*. */
export const renderMessages = defineMessages({
  'render.run_at': { 'zh-CN': '运行时间：{time}', 'zh-TW': '執行時間：{time}', en: 'Run at: {time}' },
  'render.filters': { 'zh-CN': '筛选：{filters}', 'zh-TW': '篩選：{filters}', en: 'Filters: {filters}' },
  'render.page': { 'zh-CN': '第 {n} 页，共 {total} 页', 'zh-TW': '第 {n} 頁，共 {total} 頁', en: 'Page {n} of {total}' },
  'render.no_data': { 'zh-CN': '暂无数据', 'zh-TW': '暫無資料', en: 'No data' },
});
