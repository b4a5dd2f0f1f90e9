import { defineMessages } from './define.js';

/** API keys (issue 32, docs/api/api-keys.md). */
export const apikeyMessages = defineMessages({
  'apikey.name_invalid': {
    'zh-CN': '密钥名称必须为 1 到 64 个字符',
    'zh-TW': '金鑰名稱必須為 1 到 64 個字元',
    en: 'The key name must be 1 to 64 characters',
  },
  'apikey.scopes_invalid': {
    'zh-CN': '请至少选择一个权限范围',
    'zh-TW': '請至少選擇一個權限範圍',
    en: 'Choose at least one scope',
  },
  'apikey.scope_not_allowed': {
    'zh-CN': '只有管理员可以创建带管理权限的密钥',
    'zh-TW': '只有管理員可以建立帶管理權限的金鑰',
    en: 'Only administrators can make a key with the admin scope',
  },
  'apikey.expiry_invalid': {
    'zh-CN': '有效期必须为 1 到 365 天',
    'zh-TW': '有效期必須為 1 到 365 天',
    en: 'The expiry must be 1 to 365 days',
  },
  'apikey.not_found': {
    'zh-CN': '密钥不存在',
    'zh-TW': '金鑰不存在',
    en: 'The key does not exist',
  },
  'apikey.too_many': {
    'zh-CN': '每个用户最多 50 个有效密钥',
    'zh-TW': '每個使用者最多 50 個有效金鑰',
    en: 'A user can have at most 50 live keys',
  },
});
