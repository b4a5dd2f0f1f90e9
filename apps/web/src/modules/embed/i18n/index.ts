import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type EmbedCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type EmbedKey = CatalogueKey<EmbedCatalogue>;

/** `em` for the embed page's own texts (registered under `embed.`). */
export const useEmTranslation = moduleTranslation('embed', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'em');
