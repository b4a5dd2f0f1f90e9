import { moduleTranslation } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** The module's texts per language (registered under `dashboardFilters.`). */
export const dashboardFiltersCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

/** `gf` for the module's own texts (keys relative to `dashboardFilters.`), and the app's `t` for shared ones. */
export const useFiltersTranslation = moduleTranslation('dashboardFilters', dashboardFiltersCatalogues, 'gf');
