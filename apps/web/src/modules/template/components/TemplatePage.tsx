import { DashboardPage } from '../../dashboard/components/DashboardPage';

/** /template and /template/:project?/:dashboard?: the template tab reuses the dashboard structure. */
export function TemplatePage({ routeName }: { routeName: 'template' | 'template_tab' }) {
  return <DashboardPage tab="template" routeName={routeName} />;
}
