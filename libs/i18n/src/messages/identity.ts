import { defineMessages } from './define.js';

/** Sign-in, sessions, permissions, user administration, passwords (identity service, BFF auth). Keys: login.*, auth.*, admin.*, password.*, user.*. */
export const identityMessages = defineMessages({
  'login.success': {
    'zh-CN': '登录成功',
    'zh-TW': '登入成功',
    en: 'Signed in',
  },
  'login.invalid_credentials': {
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
    en: 'Wrong account or password',
  },
  'login.too_many_attempts': {
    'zh-CN': '登录尝试次数过多，请 {seconds} 秒后再试',
    'zh-TW': '登入嘗試次數過多，請 {seconds} 秒後再試',
    en: 'Too many sign-in attempts, please try again in {seconds} seconds',
  },
  'login.account_required': {
    'zh-CN': '请输入账号',
    'zh-TW': '請輸入帳號',
    en: 'Please enter your account',
  },
  'login.password_required': {
    'zh-CN': '请输入密码',
    'zh-TW': '請輸入密碼',
    en: 'Please enter your password',
  },
  'auth.unauthenticated': {
    'zh-CN': '登录已失效，请重新登录',
    'zh-TW': '登入已失效，請重新登入',
    en: 'Your session has expired, please sign in again',
  },
  'auth.forbidden': {
    'zh-CN': '没有权限执行此操作',
    'zh-TW': '沒有權限執行此操作',
    en: 'You do not have permission to do this',
  },
  'auth.logout_other_user': {
    'zh-CN': '只能注销自己的登录',
    'zh-TW': '只能登出自己的登入',
    en: 'You can only sign yourself out',
  },
  'admin.user_name_invalid': {
    'zh-CN': '用户名须为 1 到 64 个字母、数字或 . _ @ -',
    'zh-TW': '使用者名稱須為 1 到 64 個字母、數字或 . _ @ -',
    en: 'The user name must be 1 to 64 letters, digits or . _ @ -',
  },
  'admin.display_name_invalid': {
    'zh-CN': '显示名称最多 64 个字符',
    'zh-TW': '顯示名稱最多 64 個字元',
    en: 'The display name must be at most 64 characters',
  },
  'admin.user_name_used': {
    'zh-CN': '用户名已被使用',
    'zh-TW': '使用者名稱已被使用',
    en: 'This user name is already used',
  },
  'admin.user_not_found': {
    'zh-CN': '用户不存在',
    'zh-TW': '使用者不存在',
    en: 'The user does not exist',
  },
  'admin.last_admin': {
    'zh-CN': '不能移除或停用最后一个管理员',
    'zh-TW': '不能移除或停用最後一個管理員',
    en: 'The last administrator cannot be removed or disabled',
  },
  'password.length': {
    'zh-CN': '密码长度须为 {min} 到 {max} 个字符',
    'zh-TW': '密碼長度須為 {min} 到 {max} 個字元',
    en: 'The password must be {min} to {max} characters',
  },
  'password.old_wrong': {
    'zh-CN': '当前密码不正确',
    'zh-TW': '目前密碼不正確',
    en: 'The current password is wrong',
  },
  'password.same': {
    'zh-CN': '新密码不能与当前密码相同',
    'zh-TW': '新密碼不能與目前密碼相同',
    en: 'The new password must differ from the current one',
  },
  'user.language_invalid': {
    'zh-CN': '语言必须是 zh-CN、zh-TW 或 en',
    'zh-TW': '語言必須是 zh-CN、zh-TW 或 en',
    en: 'The language must be zh-CN, zh-TW or en',
  },
  'password.must_change': {
    'zh-CN': '请先修改密码',
    'zh-TW': '請先修改密碼',
    en: 'You must change your password first',
  },
});
