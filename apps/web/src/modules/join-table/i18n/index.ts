import { moduleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type JoinTableCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type JtKey = CatalogueKey<JoinTableCatalogue>;
export type JtT = ModuleT<JtKey>;

/** `jt` for the module's own texts (registered under `joinTable.`), and the app's `t` for shared ones. */
export const useJtTranslation = moduleTranslation('joinTable', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'jt');
