import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** `db` for the module's own texts (registered under `dashboard.`), and the app's `t` for shared ones. */
export const useDbTranslation = moduleTranslation('dashboard', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'db');
