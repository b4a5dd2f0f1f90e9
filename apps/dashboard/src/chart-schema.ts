import { AppError } from '@bi/core';
import { CHART_AGGREGATORS, CHART_TYPES, DRILL_LIMITS, checkWarnConfig, drillProblem, emptyChart, isNumberOnlyAggregator, normalizeWarnConfig, switchSource as switchChartSource, warnItems, type Chart, type ChartField, type ChartType, type DataType } from '@bi/chart-model';
import { INPUT_BOUNDS, charLength, excerpt, findTextProblem, hasLineBreak, jsonNesting } from '@bi/rules';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * The chart definition as the editor saves it (spec 01 §3, docs/api/chart.md "Save"): its shape
 * with bounded arrays and texts, then the editor's rules. Unknown keys are dropped; null for an
 * optional value means "not set".
 */

export const CHART_LIMITS = {
  points: 10,
  values: 50,
  secondPoints: 1,
  secondValues: 50,
  innerFilters: INPUT_BOUNDS.filters,
  conditions: INPUT_BOUNDS.conditions,
  colors: 100,
  gaugeSections: 50,
  plotLines: 20,
  rangeValues: INPUT_BOUNDS.filterValues,
  fieldName: 128,
  alias: 20,
  title: 50,
  customOption: INPUT_BOUNDS.customOptionChars,
  customOptionDepth: INPUT_BOUNDS.customOptionDepth,
} as const;

const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === null ? undefined : v), s.optional());
const text = (max: number) => z.string().max(max);
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const oneOf = <const T extends readonly [number, ...number[]]>(...values: T) => z.literal(values);
const color = text(64);
const dataType = z.enum(['string', 'number', 'date']);
const aggregator = z.enum(CHART_AGGREGATORS);
const scalar = z.union([text(INPUT_BOUNDS.filterValueChars), z.number(), z.null()]);

const formatter = z.object({
  type: oneOf(0, 1, 2),
  isCustomizeUnit: opt(z.boolean()),
  unit: opt(oneOf(0, 1, 2, 3, 4, 5)),
  customUnit: opt(text(20)),
  decimalPlaces: opt(int(0, 10)),
  useThousandth: opt(z.boolean()),
});

const condition = z.object({
  field: z.object({ name: text(CHART_LIMITS.fieldName), title: opt(text(200)), dataType: opt(dataType) }),
  compare: z.enum(['>', '<', '=', '!=', '<>', '<=', '>=', 'between', 'like', 'notLike']),
  compareValue: opt(scalar),
  compareValueLeft: opt(scalar),
  compareValueRight: opt(scalar),
});

const field = z.object({
  name: z.string().min(1).max(CHART_LIMITS.fieldName),
  title: opt(z.string().max(200)),
  dataType: opt(dataType),
  width: opt(z.number().min(0).max(10_000)),
  granularity: opt(oneOf(0, 1, 2, 3, 4, 5)),
  aggregator: opt(z.union([aggregator, z.literal('')])),
  orderBy: opt(z.enum(['', 'asc', 'desc'])),
  showTrendline: opt(z.boolean()),
  formatter: opt(formatter),
  fieldFilter: opt(z.object({ logic: oneOf(0, 1), conditions: z.array(condition).max(CHART_LIMITS.conditions) })),
});

/** Inner filter entries and global filter items: the known keys checked, further scalar keys of the spec kept. */
export const rangeFilterSchema = z
  .object({
    id: opt(text(64)),
    name: z.string().min(1).max(CHART_LIMITS.fieldName),
    title: opt(text(200)),
    dataType: z.enum(['string', 'number', 'date', 'other']),
    range: z.array(z.union([text(INPUT_BOUNDS.filterValueChars), z.number()])).max(CHART_LIMITS.rangeValues).default([]),
    granularity: opt(oneOf(0, 1, 2, 3, 4, 5)),
    numberOption: opt(z.enum(['all', 'custom', 'equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'range'])),
  })
  .catchall(z.union([text(1000), z.number(), z.boolean(), z.null()]));

const plotLine = z.object({
  name: text(100),
  valueType: oneOf(0, 1),
  value: opt(z.number()),
  axisField: opt(z.object({ axisName: text(CHART_LIMITS.fieldName), axisTitle: opt(text(200)), aggregator: opt(z.union([aggregator, z.literal('')])) })),
  formula: opt(oneOf(0, 1, 2)),
});

export const chartSchema = z.object({
  chartId: z.string().max(64),
  title: z.string().max(500),
  type: z.enum(CHART_TYPES),
  dataSourceId: z.string().max(64).default(''),
  points: z.array(field).max(CHART_LIMITS.points).default([]),
  values: z.array(field).max(CHART_LIMITS.values).default([]),
  secondPoints: z.array(field).max(CHART_LIMITS.secondPoints).default([]),
  secondValues: z.array(field).max(CHART_LIMITS.secondValues).default([]),
  innerFilters: z.array(rangeFilterSchema).max(CHART_LIMITS.innerFilters).default([]),
  colorSettings: z.array(color).max(CHART_LIMITS.colors).default([]),
  gaugeSection: z.array(z.object({ section: z.number(), sectionColor: color })).max(CHART_LIMITS.gaugeSections).default([]),
  customOption: opt(z.string().max(CHART_LIMITS.customOption)),
  linkageId: opt(text(64)),
  shape: opt(z.boolean()),
  group: opt(z.boolean()),
  isHorizontal: opt(z.boolean()),
  showXSplitLine: opt(z.boolean()),
  showYSplitLine: opt(z.boolean()),
  isEmbeded: opt(z.boolean()),
  isShowRealValue: opt(z.boolean()),
  isShowPointLabel: opt(z.boolean()),
  showTitle: opt(z.boolean()),
  legendStyle: opt(oneOf(0, 1, 2, 3)),
  property: opt(
    z.object({ background: opt(color), min: opt(z.number()), max: opt(z.number()), secondMin: opt(z.number()), secondMax: opt(z.number()) }),
  ),
  plotLineY: opt(z.array(plotLine).max(CHART_LIMITS.plotLines)),
  plotLineYOptional: opt(z.array(plotLine).max(CHART_LIMITS.plotLines)),
  xDataZoom: opt(z.boolean()),
  yDataZoom: opt(z.boolean()),
  mapLineSourceId: opt(text(64)),
  mapConfig: opt(z.object({ granularity: oneOf(0, 1), visualMapShow: z.boolean().default(false) })),
  navConfig: opt(z.object({ navColor: opt(color), noNavColor: opt(color), navFontSize: opt(z.number().min(6).max(200)) })),
  aggregateConfig: opt(
    z.object({
      aggregateField: opt(text(CHART_LIMITS.fieldName)),
      showSum: opt(z.boolean()),
      showAvg: opt(z.boolean()),
      showMax: opt(z.boolean()),
      showMin: opt(z.boolean()),
      showFontColor: opt(color),
    }),
  ),
  editTopNum: opt(z.object({ showItemNum: z.boolean(), direction: oneOf(0, 1), num: int(0, 1_000_000), mode: oneOf(0, 1) })),
  theme: opt(z.enum(['light', 'dark', 'gentle', 'commerce', 'starry'])),
  // the drill-down hierarchy: its shape here, its rules by drillProblem of @bi/chart-model in parseChart and checkAgainstSource
  drill: opt(
    z
      .array(z.object({ name: z.string().min(1).max(DRILL_LIMITS.fieldName), dataType: z.preprocess((v) => v ?? 'string', dataType), granularity: opt(oneOf(0, 1, 2, 3, 4, 5)) }))
      .max(DRILL_LIMITS.maxLevels),
  ),
  // the alert rules (spec 01 §3 Warning config): checked by checkWarnConfig of @bi/chart-model in parseChart
  warnConfigData: opt(z.record(z.string(), z.unknown())),
});

/** Drops undefined members (the stored JSON and the answers carry only what is set). */
function compact<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Reads the chart JSON an editor sent: the shape, title, aliases, custom option (docs/api/chart.md "Save"). */
export function parseChart(json: string): Chart {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new AppError('invalid', 'request.invalid', { detail: 'body: expected the chart as JSON' });
  }
  // text that cannot be stored (NUL, lone surrogates): the one check of @bi/rules, also the BFF's
  const bad = findTextProblem(raw);
  if (bad) throw new AppError('invalid', 'text.invalid_characters', { field: bad.path || 'chart' });
  const r = chartSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new AppError('invalid', 'request.invalid', { detail: `${issue.path.map((p) => excerpt(p)).join('.') || 'body'}: ${excerpt(issue.message, 120)}` });
  }
  const chart = compact(r.data) as unknown as Chart;
  chart.title = chart.title.trim();
  checkTitle(chart.title);
  for (const f of allFields(chart)) {
    if (f.title !== undefined) {
      f.title = f.title.trim();
      if (charLength(f.title) < 1 || charLength(f.title) > CHART_LIMITS.alias) throw new AppError('invalid', 'field.alias_length');
      if (hasLineBreak(f.title)) throw new AppError('invalid', 'field.alias_line_break');
    }
    if ((f.aggregator as string) === '') delete f.aggregator;
  }
  checkCustomOption(chart.customOption, { textChecked: true });
  checkWarnings(chart);
  checkDrill(chart);
  return chart;
}

/**
 * The chart's alerts (warnConfigData): the one check of @bi/chart-model (≤ 20 items, names, fields,
 * operators per type, hours, channels), then their stored form (every item with its warnId).
 */
export function checkWarnings(chart: Chart): void {
  if (chart.warnConfigData === undefined) return;
  const problem = checkWarnConfig(chart.warnConfigData, chart);
  if (problem) throw new AppError('invalid', problem.key, problem.params);
  // alert names are single-line texts (mail subjects, chat messages): the rule of @bi/rules
  if (warnItems(chart.warnConfigData).some(({ item }) => hasLineBreak(item.warnName.trim()))) throw new AppError('invalid', 'warn.name_line_break');
  chart.warnConfigData = normalizeWarnConfig(chart.warnConfigData, randomUUID);
}

/** The drill hierarchy's rules (@bi/chart-model drillProblem); `typeOf` reads the source's types once it is known. */
export function checkDrill(chart: Chart, typeOf?: (name: string) => DataType | undefined): void {
  const problem = drillProblem(chart, typeOf);
  if (problem) throw new AppError('invalid', problem.key, problem.params);
}

export function checkTitle(title: string): void {
  if (charLength(title) < 1 || charLength(title) > CHART_LIMITS.title) throw new AppError('invalid', 'chart.title_length');
  if (hasLineBreak(title)) throw new AppError('invalid', 'chart.title_line_break');
}

/**
 * customOption: empty, or JSON text of an object (merged over the built option), bounded in size and nesting.
 * `textChecked`: the caller already ran the text check over it (parseChart checks the whole chart once).
 */
export function checkCustomOption(customOption: string | undefined, { textChecked = false } = {}): void {
  if (customOption === undefined || customOption.trim() === '') return;
  if (customOption.length > CHART_LIMITS.customOption || jsonNesting(customOption) > CHART_LIMITS.customOptionDepth) {
    throw new AppError('invalid', 'chart.custom_option_too_large', { max: CHART_LIMITS.customOption, depth: CHART_LIMITS.customOptionDepth });
  }
  if (!textChecked && findTextProblem(customOption)) throw new AppError('invalid', 'text.invalid_characters', { field: 'customOption' });
  let v: unknown;
  try {
    v = JSON.parse(customOption);
  } catch {
    throw new AppError('invalid', 'chart.custom_option_invalid');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new AppError('invalid', 'chart.custom_option_invalid');
}

/** Every chart field: points, values, second points, second values. */
export function allFields(chart: Chart): ChartField[] {
  return [...chart.points, ...chart.values, ...chart.secondPoints, ...chart.secondValues];
}

/** The stored chart as a whole: the definition JSON merged with the columns, defaults for what is missing. */
export function chartOf(row: { id: string; title: string; type: string; data_source_id: string; definition: unknown }): Chart {
  const def = (row.definition && typeof row.definition === 'object' ? row.definition : {}) as Partial<Chart>;
  const base = emptyChart(row.id, row.title, row.data_source_id, (CHART_TYPES as readonly string[]).includes(row.type) ? (row.type as ChartType) : 'bar');
  return { ...base, ...def, chartId: row.id, title: row.title, type: base.type, dataSourceId: row.data_source_id };
}

/** The definition JSONB: the chart without what the columns hold. */
export function definitionOf(chart: Chart): Omit<Chart, 'chartId' | 'title' | 'type' | 'dataSourceId'> {
  const { chartId: _id, title: _title, type: _type, dataSourceId: _source, ...definition } = chart;
  return definition;
}

/** Spec 01 §4: a type change clears the colour settings; a pie forces shape off. */
export function applyTypeRules(chart: Chart, previousType: string): Chart {
  const out = { ...chart };
  if (chart.type !== previousType) out.colorSettings = [];
  if (chart.type === 'pie') out.shape = false;
  return out;
}

export interface SourceField {
  name: string;
  dataType: DataType;
}


/**
 * Every field the chart names must be a field of its source (points, values, second points, second
 * values, field-filter conditions, inner filters, plot-line axis fields, the statistics field, the drill
 * levels) and
 * takes the source's type; sum and avg are for number fields only (spec 01 §5).
 */
export function checkAgainstSource(chart: Chart, fields: readonly SourceField[]): Chart {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const known = (name: string) => {
    const f = byName.get(name);
    if (!f) throw new AppError('invalid', 'chart.unknown_field', { name });
    return f;
  };
  const out = structuredClone(chart);
  for (const f of allFields(out)) {
    f.dataType = known(f.name).dataType;
    if (isNumberOnlyAggregator(f.aggregator) && f.dataType !== 'number') throw new AppError('invalid', 'chart.aggregator_not_allowed', { name: f.name });
    for (const c of f.fieldFilter?.conditions ?? []) c.field.dataType = known(c.field.name).dataType;
  }
  for (const f of out.innerFilters) if (f.dataType !== 'other') f.dataType = known(f.name).dataType;
  for (const line of [...(out.plotLineY ?? []), ...(out.plotLineYOptional ?? [])]) {
    if (!line.axisField?.axisName) continue;
    const f = known(line.axisField.axisName);
    if (isNumberOnlyAggregator(line.axisField.aggregator) && f.dataType !== 'number') throw new AppError('invalid', 'chart.aggregator_not_allowed', { name: f.name });
  }
  if (out.aggregateConfig?.aggregateField) known(out.aggregateConfig.aggregateField);
  if (out.drill) {
    checkDrill(out, (name) => byName.get(name)?.dataType);
    for (const l of out.drill) l.dataType = known(l.name).dataType;
  }
  return out;
}

/** Moves a chart to another source: the shared walk of @bi/chart-model over the source's fields. */
export function switchSource(chart: Chart, dataSourceId: string, fields: readonly SourceField[]): { chart: Chart; dropped: string[] } {
  const byName = new Map(fields.map((f) => [f.name, f.dataType]));
  const { chart: moved, dropped } = switchChartSource(chart, dataSourceId, (name) => byName.get(name));
  return { chart: moved, dropped };
}
