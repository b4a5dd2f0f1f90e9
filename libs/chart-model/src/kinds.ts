/**
 * The chart-kind registry: the one table of the 13 kinds of spec 01 §1. Every other per-kind list (the
 * option builders of libs/charts, the web's renderers and icons, the editor's zones and options served by
 * GET /api/chart-edit/charts/{type}, the kind checks of the BFF and the dashboard service) is derived from
 * it or typed by its keys (`{ [K in ChartType]: … }`), so a kind missing anywhere is a compile error.
 * Adding a kind: one entry here, then what the compiler asks for (a builder family, an icon, a label).
 */

/** The web component family that draws a kind (apps/web chart module). */
export type RendererFamily = 'cartesian' | 'pieFunnel' | 'gauge' | 'nav' | 'card' | 'map' | 'table';

/** The icon of a kind in the add-chart dialog and the editor's type switch (apps/web ChartTypeIcon). */
export type ChartIconKey = 'table' | 'bar' | 'line' | 'scatter' | 'pie' | 'gauge' | 'funnel' | 'card' | 'area' | 'progress' | 'globe';

export type CartesianSeriesType = 'bar' | 'line' | 'scatter';

/** How the category × value builder draws a kind (libs/charts cartesian.ts). Trendlines follow `editor.trendline`. */
export interface CartesianBuild {
  family: 'cartesian';
  /** series type of the measures of value axis 0 and of the second values (axis 1) */
  seriesType: Readonly<Record<0 | 1, CartesianSeriesType>>;
  stacked: boolean;
  /** isHorizontal swaps the axes */
  canBeHorizontal: boolean;
  /** second values on their own axis; otherwise they join the values */
  dualAxis: boolean;
  tooltip: 'axis' | 'item';
}

/** The option builder family of a kind (libs/charts build.ts holds one builder per family). */
export type OptionBuild = CartesianBuild | { family: 'table' | 'pie' | 'funnel' | 'gauge' | 'card' | 'nav' | 'map' };
export type OptionBuilderFamily = OptionBuild['family'];

/**
 * The chart options a kind draws, which the editor offers as panels and display switches: legend,
 * statistics rows (card, table), gauge sections, progress style, map style and city/province level,
 * smooth lines, grouping, split lines, point labels (on unless switched off: pointLabelsOn), real values
 * instead of shares.
 */
export type KindOption = 'legend' | 'statistics' | 'gaugeSections' | 'navStyle' | 'mapStyle' | 'mapGranularity' | 'smooth' | 'group' | 'splitLines' | 'pointLabels' | 'pointLabelsOn' | 'realValue';

/** What the chart editor offers for a kind (docs/api/chart.md "Chart kinds"). */
export interface KindEditorInfo {
  points: { readonly min: number; readonly max: number };
  values: { readonly min: number; readonly max: number };
  secondPoints: boolean;
  secondValues: boolean;
  /** the second-values area is open from the start (the second axis of doubleaxis, the target of nav) */
  secondValuesOpen: boolean;
  trendline: boolean;
  dataZoom: boolean;
  plotLines: boolean;
  topN: boolean;
  alert: boolean;
  /** the options it draws (the web editor's panels and switches) */
  options: readonly KindOption[];
}

export interface ChartKindEntry {
  renderer: RendererFamily;
  icon: ChartIconKey;
  build: OptionBuild;
  editor: KindEditorInfo;
}

const range = (min: number, max: number) => ({ min, max });
const single = { points: range(1, 1), values: range(1, 1), secondPoints: false, secondValues: false, secondValuesOpen: false, trendline: false, dataZoom: false, plotLines: false } as const;
const noPoints = { ...single, points: range(0, 0) } as const;
const cartesianEditor = { points: range(0, 10), values: range(1, 50), secondPoints: true, secondValues: false, secondValuesOpen: false, dataZoom: true, plotLines: true, topN: true } as const;
const cartesian = (build: Omit<CartesianBuild, 'family'>): CartesianBuild => ({ family: 'cartesian', ...build });
const bars = { 0: 'bar', 1: 'bar' } as const;

/** The kinds in the order the add-chart dialog and the type switch show them. */
export const CHART_KIND_REGISTRY = {
  table: {
    renderer: 'table',
    icon: 'table',
    build: { family: 'table' },
    editor: { points: range(0, 10), values: range(0, 50), secondPoints: true, secondValues: true, secondValuesOpen: false, trendline: false, dataZoom: false, plotLines: false, topN: true, alert: false, options: ['statistics'] },
  },
  bar: {
    renderer: 'cartesian',
    icon: 'bar',
    build: cartesian({ seriesType: bars, stacked: false, canBeHorizontal: true, dualAxis: false, tooltip: 'axis' }),
    editor: { ...cartesianEditor, trendline: true, alert: true, options: ['legend', 'group', 'splitLines', 'pointLabels'] },
  },
  stack_bar: {
    renderer: 'cartesian',
    icon: 'bar',
    build: cartesian({ seriesType: bars, stacked: true, canBeHorizontal: true, dualAxis: false, tooltip: 'axis' }),
    editor: { ...cartesianEditor, dataZoom: false, trendline: false, alert: false, options: ['legend', 'group', 'splitLines', 'pointLabels', 'realValue'] },
  },
  line: {
    renderer: 'cartesian',
    icon: 'line',
    build: cartesian({ seriesType: { 0: 'line', 1: 'line' }, stacked: false, canBeHorizontal: false, dualAxis: false, tooltip: 'axis' }),
    editor: { ...cartesianEditor, trendline: true, alert: true, options: ['legend', 'smooth', 'splitLines', 'pointLabels'] },
  },
  scatter: {
    renderer: 'cartesian',
    icon: 'scatter',
    build: cartesian({ seriesType: { 0: 'scatter', 1: 'scatter' }, stacked: false, canBeHorizontal: false, dualAxis: false, tooltip: 'item' }),
    editor: { ...cartesianEditor, trendline: true, alert: false, options: ['legend', 'splitLines', 'pointLabels'] },
  },
  pie: { renderer: 'pieFunnel', icon: 'pie', build: { family: 'pie' }, editor: { ...single, topN: true, alert: false, options: ['legend', 'pointLabels', 'pointLabelsOn', 'realValue'] } },
  gauge: { renderer: 'gauge', icon: 'gauge', build: { family: 'gauge' }, editor: { ...noPoints, topN: false, alert: true, options: ['gaugeSections'] } },
  funnel: { renderer: 'pieFunnel', icon: 'funnel', build: { family: 'funnel' }, editor: { ...single, topN: true, alert: false, options: ['legend', 'pointLabels', 'pointLabelsOn', 'realValue'] } },
  card: { renderer: 'card', icon: 'card', build: { family: 'card' }, editor: { ...noPoints, topN: false, alert: true, options: ['statistics'] } },
  doubleaxis: {
    renderer: 'cartesian',
    icon: 'area',
    build: cartesian({ seriesType: { 0: 'bar', 1: 'line' }, stacked: false, canBeHorizontal: true, dualAxis: true, tooltip: 'axis' }),
    editor: { ...cartesianEditor, secondPoints: false, secondValues: true, secondValuesOpen: true, trendline: true, alert: true, options: ['legend', 'splitLines', 'pointLabels'] },
  },
  nav: {
    renderer: 'nav',
    icon: 'progress',
    build: { family: 'nav' },
    editor: { ...single, points: range(0, 1), values: range(1, 2), secondValues: true, secondValuesOpen: true, topN: true, alert: false, options: ['navStyle'] },
  },
  map: { renderer: 'map', icon: 'globe', build: { family: 'map' }, editor: { ...single, topN: false, alert: false, options: ['mapStyle', 'mapGranularity', 'pointLabels'] } },
  tw_map: { renderer: 'map', icon: 'globe', build: { family: 'map' }, editor: { ...single, topN: false, alert: false, options: ['mapStyle', 'pointLabels'] } },
} as const satisfies Record<string, ChartKindEntry>;

export type ChartType = keyof typeof CHART_KIND_REGISTRY;

/** The 13 kinds, in the registry's order. */
export const CHART_TYPES = Object.keys(CHART_KIND_REGISTRY) as readonly ChartType[];

export function isChartType(value: unknown): value is ChartType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CHART_KIND_REGISTRY, value);
}

/** The registry entry of a kind (typed as the general entry, for code that reads any kind). */
export function chartKind(kind: ChartType): ChartKindEntry {
  return CHART_KIND_REGISTRY[kind];
}

/** Whether a kind draws an option (its editor offers the panel or switch). */
export function kindDraws(kind: ChartType, option: KindOption): boolean {
  return chartKind(kind).editor.options.includes(option);
}

/** The kinds whose entry passes a test, in the registry's order. */
export function chartTypesWhere(test: (entry: ChartKindEntry, kind: ChartType) => boolean): ChartType[] {
  return CHART_TYPES.filter((kind) => test(chartKind(kind), kind));
}

/**
 * What GET /api/chart-edit/charts/{type} answers for a kind (docs/api/chart.md "Chart kinds"): the
 * editor capabilities with the kind's name (secondValuesOpen and options are the web editor's own reading).
 */
export interface ChartKindInfo extends Omit<KindEditorInfo, 'secondValuesOpen' | 'options'> {
  type: ChartType;
}

export function chartKindInfo(kind: ChartType): ChartKindInfo {
  const { secondValuesOpen: _open, options: _options, ...editor } = chartKind(kind).editor;
  return { type: kind, ...editor };
}

/** Every kind's editor info, in the registry's order (GET /api/chart-edit/charts/all). */
export const chartKinds = (): ChartKindInfo[] => CHART_TYPES.map(chartKindInfo);
