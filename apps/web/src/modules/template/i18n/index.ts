import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** `tp` for the module's own texts (registered under `template.`), and the app's `t` for shared ones. */
export const useTpTranslation = moduleTranslation('template', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'tp');
