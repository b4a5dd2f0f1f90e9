import { DashboardSidebar } from '../../dashboard/components/DashboardSidebar';
import { useTemplateSidebarExtension } from '../hooks/useSidebarExtensions';

/** Template sidebar (spec 02 §2 screen 11): the dashboard sidebar on the template tab with the template actions. */
export function TemplateSidebar() {
  return <DashboardSidebar tab="template" useExtension={useTemplateSidebarExtension} />;
}
