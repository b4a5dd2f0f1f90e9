import { Typography } from 'antd';
import { useSubTranslation } from '../i18n';
import { SubscriptionList } from './SubscriptionList';

/** The path of "my subscriptions" (the account menu's entry). */
export const SUBSCRIPTIONS_PAGE_PATH = '/subscriptions';

/** "My subscriptions": the caller's report subscriptions with their last runs, run logs and actions. */
export function SubscriptionsPage() {
  const { st } = useSubTranslation();
  return (
    <section className="bi-page" data-testid="page-subscriptions">
      <Typography.Title level={4}>{st('mine')}</Typography.Title>
      <SubscriptionList />
    </section>
  );
}
