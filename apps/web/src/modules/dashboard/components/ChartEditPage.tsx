import { ChartEditorPage } from '../../chart-editor/components/ChartEditorPage';
import type { TabType } from '../types';

/** /dashboard/chart_edit/... and /template/chart_edit/...: the chart editor. */
export function ChartEditPage({ tab }: { tab: TabType }) {
  return <ChartEditorPage tab={tab} />;
}
