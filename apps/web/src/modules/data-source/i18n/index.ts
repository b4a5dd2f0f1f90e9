import { moduleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type DataSourceCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type DsT = ModuleT<CatalogueKey<DataSourceCatalogue>>;

/** `ds` for the module's own texts (registered under `dataSource.`), and the app's `t` for shared ones. */
export const useDsTranslation = moduleTranslation('dataSource', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'ds');
