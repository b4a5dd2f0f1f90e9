/**
 * Server-side message catalogue. Services raise keys; the BFF renders them in the language of the
 * request's currentLanguage header. Every key exists in all three languages (a unit test checks).
 */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'zh-CN';

type Catalogue = Record<string, string>;

const zhCN: Catalogue = {
  'name.required': '请输入名称',
  'name.length': '名称长度须为 3 到 20 个字符',
  'name.used': '名称已被使用',
  'name.reserved': 'SBEP 为保留名称，不能修改、删除或复制',
  'tab.invalid': '未知的页签',
  'project.required': '请选择目标文件夹',
  'project.not_found': '文件夹不存在',
  'dashboard.not_found': '仪表板不存在',
  'chart.not_found': '图表不存在',
  'layout.invalid': '布局不合法：{detail}',
  'order.invalid': '排序值不合法',
  'chart.title_length': '图表标题须为 1 到 50 个字符',
  'login.success': '登录成功',
  'login.invalid_credentials': '账号或密码错误',
  'login.too_many_attempts': '登录尝试次数过多，请 {seconds} 秒后再试',
  'login.account_required': '请输入账号',
  'login.password_required': '请输入密码',
  'auth.unauthenticated': '登录已失效，请重新登录',
  'auth.forbidden': '没有权限执行此操作',
  'auth.logout_other_user': '只能注销自己的登录',
  'request.invalid': '输入不合法：{detail}',
  'request.body_too_large': '请求内容过大',
  'request.not_found': '未找到该资源',
  'service.unavailable': '服务暂时不可用，请稍后再试',
  'operation.failed': '操作失败',
  'data.not_found': '没有找到数据',
};

const zhTW: Catalogue = {
  'name.required': '請輸入名稱',
  'name.length': '名稱長度須為 3 到 20 個字元',
  'name.used': '名稱已被使用',
  'name.reserved': 'SBEP 為保留名稱，不能修改、刪除或複製',
  'tab.invalid': '未知的頁籤',
  'project.required': '請選擇目標資料夾',
  'project.not_found': '資料夾不存在',
  'dashboard.not_found': '儀表板不存在',
  'chart.not_found': '圖表不存在',
  'layout.invalid': '版面不合法：{detail}',
  'order.invalid': '排序值不合法',
  'chart.title_length': '圖表標題須為 1 到 50 個字元',
  'login.success': '登入成功',
  'login.invalid_credentials': '帳號或密碼錯誤',
  'login.too_many_attempts': '登入嘗試次數過多，請 {seconds} 秒後再試',
  'login.account_required': '請輸入帳號',
  'login.password_required': '請輸入密碼',
  'auth.unauthenticated': '登入已失效，請重新登入',
  'auth.forbidden': '沒有權限執行此操作',
  'auth.logout_other_user': '只能登出自己的登入',
  'request.invalid': '輸入不合法：{detail}',
  'request.body_too_large': '請求內容過大',
  'request.not_found': '找不到該資源',
  'service.unavailable': '服務暫時無法使用，請稍後再試',
  'operation.failed': '操作失敗',
  'data.not_found': '沒有找到資料',
};

const en: Catalogue = {
  'name.required': 'Please enter a name',
  'name.length': 'Name must be 3 to 20 characters',
  'name.used': 'name used',
  'name.reserved': 'SBEP is reserved and cannot be renamed, deleted or copied',
  'tab.invalid': 'Unknown tab',
  'project.required': 'Please choose a target folder',
  'project.not_found': 'Folder not found',
  'dashboard.not_found': 'Dashboard not found',
  'chart.not_found': 'Chart not found',
  'layout.invalid': 'Invalid layout: {detail}',
  'order.invalid': 'Invalid order value',
  'chart.title_length': 'Chart title must be 1 to 50 characters',
  'login.success': 'Signed in',
  'login.invalid_credentials': 'Wrong account or password',
  'login.too_many_attempts': 'Too many sign-in attempts, please try again in {seconds} seconds',
  'login.account_required': 'Please enter your account',
  'login.password_required': 'Please enter your password',
  'auth.unauthenticated': 'Your session has expired, please sign in again',
  'auth.forbidden': 'You do not have permission to do this',
  'auth.logout_other_user': 'You can only sign yourself out',
  'request.invalid': 'Illegal input: {detail}',
  'request.body_too_large': 'The request is too large',
  'request.not_found': 'Not found',
  'service.unavailable': 'The service is unavailable, please try again later',
  'operation.failed': 'Operation failed',
  'data.not_found': 'No data found',
};

export const CATALOGUES: Record<Language, Catalogue> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en };

/** The spec's rule: zh-TW and en are taken as they are, anything else falls back to zh-CN. */
export function resolveLanguage(header: string | string[] | undefined | null): Language {
  const value = Array.isArray(header) ? header[0] : header;
  const v = (value ?? '').trim();
  if (v.toLowerCase() === 'zh-tw') return 'zh-TW';
  if (v.toLowerCase() === 'en' || v.toLowerCase().startsWith('en-')) return 'en';
  return FALLBACK_LANGUAGE;
}

/** Renders a key with {name} placeholders; an unknown key falls back to the generic failure text. */
export function translate(key: string, language: Language, params: Record<string, string | number> = {}): string {
  const template = CATALOGUES[language][key] ?? CATALOGUES[FALLBACK_LANGUAGE][key] ?? CATALOGUES[language]['operation.failed'];
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function hasMessage(key: string): boolean {
  return key in CATALOGUES[FALLBACK_LANGUAGE];
}
