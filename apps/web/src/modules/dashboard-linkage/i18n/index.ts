import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language (registered under `linkage.`). */
export const linkageCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

/** `lk` for the module's own texts (keys relative to `linkage.`), and the app's `t` for shared ones. */
export const useLinkageTranslation = moduleTranslation('linkage', linkageCatalogues, 'lk');
