import { defineMessages } from './define.js';

/** ERP accounts (spec 02 §3 "ERP account", §5, §8; docs/api/data-source.md "ERP accounts"). Keys: e10account.*. */
export const e10accountMessages = defineMessages({
  'e10account.name_required': {
    'zh-CN': '请输入账套名称',
    'zh-TW': '請輸入帳套名稱',
    en: 'Please enter the account name',
  },
  'e10account.ip_required': {
    'zh-CN': '请输入 IP',
    'zh-TW': '請輸入 IP',
    en: 'Please enter the IP',
  },
  'e10account.port_invalid': {
    'zh-CN': '请输入端口（1 到 65535）',
    'zh-TW': '請輸入連接埠（1 到 65535）',
    en: 'Please enter the port (1 to 65535)',
  },
  'e10account.user_required': {
    'zh-CN': '请输入用户名',
    'zh-TW': '請輸入使用者名稱',
    en: 'Please enter the user name',
  },
  'e10account.password_required': {
    'zh-CN': '请输入密码',
    'zh-TW': '請輸入密碼',
    en: 'Please enter the password',
  },
  'e10account.password_reenter': {
    'zh-CN': 'IP 或端口已更改，请重新输入密码',
    'zh-TW': 'IP 或連接埠已變更，請重新輸入密碼',
    en: 'The IP or port changed: please enter the password again',
  },
  // 'account hint 1' (spec 02 §5, §8)
  'e10account.primary_required': {
    'zh-CN': '默认账套设置不能取消',
    'zh-TW': '預設帳套設定不能取消',
    en: 'Default account setting cannot be cancelled',
  },
  'e10account.primary_delete': {
    'zh-CN': '默认账套不能删除',
    'zh-TW': '預設帳套不能刪除',
    en: 'The default account cannot be deleted',
  },
  'e10account.not_found': {
    'zh-CN': '账套不存在',
    'zh-TW': '帳套不存在',
    en: 'The account does not exist',
  },
  'e10account.name_used': {
    'zh-CN': '账套名称“{name}”已被使用',
    'zh-TW': '帳套名稱「{name}」已被使用',
    en: 'The account name "{name}" is already used',
  },
  'e10account.too_many': {
    'zh-CN': '账套最多 {max} 个',
    'zh-TW': '帳套最多 {max} 個',
    en: 'At most {max} accounts',
  },
  'e10account.target_not_allowed': {
    'zh-CN': '不能连接 {host}：这是内部地址（管理员可在 BI_OUTBOUND_ALLOW 中放行）',
    'zh-TW': '不能連線 {host}：這是內部位址（管理員可在 BI_OUTBOUND_ALLOW 中放行）',
    en: 'Cannot connect to {host}: it is an internal address (an administrator can allow it in BI_OUTBOUND_ALLOW)',
  },
  'e10account.ip_invalid': {
    'zh-CN': 'IP 须为地址或主机名',
    'zh-TW': 'IP 須為位址或主機名稱',
    en: 'The IP must be an address or a host name',
  },
  'e10account.module_off': {
    'zh-CN': '未启用 ERP 报表模块',
    'zh-TW': '未啟用 ERP 報表模組',
    en: 'The ERP report module is not enabled',
  },
});
