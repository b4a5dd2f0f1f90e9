/**
 * What a chart answer notes about how it was drawn (a widened gauge scale, left-out values, an ignored
 * customOption …): a key and its parameters, so the reader's client says it in the reader's language.
 * The English text of each (meta.warnings, kept for API clients that read text) comes from one table here.
 */

/** Every key a chart warning may have (the web's chart i18n has a text for each). */
export const CHART_WARNING_KEYS = [
  'unknownKind',
  'customOptionTooLarge',
  'customOptionInvalidJson',
  'customOptionNotObject',
  'gaugeScaleWidened',
  'firstValueOnly',
  'compareIgnored',
  'pieNegativeLeftOut',
  'downsampled',
  'trendlineTooFew',
  'plotLineNoValue',
  'plotLinesNoSeries',
  'statisticsFieldMissing',
  'statisticsFieldMissingAll',
  'navDefaultTarget',
  'approximateFigure',
  'globalFilterSkipped',
] as const;

export type ChartWarningKey = (typeof CHART_WARNING_KEYS)[number];

/** Parameters of a warning: field and series names as the chart shows them, numbers raw (the client formats them). */
export type ChartWarningParams = Record<string, string | number>;

export interface ChartWarning {
  key: ChartWarningKey;
  params: ChartWarningParams;
}

const ENGLISH: Record<ChartWarningKey, (p: ChartWarningParams) => string> = {
  unknownKind: (p) => `unknown chart kind "${p.kind}"`,
  customOptionTooLarge: (p) => `customOption is larger than ${p.chars} characters or nested deeper than ${p.depth} levels and was ignored`,
  customOptionInvalidJson: (p) => `customOption is not valid JSON and was ignored${p.detail ? `: ${p.detail}` : ''}`,
  customOptionNotObject: () => 'customOption is not a JSON object and was ignored',
  gaugeScaleWidened: (p) => `gauge scale widened to ${p.min}–${p.max} to hold the value`,
  firstValueOnly: (p) => `${p.kind} shows the first value field only`,
  compareIgnored: (p) => `${p.kind} ignores the compare field`,
  pieNegativeLeftOut: (p) => `pie leaves out ${p.count} negative value(s)`,
  downsampled: (p) => `${p.total} points per series were down-sampled to ${p.shown} (LTTB)`,
  trendlineTooFew: (p) => `trendline of "${p.series}" needs at least two values`,
  plotLineNoValue: (p) => `plot line "${p.name}" has no value and is not drawn`,
  plotLinesNoSeries: (p) => `plot lines of axis ${p.axis} have no series to draw on`,
  statisticsFieldMissing: (p) => `statistics field "${p.field}" is not among the value fields; using "${p.using}"`,
  statisticsFieldMissingAll: (p) => `statistics field "${p.field}" is not among the value fields; using all value fields`,
  navDefaultTarget: (p) => `nav has no target field and no property.max; the target is ${p.target}`,
  approximateFigure: (p) => `${p.field}: ${p.rows} rows combined without a query total; the figure is approximate`,
  globalFilterSkipped: (p) => `global filter on "${p.field}" skipped: the source has no such field`,
};

export function chartWarning(key: ChartWarningKey, params: ChartWarningParams = {}): ChartWarning {
  return { key, params };
}

/** The English text of a warning (meta.warnings). */
export function warningText(warning: ChartWarning): string {
  const english = ENGLISH[warning.key];
  return english ? english(warning.params ?? {}) : String(warning.key);
}

export function isChartWarningKey(key: unknown): key is ChartWarningKey {
  return typeof key === 'string' && (CHART_WARNING_KEYS as readonly string[]).includes(key);
}
