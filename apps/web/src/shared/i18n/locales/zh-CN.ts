/** Simplified Chinese catalogue: the reference shape for every other catalogue. */
const zhCN = {
  app: {
    logo: 'BI',
    name: 'Margin BI',
    documentTitle: 'Margin BI 商业智能',
    loading: '加载中…',
  },
  nav: {
    label: '主导航',
    dashboard: '仪表板',
    dataSource: '数据源',
    template: '模板',
  },
  header: {
    greeting: '你好，{{userName}}',
    accountMenu: '账户菜单',
  },
  account: {
    language: '语言',
    theme: '主题',
    logout: '退出登录',
  },
  theme: {
    light: '浅色',
    dark: '深色',
  },
  language: {
    'zh-CN': '简体中文',
    'zh-TW': '繁體中文',
    en: 'English',
  },
  login: {
    title: '登录',
    subtitle: '企业商业智能平台',
    account: '账号',
    accountPlaceholder: '请输入账号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    language: '语言',
    autoLogin: '自动登录',
    submit: '登录',
    requiredAccount: '请输入账号',
    requiredPassword: '请输入密码',
    failed: '登录失败',
  },
  common: {
    ok: '确定',
    cancel: '取消',
    delete: '删除',
  },
  pages: {
    comingSoon: '「{{page}}」页面即将推出',
    notFound: '页面不存在',
    backHome: '返回仪表板',
    dashboard: '仪表板',
    data_source: '数据源',
    data_source_sql: 'SQL 数据源',
    data_source_e10: 'E10 数据源',
    data_source_e10_report: 'E10 报表数据源',
    data_source_e10_edit: '编辑 E10 数据源',
    data_source_edit: '编辑数据源',
    data_source_yifei: '指标导入',
    data_source_sbep_edit: '编辑 SBEP 数据源',
    data_source_excel: 'Excel 上传',
    join_table: '多表关联',
    data_source_publish: '数据源分享',
    data_source_batch_publish: '数据源批量分享',
    database: '数据库',
    template_tab: '模板',
    template: '模板',
    dashboard_chart_edit: '图表编辑',
    template_chart_edit: '模板图表编辑',
    login: '登录',
    admin: '用户管理',
  },
  errors: {
    network: '网络错误，请稍后重试',
    requestFailed: '请求失败（{{status}}）',
    operationFailed: '操作失败',
    sessionExpired: '登录已过期，请重新登录',
    noEditRight: '你没有修改此内容的权限',
  },
};

export type Catalogue = typeof zhCN;

export default zhCN;
