import { defineMessages } from './define.js';

/** Sharing data sources with roles and users, row-level rules. Keys: share.*, row_rules.*. */
export const sharingMessages = defineMessages({
  'share.unknown_role': {
    'zh-CN': '角色不存在：{id}',
    'zh-TW': '角色不存在：{id}',
    en: 'Unknown role: {id}',
  },
  'share.unknown_user': {
    'zh-CN': '用户不存在：{id}',
    'zh-TW': '使用者不存在：{id}',
    en: 'Unknown user: {id}',
  },
  'share.not_allowed': {
    'zh-CN': '您不能分享此数据源',
    'zh-TW': '您不能分享此資料來源',
    en: 'You may not share this data source',
  },
  'share.not_in_folder': {
    'zh-CN': '数据源不在此文件夹中',
    'zh-TW': '資料來源不在此資料夾中',
    en: 'The data source is not in this folder',
  },
  'share.no_source_selected': {
    'zh-CN': '请至少勾选一个数据源',
    'zh-TW': '請至少勾選一個資料來源',
    en: 'Please select at least one data source',
  },
  'share.no_holder_selected': {
    'zh-CN': '请至少选择一个角色或用户',
    'zh-TW': '請至少選擇一個角色或使用者',
    en: 'Please select at least one role or user',
  },
  'row_rules.unknown_target': {
    'zh-CN': '行级规则中的角色或用户不存在：{ids}',
    'zh-TW': '列級規則中的角色或使用者不存在：{ids}',
    en: 'No such role or user in the row rules: {ids}',
  },
  'row_rules.whole_source_refused': {
    'zh-CN': '此数据源对您设有行级规则，不能预览或导出整个数据源，请通过图表明细查看',
    'zh-TW': '此資料來源對您設有列級規則，不能預覽或匯出整個資料來源，請透過圖表明細檢視',
    en: "Row rules limit what you see of this data source: it cannot be previewed or exported whole; use a chart's details",
  },
});
