import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** `rl` for the module's own texts (registered under `relation.`), and the app's `t` for shared ones. */
export const useRelationTranslation = moduleTranslation('relation', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'rl');
