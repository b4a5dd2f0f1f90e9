import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/http';
import type { ChartSummary } from '../../chart/types';
import type { BoxExtension } from '../../dashboard/components/DashboardView';
import { relationApi, relationKeys } from '../api/relation';
import { useViewerTexts } from '../hooks/useViewerTexts';
import { useRelationTranslation } from '../i18n';
import type { RelationTab } from '../types';
import { RelationCarousel } from './RelationCarousel';

interface Opened {
  relationId: string;
  name: string;
  nodeId: string;
}

/**
 * The chart box's "relation map" entry on the dashboard page (spec 01 §2 lists the relation carousel
 * among its overlays): asks the server for the map containing the chart (POST relation-option with the
 * chart id; 404 when the caller may read no map containing it) and opens the relation carousel at the
 * chart's node, the chain below it following; with no map, says so. The app hands it to DashboardPage
 * as its `useBoxExtension` (the dashboard module imports no relation code).
 */
export function useChartRelationEntry(tab: RelationTab): BoxExtension {
  const { rl } = useRelationTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const texts = useViewerTexts();
  const [opened, setOpened] = useState<Opened | null>(null);
  const asking = useRef(false);

  const open = async (chart: ChartSummary) => {
    if (asking.current) return;
    asking.current = true;
    const key = `relation-map-${chart.chartId}`;
    void message.open({ key, type: 'loading', content: rl('boxEntry.finding'), duration: 0 });
    try {
      const answer = await relationApi.option(tab, chart.chartId, {});
      const node = answer.nodes.find((n) => n.chartId === chart.chartId);
      if (!node) throw new ApiError(rl('boxEntry.notInMap', { title: chart.title }), 404);
      // the carousel's first node-value query is this answer (same map, no picks): it is not run twice
      const body = { relationId: answer.relationId, selections: [] };
      queryClient.setQueryData(relationKeys.option(tab, answer.relationId, body), answer);
      message.destroy(key);
      setOpened({ relationId: answer.relationId, name: answer.name, nodeId: node.nodeId });
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 404) void message.open({ key, type: 'info', content: <span data-testid="relation-map-none">{rl('boxEntry.notInMap', { title: chart.title })}</span> });
      else void message.open({ key, type: 'error', content: error instanceof Error && error.message ? error.message : rl('boxEntry.failed') });
    } finally {
      asking.current = false;
    }
  };

  return {
    menuOf: (chart) => [{ key: 'relation-map', testId: 'menu-relation-map', label: rl('boxEntry.label'), onClick: () => void open(chart) }],
    dialogs: opened ? <RelationCarousel tab={tab} relationId={opened.relationId} name={opened.name} nodeId={opened.nodeId} texts={texts} onClose={() => setOpened(null)} /> : null,
  };
}
