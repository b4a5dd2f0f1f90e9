import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ApiKeysCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type ApiKeysKey = CatalogueKey<ApiKeysCatalogue>;

/** `ak` for the API keys page's own texts (registered under `apiKeys.`). */
export const useAkTranslation = moduleTranslation('apiKeys', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'ak');
