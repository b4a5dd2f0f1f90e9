import { defineMessages } from './define.js';

/** Shared by every feature: names, folders (projects), request and service failures, the generic failure. Keys: name.*, project.*, request.*, service.*, operation.*, text.*, data.*. */
export const commonMessages = defineMessages({
  'name.required': {
    'zh-CN': '请输入名称',
    'zh-TW': '請輸入名稱',
    en: 'Please enter a name',
  },
  'name.length': {
    'zh-CN': '名称长度须为 3 到 20 个字符',
    'zh-TW': '名稱長度須為 3 到 20 個字元',
    en: 'Name must be 3 to 20 characters',
  },
  'name.line_break': {
    'zh-CN': '名称须为单行文字，不能换行',
    'zh-TW': '名稱須為單行文字，不能換行',
    en: 'A name must be a single line',
  },
  'name.used': {
    'zh-CN': '名称已被使用',
    'zh-TW': '名稱已被使用',
    en: 'name used',
  },
  'name.reserved': {
    'zh-CN': 'SBEP 为保留名称，不能修改、删除或复制',
    'zh-TW': 'SBEP 為保留名稱，不能修改、刪除或複製',
    en: 'SBEP is reserved and cannot be renamed, deleted or copied',
  },
  'project.required': {
    'zh-CN': '请选择目标文件夹',
    'zh-TW': '請選擇目標資料夾',
    en: 'Please choose a target folder',
  },
  'project.not_found': {
    'zh-CN': '文件夹不存在',
    'zh-TW': '資料夾不存在',
    en: 'Folder not found',
  },
  'request.invalid': {
    'zh-CN': '输入不合法：{detail}',
    'zh-TW': '輸入不合法：{detail}',
    en: 'Illegal input: {detail}',
  },
  'request.body_too_large': {
    'zh-CN': '请求内容过大',
    'zh-TW': '請求內容過大',
    en: 'The request is too large',
  },
  'request.not_found': {
    'zh-CN': '未找到该资源',
    'zh-TW': '找不到該資源',
    en: 'Not found',
  },
  'service.unavailable': {
    'zh-CN': '服务暂时不可用，请稍后再试',
    'zh-TW': '服務暫時無法使用，請稍後再試',
    en: 'The service is unavailable, please try again later',
  },
  'operation.failed': {
    'zh-CN': '操作失败',
    'zh-TW': '操作失敗',
    en: 'Operation failed',
  },
  'operation.failed_ref': {
    'zh-CN': '操作失败（请求编号 {requestId}）',
    'zh-TW': '操作失敗（請求編號 {requestId}）',
    en: 'Operation failed (request id {requestId})',
  },
  'text.invalid_characters': {
    'zh-CN': '{field}：文本包含 NUL 字符或损坏的 Unicode 字符，无法保存',
    'zh-TW': '{field}：文字包含 NUL 字元或損壞的 Unicode 字元，無法儲存',
    en: '{field}: the text contains a NUL character or a broken Unicode character and cannot be saved',
  },
  'data.not_found': {
    'zh-CN': '没有找到数据',
    'zh-TW': '沒有找到資料',
    en: 'No data found',
  },
  'project.not_empty': {
    'zh-CN': '文件夹中还有 {count} 个数据源，请先移走或删除',
    'zh-TW': '資料夾中還有 {count} 個資料來源，請先移走或刪除',
    en: 'The folder still holds {count} data sources; move or delete them first',
  },
});
