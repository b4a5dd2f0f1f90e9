import { Collapse } from 'antd';
import { useMemo, useState, type ComponentType } from 'react';
import { ColorsPanel } from './components/ColorsPanel';
import type { PanelProps } from './components/common';
import { CustomOptionPanel } from './components/CustomOptionPanel';
import { DataSourcePanel } from './components/DataSourcePanel';
import { DrillDownPanel } from './components/DrillDownPanel';
import { GaugePanel } from './components/GaugePanel';
import { InnerFiltersPanel } from './components/InnerFiltersPanel';
import { PlotLinesPanel } from './components/PlotLinesPanel';
import { PreviewPanel } from './components/PreviewPanel';
import { DataZoomPanel, DisplayPanel, LegendPanel, MapPanel, NavPanel, RangePanel, StylePanel, TitlePanel } from './components/SimplePanels';
import { StatisticsPanel } from './components/StatisticsPanel';
import { TopNPanel } from './components/TopNPanel';
import { AlertsPanel } from './components/AlertsPanel';
import type { ChartPanelsProps } from './contract';
import { usePanelsTranslation } from './i18n';
import { hasPanel, panelsFor, type PanelId } from './utils/applicability';
import { warnItems } from '@bi/chart-model';
import './panels.css';

export type { ChartPanelsProps, EditorTab, SourceField } from './contract';
export { panelsFor, type PanelId } from './utils/applicability';

const PANELS: { readonly [P in PanelId]: ComponentType<PanelProps> } = {
  title: TitlePanel,
  legend: LegendPanel,
  display: DisplayPanel,
  range: RangePanel,
  style: StylePanel,
  topN: TopNPanel,
  drillDown: DrillDownPanel,
  plotLines: PlotLinesPanel,
  gauge: GaugePanel,
  nav: NavPanel,
  dataZoom: DataZoomPanel,
  statistics: StatisticsPanel,
  map: MapPanel,
  colors: ColorsPanel,
  innerFilters: InnerFiltersPanel,
  dataSource: DataSourcePanel,
  preview: PreviewPanel,
  customOption: CustomOptionPanel,
  alerts: AlertsPanel,
};

/**
 * The right-hand property panels of the chart editor: collapsible sections, each shown only for the
 * chart kinds it applies to. Every change hands a new chart to `onChange` (the editor shows and saves
 * it); the custom option goes to `onCustomOptionChange`; after switching the data source (done here,
 * on the server) `onReload` asks the editor to read the chart again.
 */
export function ChartPanels(props: ChartPanelsProps) {
  const { pt } = usePanelsTranslation();
  // alerts: the dashboard route only (spec 01 §2); also shown for a kind without alerts while the chart still has some (to remove them)
  const hasAlerts = warnItems(props.chart.warnConfigData).length > 0;
  const ids = useMemo(
    () => [...panelsFor(props.chart.type), ...(hasAlerts && !hasPanel(props.chart.type, 'alerts') ? (['alerts'] as const) : [])].filter((id) => id !== 'alerts' || props.tab === 'dashboard'),
    [props.chart.type, props.tab, hasAlerts],
  );
  const [open, setOpen] = useState<string[]>(() => ids.slice(0, 1));

  const items = ids.map((id) => {
    const Panel = PANELS[id];
    const active = open.includes(id);
    return {
      key: id,
      label: (
        <span className="bi-panels__header" data-testid={`panel-header-${id}`} data-open={active}>
          {pt(`panels.${id}`)}
        </span>
      ),
      children: (
        <div className="bi-panels__body" data-testid={`panel-${id}`}>
          <Panel {...props} />
        </div>
      ),
    };
  });

  return (
    <aside className="bi-panels" data-testid="chart-panels" data-kind={props.chart.type} aria-label={pt('label')}>
      <Collapse size="small" activeKey={open.filter((id) => ids.includes(id as PanelId))} onChange={(keys) => setOpen((prev) => [...prev.filter((k) => !ids.includes(k as PanelId)), ...keys])} items={items} />
    </aside>
  );
}
