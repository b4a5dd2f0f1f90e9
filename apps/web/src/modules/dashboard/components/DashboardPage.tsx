import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { RouteName } from '../../../shared/routing/routes';
import type { TabType } from '../types';

interface DashboardPageProps {
  tab: TabType;
  routeName: RouteName;
}

/**
 * Content area of the dashboard and template tabs. Without a dashboard id it shows the
 * not-found message (spec 01 §2); the dashboard view itself is built later.
 */
export function DashboardPage({ tab, routeName }: DashboardPageProps) {
  const { t } = useTranslation();
  const { project, dashboard } = useParams();
  const title = t(`pages.${routeName}`);

  return (
    <section
      className="bi-page"
      data-testid={`page-${routeName}`}
      data-tab={tab}
      data-project={project ?? ''}
      data-dashboard={dashboard ?? ''}
      aria-label={title}
    >
      {project && dashboard ? (
        <div data-testid="dashboard-view">
          <Empty description={<span data-testid="coming-soon">{t('pages.comingSoon', { page: title })}</span>} />
        </div>
      ) : (
        <div data-testid="dashboard-not-found">
          <Empty description={tab === 'template' ? t('template.notFound') : t('dashboard.notFound')} />
        </div>
      )}
    </section>
  );
}
