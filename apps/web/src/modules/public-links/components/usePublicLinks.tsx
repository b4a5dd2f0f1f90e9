import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ChartSummary, RunFilters } from '../../chart/types';
import { publicLinksApi } from '../api/public-links';
import { usePlTranslation } from '../i18n';
import { ShareLinkDialog, publicLinkKeys, type ShareLinkTarget } from './ShareLinkDialog';

/**
 * Public links of a dashboard view: whether they are on (unless the caller's links of the dashboard fail to
 * answer: BI_PUBLIC_LINKS=false answers 404 and the entries are hidden), "Share link" for the whole dashboard
 * (the toolbar) and for one chart (its box menu), and the dialog.
 */
export function usePublicLinks(dashboardId: string, enabled: boolean) {
  const { pl } = usePlTranslation();
  const links = useQuery({ queryKey: publicLinkKeys.mine(dashboardId), queryFn: () => publicLinksApi.mine(dashboardId), enabled, retry: false, staleTime: 60_000 });
  // shown from the first paint (hidden once the answer says they are off): an entry appearing late moves an open
  // box menu's items under the reader's pointer
  const on = enabled && !links.isError;
  const [target, setTarget] = useState<ShareLinkTarget | null>(null);
  return {
    on,
    label: pl('entry'),
    shareDashboard: (title: string, filters: ShareLinkTarget['filters']) => setTarget({ dashboardId, title, filters }),
    chartEntry: (chart: ChartSummary, filters?: RunFilters) =>
      on ? [{ key: 'share-link', testId: 'menu-share-link', label: pl('entry'), onClick: () => setTarget({ dashboardId, chartId: chart.chartId, title: chart.title, filters: filters?.globalFilters ?? [] }) }] : [],
    dialog: (target ? <ShareLinkDialog open target={target} onClose={() => setTarget(null)} /> : null) as ReactNode,
  };
}
