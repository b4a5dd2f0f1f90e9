import { addModuleCatalogues, useModuleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type DataSourceCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `dataSource.` of the app's translation namespace. */
export const dataSourceCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

addModuleCatalogues('dataSource', dataSourceCatalogues);

/** A key of the module's catalogue, e.g. 'sidebar.search' (without the `dataSource.` prefix). */
export type DataSourceKey = CatalogueKey<DataSourceCatalogue>;

export type DsT = ModuleT<DataSourceKey>;

/** `t` for the module's own texts (keys relative to `dataSource.`), and the app's `t` for shared ones. */
export function useDsTranslation() {
  const { own: ds, t, i18n } = useModuleTranslation<DataSourceKey>('dataSource');
  return { ds, t, i18n };
}
