import { ComingSoonPage } from '../../../shared/components/ComingSoonPage';
import type { TabType } from '../types';

/** /dashboard/chart_edit/... and /template/chart_edit/...: the chart editor, built later. */
export function ChartEditPage({ tab }: { tab: TabType }) {
  return <ComingSoonPage routeName={tab === 'template' ? 'template_chart_edit' : 'dashboard_chart_edit'} />;
}
