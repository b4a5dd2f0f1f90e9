import { defineMessages } from './define.js';

/** Embedding tokens and embed pages (issue 32, docs/api/embedding.md). */
export const embedMessages = defineMessages({
  'embed.token_invalid': {
    'zh-CN': '嵌入令牌无效或已过期',
    'zh-TW': '嵌入權杖無效或已過期',
    en: 'The embedding token is invalid or has expired',
  },
  'embed.not_found': {
    'zh-CN': '该嵌入内容不存在或不属于此令牌',
    'zh-TW': '該嵌入內容不存在或不屬於此權杖',
    en: 'This embedded content does not exist or is not part of the token',
  },
  'embed.secret_from_env': {
    'zh-CN': '嵌入密钥由环境变量 BI_EMBED_SECRET 设置，请在那里更换',
    'zh-TW': '嵌入金鑰由環境變數 BI_EMBED_SECRET 設定，請在那裡更換',
    en: 'The embedding secret is set by BI_EMBED_SECRET; change it there',
  },
  'embed.secret_unreadable': {
    'zh-CN': '无法解密已保存的嵌入密钥（BI_SECRET_KEY 是否已更改？），请管理员更换嵌入密钥',
    'zh-TW': '無法解密已儲存的嵌入金鑰（BI_SECRET_KEY 是否已變更？），請管理員更換嵌入金鑰',
    en: 'The stored embedding secret cannot be decrypted (was BI_SECRET_KEY changed?); an administrator can rotate it',
  },
  'embed.waiting': {
    'zh-CN': '正在等待嵌入令牌…',
    'zh-TW': '正在等待嵌入權杖…',
    en: 'Waiting for the embedding token…',
  },
  'embed.loading': {
    'zh-CN': '加载中…',
    'zh-TW': '載入中…',
    en: 'Loading…',
  },
  'embed.no_data': {
    'zh-CN': '暂无数据',
    'zh-TW': '暫無資料',
    en: 'No data',
  },
});
