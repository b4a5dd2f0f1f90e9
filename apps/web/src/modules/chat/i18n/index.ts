import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ChatCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** A key of the module's catalogue, e.g. 'share.menu' (without the `chat.` prefix). */
export type ChatKey = CatalogueKey<ChatCatalogue>;

/** `ct` for the module's own texts (registered under `chat.`), and the app's `t` for shared ones. */
export const useChatTranslation = moduleTranslation('chat', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'ct');
