import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type AdminCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** A key of the module's catalogue, e.g. 'users.create' (without the `admin.` prefix). */
export type AdminKey = CatalogueKey<AdminCatalogue>;

/** `ad` for the module's own texts (registered under `admin.`), and the app's `t` for shared ones. */
export const useAdTranslation = moduleTranslation('admin', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'ad');
