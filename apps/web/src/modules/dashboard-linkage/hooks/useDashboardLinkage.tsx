import type { DashboardLinkage } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ChartSummary, RunFilters } from '../../chart/types';
import { CompareSplitDialog } from '../components/CompareSplitDialog';
import { CopyChartDialog, type CopyTargetFolder } from '../components/CopyChartDialog';
import { LinkageChips } from '../components/LinkageChips';
import { LinkSettingsDialog } from '../components/LinkSettingsDialog';
import { useLinkageTranslation } from '../i18n';
import { useLinkage } from './useLinkage';

interface DashboardLinkageOptions {
  tab: Tab;
  dashboardId: string;
  charts: readonly ChartSummary[];
  linkage: readonly DashboardLinkage[] | undefined;
  /** folders with dashboards of a tab, for the copy's target */
  loadFolders: (tab: Tab) => Promise<CopyTargetFolder[]>;
  /** the dashboard changed on the server (link settings saved, a chart copied onto it): read it again */
  onDashboardChanged: () => void;
}

type Dialog = { kind: 'link' | 'split' | 'copy'; chart: ChartSummary };

/**
 * What the dashboard page needs of this module for its chart boxes: the cross-filter state (filters,
 * chips and click handler per chart) and the link settings, compare split and copy dialogs opened
 * from a box's "more" menu.
 */
export function useDashboardLinkage({ tab, dashboardId, charts, linkage, loadFolders, onDashboardChanged }: DashboardLinkageOptions) {
  const { lk } = useLinkageTranslation();
  const { message } = App.useApp();
  const state = useLinkage(linkage, charts);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const chipsOf = (chartId: string): ReactNode => {
    const selection = state.selectionOn(chartId);
    return <LinkageChips chips={state.chipsOf(chartId)} selection={selection && { chartId, ...selection }} onClear={state.clear} />;
  };

  /** The open dialog; `filtersOf` gives the filters a chart's box runs with (chartFilters): the compare split's small charts keep them. */
  const renderDialogs = (filtersOf: (chart: ChartSummary) => RunFilters | undefined): ReactNode => {
    if (dialog?.kind === 'link')
      return <LinkSettingsDialog tab={tab} chart={dialog.chart} charts={charts} current={linkage?.find((l) => l.chartId === dialog.chart.chartId)} onClose={close} onSaved={onDashboardChanged} />;
    if (dialog?.kind === 'split') return <CompareSplitDialog tab={tab} chart={dialog.chart} filters={filtersOf(dialog.chart)} onClose={close} />;
    if (dialog?.kind === 'copy')
      return (
        <CopyChartDialog
          tab={tab}
          chart={dialog.chart}
          dashboardId={dashboardId}
          loadFolders={loadFolders}
          onClose={close}
          onCopied={(copy, target) => {
            if (target.here) {
              void message.success(lk('copy.done', { title: copy.title }));
              onDashboardChanged();
            } else void message.success(lk('copy.doneElsewhere', { title: copy.title, dashboard: target.name }));
          }}
        />
      );
    return null;
  };

  return {
    /** the linkage input of chartFilters (@bi/chart-model) */
    linkageInput: state.input,
    clickHandlerOf: state.clickHandlerOf,
    chipsOf,
    openLinkSettings: (chart: ChartSummary) => setDialog({ kind: 'link', chart }),
    openCompareSplit: (chart: ChartSummary) => setDialog({ kind: 'split', chart }),
    openCopy: (chart: ChartSummary) => setDialog({ kind: 'copy', chart }),
    renderDialogs,
  };
}
