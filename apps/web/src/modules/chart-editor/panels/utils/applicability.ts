import { canDrill, chartKind, kindDraws, kindHasAlerts, type ChartType, type KindOption } from '@bi/chart-model';

/**
 * Which panels and which chart-level options apply to which chart kind, as the option builder
 * (libs/charts) and the query (libs/query) read them. A panel that changes nothing the kind draws is
 * not shown.
 */
export const PANEL_IDS = [
  'title',
  'legend',
  'display',
  'range',
  'style',
  'topN',
  'drillDown',
  'plotLines',
  'gauge',
  'nav',
  'dataZoom',
  'statistics',
  'map',
  'colors',
  'innerFilters',
  'dataSource',
  'preview',
  'customOption',
  'alerts',
] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** Every rule below reads the kind's registry entry (libs/chart-model kinds.ts): a new kind needs no line here. */
const editorOffers = (option: 'topN' | 'plotLines' | 'dataZoom') => (type: ChartType) => chartKind(type).editor[option];
const draws = (option: KindOption) => (type: ChartType) => kindDraws(type, option);

/** The category kinds with a second value axis of their own (doubleaxis): second min/max and second-axis plot lines. */
export function isDualAxis(type: ChartType): boolean {
  const build = chartKind(type).build;
  return build.family === 'cartesian' && build.dualAxis;
}
const ALL_BUT_TABLE = (type: ChartType) => chartKind(type).renderer !== 'table';

/** The kinds each panel is shown for. */
const PANEL_RULES: { readonly [P in PanelId]: (type: ChartType) => boolean } = {
  // the table draws no ECharts title (the box header names it)
  title: ALL_BUT_TABLE,
  // legendOption is used by the category kinds, pie and funnel; the others hide their legend
  legend: draws('legend'),
  display: (type) => displayOptionsFor(type).length > 0,
  range: (type) => rangeKeysFor(type).length > 0,
  // theme and background: every kind drawn by ECharts
  style: ALL_BUT_TABLE,
  // top-N needs a dimension to pick from (docs/api/chart.md "Chart kinds": topN)
  topN: editorOffers('topN'),
  // the kinds a click on a point can drill (@bi/chart-model DRILL_CHART_TYPES)
  drillDown: canDrill,
  plotLines: editorOffers('plotLines'),
  gauge: draws('gaugeSections'),
  nav: draws('navStyle'),
  // spec 01 §2: axis zoom sliders for bar, line, scatter and doubleaxis
  dataZoom: editorOffers('dataZoom'),
  // statistics are drawn by the card and the table
  statistics: draws('statistics'),
  map: draws('mapStyle'),
  // the palette colours every kind but the table
  colors: ALL_BUT_TABLE,
  innerFilters: () => true,
  dataSource: () => true,
  preview: () => true,
  customOption: () => true,
  // spec 01 §2: alarm setting for bar, line, gauge, card, doubleaxis (the kind registry's editor.alert); dashboard route only (index.tsx)
  alerts: (type) => kindHasAlerts(type),
};

/** The panels of a kind, in display order. */
export function panelsFor(type: ChartType): PanelId[] {
  return PANEL_IDS.filter((id) => PANEL_RULES[id](type));
}

export function hasPanel(type: ChartType, panel: PanelId): boolean {
  return PANEL_RULES[panel](type);
}

/** The switches of the "display" panel. */
export type DisplayOption = 'shape' | 'group' | 'isHorizontal' | 'showXSplitLine' | 'showYSplitLine' | 'isShowPointLabel' | 'isShowRealValue';

const DISPLAY_RULES: { readonly [O in DisplayOption]: (type: ChartType) => boolean } = {
  // shape: smooth lines (a pie forces it off, spec 01 §4)
  shape: draws('smooth'),
  // group: stored for the bar kinds; the option builder does not read it yet
  group: draws('group'),
  isHorizontal: (type) => {
    const build = chartKind(type).build;
    return build.family === 'cartesian' && build.canBeHorizontal;
  },
  showXSplitLine: draws('splitLines'),
  showYSplitLine: draws('splitLines'),
  isShowPointLabel: draws('pointLabels'),
  // stack shares / pie and funnel percentages versus the real values
  isShowRealValue: draws('realValue'),
};

const DISPLAY_ORDER: readonly DisplayOption[] = ['shape', 'group', 'isHorizontal', 'showXSplitLine', 'showYSplitLine', 'isShowPointLabel', 'isShowRealValue'];

export function displayOptionsFor(type: ChartType): DisplayOption[] {
  return DISPLAY_ORDER.filter((o) => DISPLAY_RULES[o](type));
}

/** Point labels are on unless switched off for pie and funnel, off unless switched on elsewhere. */
export function pointLabelsOnByDefault(type: ChartType): boolean {
  return kindDraws(type, 'pointLabelsOn');
}

/** Whether a display switch is on for the chart (the builder's reading of a missing value). */
export function displayOptionOn(chart: { type: ChartType } & Partial<Record<DisplayOption, boolean>>, option: DisplayOption): boolean {
  if (option === 'isShowPointLabel' && pointLabelsOnByDefault(chart.type)) return chart.isShowPointLabel !== false;
  return chart[option] === true;
}

export type RangeKey = 'min' | 'max' | 'secondMin' | 'secondMax';

/** property.min/max/secondMin/secondMax: value axes of the category kinds, the gauge dial, the nav target. */
export function rangeKeysFor(type: ChartType): RangeKey[] {
  if (isDualAxis(type)) return ['min', 'max', 'secondMin', 'secondMax'];
  if (chartKind(type).build.family === 'cartesian' || kindDraws(type, 'gaugeSections')) return ['min', 'max'];
  if (kindDraws(type, 'navStyle')) return ['max'];
  return [];
}

/** Second-axis plot lines (plotLineYOptional) are drawn by the double-axis chart only. */
export const hasSecondAxisLines = isDualAxis;

/** The map kind offers city / province; the Taiwan map is always by county. */
export function hasMapGranularity(type: ChartType): boolean {
  return kindDraws(type, 'mapGranularity');
}
