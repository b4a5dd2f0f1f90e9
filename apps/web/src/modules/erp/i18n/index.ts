import { moduleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ErpCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type ErpT = ModuleT<CatalogueKey<ErpCatalogue>>;

/** `erp` for the module's own texts (registered under `erp.`), and the app's `t` for shared ones. */
export const useErpTranslation = moduleTranslation('erp', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'erp');
