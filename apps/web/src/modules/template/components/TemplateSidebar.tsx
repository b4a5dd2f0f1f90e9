import { DashboardSidebar } from '../../dashboard/components/DashboardSidebar';

/** Template sidebar (spec 02 §2 screen 11), built later on the dashboard sidebar. */
export function TemplateSidebar() {
  return <DashboardSidebar tab="template" />;
}
