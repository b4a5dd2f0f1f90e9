import { moduleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type WarningsCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** A key of the warnings module's catalogue, e.g. 'alarm.add' (without the `warnings.` prefix). */
export type WarningsKey = CatalogueKey<WarningsCatalogue>;
export type WarningsT = ModuleT<WarningsKey>;

/** `wt` for the warnings module's own texts (registered under `warnings.`), and the app's `t` for shared ones. */
export const useWarnTranslation = moduleTranslation('warnings', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'wt');
