import type { ErpCatalogue } from './zh-CN';

/** Traditional Chinese texts of the ERP module (registered under erp.*). */
const zhTW: ErpCatalogue = {
  title: 'ERP 帳套管理',
  add: '新增帳套',
  empty: '還沒有 ERP 帳套',
  loadFailed: 'ERP 帳套載入失敗',
  primary: '預設',
  selected: '目前選擇',
  columns: {
    name: '帳套名稱',
    server: '伺服器',
    userName: '使用者名稱',
    actions: '操作',
  },
  edit: '編輯',
  choose: '選擇',
  delete: '刪除',
  deleteTitle: '刪除帳套',
  deleteContent: '確定刪除帳套「{{name}}」嗎？',
  deleted: '已刪除',
  saved: '已儲存',
  chosen: '已選擇帳套「{{name}}」',
  form: {
    createTitle: '新增帳套',
    editTitle: '編輯帳套「{{name}}」',
    name: '帳套名稱',
    ip: 'IP',
    port: '連接埠',
    userName: '使用者名稱',
    identity: '密碼',
    identityKept: '不修改請留空',
    isPrimary: '設為預設帳套',
    save: '儲存',
    back: '返回',
    nameRequired: '請輸入帳套名稱',
    ipRequired: '請輸入 IP',
    portInvalid: '請輸入連接埠（1 到 65535）',
    userRequired: '請輸入使用者名稱',
    passwordRequired: '請輸入密碼',
    passwordReenter: 'IP 或連接埠已變更，請重新輸入密碼',
    primaryRequired: '預設帳套設定不能取消',
    tooLong: '內容過長',
  },
};

export default zhTW;
