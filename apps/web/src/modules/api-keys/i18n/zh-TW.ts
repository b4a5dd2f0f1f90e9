import type { ApiKeysCatalogue } from './zh-CN';

/** API 金鑰頁面的文字（註冊在 apiKeys.* 下）。 */
const zhTW: ApiKeysCatalogue = {
  title: 'API 金鑰',
  menu: 'API 金鑰',
  intro: '其他系統可以用 API 金鑰呼叫介面（請求標頭 Authorization: Bearer bik_…）。金鑰的權限不會超過您自己的權限。',
  create: '新增金鑰',
  refresh: '重新整理',
  mine: '我的金鑰',
  everyone: '所有使用者',
  empty: '還沒有金鑰',
  loadFailed: '無法載入金鑰',
  columns: {
    name: '名稱',
    key: '金鑰',
    user: '使用者',
    scopes: '權限範圍',
    createdAt: '建立時間',
    expiresAt: '到期時間',
    lastUsed: '最近使用',
    status: '狀態',
    actions: '操作',
  },
  never: '從未使用',
  status: {
    active: '有效',
    expired: '已過期',
    revoked: '已撤銷',
  },
  scope: {
    read: '讀取儀表板、圖表和資料',
    dashboardsWrite: '編輯儀表板',
    sourcesManage: '管理資料來源',
    admin: '管理（僅管理員）',
  },
  dialog: {
    title: '新增 API 金鑰',
    name: '名稱',
    namePlaceholder: '例如：夜間匯出',
    nameRequired: '請輸入 1 到 64 個字元的名稱',
    scopes: '權限範圍',
    scopesRequired: '請至少選擇一個權限範圍',
    expiry: '有效期',
    days: '{{count}} 天',
    ok: '建立',
  },
  secret: {
    title: '金鑰已建立：{{name}}',
    warning: '請立即複製並妥善保存此金鑰。關閉後將無法再次檢視；系統只保存它的雜湊值。',
    copy: '複製',
    copied: '已複製',
    done: '我已保存',
  },
  revoke: {
    action: '撤銷',
    confirm: '撤銷金鑰「{{name}}」？使用它的呼叫將立即被拒絕。',
    ok: '撤銷',
    cancel: '取消',
    done: '已撤銷金鑰「{{name}}」',
  },
};

export default zhTW;
