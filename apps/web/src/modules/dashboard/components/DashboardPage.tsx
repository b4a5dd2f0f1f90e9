import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { RouteName } from '../../../shared/routing/routes';
import type { TabType } from '../types';
import { DashboardView } from './DashboardView';

interface DashboardPageProps {
  tab: TabType;
  routeName: RouteName;
}

/**
 * Content area of the dashboard and template tabs (spec 01 §2): the dashboard view when both
 * the folder and the dashboard id are present, else (or when the dashboard does not exist) the
 * not-found message.
 */
export function DashboardPage({ tab, routeName }: DashboardPageProps) {
  const { t } = useTranslation();
  const { project, dashboard } = useParams();
  const title = t(`pages.${routeName}`);

  const notFound = (
    <div data-testid="dashboard-not-found" className="bi-dashboard__not-found">
      <Empty description={tab === 'template' ? t('template.notFound') : t('dashboard.notFound')} />
    </div>
  );

  return (
    <section
      className="bi-page"
      data-testid={`page-${routeName}`}
      data-tab={tab}
      data-project={project ?? ''}
      data-dashboard={dashboard ?? ''}
      aria-label={title}
    >
      {project && dashboard ? <DashboardView key={`${tab}:${dashboard}`} tab={tab} projectId={project} dashboardId={dashboard} notFound={notFound} /> : notFound}
    </section>
  );
}
