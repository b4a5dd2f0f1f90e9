import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { Language } from './language';

/** antd's texts (pickers, pagination, empty states) in each of the product's languages: the app's and the embed page's. */
export const ANTD_LOCALES: Record<Language, Locale> = {
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  en: enUS,
};
