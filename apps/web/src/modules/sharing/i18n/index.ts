import { addModuleCatalogues, useModuleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type SharingCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `sharing.` of the app's translation namespace. */
export const sharingCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

addModuleCatalogues('sharing', sharingCatalogues);

/** A key of the module's catalogue, e.g. 'batch.add' (without the `sharing.` prefix). */
export type SharingKey = CatalogueKey<SharingCatalogue>;
export type ShT = ModuleT<SharingKey>;

/** `sh` for the module's own texts (keys relative to `sharing.`), and the app's `t` for shared ones. */
export function useShTranslation() {
  const { own: sh, t, i18n } = useModuleTranslation<SharingKey>('sharing');
  return { sh, t, i18n };
}
