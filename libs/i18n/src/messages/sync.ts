import { defineMessages } from './define.js';

/** Synced copies (docs/adr/0012-synced-copies.md): a synced source's sync job and its "refresh now". Keys: sync.*. */
export const syncMessages = defineMessages({
  'sync.not_synced': {
    'zh-CN': '此数据源没有可同步的来源（上传的数据请重新上传文件更新）',
    'zh-TW': '此資料來源沒有可同步的來源（上傳的資料請重新上傳檔案更新）',
    en: 'This source has no origin to sync from (uploaded data is refreshed by uploading a file)',
  },
  'sync.fields_changed': {
    'zh-CN': '来源的列与数据源的字段不再一致（{fields}），已保留原有数据',
    'zh-TW': '來源的欄與資料來源的欄位不再一致（{fields}），已保留原有資料',
    en: "The origin's columns no longer match the source's fields ({fields}); the previous copy is kept",
  },
  'sync.append_not_allowed': {
    'zh-CN': '此类数据源不能追加数据',
    'zh-TW': '此類資料來源不能追加資料',
    en: 'Rows cannot be appended to this kind of source',
  },
  'sync.owner_gone': {
    'zh-CN': '数据源的创建者 {user} 已不存在或已停用，同步已暂停，已保留原有数据',
    'zh-TW': '資料來源的建立者 {user} 已不存在或已停用，同步已暫停，已保留原有資料',
    en: "The source's creator {user} no longer exists or is disabled: syncs are paused and the previous copy is kept",
  },
  'sync.owner_cannot_edit': {
    'zh-CN': '数据源的创建者 {user} 已无权修改此数据源，同步已暂停，已保留原有数据',
    'zh-TW': '資料來源的建立者 {user} 已無權修改此資料來源，同步已暫停，已保留原有資料',
    en: "The source's creator {user} may no longer change it: syncs are paused and the previous copy is kept",
  },
  'sync.failed': {
    'zh-CN': '同步失败，已保留原有数据',
    'zh-TW': '同步失敗，已保留原有資料',
    en: 'The sync failed; the previous copy is kept',
  },
  'sync.timed_out': {
    'zh-CN': '同步超时已停止，已保留原有数据',
    'zh-TW': '同步逾時已停止，已保留原有資料',
    en: 'The sync took too long and was stopped; the previous copy is kept',
  },
});
