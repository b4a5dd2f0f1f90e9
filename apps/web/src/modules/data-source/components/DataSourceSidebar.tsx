import { SidebarPlaceholder } from '../../../shared/components/SidebarPlaceholder';

/** Data-source folder sidebar (spec 02 §2 screen 1), built later. */
export function DataSourceSidebar() {
  return <SidebarPlaceholder kind="data_source" />;
}
