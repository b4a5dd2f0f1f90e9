import { moduleTranslation, type CatalogueKey } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type SubscriptionsCatalogue } from './zh-CN';
import zhTW from './zh-TW';

export type SubscriptionsKey = CatalogueKey<SubscriptionsCatalogue>;

/** `st` for the subscriptions module's own texts (registered under `subscriptions.`), and the app's `t` for shared ones. */
export const useSubTranslation = moduleTranslation('subscriptions', { 'zh-CN': zhCN, 'zh-TW': zhTW, en }, 'st');
