import { useParams, useSearchParams } from 'react-router-dom';
import { DashboardPage } from '../../dashboard/components/DashboardPage';
import type { UseBoxExtension } from '../../dashboard/components/DashboardView';
import { useProjects } from '../../dashboard/hooks/useProjects';
import { TemplateInfoBar } from './TemplateInfoBar';
import '../template.css';

/**
 * /template and /template/:project?/:dashboard?: the template tab shows a template with the dashboard
 * module's page (read-only with ?apiName=template: no lock toggle, no editing entries; a chart whose
 * source the viewer may not read shows the no-permission state), under the template's info bar.
 */
/** `useBoxExtension`: extra chart box entries handed in by the app (the relation map entry), as on the dashboard tab. */
export function TemplatePage({ routeName, useBoxExtension }: { routeName: 'template' | 'template_tab'; useBoxExtension?: UseBoxExtension }) {
  const { project, dashboard } = useParams();
  const [search] = useSearchParams();
  const projects = useProjects('template');
  const listed = projects.data?.find((p) => p.projectId === project)?.dashboards.find((d) => d.dashboardId === dashboard);
  return (
    <div className="bi-template-page">
      {project && dashboard && listed ? <TemplateInfoBar key={dashboard} dashboardId={dashboard} name={listed.name} readOnly={search.get('apiName') === 'template'} /> : null}
      <DashboardPage tab="template" routeName={routeName} useBoxExtension={useBoxExtension} />
    </div>
  );
}
