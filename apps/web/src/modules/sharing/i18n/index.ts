import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** `sh` for the module's own texts (registered under `sharing.`), and the app's `t` for shared ones. */
export const useShTranslation = moduleTranslation('sharing', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'sh');
