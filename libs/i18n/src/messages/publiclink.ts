import { defineMessages } from './define.js';

/** Public links (issue 32, docs/api/public-links.md). */
export const publiclinkMessages = defineMessages({
  'publiclink.not_found': {
    'zh-CN': '链接不存在，或已被新链接替换',
    'zh-TW': '連結不存在，或已被新連結取代',
    en: 'This link does not exist, or it was replaced by a new one',
  },
  'publiclink.expired': {
    'zh-CN': '此链接已过期',
    'zh-TW': '此連結已過期',
    en: 'This link has expired',
  },
  'publiclink.revoked': {
    'zh-CN': '此链接已被撤销',
    'zh-TW': '此連結已被撤銷',
    en: 'This link has been revoked',
  },
  'publiclink.password_required': {
    'zh-CN': '请输入此链接的密码',
    'zh-TW': '請輸入此連結的密碼',
    en: 'Enter the password of this link',
  },
  'publiclink.password_wrong': {
    'zh-CN': '密码不正确',
    'zh-TW': '密碼不正確',
    en: 'The password is not correct',
  },
  'publiclink.password_too_short': {
    'zh-CN': '链接密码至少需要 8 个字符',
    'zh-TW': '連結密碼至少需要 8 個字元',
    en: 'A link password needs at least 8 characters',
  },
  'publiclink.throttled': {
    'zh-CN': '密码错误次数过多，请 {minutes} 分钟后再试',
    'zh-TW': '密碼錯誤次數過多，請 {minutes} 分鐘後再試',
    en: 'Too many wrong passwords; try again in {minutes} minutes',
  },
  'publiclink.not_allowed': {
    'zh-CN': '此链接不允许查看明细或导出',
    'zh-TW': '此連結不允許檢視明細或匯出',
    en: 'This link does not allow details or export',
  },
  'publiclink.creator_lost_access': {
    'zh-CN': '此链接已失效：创建者已无权查看这些数据',
    'zh-TW': '此連結已失效：建立者已無權檢視這些資料',
    en: 'This link no longer works: its creator can no longer see this data',
  },
  'publiclink.expiry_invalid': {
    'zh-CN': '有效期必须为 1 到 {max} 天',
    'zh-TW': '有效期必須為 1 到 {max} 天',
    en: 'The expiry must be 1 to {max} days',
  },
  'publiclink.too_many': {
    'zh-CN': '每个用户最多 {max} 个有效链接',
    'zh-TW': '每位使用者最多 {max} 個有效連結',
    en: 'At most {max} live links per user',
  },
});
