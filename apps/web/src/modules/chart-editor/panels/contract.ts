import type { Chart, DataType } from '@bi/chart-model';

/**
 * The seam between the chart editor page (route, field list, zones, type switch, saving) and its
 * right-hand property panels. The editor owns the chart state and its saving; the panels only read
 * the chart and hand back a changed copy.
 */
export type EditorTab = 'dashboard' | 'template';

/** One field of the chart's data source, as the editor's field list shows it. */
export interface SourceField {
  name: string;
  /** display name (the source's field title), else the name */
  title?: string;
  dataType: DataType;
}

export interface ChartPanelsProps {
  tab: EditorTab;
  /** the chart as the user sees it now (their latest edit, saved or not) */
  chart: Chart;
  /** fields of the chart's data source */
  fields: SourceField[];
  /** name of the chart's data source, for the switch-data-source panel */
  dataSourceName?: string;
  /** a whole new chart: the editor shows it at once and saves it (PUT /api/chart-edit/{tab}) */
  onChange(next: Chart): void;
  /** customOption JSON text: the editor saves it through PUT /api/chart-edit/change-custom-option/{tab} */
  onCustomOptionChange(text: string): void;
  /** after a change made on the server (switch data source): the editor reloads the chart */
  onReload(): void;
}
