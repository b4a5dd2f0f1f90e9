import { Empty, Spin, Typography } from 'antd';
import { Navigate, useParams } from 'react-router-dom';
import type { RouteName } from '../../../shared/routing/routes';
import { browserStorages } from '../../../shared/storage/keys';
import { useEditAuth } from '../hooks/useEditAuth';
import { useProjects } from '../hooks/useProjects';
import type { TabType } from '../types';
import { landingDashboard, readViewed } from '../utils/landing';
import { DashboardView, type UseBoxExtension } from './DashboardView';
import { useDbTranslation } from '../i18n';

interface DashboardPageProps {
  tab: TabType;
  routeName: RouteName;
  /** what a higher module adds to each chart box (the app hands it down, e.g. the relation module's "relation map" entry) */
  useBoxExtension?: UseBoxExtension;
}

/**
 * Without a dashboard in the address. The dashboard tab opens the last dashboard the user viewed,
 * else the first one they may see; with none at all, it says how to make one. The template tab asks
 * to choose a template on the left, or, with none yet, says what templates are and how one is published.
 */
function Landing({ tab }: { tab: TabType }) {
  const { db } = useDbTranslation();
  const query = useProjects(tab);
  const { editAuth } = useEditAuth(tab);
  if (query.isPending) {
    return (
      <div className="bi-dashboard__status" data-testid="dashboard-loading">
        <Spin />
      </div>
    );
  }
  const projects = query.data ?? [];
  const target = tab === 'dashboard' ? landingDashboard(projects, readViewed(browserStorages().local, tab)) : null;
  if (target) return <Navigate replace to={`/${tab}/${encodeURIComponent(target.projectId)}/${encodeURIComponent(target.dashboardId)}`} />;
  if (tab === 'template' && projects.some((p) => p.dashboards.length > 0)) {
    return (
      // nothing chosen yet is not "not found"
      <div data-testid="template-choose" className="bi-dashboard__not-found">
        <Empty description={db('template.choose')} />
      </div>
    );
  }
  if (tab === 'template') {
    return (
      <div data-testid="template-empty" className="bi-dashboard__not-found bi-landing-empty">
        <Empty
          description={
            <div className="bi-landing-empty__text">
              <Typography.Title level={5}>{db('template.emptyTitle')}</Typography.Title>
              <Typography.Paragraph>{db('template.emptyWhat')}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">{editAuth ? db('template.emptyHowEdit') : db('template.emptyHowView')}</Typography.Paragraph>
            </div>
          }
        />
      </div>
    );
  }
  return (
    <div data-testid="dashboard-none" className="bi-dashboard__not-found">
      <Empty description={editAuth ? db('board.noDashboards') : db('board.noDashboardsView')} />
    </div>
  );
}

/**
 * Content area of the dashboard and template tabs (spec 01 §2): the dashboard view when both
 * the folder and the dashboard id are present (the not-found message when it does not exist),
 * else the landing.
 */
export function DashboardPage({ tab, routeName, useBoxExtension }: DashboardPageProps) {
  const { db, t } = useDbTranslation();
  const { project, dashboard } = useParams();
  const title = t(`pages.${routeName}`);

  const notFound = (
    <div data-testid="dashboard-not-found" className="bi-dashboard__not-found">
      <Empty description={tab === 'template' ? db('template.notFound') : db('board.notFound')} />
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
      {project && dashboard ? <DashboardView key={`${tab}:${dashboard}`} tab={tab} projectId={project} dashboardId={dashboard} notFound={notFound} useBoxExtension={useBoxExtension} /> : <Landing tab={tab} />}
    </section>
  );
}
