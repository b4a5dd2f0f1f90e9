import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type HistoryCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type HistoryKey = CatalogueKey<HistoryCatalogue>;

/** `hs` for the history panel's and the trash's own texts (registered under `history.`). */
export const useHsTranslation = moduleTranslation('history', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'hs');
