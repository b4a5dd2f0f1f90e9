import { defineMessages } from './define.js';

/** Chat robots (administration) and sharing a chart to chat (wechart). Keys: robot.*. */
export const robotMessages = defineMessages({
  'robot.name_required': {
    'zh-CN': '请输入机器人名称',
    'zh-TW': '請輸入機器人名稱',
    en: 'Please enter the robot’s name',
  },
  'robot.name_used': {
    'zh-CN': '已有名为“{name}”的机器人',
    'zh-TW': '已有名為「{name}」的機器人',
    en: 'A robot named "{name}" already exists',
  },
  'robot.url_required': {
    'zh-CN': '请输入机器人的 Webhook 地址',
    'zh-TW': '請輸入機器人的 Webhook 位址',
    en: 'Please enter the robot’s webhook URL',
  },
  'robot.url_invalid': {
    'zh-CN': 'Webhook 地址须为 http 或 https 网址',
    'zh-TW': 'Webhook 位址須為 http 或 https 網址',
    en: 'The webhook URL must be an http or https URL',
  },
  'robot.url_not_allowed': {
    'zh-CN': 'Webhook 地址 {host} 是内部地址，不允许发送（管理员可在 BI_OUTBOUND_ALLOW 中放行）',
    'zh-TW': 'Webhook 位址 {host} 是內部位址，不允許傳送（管理員可在 BI_OUTBOUND_ALLOW 中放行）',
    en: 'The webhook address {host} is an internal address and not allowed (an administrator can allow it in BI_OUTBOUND_ALLOW)',
  },
  'robot.not_found': {
    'zh-CN': '机器人不存在或已被删除',
    'zh-TW': '機器人不存在或已被刪除',
    en: 'The robot does not exist or was deleted',
  },
  'robot.too_many': {
    'zh-CN': '最多可配置 {max} 个机器人',
    'zh-TW': '最多可設定 {max} 個機器人',
    en: 'At most {max} robots can be configured',
  },
  'robot.none_configured': {
    'zh-CN': '还没有配置聊天机器人，请联系管理员添加',
    'zh-TW': '還沒有設定聊天機器人，請聯絡管理員新增',
    en: 'No chat robot is configured yet; please ask an administrator to add one',
  },
  'robot.shared': {
    'zh-CN': '分享成功！',
    'zh-TW': '分享成功！',
    en: 'Shared successfully!',
  },
  'robot.send_not_allowed': {
    'zh-CN': '机器人的地址不允许发送，请联系管理员',
    'zh-TW': '機器人的位址不允許傳送，請聯絡管理員',
    en: 'The robot’s address is not allowed; please contact an administrator',
  },
  'robot.send_later': {
    'zh-CN': '机器人暂时无法接收消息（发送过于频繁或无法连接），请稍后再试',
    'zh-TW': '機器人暫時無法接收訊息（傳送過於頻繁或無法連線），請稍後再試',
    en: 'The robot cannot take messages right now (too many messages or not reachable); please try again later',
  },
  'robot.send_failed': {
    'zh-CN': '机器人拒绝了消息，请联系管理员检查机器人的设置',
    'zh-TW': '機器人拒絕了訊息，請聯絡管理員檢查機器人的設定',
    en: 'The robot refused the message; please ask an administrator to check its settings',
  },
  'robot.share_link': {
    'zh-CN': '在 BI 中查看图表',
    'zh-TW': '在 BI 中檢視圖表',
    en: 'Open the chart in BI',
  },
  'robot.share_by': {
    'zh-CN': '{user} 分享了图表',
    'zh-TW': '{user} 分享了圖表',
    en: '{user} shared a chart',
  },
  'robot.no_picture': {
    'zh-CN': '（图表图片暂不可用，请点击链接查看）',
    'zh-TW': '（圖表圖片暫不可用，請點擊連結檢視）',
    en: '(the chart’s picture is not available; open the link to see it)',
  },
});
