import type { Catalogue } from './zh-CN';

/** Traditional Chinese catalogue. */
const zhTW: Catalogue = {
  app: {
    logo: 'BI',
    name: 'Margin BI',
    documentTitle: 'Margin BI 商業智慧',
    loading: '載入中…',
  },
  nav: {
    label: '主導覽',
    dashboard: '儀表板',
    dataSource: '資料來源',
    template: '範本',
  },
  header: {
    greeting: '您好，{{userName}}',
    accountMenu: '帳戶選單',
  },
  account: {
    language: '語言',
    theme: '主題',
    logout: '登出',
  },
  theme: {
    light: '淺色',
    dark: '深色',
  },
  language: {
    'zh-CN': '简体中文',
    'zh-TW': '繁體中文',
    en: 'English',
  },
  login: {
    title: '登入',
    subtitle: '企業商業智慧平台',
    account: '帳號',
    accountPlaceholder: '請輸入帳號',
    password: '密碼',
    passwordPlaceholder: '請輸入密碼',
    language: '語言',
    autoLogin: '自動登入',
    submit: '登入',
    requiredAccount: '請輸入帳號',
    requiredPassword: '請輸入密碼',
    failed: '登入失敗',
  },
  common: {
    ok: '確定',
    cancel: '取消',
    delete: '刪除',
  },
  pages: {
    comingSoon: '「{{page}}」頁面即將推出',
    notFound: '頁面不存在',
    backHome: '返回儀表板',
    dashboard: '儀表板',
    data_source: '資料來源',
    data_source_sql: 'SQL 資料來源',
    data_source_e10: 'E10 資料來源',
    data_source_e10_report: 'E10 報表資料來源',
    data_source_e10_edit: '編輯 E10 資料來源',
    data_source_edit: '編輯資料來源',
    data_source_yifei: '指標匯入',
    data_source_sbep_edit: '編輯 SBEP 資料來源',
    data_source_excel: 'Excel 上傳',
    join_table: '多表關聯',
    data_source_publish: '資料來源分享',
    data_source_batch_publish: '資料來源批次分享',
    database: '資料庫',
    template_tab: '範本',
    template: '範本',
    dashboard_chart_edit: '圖表編輯',
    template_chart_edit: '範本圖表編輯',
    login: '登入',
    admin: '使用者管理',
  },
  errors: {
    network: '網路錯誤，請稍後再試',
    requestFailed: '請求失敗（{{status}}）',
    operationFailed: '操作失敗',
    sessionExpired: '登入已逾時，請重新登入',
    noEditRight: '你沒有修改此內容的權限',
  },
};

export default zhTW;
