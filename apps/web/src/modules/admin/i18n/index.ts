import { addModuleCatalogues, useModuleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type AdminCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `admin.` of the app's translation namespace. */
export const adminCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

addModuleCatalogues('admin', adminCatalogues);

/** A key of the module's catalogue, e.g. 'users.create' (without the `admin.` prefix). */
export type AdminKey = CatalogueKey<AdminCatalogue>;
export type AdT = ModuleT<AdminKey>;

/** `ad` for the module's own texts (keys relative to `admin.`), and the app's `t` for shared ones. */
export function useAdTranslation() {
  const { own: ad, t, i18n } = useModuleTranslation<AdminKey>('admin');
  return { ad, t, i18n };
}
