import type { Tab } from '@bi/rules';
import { useQuery } from '@tanstack/react-query';
import { chartEditorApi } from '../../chart-editor/api/chartEditor';

/**
 * The chart as stored with its unfiltered answer (POST /api/chart-edit/chart/{tab}/{chartId}, answered
 * from the server's result cache when the box ran it lately): its dimensions for the link settings,
 * its compare values for the compare split.
 */
export function useChartAnswer(tab: Tab, chartId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard-linkage', 'chart', tab, chartId],
    queryFn: ({ signal }) => chartEditorApi.run(tab, chartId, {}, signal),
    enabled,
    staleTime: 0,
  });
}
