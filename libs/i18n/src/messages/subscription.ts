import { defineMessages } from './define.js';

/** Report subscriptions (issue 30, docs/adr/0021-report-subscriptions.md): their mails and refusals. Keys: subscription.*. */
export const subscriptionMessages = defineMessages({
  'subscription.not_found': {
    'zh-CN': '订阅不存在或已删除',
    'zh-TW': '訂閱不存在或已刪除',
    en: 'The subscription does not exist or was deleted',
  },
  'subscription.not_owner': {
    'zh-CN': '只能管理自己的订阅',
    'zh-TW': '只能管理自己的訂閱',
    en: 'You can only manage your own subscriptions',
  },
  'subscription.email_domain': {
    'zh-CN': '邮箱 {address} 的域名不在管理员允许的范围内',
    'zh-TW': '郵箱 {address} 的網域不在管理員允許的範圍內',
    en: 'The domain of {address} is not one the administrator allows',
  },
  'subscription.no_dashboard': {
    'zh-CN': '看板或图表不存在',
    'zh-TW': '看板或圖表不存在',
    en: 'The dashboard or chart does not exist',
  },
  'subscription.default_subject': {
    'zh-CN': '【订阅】{name}（{date}）',
    'zh-TW': '【訂閱】{name}（{date}）',
    en: '[Report] {name} ({date})',
  },
  'subscription.default_body': {
    'zh-CN': '{{dashboard}} 的订阅报告，运行时间 {{date}}。筛选：{{filters}}。查看：{{link}}',
    'zh-TW': '{{dashboard}} 的訂閱報告，執行時間 {{date}}。篩選：{{filters}}。檢視：{{link}}',
    en: 'Report of {{dashboard}} run at {{date}}. Filters: {{filters}}. Open: {{link}}',
  },
  'subscription.no_filters': {
    'zh-CN': '无',
    'zh-TW': '無',
    en: 'none',
  },
  'subscription.no_data': {
    'zh-CN': '无数据',
    'zh-TW': '無資料',
    en: 'No data',
  },
  'subscription.chart_no_access': {
    'zh-CN': '无权查看此图表的数据',
    'zh-TW': '無權檢視此圖表的資料',
    en: 'You may not see this chart’s data',
  },
  'subscription.reason.no_user': {
    'zh-CN': '用户不存在或已停用',
    'zh-TW': '使用者不存在或已停用',
    en: 'The user does not exist or is disabled',
  },
  'subscription.reason.no_access': {
    'zh-CN': '用户无权查看此看板',
    'zh-TW': '使用者無權檢視此看板',
    en: 'The user may not see this dashboard',
  },
  'subscription.reason.no_data': {
    'zh-CN': '无数据，未发送',
    'zh-TW': '無資料，未發送',
    en: 'No data: not sent',
  },
  'subscription.reason.no_mail': {
    'zh-CN': '用户没有邮箱地址',
    'zh-TW': '使用者沒有郵箱地址',
    en: 'The user has no mail address',
  },
  'subscription.link': {
    'zh-CN': '在 BI 中打开',
    'zh-TW': '在 BI 中開啟',
    en: 'Open in BI',
  },
});
