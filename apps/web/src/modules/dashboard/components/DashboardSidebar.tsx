import { SidebarPlaceholder } from '../../../shared/components/SidebarPlaceholder';
import type { TabType } from '../types';

/** Folder sidebar of the dashboard and template tabs (folders arrive with later work). */
export function DashboardSidebar({ tab }: { tab: TabType }) {
  return <SidebarPlaceholder kind={tab} />;
}
