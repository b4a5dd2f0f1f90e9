import type { Catalogue } from './zh-CN';

/** English catalogue. */
const en: Catalogue = {
  app: {
    logo: 'BI',
    name: 'Margin BI',
    documentTitle: 'Margin BI business intelligence',
    loading: 'Loading…',
  },
  nav: {
    label: 'Main navigation',
    dashboard: 'Dashboard',
    dataSource: 'Data source',
    template: 'Template',
  },
  header: {
    greeting: 'Hello, {{userName}}',
    accountMenu: 'Account menu',
  },
  account: {
    language: 'Language',
    theme: 'Theme',
    logout: 'Log out',
  },
  theme: {
    light: 'Light',
    dark: 'Dark',
  },
  language: {
    'zh-CN': '简体中文',
    'zh-TW': '繁體中文',
    en: 'English',
  },
  login: {
    title: 'Sign in',
    subtitle: 'Enterprise business intelligence',
    account: 'Account',
    accountPlaceholder: 'Please enter account',
    password: 'Password',
    passwordPlaceholder: 'Please enter password',
    language: 'Language',
    autoLogin: 'Auto login',
    submit: 'Log in',
    requiredAccount: 'Please enter account',
    requiredPassword: 'Please enter password',
    failed: 'Login failed',
  },
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    delete: 'Delete',
  },
  pages: {
    comingSoon: 'The "{{page}}" page is coming soon',
    notFound: 'Page not found',
    backHome: 'Back to dashboards',
    dashboard: 'Dashboard',
    data_source: 'Data source',
    data_source_sql: 'SQL data source',
    data_source_e10: 'E10 data source',
    data_source_e10_report: 'E10 report data source',
    data_source_e10_edit: 'Edit E10 data source',
    data_source_edit: 'Edit data source',
    data_source_yifei: 'Indicator import',
    data_source_sbep_edit: 'Edit SBEP data source',
    data_source_excel: 'Excel upload',
    join_table: 'Joined table',
    data_source_publish: 'Share data sources',
    data_source_batch_publish: 'Batch share data sources',
    database: 'Database',
    template_tab: 'Template',
    template: 'Template',
    dashboard_chart_edit: 'Chart editor',
    template_chart_edit: 'Template chart editor',
    login: 'Sign in',
    admin: 'User administration',
  },
  errors: {
    network: 'Network error, please try again later',
    requestFailed: 'Request failed ({{status}})',
    operationFailed: 'Operation failed',
    sessionExpired: 'Your session has expired, please sign in again',
    noEditRight: 'You do not have permission to change this',
  },
};

export default en;
