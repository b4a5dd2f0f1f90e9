import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type PublicLinksCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type PublicLinksKey = CatalogueKey<PublicLinksCatalogue>;

/** `pl` for the public links' own texts (registered under `publicLinks.`). */
export const usePlTranslation = moduleTranslation('publicLinks', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'pl');
