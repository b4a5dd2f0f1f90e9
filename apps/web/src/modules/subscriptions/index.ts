/** Report subscriptions: the dialog (dashboard toolbar, chart menu), "my subscriptions" and the admin list. */
export { SubscriptionDialog, type SubscriptionTarget } from './components/SubscriptionDialog';
export { SubscriptionList } from './components/SubscriptionList';
export { SubscriptionsPage, SUBSCRIPTIONS_PAGE_PATH } from './components/SubscriptionsPage';
export { useSubTranslation } from './i18n';
