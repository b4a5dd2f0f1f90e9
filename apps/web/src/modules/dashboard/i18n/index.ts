import { moduleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type DashboardCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language; registered under `dashboard.` of the app's translation namespace. */
export const dashboardCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

/** A key of the module's catalogue, e.g. 'sidebar.search' (without the `dashboard.` prefix). */
export type DashboardKey = CatalogueKey<DashboardCatalogue>;
export type DbT = ModuleT<DashboardKey>;

/** `db` for the module's own texts (keys relative to `dashboard.`), and the app's `t` for shared ones. */
export const useDbTranslation = moduleTranslation('dashboard', dashboardCatalogues, 'db');
