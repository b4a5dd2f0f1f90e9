import type { HistoryCatalogue } from './zh-CN';

/** 歷史記錄與資源回收筒的文字（註冊在 history.* 下）。 */
const zhTW: HistoryCatalogue = {
  entry: '歷史記錄',
  trashEntry: '資源回收筒',
  title: {
    dashboard: '儀表板「{{name}}」的歷史記錄',
    chart: '圖表「{{name}}」的歷史記錄',
  },
  trashTitle: '資源回收筒',
  loadFailed: '無法載入歷史記錄',
  empty: '尚無歷史記錄',
  system: '系統',
  version: '版本 {{rev}}',
  current: '目前',
  restoredFrom: '還原自版本 {{rev}}',
  diff: '變更內容',
  diffAgainst: '與版本 {{rev}} 相比',
  diffCreated: '建立時的內容',
  noChanges: '沒有欄位變化',
  field: '欄位',
  before: '修改前',
  after: '修改後',
  layoutBefore: '版面（修改前）',
  layoutAfter: '版面（修改後）',
  restore: '還原到此版本',
  restoreConfirm: '將「{{name}}」還原到版本 {{rev}}？目前內容會作為新版本保留在歷史記錄中。',
  restored: '已還原「{{name}}」',
  trash: {
    intro: '刪除的圖表和儀表板會保留一段時間，期間可以還原；每一項都顯示剩餘天數。',
    empty: '資源回收筒是空的',
    kind: { dashboard: '儀表板', chart: '圖表' },
    deletedBy: '{{name}} 刪除於 {{time}}',
    daysLeft: '還剩 {{count}} 天',
    restore: '還原',
    restoreConfirm: '還原{{kind}}「{{name}}」？',
    restored: '已還原「{{name}}」',
  },
  ok: '還原',
  cancel: '取消',
};

export default zhTW;
