import { defineMessages } from './define.js';

/** Alerts (warnings): settings, messages, mails and webhooks (outbound.*: target addresses). Keys: warn.*, outbound.*. */
export const warnMessages = defineMessages({
  'warn.invalid': {
    'zh-CN': '预警设置不合法（{name}）',
    'zh-TW': '預警設定不合法（{name}）',
    en: 'Invalid alert settings ({name})',
  },
  'warn.too_many': {
    'zh-CN': '每个图表最多设置 {max} 个预警',
    'zh-TW': '每個圖表最多設定 {max} 個預警',
    en: 'A chart can have at most {max} alerts',
  },
  'warn.kind_not_allowed': {
    'zh-CN': '此类图表（{type}）不能设置预警',
    'zh-TW': '此類圖表（{type}）不能設定預警',
    en: 'Charts of this kind ({type}) cannot have alerts',
  },
  'warn.name_required': {
    'zh-CN': '请输入预警名称',
    'zh-TW': '請輸入預警名稱',
    en: 'Please input the warning name',
  },
  'warn.name_length': {
    'zh-CN': '预警名称最多 {max} 个字符',
    'zh-TW': '預警名稱最多 {max} 個字元',
    en: 'An alert name has at most {max} characters',
  },
  'warn.name_line_break': {
    'zh-CN': '预警名称须为单行文字，不能换行',
    'zh-TW': '預警名稱須為單行文字，不能換行',
    en: 'An alert name must be a single line',
  },
  'warn.hour_invalid': {
    'zh-CN': '预警“{warn}”的定时须为 1:00 到 24:00 之间的整点',
    'zh-TW': '預警「{warn}」的定時須為 1:00 到 24:00 之間的整點',
    en: 'Alert "{warn}": the time must be a full hour from 1:00 to 24:00',
  },
  'warn.conditions_required': {
    'zh-CN': '请为预警“{warn}”添加至少一个条件',
    'zh-TW': '請為預警「{warn}」新增至少一個條件',
    en: 'Alert "{warn}": add at least one condition',
  },
  'warn.too_many_conditions': {
    'zh-CN': '预警“{warn}”最多 {max} 个条件',
    'zh-TW': '預警「{warn}」最多 {max} 個條件',
    en: 'Alert "{warn}" can have at most {max} conditions',
  },
  'warn.unknown_field': {
    'zh-CN': '预警“{warn}”：图表没有数值字段 {name}',
    'zh-TW': '預警「{warn}」：圖表沒有數值欄位 {name}',
    en: 'Alert "{warn}": the chart has no value field {name}',
  },
  'warn.operator_not_allowed': {
    'zh-CN': '预警“{warn}”：条件 {compare} 不能用于字段 {name}',
    'zh-TW': '預警「{warn}」：條件 {compare} 不能用於欄位 {name}',
    en: 'Alert "{warn}": the condition {compare} cannot be used on {name}',
  },
  'warn.value_required': {
    'zh-CN': '预警“{warn}”：请输入字段 {name} 的比较值',
    'zh-TW': '預警「{warn}」：請輸入欄位 {name} 的比較值',
    en: 'Alert "{warn}": enter a value to compare {name} with',
  },
  'warn.value_too_long': {
    'zh-CN': '预警“{warn}”：字段 {name} 的比较值过长（最多 {max} 个字符）',
    'zh-TW': '預警「{warn}」：欄位 {name} 的比較值過長（最多 {max} 個字元）',
    en: 'Alert "{warn}": the value for {name} is too long (at most {max} characters)',
  },
  'warn.value_not_number': {
    'zh-CN': '预警“{warn}”：字段 {name} 的比较值 {value} 不是数字',
    'zh-TW': '預警「{warn}」：欄位 {name} 的比較值 {value} 不是數字',
    en: 'Alert "{warn}": the value {value} for {name} is not a number',
  },
  'warn.between_order': {
    'zh-CN': '预警“{warn}”：字段 {name} 的区间左值不能大于右值',
    'zh-TW': '預警「{warn}」：欄位 {name} 的區間左值不能大於右值',
    en: 'Alert "{warn}": the left value of the range for {name} is greater than the right value',
  },
  'warn.too_many_mail_to': {
    'zh-CN': '预警“{warn}”最多 {max} 个收件邮箱',
    'zh-TW': '預警「{warn}」最多 {max} 個收件信箱',
    en: 'Alert "{warn}" can have at most {max} mail recipients',
  },
  'warn.mail_invalid': {
    'zh-CN': '预警“{warn}”：邮箱 {value} 不合法',
    'zh-TW': '預警「{warn}」：信箱 {value} 不合法',
    en: 'Alert "{warn}": {value} is not a valid e-mail address',
  },
  'warn.mail_required': {
    'zh-CN': '预警“{warn}”：发送邮件需要至少一个收件邮箱',
    'zh-TW': '預警「{warn}」：寄送郵件需要至少一個收件信箱',
    en: 'Alert "{warn}": sending mail needs at least one recipient',
  },
  'warn.webhook_url': {
    'zh-CN': '预警“{warn}”：Webhook 地址须为 http 或 https 网址',
    'zh-TW': '預警「{warn}」：Webhook 位址須為 http 或 https 網址',
    en: 'Alert "{warn}": the webhook address must be an http or https URL',
  },
  'warn.webhook_not_allowed': {
    'zh-CN': '预警“{warn}”：Webhook 地址 {host} 是内部地址，不允许发送（管理员可在 BI_OUTBOUND_ALLOW 中放行）',
    'zh-TW': '預警「{warn}」：Webhook 位址 {host} 是內部位址，不允許傳送（管理員可在 BI_OUTBOUND_ALLOW 中放行）',
    en: 'Alert "{warn}": the webhook address {host} is an internal address and not allowed (an administrator can allow it in BI_OUTBOUND_ALLOW)',
  },
  'outbound.not_allowed': {
    'zh-CN': '目标地址不允许：{host} 是内部地址（管理员可在 BI_OUTBOUND_ALLOW 中放行）',
    'zh-TW': '目標位址不允許：{host} 是內部位址（管理員可在 BI_OUTBOUND_ALLOW 中放行）',
    en: 'Target not allowed: {host} is an internal address (an administrator can allow it in BI_OUTBOUND_ALLOW)',
  },
  'outbound.invalid_url': {
    'zh-CN': '目标地址须为 http 或 https 网址，端口 1–65535',
    'zh-TW': '目標位址須為 http 或 https 網址，連接埠 1–65535',
    en: 'The target must be an http or https URL with a port from 1 to 65535',
  },
  'warn.message_not_found': {
    'zh-CN': '预警消息不存在',
    'zh-TW': '預警訊息不存在',
    en: 'Warning message not found',
  },
  'warn.own_messages_only': {
    'zh-CN': '只能查看自己的预警消息',
    'zh-TW': '只能查看自己的預警訊息',
    en: 'You can only read your own warning messages',
  },
  'warn.dashboard_only': {
    'zh-CN': '只有仪表板中的图表可以设置预警',
    'zh-TW': '只有儀表板中的圖表可以設定預警',
    en: 'Alerts can be set on dashboard charts only',
  },
  'warn.message': {
    'zh-CN': '图表“{chart}”的预警“{warn}”已触发：{condition}（当前值 {value}）',
    'zh-TW': '圖表「{chart}」的預警「{warn}」已觸發：{condition}（目前值 {value}）',
    en: 'Alert "{warn}" of chart "{chart}" fired: {condition} (value found: {value})',
  },
  'warn.message_no_values': {
    'zh-CN': '图表“{chart}”的预警“{warn}”已触发：{condition}（您看不到该预警所依据的数据，故不显示数值）',
    'zh-TW': '圖表「{chart}」的預警「{warn}」已觸發：{condition}（您看不到此預警所依據的資料，故不顯示數值）',
    en: 'Alert "{warn}" of chart "{chart}" fired: {condition} (values not shown: you cannot see the data this alert runs on)',
  },
  'warn.paused_message': {
    'zh-CN': '图表“{chart}”的预警“{warn}”已暂停：您已无法查看此图表的数据源。恢复访问后预警会自动继续。',
    'zh-TW': '圖表「{chart}」的預警「{warn}」已暫停：您已無法檢視此圖表的資料來源。恢復存取後預警會自動繼續。',
    en: 'Alert "{warn}" of chart "{chart}" is paused: you can no longer see this chart\'s data source. It resumes by itself when your access returns.',
  },
  'warn.mail_subject': {
    'zh-CN': '【预警】{warn}（{chart}）',
    'zh-TW': '【預警】{warn}（{chart}）',
    en: '[Alert] {warn} ({chart})',
  },
  'warn.op.like': {
    'zh-CN': '包含',
    'zh-TW': '包含',
    en: 'contains',
  },
  'warn.op.notLike': {
    'zh-CN': '不包含',
    'zh-TW': '不包含',
    en: 'does not contain',
  },
  'warn.op.between': {
    'zh-CN': '介于 {left} 和 {right} 之间',
    'zh-TW': '介於 {left} 和 {right} 之間',
    en: 'between {left} and {right}',
  },
  'warn.logic.any': {
    'zh-CN': '或',
    'zh-TW': '或',
    en: 'or',
  },
  'warn.logic.all': {
    'zh-CN': '且',
    'zh-TW': '且',
    en: 'and',
  },
});
