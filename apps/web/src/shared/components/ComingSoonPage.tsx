import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../routing/routes';

interface ComingSoonPageProps {
  routeName: RouteName;
}

/** Placeholder for pages that later work builds: an Empty state naming the page. */
export function ComingSoonPage({ routeName }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const page = t(`pages.${routeName}`);
  return (
    <section className="bi-page bi-page--placeholder" data-testid={`page-${routeName}`} aria-label={page}>
      <Empty description={<span data-testid="coming-soon">{t('pages.comingSoon', { page })}</span>} />
    </section>
  );
}
